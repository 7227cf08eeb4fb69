// aclnnMaxPool2dWithIndicesBackward: spec assembly and the null-pointer and tensor-descriptor rules.
#include "ops/maxpool2d_grad/spec.h"
#include "ops/maxpool2d_grad/spec_internal.h"

namespace poolcheck::spec {

namespace maxpool2d_grad {

namespace {

Rule rule_out_params() {
  Rule r = out_params_rule("MP2.NULL.OUT_PARAMS");
  r.chosen = "161001 before any other check, as for every operator here (MP2.D.NULL_CHECKS)";
  return r;
}

Rule rule_null_self_indices() {
  Rule r = null_inputs_rule("MP2.NULL.SELF_INDICES", {kSelf, kIndices});
  r.cites = {cite("005", "返回值 table row 1 (ACLNN_ERR_PARAM_NULLPTR: self、indices是空指针)", "005")};
  r.text = "self and indices must not be nullptr";
  return r;
}

Rule rule_null_other() {
  Rule r = null_arguments_rule("MP2.NULL.OTHER", {kGradOutput, kGradInput}, {kArrayNames.begin(), kArrayNames.end()});
  r.in_docs = false;
  r.text =
      "gradOutput, gradInput, kernelSize, stride, padding and dilation must not be nullptr (an empty stride "
      "list is legal, a null stride pointer is not)";
  r.chosen = "161001 like self and indices; the document names only those two (MP2.D.NULL_CHECKS)";
  return r;
}

Rule rule_descriptor() {
  Rule r = descriptor_rule("MP2.TENSOR.DESCRIPTOR", kTensors);
  r.chosen = "161002: an aclTensor the runtime cannot address is an invalid parameter";
  return r;
}

Rule rule_extent() {
  Rule r = extent_rule("MP2.TENSOR.EXTENT", kTensors);
  r.chosen = "161002 instead of reading or writing outside the buffer";
  return r;
}

}  // namespace

std::vector<Rule> null_and_tensor_rules() {
  return {rule_out_params(), rule_null_self_indices(), rule_null_other(), rule_descriptor(), rule_extent()};
}

}  // namespace maxpool2d_grad

const OperatorSpec& maxpool2d_grad::operator_spec() {
  static const OperatorSpec spec = [] {
    OperatorSpec s;
    s.op = "maxpool2d_grad";
    s.aclnn_name = "aclnnMaxPool2dWithIndicesBackward";
    s.seeds = {"005"};
    for (auto group : {maxpool2d_grad::null_and_tensor_rules, maxpool2d_grad::type_rules, maxpool2d_grad::param_rules,
                       maxpool2d_grad::shape_rules})
      for (Rule& r : group()) s.rules.push_back(std::move(r));
    s.discrepancies = maxpool2d_grad::discrepancies();
    s.platforms = maxpool2d_grad::platform_rows();
    s.strategies = maxpool2d_grad::strategies();
    return s;
  }();
  return spec;
}

}  // namespace poolcheck::spec
