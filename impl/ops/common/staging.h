// The second phase's data movement around a launch: a client view staged densely in the workspace
// (Contiguous, then for channels-last kernels the Transpose putting N*C innermost), and the way back
// (Transpose, then ViewCopy into the client's view). Like the l0 Contiguous and ViewCopy, a contiguous
// view the kernel can use as it is is not copied: the kernel reads or writes the client's memory.
#pragma once

#include <cstdint>

#include "runtime/tensor.h"

namespace pcemu {

// Which of an operator's gradient (input) and result (output) views need a copy in the workspace.
struct StagingPlan {
  bool stage_grad = true;
  bool stage_out = true;
};
// Channels-last kernels need both staged (transposed). Otherwise a contiguous result is written in
// place; a contiguous gradient is read in place unless the result, written in place, shares its bytes
// (the kernel would then read gradients it had already overwritten).
StagingPlan plan_staging(const aclTensor& grad, const aclTensor& out, int64_t elem_bytes, bool channels_last);

// Where the second phase finds a view's data: its copy at workspace offset `at`, or the view itself in
// place when `at` is negative (the layout took no workspace for it).
unsigned char* staged_or_in_place(unsigned char* ws, int64_t at, const aclTensor& view, int64_t elem_bytes);
// An input view for the kernel: gathered densely into its workspace copy at `at` (Contiguous), or read in
// place when `at` is negative.
unsigned char* contiguous_input(unsigned char* ws, int64_t at, const aclTensor& view, int64_t elem_bytes);

// `planes` x `spatial` elements of `elem_bytes` from view `t` into `dst`, as (spatial, planes) when
// `channels_last`.
void stage_view(const aclTensor& t, int64_t elem_bytes, int64_t planes, int64_t spatial, bool channels_last,
                unsigned char* dst);
// The inverse: `src` (channels-last when `channels_last`) written into view `t`.
void unstage_view(const unsigned char* src, int64_t elem_bytes, int64_t planes, int64_t spatial, bool channels_last,
                  const aclTensor& t);

}  // namespace pcemu
