// aclnnAvgPool2dBackward rules 5-10: platform, dtypes, formats, ranks.
#include <array>

#include "ops/avgpool2d_grad/spec_internal.h"

namespace poolcheck::spec::avgpool2d_grad {

namespace {

Rule rule_platform() {
  Rule r = platform_rule(
      "AP.PLATFORM", supported_row,
      {"Ascend950", "Ascend310P", "Ascend910", "Ascend310B", "Ascend999", "", "ascend910b", "Ascend910_9391"});
  r.cites = {cite(kSeed, "产品支持情况 (Atlas A3, Atlas A2 only)", kSeed)};
  r.text = "platform (SoC) must be Ascend910B or Ascend910_93";
  r.chosen =
      "161002 for every other SoC, listed elsewhere or unknown; 001 has no error item for it, and upstream accepts "
      "FP32/FP16 on other SoCs and has an AvgPoolV2Grad path on Ascend950 (AP.D.PLATFORMS)";
  return r;
}

Rule rule_dtype_supported() {
  Rule r = dtype_supported_rule("AP.DTYPE.SUPPORTED", kTensors, supported_row, kNonFloatDTypes);
  r.cites = {cite(kSeed, "参数说明: gradOutput, self, gradInput (数据类型支持BFLOAT16、FLOAT16、FLOAT32)", kSeed),
             cite(kSeed, "返回值 161002 #1", kSeed)};
  r.text = "gradOutput, self and gradInput dtypes must each be FLOAT32, FLOAT16 or BFLOAT16";
  r.chosen = "self is checked too although error #1 names only gradOutput and gradInput (AP.D.SELF_CHECKS)";
  return r;
}

Rule rule_dtype_same() {
  Rule r;
  r.id = "AP.DTYPE.SAME";
  r.cites = {cite(kSeed, "参数说明: gradInput (数据类型、数据格式需要与self一致)", kSeed),
             cite(kSeed, "返回值 161002 #2", kSeed)};
  r.text = "gradOutput, self and gradInput must all have the same dtype";
  r.chosen =
      "all three equal: 001 ties self to gradInput, upstream ties gradOutput to gradInput and leaves self free "
      "(AP.D.DTYPE_SAME)";
  r.violated = [](const Case& c) {
    const PlatformRow* row = supported_row(c);
    return row && present_differ(
                      c, kTensors, [](const TensorArg& t) { return t.dtype; },
                      [row](const TensorArg& t) { return dtype_listed(*row, t.dtype); });
  };
  r.classes = numbered_classes(3);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    TensorArg& t = m.tensor_mut(kTensorNames[choice % 3]);
    std::vector<DType> other;
    for (DType d : {DType::F32, DType::F16, DType::BF16})
      if (d != t.dtype) other.push_back(d);
    t.dtype = other[(choice / 3) % other.size()];
    return m;
  };
  return r;
}

Rule rule_format_supported() {
  Rule r = format_supported_rule("AP.FORMAT.SUPPORTED", kTensors, format_supported,
                                 {Format::ND, Format::NHWC, Format::NCDHW, Format::NDHWC, Format::NC1HWC0,
                                  Format::FractalZ, Format::NDC1HWC0, Format::Undefined});
  r.cites = {cite(kSeed, "参数说明: gradOutput, self, gradInput (数据格式支持NCHW和NCL)", kSeed),
             cite(kSeed, "返回值 161002 #1", kSeed)};
  r.text = "every tensor's format must be NCHW or NCL (ND and private formats are refused)";
  r.chosen =
      "ND is refused as upstream does, although aclCreateTensor's usual ND default would pass elsewhere; self "
      "is checked too (AP.D.ND_FORMAT, AP.D.SELF_CHECKS)";
  return r;
}

Rule rule_format_same() {
  Rule r = format_same_rule("AP.FORMAT.SAME", kTensors, format_supported, Format::NCHW, Format::NCL);
  r.cites = {cite(kSeed, "参数说明: gradInput (数据类型、数据格式需要与self一致)", kSeed),
             cite(kSeed, "返回值 161002 #2", kSeed)};
  r.text = "self and gradInput formats must be equal, and gradOutput's must equal gradInput's";
  return r;
}

// Ranks 3/4, all equal, and - once the formats are supported and equal - the format the rank implies.
bool ranks_and_label_ok(const Case& c) {
  std::optional<size_t> rank;
  std::optional<Format> format;
  bool same_format = true;
  for (const char* name : kTensorNames) {
    const TensorArg* t = tensor(c, name);
    if (!t) continue;
    if (!rank_ok(*t) || (rank && *rank != t->shape.size())) return false;
    if (format && *format != t->format) same_format = false;
    rank = t->shape.size();
    format = t->format;
  }
  if (!rank || !same_format || !format_supported(*format)) return true;  // the format rules judge those
  return *format == format_for_rank(*rank);
}

Rule rule_rank() {
  Rule r;
  r.id = "AP.RANK";
  r.cites = {cite(kSeed, "返回值 161002 #3 (维度不在支持范围内)", kSeed),
             cite(kSeed, "参数说明: gradOutput, self, gradInput (数据格式支持NCHW和NCL)", kSeed)};
  r.text =
      "gradOutput, self and gradInput must each have 3 or 4 dims, all the same; 4-D tensors are NCHW, 3-D "
      "tensors NCL";
  r.chosen =
      "equal ranks and a format that names the rank (a 4-D NCL or 3-D NCHW tensor is refused); upstream requires "
      "NCHW for 4-D gradOutput/gradInput and does not check self's rank (AP.D.RANK_FORMAT)";
  r.violated = [](const Case& c) { return !ranks_and_label_ok(c); };
  r.classes = numbered_classes(4);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    static const std::array<size_t, 4> bad_ranks{2, 5, 1, 0};
    Case m = v;
    const size_t target = (choice / 4 + choice) % 3;
    switch (choice % 4) {
      case 0: {  // one tensor to the other valid rank (its format label left as it was)
        TensorArg& t = m.tensor_mut(kTensorNames[target]);
        reshape(t, to_rank(t.shape, t.shape.size() == 4 ? 3 : 4));
        break;
      }
      case 1: {  // one tensor to an unsupported rank
        TensorArg& t = m.tensor_mut(kTensorNames[target]);
        reshape(t, to_rank(t.shape, bad_ranks[(choice / 4) % 2]));
        break;
      }
      case 2:  // all three to an unsupported rank
        for (const char* name : kTensorNames) {
          TensorArg& t = m.tensor_mut(name);
          reshape(t, to_rank(t.shape, bad_ranks[2 + (choice / 4) % 2]));
        }
        break;
      default:  // the shapes stay, all three get the other rank's format
        for (const char* name : kTensorNames) {
          TensorArg& t = m.tensor_mut(name);
          t.format = t.format == Format::NCHW ? Format::NCL : Format::NCHW;
        }
        break;
    }
    return m;
  };
  return r;
}

}  // namespace

std::vector<Rule> type_rules() {
  return {rule_platform(),         rule_dtype_supported(), rule_dtype_same(),
          rule_format_supported(), rule_format_same(),     rule_rank()};
}

}  // namespace poolcheck::spec::avgpool2d_grad
