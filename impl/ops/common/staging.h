// The second phase's data movement around a launch: a client view staged densely in the workspace
// (Contiguous, then for channels-last kernels the Transpose putting N*C innermost), and the way back
// (Transpose, then ViewCopy into the client's view).
#pragma once

#include <cstdint>

#include "runtime/tensor.h"

namespace pcemu {

// `planes` x `spatial` elements of `elem_bytes` from view `t` into `dst`, as (spatial, planes) when
// `channels_last`.
void stage_view(const aclTensor& t, int64_t elem_bytes, int64_t planes, int64_t spatial, bool channels_last,
                unsigned char* dst);
// The inverse: `src` (channels-last when `channels_last`) written into view `t`.
void unstage_view(const unsigned char* src, int64_t elem_bytes, int64_t planes, int64_t spatial, bool channels_last,
                  const aclTensor& t);

}  // namespace pcemu
