/*
 * aclnnAvgPool3dBackward — gradient of 3-D average pooling. Signatures as in the CANN documentation.
 */
#ifndef POOLCHECK_ACLNNOP_ACLNN_AVGPOOL3D_BACKWARD_H_
#define POOLCHECK_ACLNNOP_ACLNN_AVGPOOL3D_BACKWARD_H_

#include <stdbool.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_FUNC_VISIBILITY aclnnStatus aclnnAvgPool3dBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclTensor* self, const aclIntArray* kernelSize, const aclIntArray* stride,
    const aclIntArray* padding, bool ceilMode, bool countIncludePad, int64_t divisorOverride, aclTensor* output,
    uint64_t* workspaceSize, aclOpExecutor** executor);

ACLNN_FUNC_VISIBILITY aclnnStatus aclnnAvgPool3dBackward(void* workspace, uint64_t workspaceSize,
                                                         aclOpExecutor* executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
