// op_api parameter validation of aclnnMaxPool3dWithArgmaxBackward: the documented checks in the
// documented order, one log line per failure. Its own code: it never calls the harness's spec.
#pragma once

#include "aclnn/acl_meta.h"
#include "ops/maxpool3d_grad/problem.h"

namespace pcemu::maxpool {

struct RawArgs {
  const aclTensor* grad_output;
  const aclTensor* self;
  const aclTensor* indices;
  const aclIntArray* kernel;
  const aclIntArray* stride;
  const aclIntArray* padding;
  const aclIntArray* dilation;
  bool ceil_mode;
  const aclTensor* grad_input;
  uint64_t* workspace_size;
  aclOpExecutor** executor;
};

aclnnStatus validate(const RawArgs& a, Problem* out);
// The emulator's own checks of non-null arguments: live handles, tensor views inside their allocations.
aclnnStatus check_handles(const RawArgs& a, const char* api = kApi);
// Shapes (N and C from self, D/H/W of self and of gradOutput), ceilMode, dtypes and tensors of a call
// whose checks passed; kernel, stride, padding and dilation are set by the checks.
void describe_problem(const RawArgs& a, Problem* pr);
// The second phase's recheck that the call's tensors are still alive and unchanged, for either arch's kernels.
aclnnStatus recheck_call_tensors(const Problem& pr);

}  // namespace pcemu::maxpool
