// op_api parameter validation of aclnnAdaptiveAvgPool3dBackward, in the documented order (its own code).
#pragma once

#include "aclnn/acl_meta.h"
#include "ops/adaptive_avgpool3d_grad/problem.h"

namespace pcemu::adaptive {

struct RawArgs {
  const aclTensor* grad_output;
  const aclTensor* self;
  const aclTensor* out;
  uint64_t* workspace_size;
  aclOpExecutor** executor;
};

aclnnStatus validate(const RawArgs& a, Problem* out);
// N*C planes, input and output D/H/W, dtype and tensors of a call whose checks passed (ranks equal).
void describe_problem(const RawArgs& a, Problem* pr);

}  // namespace pcemu::adaptive
