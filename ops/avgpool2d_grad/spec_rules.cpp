// aclnnAvgPool2dBackward: spec assembly, rules 1-4 (null pointers, tensor descriptors) and 23 (output aliasing).
#include "ops/avgpool2d_grad/spec.h"
#include "ops/avgpool2d_grad/spec_internal.h"

namespace poolcheck::spec {

namespace avgpool2d_grad {

namespace {

Rule rule_out_params() {
  Rule r = out_params_rule("AP.NULL.OUT_PARAMS");
  r.chosen = "161001 before any other check instead of a crash; 001's 161001 item names only the argument pointers";
  return r;
}

Rule rule_null_tensors() {
  Rule r;
  r.id = "AP.NULL.TENSORS";
  r.code = kParamNullptr;
  r.cites = {cite(kSeed, "返回值 161001 #1", kSeed), cite(kSeed, "参数说明: stride (长度为0: sH=kH, sW=kW)", kSeed)};
  r.text =
      "gradOutput, self, kernelSize, padding and gradInput must not be nullptr; stride may be nullptr (stride = "
      "kernelSize), and an empty stride list means the same";
  r.chosen = "a null stride is legal as 001 implies; upstream crashes on it in two paths (AP.D.NULL_STRIDE)";
  r.violated = [](const Case& c) {
    return !tensor(c, kGradOutput) || !tensor(c, kSelf) || !tensor(c, kGradInput) || !array(c, kKernelSize) ||
           !array(c, kPadding);
  };
  r.classes = numbered_classes(6);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    switch (choice % 6) {
      case 0:
        m.tensor_mut(kGradOutput).present = false;
        break;
      case 1:
        m.tensor_mut(kSelf).present = false;
        break;
      case 2:
        m.array_mut(kKernelSize).present = false;
        break;
      case 3:
        m.array_mut(kPadding).present = false;
        break;
      case 4:
        m.tensor_mut(kGradInput).present = false;
        break;
      default:  // several at once, together with the (legal) null stride
        m.tensor_mut(kSelf).present = false;
        m.array_mut(kPadding).present = false;
        m.array_mut(kStride).present = false;
        break;
    }
    return m;
  };
  return r;
}

Rule rule_descriptor() {
  Rule r = descriptor_rule("AP.TENSOR.DESCRIPTOR", kTensors);
  r.in_docs = true;
  r.cites = {cite(kSeed, "返回值 161002 #4 (某个维度值小于0)", kSeed)};
  r.chosen =
      "161002 for every descriptor the runtime cannot address; 001 names only negative dims, the rest (negative "
      "strides or offset, a stride count that differs from the rank, int64 overflow) is not in the docs";
  return r;
}

Rule rule_extent() {
  Rule r = extent_rule("AP.TENSOR.EXTENT", kTensors);
  r.chosen = "161002 instead of reading or writing outside the buffer; not in the docs";
  return r;
}

Rule rule_overlap() {
  Rule r = overlap_rule("AP.OUTPUT.OVERLAP", kGradInput);
  r.chosen = "161002, so no write is ambiguous; not in the docs (001 allows non-contiguous gradInput)";
  return r;
}

}  // namespace

std::vector<Rule> null_and_tensor_rules() {
  return {rule_out_params(), rule_null_tensors(), rule_descriptor(), rule_extent()};
}

std::vector<Rule> output_rules() { return {rule_overlap()}; }

}  // namespace avgpool2d_grad

const OperatorSpec& avgpool2d_grad::operator_spec() {
  static const OperatorSpec spec = [] {
    OperatorSpec s;
    s.op = "avgpool2d_grad";
    s.aclnn_name = "aclnnAvgPool2dBackward";
    s.seeds = {avgpool2d_grad::kSeed};
    for (auto group : {avgpool2d_grad::null_and_tensor_rules, avgpool2d_grad::type_rules, avgpool2d_grad::param_rules,
                       avgpool2d_grad::shape_rules, avgpool2d_grad::output_rules})
      for (Rule& r : group()) s.rules.push_back(std::move(r));
    s.discrepancies = avgpool2d_grad::discrepancies();
    s.platforms = avgpool2d_grad::platform_rows();
    s.strategies = avgpool2d_grad::strategies();
    return s;
  }();
  return spec;
}

}  // namespace poolcheck::spec
