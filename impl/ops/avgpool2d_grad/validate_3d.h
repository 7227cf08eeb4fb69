// op_api parameter validation of aclnnAvgPool3dBackward, in its document's order (its own rules; the
// checks it shares with the 2-D entry point come from ops/common).
#pragma once

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

}  // namespace pcemu::avgpool
