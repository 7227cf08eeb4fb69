// Pieces every operator's two phases share: carving the client workspace, re-checking tensors at
// execute time, tagging the executor with the tiling and handing it to the client.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "npu/launch.h"
#include "npu/platform.h"
#include "ops/common/arg_checks.h"
#include "poolcheck_emu/emu.h"

namespace pcemu {

// Sub-buffers carved from the client's workspace at 512-byte boundaries.
class WorkspaceCarver {
 public:
  int64_t take(int64_t bytes) {
    const int64_t at = total_;
    total_ += (bytes + 511) / 512 * 512;
    return at;
  }
  int64_t total() const { return total_; }

 private:
  int64_t total_ = 0;
};

// The client may free memory or destroy tensors between the phases: 161002 when it did.
aclnnStatus recheck_tensors(const char* api, const std::vector<NamedTensor>& tensors);

struct PlanTag {
  const char* op_type;
  std::string strategy;
  std::string summary;
  uint64_t key = 0;
  int32_t block_dim = 1;
  int64_t ub_limit = 0;
  int64_t workspace = 0;
  bool atomics = false;
  bool deterministic = false;
};
void tag_plan(const PlanTag& tag, pcEmuLaunchInfo* info);

// The tag of a tiling: every operator's Tiling has key, block_dim, ub_limit, atomics and summary().
template <typename Tiling>
PlanTag plan_tag(const char* op_type, const char* strategy, const Tiling& t, int64_t workspace, bool deterministic) {
  return {op_type, strategy, t.summary(), t.key, t.block_dim, t.ub_limit, workspace, t.atomics, deterministic};
}

// What the first phase hands the executor: its tag and the second phase's work.
struct Plan {
  PlanTag tag;
  std::function<aclnnStatus(unsigned char* workspace, pcEmuLaunchInfo& info)> run;
};

// Names an operator reports itself by; `no_kernel_note` ends the 561003 message of a platform without kernels.
struct OpNames {
  const char* api;
  const char* op_type;
  const char* no_kernel_note = "";
};

// 561003 when the platform has no emulated kernels of the operator.
aclnnStatus require_kernels(const OpNames& op, const ActivePlatform& plat);

// Registers the executor of `plan` (recorded as the last launch) and returns it with its workspace size.
aclnnStatus hand_out_executor(Plan plan, uint64_t* workspace_size, aclOpExecutor** executor);

// Launches `spec` and records the UB high-water mark in `info`. `stats` seeds what is recorded when the
// launch is refused before it runs (an earlier launch of the same call).
aclnnStatus launch_recording(const LaunchSpec& spec, const std::function<void(BlockContext&)>& body,
                             pcEmuLaunchInfo& info, LaunchStats stats = {});

}  // namespace pcemu
