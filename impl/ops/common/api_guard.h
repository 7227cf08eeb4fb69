// The C entry points: no C++ exception may cross into the client, so each phase runs guarded and an
// escaping exception becomes 561000 with the entry point's name.
#pragma once

#include <cstdint>
#include <exception>
#include <initializer_list>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "common/log.h"

namespace pcemu {

// Runs `phase`; `entry` follows the API name in the message ("GetWorkspaceSize", or "" for execute).
template <typename Phase>
aclnnStatus guard_api(const char* api, const char* entry, Phase&& phase) {
  try {
    return phase();
  } catch (const std::exception& e) {
    return fail(ACLNN_ERR_INNER, "{}{}: internal error: {}", api, entry, e.what());
  }
}

// The second-phase entry point of every operator: execute_once, guarded (an entry point with several routes names
// each route's op type).
aclnnStatus guarded_execute(const char* api, std::initializer_list<const char*> op_types, void* workspace,
                            uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream);
inline aclnnStatus guarded_execute(const char* api, const char* op_type, void* workspace, uint64_t workspace_size,
                                   aclOpExecutor* executor, aclrtStream stream) {
  return guarded_execute(api, {op_type}, workspace, workspace_size, executor, stream);
}

}  // namespace pcemu
