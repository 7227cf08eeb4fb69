// aclnnMaxPool3dWithArgmaxBackward: spec assembly and rules 1-5 (null pointers, tensor descriptors).
#include "ops/maxpool3d_grad/spec.h"
#include "ops/maxpool3d_grad/spec_internal.h"

namespace poolcheck::spec {

namespace maxpool3d_grad {

namespace {

Rule rule_out_params() {
  Rule r = out_params_rule("MP.NULL.OUT_PARAMS");
  r.chosen = "161001 before any other check; upstream never checks these out-parameters (MP.D.NULL_CHECKS)";
  return r;
}

Rule rule_null_self_indices() {
  Rule r = null_inputs_rule("MP.NULL.SELF_INDICES", {kSelf, kIndices});
  r.cites = {cite("000", "返回值 161001 #1", "000"),
             cite("003", "返回值 table row 1 (ACLNN_ERR_PARAM_NULLPTR)", "003")};
  r.text = "self and indices must not be nullptr";
  return r;
}

Rule rule_null_other() {
  Rule r = null_arguments_rule("MP.NULL.OTHER", {kGradOutput, kGradInput}, {kArrayNames.begin(), kArrayNames.end()});
  r.in_docs = false;
  r.text =
      "gradOutput, gradInput, kernelSize, stride, padding and dilation must not be nullptr (an empty stride "
      "list is legal, a null stride pointer is not)";
  r.chosen = "161001 like self/indices; upstream checks all 8 pointers, the docs name only 2 (MP.D.NULL_CHECKS)";
  return r;
}

Rule rule_descriptor() {
  Rule r = descriptor_rule("MP.TENSOR.DESCRIPTOR", kTensors);
  r.chosen = "161002: an aclTensor the runtime cannot address is an invalid parameter";
  return r;
}

Rule rule_extent() {
  Rule r = extent_rule("MP.TENSOR.EXTENT", kTensors);
  r.chosen =
      "161002 instead of reading or writing outside the buffer; this is how the docs' own call example fails "
      "(MP.D.CALL_EXAMPLE_INT8)";
  return r;
}

}  // namespace

std::vector<Rule> null_and_tensor_rules() {
  return {rule_out_params(), rule_null_self_indices(), rule_null_other(), rule_descriptor(), rule_extent()};
}

}  // namespace maxpool3d_grad

const OperatorSpec& maxpool3d_grad::operator_spec() {
  static const OperatorSpec spec = [] {
    OperatorSpec s;
    s.op = "maxpool3d_grad";
    s.aclnn_name = "aclnnMaxPool3dWithArgmaxBackward";
    s.seeds = {"003", "000", "004"};
    for (auto group : {maxpool3d_grad::null_and_tensor_rules, maxpool3d_grad::type_rules, maxpool3d_grad::param_rules,
                       maxpool3d_grad::shape_rules, maxpool3d_grad::output_rules})
      for (Rule& r : group()) s.rules.push_back(std::move(r));
    s.discrepancies = maxpool3d_grad::discrepancies();
    s.platforms = maxpool3d_grad::platform_rows();
    s.strategies = maxpool3d_grad::strategies();
    return s;
  }();
  return spec;
}

}  // namespace poolcheck::spec
