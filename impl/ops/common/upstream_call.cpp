#include "ops/common/upstream_call.h"

#include <utility>

#include "common/log.h"

namespace pcemu {

namespace {

void log_null_dereference(const char* api, const char* name, const char* where) {
  log_line(3, fmt::format("{}: {} is nullptr and ops-nn {} without a null check: this call crashes there (upstream "
                          "profile reproduces the null dereference)",
                          api, name, where));
}

// A store through the client's pointer that the compiler may not drop or reorder, null or not.
template <typename T>
void store_unchecked(const char* api, const char* name, T* target, T value) {
  if (!target) log_null_dereference(api, name, "writes it");
  T* volatile through = target;
  *through = value;
}

}  // namespace

aclnnStatus hand_out_unchecked(const char* api, Plan plan, uint64_t* workspace_size, aclOpExecutor** executor) {
  uint64_t size = 0;
  aclOpExecutor* made = nullptr;
  const aclnnStatus st = hand_out_executor(std::move(plan), &size, &made);
  store_unchecked(api, "workspaceSize", workspace_size, size);
  store_unchecked(api, "executor", executor, made);
  return st;
}

aclnnStatus no_kernel_unchecked(const char* api, aclnnStatus no_kernel, uint64_t* workspace_size,
                                aclOpExecutor** executor) {
  if (workspace_size && executor) return no_kernel;
  store_unchecked(api, "workspaceSize", workspace_size, uint64_t{0});
  store_unchecked(api, "executor", executor, static_cast<aclOpExecutor*>(nullptr));
  return no_kernel;
}

Plan empty_plan(const char* op_type, bool deterministic) {
  PlanTag tag{op_type, "Empty", "empty tensor: no kernel, workspace 0", 0, 0, 0, 0, false, deterministic};
  return {std::move(tag), [](unsigned char*, pcEmuLaunchInfo&) { return ACLNN_SUCCESS; }};
}

size_t size_unchecked(const char* api, const char* name, const aclIntArray* array, const char* where) {
  if (!array) log_null_dereference(api, name, where);
  const aclIntArray* volatile through = array;
  return through->values.size();
}

bool is_empty_tensor(const aclTensor* t) {
  for (int64_t dim : t->view_shape)
    if (dim == 0) return true;
  return false;
}

bool is_private_format(aclFormat f) {
  switch (f) {
    case ACL_FORMAT_NC1HWC0:
    case ACL_FORMAT_FRACTAL_Z:
    case ACL_FORMAT_NC1HWC0_C04:
    case ACL_FORMAT_FRACTAL_NZ:
    case ACL_FORMAT_NDC1HWC0:
    case ACL_FORMAT_FRACTAL_Z_3D:
      return true;
    default:
      return false;
  }
}

}  // namespace pcemu
