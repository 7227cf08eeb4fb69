/*
 * aclnnMaxPool3dWithArgmaxBackward — gradient of the 3-D max pooling with argmax. Signatures as in the
 * CANN documentation (two-phase: GetWorkspaceSize, then execute on a stream).
 */
#ifndef POOLCHECK_ACLNNOP_ACLNN_MAX_POOL3D_WITH_ARGMAX_BACKWARD_H_
#define POOLCHECK_ACLNNOP_ACLNN_MAX_POOL3D_WITH_ARGMAX_BACKWARD_H_

#include <stdbool.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_FUNC_VISIBILITY aclnnStatus aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclTensor* self, const aclTensor* indices, const aclIntArray* kernelSize,
    const aclIntArray* stride, const aclIntArray* padding, const aclIntArray* dilation, bool ceilMode,
    aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor);

ACLNN_FUNC_VISIBILITY aclnnStatus aclnnMaxPool3dWithArgmaxBackward(void* workspace, uint64_t workspaceSize,
                                                                   aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
