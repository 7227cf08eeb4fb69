// aclnnAdaptiveAvgPool3dBackward: spec assembly, rules 1-4 (null pointers, tensor descriptors) and 14 (output
// aliasing).
#include "ops/adaptive_avgpool3d_grad/spec.h"
#include "ops/adaptive_avgpool3d_grad/spec_internal.h"

namespace poolcheck::spec {

namespace adaptive_avgpool3d_grad {

namespace {

Rule rule_out_params() {
  Rule r = out_params_rule("AA.NULL.OUT_PARAMS");
  r.chosen =
      "161001 before any other check, as upstream's OP_CHECK_COMM_INPUT does; 002's 161001 row names only the "
      "tensors (AA.D.NULL_OUT_PARAMS)";
  return r;
}

Rule rule_null_tensors() {
  Rule r;
  r.id = "AA.NULL.TENSORS";
  r.code = kParamNullptr;
  r.cites = {cite(kSeed, "返回值 161001 #1 (传入的gradOutput、self或out是空指针)", kSeed)};
  r.text = "gradOutput, self and out must not be nullptr";
  r.violated = [](const Case& c) { return !tensor(c, kGradOutput) || !tensor(c, kSelf) || !tensor(c, kOut); };
  r.classes = numbered_classes(7);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    // Bit i of the pattern drops tensor i; patterns 1..7 are every non-empty subset.
    const uint64_t pattern = choice % 7 + 1;
    Case m = v;
    for (size_t i = 0; i < kTensorNames.size(); ++i)
      if (pattern & (uint64_t{1} << i)) m.tensor_mut(kTensorNames[i]).present = false;
    return m;
  };
  return r;
}

Rule rule_descriptor() {
  Rule r = descriptor_rule("AA.TENSOR.DESCRIPTOR", kTensors);
  r.chosen =
      "161002 for every descriptor the runtime cannot address (negative dims, strides or offset, a stride count "
      "that differs from the rank, int64 overflow); not in the docs as such, though 002 row 5 ('某一维不大于0') "
      "also covers a negative dim of gradOutput or self, which this rule reports first with the same code";
  return r;
}

Rule rule_extent() {
  Rule r = extent_rule("AA.TENSOR.EXTENT", kTensors);
  r.chosen = "161002 instead of reading or writing outside the buffer; not in the docs";
  return r;
}

Rule rule_overlap() {
  Rule r = overlap_rule("AA.OUTPUT.OVERLAP", kOut);
  r.chosen = "161002, so no write is ambiguous; not in the docs (002 allows non-contiguous out)";
  return r;
}

}  // namespace

std::vector<Rule> null_and_tensor_rules() {
  return {rule_out_params(), rule_null_tensors(), rule_descriptor(), rule_extent()};
}

std::vector<Rule> output_rules() { return {rule_overlap()}; }

}  // namespace adaptive_avgpool3d_grad

const OperatorSpec& adaptive_avgpool3d_grad::operator_spec() {
  static const OperatorSpec spec = [] {
    OperatorSpec s;
    s.op = "adaptive_avgpool3d_grad";
    s.aclnn_name = "aclnnAdaptiveAvgPool3dBackward";
    s.seeds = {adaptive_avgpool3d_grad::kSeed};
    for (auto group : {adaptive_avgpool3d_grad::null_and_tensor_rules, adaptive_avgpool3d_grad::platform_rules,
                       adaptive_avgpool3d_grad::shape_rules, adaptive_avgpool3d_grad::type_rules,
                       adaptive_avgpool3d_grad::output_rules})
      for (Rule& r : group()) s.rules.push_back(std::move(r));
    s.discrepancies = adaptive_avgpool3d_grad::discrepancies();
    s.platforms = adaptive_avgpool3d_grad::platform_rows();
    s.strategies = adaptive_avgpool3d_grad::strategies();
    return s;
  }();
  return spec;
}

}  // namespace poolcheck::spec
