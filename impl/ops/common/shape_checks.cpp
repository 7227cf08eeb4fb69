#include "ops/common/shape_checks.h"

#include "common/log.h"
#include "ops/common/tensor_view.h"

namespace pcemu {

aclnnStatus check_same_shape(const char* api, const NamedTensor& t, const NamedTensor& ref) {
  if (t.t->view_shape == ref.t->view_shape) return ACLNN_SUCCESS;
  return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} shape {} must equal {} shape {}", api, t.name,
              shape_str(t.t->view_shape), ref.name, shape_str(ref.t->view_shape));
}

aclnnStatus check_not_empty(const char* api, std::initializer_list<const aclTensor*> tensors) {
  for (const aclTensor* t : tensors)
    for (int64_t d : t->view_shape)
      if (d == 0)
        return fail(ACLNN_ERR_PARAM_INVALID, "{}: empty tensor (shape {}) not supported", api,
                    shape_str(t->view_shape));
  return ACLNN_SUCCESS;
}

aclnnStatus check_batch_dims(const char* api, const std::vector<int64_t>& grad_output, const std::vector<int64_t>& self,
                             size_t spatial) {
  for (size_t i = 0; i + spatial < self.size(); ++i)
    if (grad_output[i] != self[i])
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: gradOutput dim {} is {} but self has {} (N and C must match)", api, i,
                  grad_output[i], self[i]);
  return ACLNN_SUCCESS;
}

aclnnStatus check_pooled_dims(const char* api, const std::vector<int64_t>& self,
                              const std::vector<int64_t>& grad_output, std::span<const int64_t> k,
                              std::span<const int64_t> s, std::span<const int64_t> p, bool ceil_mode) {
  const size_t r = self.size(), n = k.size();
  for (size_t i = 0; i < n; ++i) {
    const int64_t want = pooled_size(self[r - n + i], k[i], s[i], p[i], ceil_mode);
    if (want < 1 || grad_output[r - n + i] != want)
      return fail(ACLNN_ERR_PARAM_INVALID,
                  "{}: gradOutput spatial dim {} is {} but the pooled size of self is {} (kernel {}, stride {}, "
                  "padding {}, ceilMode {})",
                  api, i, grad_output[r - n + i], want, k[i], s[i], p[i], ceil_mode);
  }
  return ACLNN_SUCCESS;
}

aclnnStatus check_no_self_overlap(const char* api, const NamedTensor& out) {
  if (!view_self_overlaps(*out.t)) return ACLNN_SUCCESS;
  return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} view (shape {}) maps several elements to one address", api, out.name,
              shape_str(out.t->view_shape));
}

}  // namespace pcemu
