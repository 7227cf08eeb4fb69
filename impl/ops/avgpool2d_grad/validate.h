// op_api parameter validation of aclnnAvgPool2dBackward, in the documented order (its own code).
#pragma once

#include "aclnn/acl_meta.h"
#include "ops/avgpool2d_grad/problem.h"

namespace pcemu::avgpool {

struct RawArgs {
  const aclTensor* grad_output;
  const aclTensor* self;
  const aclIntArray* kernel;
  const aclIntArray* stride;  // may be null: stride = kernel
  const aclIntArray* padding;
  bool ceil_mode;
  bool count_include_pad;
  int64_t divisor_override;
  int8_t cube_math;
  const aclTensor* grad_input;
  uint64_t* workspace_size;
  aclOpExecutor** executor;
};

aclnnStatus validate(const RawArgs& a, Problem* out);

}  // namespace pcemu::avgpool
