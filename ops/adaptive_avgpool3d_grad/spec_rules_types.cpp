// aclnnAdaptiveAvgPool3dBackward rules 5 (platform) and 10-13 (dtypes, formats).
#include <optional>
#include <vector>

#include "ops/adaptive_avgpool3d_grad/spec_internal.h"

namespace poolcheck::spec::adaptive_avgpool3d_grad {

namespace {

Rule rule_platform() {
  Rule r = platform_rule(
      "AA.PLATFORM", supported_row,
      {"Ascend950", "Ascend310B", "Ascend999", "", "ascend910b", "Ascend910B ", "Ascend310", "Ascend910_95"});
  r.cites = {cite(kSeed, "产品支持情况 (950PR/950DT ×, A3 √, A2 √, 200I/500 A2 ×, Atlas 推理 √, Atlas 训练 √)", kSeed)};
  r.text = "platform (SoC) must be Ascend910B, Ascend910_93, Ascend910 or Ascend310P";
  r.chosen =
      "161002 for Ascend950, Ascend310B and unknown SoCs; the doc has no error row for it. Ascend910 is supported "
      "for every shape as the table says, although upstream allows it only a 1x1x1 gradOutput (AA.D.PLATFORMS); "
      "Ascend950 is refused although upstream has a path for it (AA.D.ASCEND950)";
  return r;
}

Rule rule_dtype_supported() {
  Rule r = dtype_supported_rule("AA.DTYPE.SUPPORTED", kInputs, supported_row, kNonFloatDTypes);
  r.cites = {cite(kSeed, "参数说明: gradOutput, self, out (数据类型 FLOAT32、FLOAT16、BFLOAT16)", kSeed),
             cite(kSeed, "返回值 161002 #1 (gradOutput和self的数据类型和数据格式不在支持的范围之内)", kSeed)};
  r.text =
      "gradOutput's and self's dtypes must be in the platform's list: FLOAT32, FLOAT16, BFLOAT16 on Ascend910B and "
      "Ascend910_93; FLOAT32, FLOAT16 on Ascend910 and Ascend310P. DOUBLE is refused everywhere";
  r.chosen =
      "no BFLOAT16 on Atlas training/inference, as upstream (AA.D.BF16_ATLAS); DOUBLE refused also for a 1x1x1 "
      "gradOutput, which upstream accepts (AA.D.DOUBLE_ALL_ONE); out's dtype is tied by AA.DTYPE.SAME "
      "(AA.D.OUT_CHECKS)";
  // BFLOAT16 is refused only where the row lacks it (Atlas training/inference): that class is drawn there. The
  // others put a dtype no row lists on gradOutput, self, both, or all three tensors (a consistent call).
  const auto bf16_where_unlisted = [](const Case& c) {
    const TensorArg* g = tensor(c, kGradOutput);
    const TensorArg* s = tensor(c, kSelf);
    return (c.platform == "Ascend910" || c.platform == "Ascend310P") &&
           ((g && g->dtype == DType::BF16) || (s && s->dtype == DType::BF16));
  };
  r.classes = {{"bf16-where-unlisted", {}, {"Ascend910", "Ascend310P"}, "", bf16_where_unlisted},
               {"grad-output", {}, {}, ""},
               {"self", {}, {}, ""},
               {"grad-output-and-self", {}, {}, ""},
               {"all", {}, {}, ""}};
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    const PlatformRow* row = supported_row(v);
    if (!row) return std::nullopt;
    const uint64_t k = choice % 5, detail = choice / 5;
    if (k == 0 && dtype_listed(*row, DType::BF16)) return std::nullopt;
    const DType dt = k == 0 ? DType::BF16 : kNonFloatDTypes[detail % kNonFloatDTypes.size()];
    // The BFLOAT16 class changes gradOutput, self, both or all three, by the detail.
    const uint64_t targets = k == 0 ? detail % 4 : k - 1;
    Case m = v;
    switch (targets) {
      case 0:
        m.tensor_mut(kGradOutput).dtype = dt;
        break;
      case 1:
        m.tensor_mut(kSelf).dtype = dt;
        break;
      case 2:
        m.tensor_mut(kGradOutput).dtype = m.tensor_mut(kSelf).dtype = dt;
        break;
      default:
        for (const char* name : kTensorNames) m.tensor_mut(name).dtype = dt;
        break;
    }
    return m;
  };
  return r;
}

Rule rule_dtype_same() {
  Rule r;
  r.id = "AA.DTYPE.SAME";
  r.cites = {cite(kSeed, "返回值 161002 #2 (gradOutput、self和out数据类型不一致)", kSeed),
             cite(kSeed, "参数说明: gradOutput (数据类型与self一致)", kSeed)};
  r.text = "gradOutput, self and out must all have the same dtype";
  r.chosen = "out's dtype is checked only here, against self's, as upstream does (AA.D.OUT_CHECKS)";
  r.violated = [](const Case& c) {
    const PlatformRow* row = supported_row(c);
    const TensorArg* go = tensor(c, kGradOutput);
    const TensorArg* self = tensor(c, kSelf);
    const TensorArg* out = tensor(c, kOut);
    if (!row || !go || !self || !out || !dtype_listed(*row, go->dtype) || !dtype_listed(*row, self->dtype))
      return false;
    return go->dtype != self->dtype || out->dtype != self->dtype;
  };
  r.classes = numbered_classes(3);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    const PlatformRow* row = supported_row(v);
    if (!row) return std::nullopt;
    Case m = v;
    const size_t target = choice % 3;
    TensorArg& t = m.tensor_mut(kTensorNames[target]);
    std::vector<DType> other;
    for (DType d : row->dtypes)
      if (d != t.dtype) other.push_back(d);
    if (kTensorNames[target] == kOut)  // out is not held to the list, so any other dtype differs
      for (DType d : {DType::F64, DType::I32, DType::BF16})
        if (d != t.dtype && !dtype_listed(*row, d)) other.push_back(d);
    t.dtype = other[(choice / 3) % other.size()];
    return m;
  };
  return r;
}

Rule rule_format_supported() {
  Rule r = format_supported_rule("AA.FORMAT.SUPPORTED", kTensors, format_supported,
                                 {Format::NDHWC, Format::NCHW, Format::NHWC, Format::NCL, Format::NC1HWC0,
                                  Format::FractalZ, Format::NDC1HWC0, Format::Undefined});
  r.cites = {cite(kSeed, "参数说明: gradOutput, self, out (数据格式 NCDHW、ND)", kSeed),
             cite(kSeed, "返回值 161002 #1 (gradOutput和self的数据类型和数据格式不在支持的范围之内)", kSeed)};
  r.text = "every tensor's format must be ND or NCDHW, for 4-D and 5-D tensors alike";
  r.chosen =
      "the doc's list rather than upstream's 'any non-private format'; out is checked too (AA.D.FORMATS, "
      "AA.D.OUT_CHECKS)";
  return r;
}

Rule rule_format_same() {
  Rule r = format_same_rule("AA.FORMAT.SAME", kTensors, format_supported, Format::ND, Format::NCDHW);
  r.cites = {cite(kSeed, "返回值 161002 #6 (gradOutput和self的数据格式不一致)", kSeed)};
  r.text = "gradOutput, self and out must all have the same format";
  r.chosen = "out is held to it too, as upstream; row 6 names gradOutput and self only (AA.D.OUT_CHECKS)";
  r.classes = numbered_classes(3);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    const size_t target = choice % 3;
    const bool all_but = (choice / 3) % 2 == 1;  // flip every tensor except the target
    for (size_t i = 0; i < kTensorNames.size(); ++i) {
      if ((i == target) == all_but) continue;
      TensorArg& t = m.tensor_mut(kTensorNames[i]);
      t.format = t.format == Format::ND ? Format::NCDHW : Format::ND;
    }
    return m;
  };
  return r;
}

}  // namespace

std::vector<Rule> platform_rules() { return {rule_platform()}; }

std::vector<Rule> type_rules() {
  return {rule_dtype_supported(), rule_dtype_same(), rule_format_supported(), rule_format_same()};
}

}  // namespace poolcheck::spec::adaptive_avgpool3d_grad
