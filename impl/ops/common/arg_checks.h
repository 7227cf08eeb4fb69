// op_api checks shared by the pooling operators: live handles, sane views inside their allocations,
// and the PyTorch output-size rule.
#pragma once

#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "runtime/tensor.h"

namespace pcemu {

struct NamedTensor {
  const char* name;
  const aclTensor* t;
};

// 161002 when a handle is not live.
aclnnStatus check_live(const char* api, const std::vector<NamedTensor>& tensors,
                       const std::vector<std::pair<const char*, const aclIntArray*>>& arrays);
// 161002 for a malformed view, then for a view reaching outside its device allocation.
aclnnStatus check_views(const char* api, const std::vector<NamedTensor>& tensors);
// Output size of one pooled axis (dilation 1), PyTorch rule; 0 when no window fits.
int64_t pooled_size(int64_t in, int64_t k, int64_t s, int64_t p, bool ceil_mode);

}  // namespace pcemu
