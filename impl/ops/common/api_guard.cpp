#include "ops/common/api_guard.h"

#include "runtime/executor.h"

namespace pcemu {

aclnnStatus guarded_execute(const char* api, std::initializer_list<const char*> op_types, void* workspace,
                            uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream) {
  return guard_api(api, "", [&] { return execute_once(api, op_types, workspace, workspace_size, executor, stream); });
}

}  // namespace pcemu
