// The adaptive-avg-pool rules on null pointers, tensor descriptors and output aliasing, and the 3-D entry point's
// spec.
#include "ops/adaptive_avgpool3d_grad/spec.h"
#include "ops/adaptive_avgpool3d_grad/spec_internal.h"

namespace poolcheck::spec {

namespace adaptive_avgpool3d_grad {

namespace {

Rule rule_null_tensors() {
  Rule r;
  r.code = kParamNullptr;
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

}  // namespace

std::vector<Rule> null_and_tensor_rules(const Document& d) {
  return {d.dressed(out_params_rule(""), "NULL.OUT_PARAMS"), d.dressed(rule_null_tensors(), "NULL.TENSORS"),
          d.dressed(descriptor_rule("", kTensors), "TENSOR.DESCRIPTOR"),
          d.dressed(extent_rule("", kTensors), "TENSOR.EXTENT")};
}

std::vector<Rule> output_rules(const Document& d) { return {d.dressed(overlap_rule("", kOut), "OUTPUT.OVERLAP")}; }

}  // namespace adaptive_avgpool3d_grad

const OperatorSpec& adaptive_avgpool3d_grad::operator_spec() {
  static const OperatorSpec spec = adaptive_avgpool3d_grad::spec_of(adaptive_avgpool3d_grad::document_002());
  return spec;
}

}  // namespace poolcheck::spec
