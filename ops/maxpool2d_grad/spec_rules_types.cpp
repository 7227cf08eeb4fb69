// aclnnMaxPool2dWithIndicesBackward: platform, dtypes, formats and ranks.
#include <algorithm>
#include <array>

#include "ops/maxpool2d_grad/spec_internal.h"

namespace poolcheck::spec::maxpool2d_grad {

namespace {

bool format_listed(Format f) { return f == Format::ND || f == Format::NCHW || f == Format::NHWC; }

Rule rule_platform() {
  Rule r = platform_rule("MP2.PLATFORM", supported_row,
                         {"Ascend310B", "Ascend310P", "Ascend910", "Ascend310", "Ascend999", "", "ascend910b"});
  r.cites = {cite("005", "产品支持情况", "005")};
  r.text = "platform (SoC) must be Ascend910B, Ascend910_93 or Ascend950";
  r.chosen = "161002 for every other SoC, listed as unsupported or unknown (no error row names the platform)";
  return r;
}

Rule rule_dtype_self() {
  Rule r = dtype_supported_rule("MP2.DTYPE.SELF", {kSelf}, supported_row, kNonFloatDTypes);
  r.cites = {cite("005", "参数说明: self 数据类型; A2/A3 note (仅FLOAT); 返回值 161002 row 1", "005")};
  r.text = "self dtype must be FLOAT on Ascend910B/Ascend910_93, FLOAT, FLOAT16 or BFLOAT16 on Ascend950";
  return r;
}

Rule rule_dtype_same() {
  Rule r = same_dtype_rule("MP2.DTYPE.SAME", kSelf, {kGradOutput, kGradInput}, supported_row);
  r.in_docs = false;
  r.text = "gradOutput and gradInput dtype must equal self dtype";
  r.chosen = "161002; the document lists one dtype set for the three but never requires equality (MP2.D.DTYPE_SAME)";
  return r;
}

Rule rule_dtype_indices() {
  Rule r = index_dtype_rule("MP2.DTYPE.INDICES", kIndices, supported_row, {"Ascend910B", "Ascend910_93"});
  r.cites = {
      cite("005", "参数说明: indices INT32、INT64; A2/A3 note (indices仅支持INT32); 返回值 161002 row 1", "005")};
  r.text = "indices dtype must be INT32 on Ascend910B/Ascend910_93, INT32 or INT64 on Ascend950";
  return r;
}

Rule rule_format_supported() {
  Rule r = format_supported_rule("MP2.FORMAT.SUPPORTED", kTensors, format_listed,
                                 {Format::NC1HWC0, Format::FractalZ, Format::NCDHW, Format::NDHWC, Format::NCL,
                                  Format::NDC1HWC0, Format::Undefined});
  r.cites = {cite("005", "参数说明 table: 数据格式 column (ND、NCHW、NHWC); 返回值 161002 row 2", "005")};
  r.text = "every tensor's format must be ND, NCHW or NHWC";
  return r;
}

Rule rule_format_platform() {
  Rule r;
  r.id = "MP2.FORMAT.NHWC_PLATFORM";
  r.cites = {cite("005", "A2/A3 note (数据格式支持ND和NCHW); 返回值 161002 row 2", "005")};
  r.text = "NHWC only on Ascend950: Ascend910B and Ascend910_93 take ND and NCHW";
  r.platforms = {"Ascend910B", "Ascend910_93"};
  r.violated = [](const Case& c) {
    if (is_regbase(c.platform) || !supported_row(c)) return false;
    for (const char* name : kTensorNames) {
      const TensorArg* t = tensor(c, name);
      if (t && t->format == Format::NHWC) return true;
    }
    return false;
  };
  // All four tensors NHWC (one alone would break the format-equality rule too).
  r.violate = [](const Case& v, uint64_t) -> std::optional<Case> {
    if (is_regbase(v.platform) || !supported_row(v)) return std::nullopt;
    Case m = v;
    for (const char* name : kTensorNames) m.tensor_mut(name).format = Format::NHWC;
    return m;
  };
  return r;
}

Rule rule_format_same() {
  Rule r = format_same_rule("MP2.FORMAT.SAME", kTensors, format_listed, Format::ND, Format::NCHW);
  r.cites = {cite(
      "005",
      "参数说明 table: gradOutput 数据格式和self一致, indices 数据格式与self保持一致, gradInput 数据格式与self保持一致",
      "005")};
  r.text = "gradOutput, indices and gradInput must have self's format";
  return r;
}

Rule rule_rank() {
  Rule r = rank_rule("MP2.RANK", kTensors, {3, 4}, {2, 5, 1, 0});
  r.cites = {cite("005", "参数说明 table: 维度(shape) column (3-4); A2/A3 note (输入3维时表示CHW)", "005")};
  r.text = "gradOutput, self, indices and gradInput must each have 3 or 4 dims";
  r.chosen = "161002; no error row names the rank";
  return r;
}

Rule rule_rank_same() {
  Rule r = same_rank_rule("MP2.RANK.SAME", kTensors, {3, 4});
  r.in_docs = false;
  r.text = "gradOutput, self, indices and gradInput must all have the same rank";
  r.chosen = "161002: with mixed ranks the batch dimension is ambiguous";
  return r;
}

}  // namespace

std::vector<Rule> type_rules() {
  return {rule_platform(),        rule_dtype_self(),  rule_dtype_same(), rule_dtype_indices(), rule_format_supported(),
          rule_format_platform(), rule_format_same(), rule_rank(),       rule_rank_same()};
}

}  // namespace poolcheck::spec::maxpool2d_grad
