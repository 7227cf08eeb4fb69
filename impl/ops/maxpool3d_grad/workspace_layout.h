// Where the second phase carves its buffers from the client's workspace, for both archs' kernels.
#pragma once

#include <cstdint>

#include "ops/maxpool3d_grad/problem.h"

namespace pcemu::maxpool {

// Byte offsets of the sub-buffers (-1: not needed, the view is used in place) and the total.
struct WorkspaceLayout {
  int64_t grad = -1, idx = -1, acc = -1, out = -1;
  int64_t total = 0;
};

// Dense copies of the gradOutput, indices and gradInput views the kernels cannot use in place (Contiguous,
// ViewCopy), and the fp32 accumulator when fp16/bf16 results are summed in GM.
WorkspaceLayout workspace_layout(const Problem& pr, bool fp32_accumulator);

}  // namespace pcemu::maxpool
