// op_api parameter validation of aclnnAvgPool3dBackward, in its document's order (its own rules; the
// checks it shares with the 2-D entry point come from ops/common).
#pragma once

#include <array>
#include <cstdint>

#include "aclnn/acl_meta.h"
#include "ops/avgpool2d_grad/problem.h"

namespace pcemu::avgpool {

struct RawArgs3d {
  const aclTensor* grad_output;
  const aclTensor* self;
  const aclIntArray* kernel;
  const aclIntArray* stride;  // may be null (the document lists no null-pointer rule for it): stride = kernel
  const aclIntArray* padding;
  bool ceil_mode;
  bool count_include_pad;
  int64_t divisor_override;
  const aclTensor* output;
  uint64_t* workspace_size;
  aclOpExecutor** executor;
};

aclnnStatus validate_3d(const RawArgs3d& a, Problem* out);

// The problem of a validated call with its lists filled to (D, H, W): shapes, windows, ceilMode, the tensors and
// the deterministic N*C groups; countIncludePad and the divisor as given (a profile adjusts them).
void describe_problem_3d(const RawArgs3d& a, const std::array<int64_t, 3>& k, const std::array<int64_t, 3>& s,
                         const std::array<int64_t, 3>& p, Problem* pr);

}  // namespace pcemu::avgpool
