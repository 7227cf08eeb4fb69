/*
 * aclnnMaxPool2dWithMaskBackward and aclnnMaxPool2dWithIndicesBackward — gradients of the 2-D max pooling with
 * a mask or with indices (one header for both, as in CANN). Signatures as in the CANN documentation
 * (two-phase: GetWorkspaceSize, then execute on a stream).
 */
#ifndef POOLCHECK_ACLNNOP_ACLNN_MAX_POOL2D_WITH_INDICES_BACKWARD_H_
#define POOLCHECK_ACLNNOP_ACLNN_MAX_POOL2D_WITH_INDICES_BACKWARD_H_

#include <stdbool.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_FUNC_VISIBILITY aclnnStatus aclnnMaxPool2dWithMaskBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclTensor* self, const aclTensor* indices, const aclIntArray* kernelSize,
    const aclIntArray* stride, const aclIntArray* padding, const aclIntArray* dilation, bool ceilMode,
    aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor);

ACLNN_FUNC_VISIBILITY aclnnStatus aclnnMaxPool2dWithMaskBackward(void* workspace, uint64_t workspaceSize,
                                                                 aclOpExecutor* executor, aclrtStream stream);

ACLNN_FUNC_VISIBILITY aclnnStatus aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclTensor* self, const aclTensor* indices, const aclIntArray* kernelSize,
    const aclIntArray* stride, const aclIntArray* padding, const aclIntArray* dilation, bool ceilMode,
    aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor);

ACLNN_FUNC_VISIBILITY aclnnStatus aclnnMaxPool2dWithIndicesBackward(void* workspace, uint64_t workspaceSize,
                                                                    aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
