// Shape checks of op_api validation that the pooling operators word the same way: equal shapes, no empty
// tensor, matching N and C, the pooled output size, and an output view that does not overlap itself.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

#include "aclnn/acl_meta.h"
#include "ops/common/arg_checks.h"
#include "runtime/tensor.h"

namespace pcemu {

// 161002 unless tensor `t` has the view shape of tensor `ref`.
aclnnStatus check_same_shape(const char* api, const NamedTensor& t, const NamedTensor& ref);
// 161002 for the first tensor with a zero dim.
aclnnStatus check_not_empty(const char* api, std::initializer_list<const aclTensor*> tensors);
// 161002 unless gradOutput and self agree on the dims before the `spatial` trailing ones (N and C).
aclnnStatus check_batch_dims(const char* api, const std::vector<int64_t>& grad_output, const std::vector<int64_t>& self,
                             size_t spatial);
// 161002 unless each trailing spatial dim of gradOutput is the pooled size of self's (k, s, p per axis).
aclnnStatus check_pooled_dims(const char* api, const std::vector<int64_t>& self,
                              const std::vector<int64_t>& grad_output, std::span<const int64_t> k,
                              std::span<const int64_t> s, std::span<const int64_t> p, bool ceil_mode);
// 161002 when the output view maps several elements to one address.
aclnnStatus check_no_self_overlap(const char* api, const NamedTensor& out);

}  // namespace pcemu
