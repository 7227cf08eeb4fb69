// aclnnMaxPool3dWithArgmaxBackward: spec assembly and rules 1-5 (null pointers, tensor descriptors).
#include <limits>

#include "spec/max_pool3d_grad_internal.h"
#include "spec/max_pool3d_grad_spec.h"

namespace poolcheck::spec {

namespace mp {

namespace {

Rule rule_out_params() {
  Rule r;
  r.id = "MP.NULL.OUT_PARAMS";
  r.code = kParamNullptr;
  r.in_docs = false;
  r.text = "workspaceSize (uint64_t*) and executor (aclOpExecutor**) must not be nullptr";
  r.chosen = "161001 before any other check; upstream never checks these out-parameters (MP.D.NULL_CHECKS)";
  r.violated = [](const Case& c) { return c.null_workspace_size || c.null_executor; };
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    const uint64_t pick = choice % 3;
    m.null_workspace_size = pick != 1;
    m.null_executor = pick != 0;
    return m;
  };
  return r;
}

Rule rule_null_self_indices() {
  Rule r;
  r.id = "MP.NULL.SELF_INDICES";
  r.code = kParamNullptr;
  r.cites = {cite("000", "返回值 161001 #1", "000"),
             cite("003", "返回值 table row 1 (ACLNN_ERR_PARAM_NULLPTR)", "003")};
  r.text = "self and indices must not be nullptr";
  r.violated = [](const Case& c) { return !tensor(c, kSelf) || !tensor(c, kIndices); };
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    const uint64_t pick = choice % 3;
    if (pick != 1) m.tensor_mut(kSelf).present = false;
    if (pick != 0) m.tensor_mut(kIndices).present = false;
    return m;
  };
  return r;
}

Rule rule_null_other() {
  Rule r;
  r.id = "MP.NULL.OTHER";
  r.code = kParamNullptr;
  r.in_docs = false;
  r.text =
      "gradOutput, gradInput, kernelSize, stride, padding and dilation must not be nullptr (an empty stride "
      "list is legal, a null stride pointer is not)";
  r.chosen = "161001 like self/indices; upstream checks all 8 pointers, the docs name only 2 (MP.D.NULL_CHECKS)";
  r.violated = [](const Case& c) {
    if (!tensor(c, kGradOutput) || !tensor(c, kGradInput)) return true;
    for (const char* name : kArrayNames)
      if (!array(c, name)) return true;
    return false;
  };
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    const uint64_t pick = choice % 6;
    if (pick == 0) m.tensor_mut(kGradOutput).present = false;
    if (pick == 1) m.tensor_mut(kGradInput).present = false;
    if (pick >= 2) m.array_mut(kArrayNames[pick - 2]).present = false;
    return m;
  };
  return r;
}

Rule rule_descriptor() {
  Rule r;
  r.id = "MP.TENSOR.DESCRIPTOR";
  r.in_docs = false;
  r.text =
      "every tensor: dims >= 0, strides >= 0 with one stride per dim, storage offset >= 0, element count and "
      "view extent fit in int64";
  r.chosen = "161002: an aclTensor the runtime cannot address is an invalid parameter";
  r.violated = [](const Case& c) {
    for (const char* name : kTensorNames) {
      const TensorArg* t = tensor(c, name);
      if (t && !descriptor_ok(*t)) return true;
    }
    return false;
  };
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    TensorArg& t = m.tensor_mut(kTensorNames[(choice / 2) % 4]);
    if (t.shape.size() < 2) return std::nullopt;
    switch (choice % 6) {
      case 0:
        t.shape.back() = -1;
        break;
      case 1:
        t.strides = effective_strides(t);
        t.strides.back() = -1;
        break;
      case 2:
        t.strides = effective_strides(t);
        t.strides.push_back(1);
        break;
      case 3:
        t.offset = -1;
        break;
      case 4:
        t.offset = std::numeric_limits<int64_t>::max();  // the view's last element lies past INT64_MAX
        break;
      default:
        t.shape[0] = t.shape[1] = int64_t{1} << 32;  // element count 2^64
        break;
    }
    return m;
  };
  return r;
}

Rule rule_extent() {
  Rule r;
  r.id = "MP.TENSOR.EXTENT";
  r.in_docs = false;
  r.text = "every tensor's view (offset + reach of shape/strides) lies inside its device allocation";
  r.chosen =
      "161002 instead of reading or writing outside the buffer; this is how the docs' own call example fails "
      "(MP.D.CALL_EXAMPLE_INT8)";
  r.violated = [](const Case& c) {
    for (const char* name : kTensorNames) {
      const TensorArg* t = tensor(c, name);
      if (t && descriptor_ok(*t) && *view_extent_elems(*t) > allocation_elems(*t)) return true;
    }
    return false;
  };
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    TensorArg& t = m.tensor_mut(kTensorNames[choice % 4]);
    const auto extent = view_extent_elems(t);
    if (!extent || *extent < 1) return std::nullopt;
    const int64_t elem = dtype_size(t.dtype);
    switch ((choice / 4 + choice) % 3) {
      case 0:
        t.alloc_elems = *extent - 1;
        break;
      case 1:  // host buffer sized in 1-byte elements, as in the docs' call example
        t.alloc_elems = elem > 1 ? *extent / elem : *extent - 1;
        break;
      default:
        t.alloc_elems = *extent;
        t.offset += 1;
        break;
    }
    return m;
  };
  return r;
}

}  // namespace

std::vector<Rule> null_and_tensor_rules() {
  return {rule_out_params(), rule_null_self_indices(), rule_null_other(), rule_descriptor(), rule_extent()};
}

}  // namespace mp

const OperatorSpec& max_pool3d_grad_spec() {
  static const OperatorSpec spec = [] {
    OperatorSpec s;
    s.op = "maxpool3d_grad";
    s.aclnn_name = "aclnnMaxPool3dWithArgmaxBackward";
    s.seeds = {"003", "000", "004"};
    for (auto group : {mp::null_and_tensor_rules, mp::type_rules, mp::param_rules, mp::shape_rules, mp::output_rules})
      for (Rule& r : group()) s.rules.push_back(std::move(r));
    s.discrepancies = mp::discrepancies();
    s.platforms = mp::platform_rows();
    return s;
  }();
  return spec;
}

}  // namespace poolcheck::spec
