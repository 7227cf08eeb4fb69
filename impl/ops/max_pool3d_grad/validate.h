// op_api parameter validation of aclnnMaxPool3dWithArgmaxBackward: the documented checks in the
// documented order, one log line per failure. Its own code: it never calls the harness's spec.
#pragma once

#include "aclnn/acl_meta.h"
#include "ops/max_pool3d_grad/problem.h"

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

}  // namespace pcemu::maxpool
