// op_api checks shared by the pooling operators: live handles, sane views inside their allocations,
// and the PyTorch output-size rule.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "runtime/tensor.h"

namespace pcemu {

struct NamedTensor {
  const char* name;
  const aclTensor* t;
};

struct NamedPtr {
  const char* name;
  const void* ptr;
};

// What the docs say of a required argument, quoted in its null-pointer message.
inline constexpr const char* kDocumentedNotNull = " (documented: must not be nullptr)";

// 161001 for the first null pointer: "<api>: <name> is null<note>".
aclnnStatus check_not_null(const char* api, std::initializer_list<NamedPtr> ptrs, const char* note = "");
// 161001 when the client gave no place for the workspace size or the executor (checked first everywhere).
aclnnStatus check_out_pointers(const char* api, const uint64_t* workspace_size, aclOpExecutor* const* executor);

// 161002 when a handle is not live.
aclnnStatus check_live(const char* api, const std::vector<NamedTensor>& tensors,
                       const std::vector<std::pair<const char*, const aclIntArray*>>& arrays);
// 161002 for a malformed view, then for a view reaching outside its device allocation.
aclnnStatus check_views(const char* api, const std::vector<NamedTensor>& tensors);
// Output size of one pooled axis (dilation 1), PyTorch rule; 0 when no window fits.
int64_t pooled_size(int64_t in, int64_t k, int64_t s, int64_t p, bool ceil_mode);

}  // namespace pcemu
