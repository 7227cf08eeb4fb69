// aclnnMaxPool3dWithArgmaxBackward rules 6-13: platform, dtypes, formats, ranks.
#include <algorithm>
#include <array>

#include "ops/maxpool3d_grad/spec_internal.h"

namespace poolcheck::spec::maxpool3d_grad {

namespace {

bool format_supported(Format f) { return f == Format::ND || f == Format::NCDHW; }

Rule rule_platform() {
  Rule r = platform_rule(
      "MP.PLATFORM", supported_row,
      {"Ascend310B", "Ascend310P", "Ascend910", "Ascend310", "Ascend999", "", "ascend910b", "Ascend910_9391"});
  r.cites = {cite("000", "返回值 161002 #11 (平台不支持)", "000"), cite("004", "产品支持情况", "004"),
             cite("003", "产品支持情况; 返回值 table row 12 (平台不支持)", "003")};
  r.text = "platform (SoC) must be Ascend910B, Ascend910_93 or Ascend950";
  r.chosen = "unknown SoC names are unsupported too (MP.D.PLATFORMS)";
  return r;
}

Rule rule_dtype_self() {
  Rule r = dtype_supported_rule("MP.DTYPE.SELF", {kSelf}, supported_row, kNonFloatDTypes);
  r.cites = {cite("000", "参数说明: self", "000,004"), cite("000", "返回值 161002 #1", "000"),
             cite("003", "参数说明 table: self 数据类型; 返回值 table row 2", "003")};
  r.text = "self dtype must be FLOAT32, FLOAT16 or BFLOAT16";
  return r;
}

Rule rule_dtype_indices() {
  Rule r = index_dtype_rule("MP.DTYPE.INDICES", kIndices, supported_row, {"Ascend910B", "Ascend910_93"});
  r.cites = {cite("000", "参数说明: indices (仅支持INT32); 约束说明", "000,004"),
             cite("000", "返回值 161002 #1", "000"),
             cite("003", "参数说明 table: indices INT32/INT64; note: A2/A3 不支持INT64; 返回值 table row 2", "003")};
  r.text = "indices dtype must be INT32 on Ascend910B/Ascend910_93, INT32 or INT64 on Ascend950";
  r.chosen = "INT64 only on Ascend950 (MP.D.INDICES_INT64)";
  return r;
}

Rule rule_dtype_same() {
  Rule r = same_dtype_rule("MP.DTYPE.SAME", kSelf, {kGradOutput, kGradInput}, supported_row);
  r.in_docs = false;
  r.text = "gradOutput and gradInput dtype must equal self dtype";
  r.chosen =
      "161002; the docs list one dtype set for all three but never require equality, upstream does "
      "(MP.D.DTYPE_SAME)";
  return r;
}

Rule rule_format_supported() {
  Rule r = format_supported_rule("MP.FORMAT.SUPPORTED", kTensors, format_supported,
                                 {Format::NC1HWC0, Format::FractalZ, Format::NDC1HWC0, Format::NCHW, Format::NHWC,
                                  Format::NDHWC, Format::NCL, Format::Undefined});
  r.cites = {cite("000", "参数说明: 数据格式", "000,004"), cite("000", "返回值 161002 #2", "000"),
             cite("003", "参数说明 table: 数据格式 column (ND); 返回值 table row 3", "003")};
  r.text = "every tensor's format must be ND or NCDHW (no private formats such as NC1HWC0, FRACTAL_Z, NDC1HWC0)";
  r.chosen = "ND (003) and NCDHW (000 for indices/gradInput) both accepted (MP.D.FORMATS)";
  return r;
}

Rule rule_format_same() {
  Rule r =
      format_same_rule("MP.FORMAT.SAME", {kSelf, kGradOutput, kGradInput}, format_supported, Format::ND, Format::NCDHW);
  r.cites = {cite("000", "参数说明: self (与gradOutput一致), gradInput (与self保持一致)", "000,004"),
             cite("003", "参数说明 table: gradOutput, gradInput 使用说明 (和self一致)", "003")};
  r.text = "self, gradOutput and gradInput must have the same format (indices is not compared)";
  r.chosen = "indices excluded as in 003 and upstream, although 000 says '与self保持一致' (MP.D.FORMATS)";
  return r;
}

Rule rule_rank() {
  Rule r = rank_rule("MP.RANK", kTensors, {4, 5}, {3, 6, 2, 0});
  r.cites = {cite("000", "参数说明: gradOutput, self (5维 / 4维时在0维度处补1)", "000,004"),
             cite("003", "参数说明 table: 维度(shape) column (4-5)", "003")};
  r.text = "gradOutput, self, indices and gradInput must each have 4 or 5 dims";
  r.chosen = "161002; no error row names the rank, upstream checks it per tensor with 161002";
  return r;
}

Rule rule_rank_same() {
  Rule r = same_rank_rule("MP.RANK.SAME", kTensors, {4, 5});
  r.in_docs = false;
  r.text = "gradOutput, self, indices and gradInput must all have the same rank";
  r.chosen =
      "161002; upstream checks ranks one tensor at a time and reads the batch decision from self only, so a "
      "mixed call is ambiguous (MP.D.RANK)";
  return r;
}

}  // namespace

std::vector<Rule> type_rules() {
  return {rule_platform(),         rule_dtype_self(),  rule_dtype_indices(), rule_dtype_same(),
          rule_format_supported(), rule_format_same(), rule_rank(),          rule_rank_same()};
}

}  // namespace poolcheck::spec::maxpool3d_grad
