// The tensor-view rule builders (see view_rules.h).
#include "spec/view_rules.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace poolcheck::spec {

Citation cite(std::string seed, std::string section, std::string versions) {
  return Citation{std::move(seed), std::move(section), std::move(versions)};
}

Rule out_params_rule(std::string id) {
  Rule r;
  r.id = std::move(id);
  r.code = kParamNullptr;
  r.in_docs = false;
  r.text = "workspaceSize (uint64_t*) and executor (aclOpExecutor**) must not be nullptr";
  r.violated = [](const Case& c) { return c.null_workspace_size || c.null_executor; };
  r.classes = numbered_classes(3);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    const uint64_t pick = choice % 3;
    m.null_workspace_size = pick != 1;
    m.null_executor = pick != 0;
    return m;
  };
  return r;
}

Rule descriptor_rule(std::string id, std::vector<std::string> tensors) {
  Rule r;
  r.id = std::move(id);
  r.in_docs = false;
  r.text =
      "every tensor: dims >= 0, strides >= 0 with one stride per dim, storage offset >= 0, element count and "
      "view extent fit in int64";
  r.violated = [tensors](const Case& c) {
    for (const std::string& name : tensors) {
      const TensorArg* t = tensor(c, name);
      if (t && !descriptor_ok(*t)) return true;
    }
    return false;
  };
  r.classes = numbered_classes(6);
  r.violate = [tensors](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    TensorArg& t = m.tensor_mut(tensors[(choice / 2) % tensors.size()]);
    if (t.shape.size() < 2) return std::nullopt;
    switch (choice % 6) {
      case 0:
        t.shape.back() = -1;
        break;
      case 1:
        t.strides = effective_strides(t);
        t.strides.back() = -1;
        break;
      case 2:  // the view's extent passes INT64_MAX through a stride (aclCreateTensor takes one count for dims
               // and strides, so a stride list of another length cannot be passed at all)
        t.strides = effective_strides(t);
        t.shape[0] = 3;
        t.strides[0] = std::numeric_limits<int64_t>::max() / 2 + 1;
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

Rule extent_rule(std::string id, std::vector<std::string> tensors) {
  Rule r;
  r.id = std::move(id);
  r.in_docs = false;
  r.text = "every tensor's view (offset + reach of shape/strides) lies inside its device allocation";
  r.violated = [tensors](const Case& c) {
    for (const std::string& name : tensors) {
      const TensorArg* t = tensor(c, name);
      if (t && descriptor_ok(*t) && *view_extent_elems(*t) > allocation_elems(*t)) return true;
    }
    return false;
  };
  r.classes = numbered_classes(3);
  r.violate = [tensors](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    const uint64_t count = tensors.size();
    TensorArg& t = m.tensor_mut(tensors[choice % count]);
    const auto extent = view_extent_elems(t);
    if (!extent || *extent < 1) return std::nullopt;
    const int64_t elem = dtype_size(t.dtype);
    switch ((choice / count + choice) % 3) {
      case 0:
        t.alloc_elems = *extent - 1;
        break;
      case 1:  // host buffer sized in 1-byte elements, as in the max-pool docs' call example
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

Rule overlap_rule(std::string id, std::string output) {
  Rule r;
  r.id = std::move(id);
  r.in_docs = false;
  r.text = output +
           "'s view must not map two different indices to the same element (dims of size > 1 sorted by stride: each "
           "stride >= the extent spanned by the smaller-stride dims)";
  r.violated = [output](const Case& c) {
    const TensorArg* t = tensor(c, output);
    return t && descriptor_ok(*t) && may_overlap(*t);
  };
  r.classes = numbered_classes(4);
  r.violate = [output](const Case& v, uint64_t choice) -> std::optional<Case> {
    const TensorArg* base = tensor(v, output);
    if (!base || !descriptor_ok(*base)) return std::nullopt;
    std::vector<size_t> moving;  // dims of size > 1, outermost first
    for (size_t i = 0; i < base->shape.size(); ++i)
      if (base->shape[i] > 1) moving.push_back(i);
    if (moving.empty()) return std::nullopt;  // a single element cannot alias
    Case m = v;
    TensorArg& t = m.tensor_mut(output);
    // Contiguous strides reach no further than any valid non-overlapping layout, so the allocation still fits.
    t.strides = contiguous_strides(t.shape);
    const size_t outer = moving.front();
    switch (choice % 4) {
      case 0:  // broadcast one dim
        t.strides[moving[(choice / 4) % moving.size()]] = 0;
        break;
      case 1:  // outer dim steps one element short: its index 1 meets the inner dims' last element
        t.strides[outer] -= 1;
        break;
      case 2:  // everything on one element
        t.strides.assign(t.shape.size(), 0);
        break;
      default:  // two dims share a stride
        t.strides[outer] = moving.size() > 1 ? t.strides[moving.back()] : 0;
        break;
    }
    return m;
  };
  return r;
}

}  // namespace poolcheck::spec
