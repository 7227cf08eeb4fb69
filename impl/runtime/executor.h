// aclOpExecutor: what GetWorkspaceSize planned, run once by the execute call and then destroyed
// (single use, as CANN executors are unless made repeatable).
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>

#include "acl/acl.h"
#include "poolcheck_emu/emu.h"

struct aclOpExecutor {
  static constexpr uint64_t kMagic = 0x455845435554452aull;  // "EXECUTE*"
  uint64_t magic = kMagic;
  std::string op_type;  // e.g. "MaxPool3DGradWithArgmax"
  uint64_t workspace_bytes = 0;
  pcEmuLaunchInfo info{};  // tiling key, strategy ... recorded at planning time
  // Runs the planned kernels; `workspace` has at least workspace_bytes bytes of device memory. The run
  // adds what it measured (UB high-water mark) to `info`.
  std::function<aclnnStatus(unsigned char* workspace, pcEmuLaunchInfo& info)> run;
};

namespace pcemu {

aclOpExecutor* register_executor(aclOpExecutor* e);
// Validates the executor, workspace and stream, runs the plan once, destroys the executor.
// `op_types`: the op types an executor of this entry point may have been planned for (one per route it takes).
aclnnStatus execute_once(const char* api, std::initializer_list<const char*> op_types, void* workspace,
                         uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream);
// The runtime must be initialised with a device set before operators are planned.
aclnnStatus require_device(const char* api);
void record_launch(const pcEmuLaunchInfo& info);
bool last_launch(pcEmuLaunchInfo* out);

}  // namespace pcemu
