// The 2-D max-pool backward's null-pointer and tensor-descriptor rules, and aclnnMaxPool2dWithIndicesBackward's spec.
#include "ops/maxpool2d_grad/spec.h"
#include "ops/maxpool2d_grad/spec_internal.h"

namespace poolcheck::spec {

std::vector<Rule> maxpool2d_grad::null_and_tensor_rules(const Document& d) {
  return {d.dressed(out_params_rule(""), "NULL.OUT_PARAMS"),
          d.dressed(null_inputs_rule("", {kSelf, kIndices}), "NULL.SELF_INDICES"),
          d.dressed(null_arguments_rule("", {kGradOutput, kGradInput}, {kArrayNames.begin(), kArrayNames.end()}),
                    "NULL.OTHER"),
          d.dressed(descriptor_rule("", kTensors), "TENSOR.DESCRIPTOR"),
          d.dressed(extent_rule("", kTensors), "TENSOR.EXTENT")};
}

const OperatorSpec& maxpool2d_grad::operator_spec() {
  static const OperatorSpec spec = spec_of(indices_document());
  return spec;
}

}  // namespace poolcheck::spec
