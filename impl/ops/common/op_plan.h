// Pieces every operator's two phases share: carving the client workspace, re-checking tensors at
// execute time, and tagging the executor with the tiling.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
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

}  // namespace pcemu
