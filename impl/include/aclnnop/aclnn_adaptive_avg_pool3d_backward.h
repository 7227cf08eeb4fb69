/*
 * aclnnAdaptiveAvgPool3dBackward — gradient of 3-D adaptive average pooling. Signatures as in the CANN
 * documentation.
 */
#ifndef POOLCHECK_ACLNNOP_ACLNN_ADAPTIVE_AVG_POOL3D_BACKWARD_H_
#define POOLCHECK_ACLNNOP_ACLNN_ADAPTIVE_AVG_POOL3D_BACKWARD_H_

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                                                 const aclTensor* self, aclTensor* out,
                                                                                 uint64_t* workspaceSize,
                                                                                 aclOpExecutor** executor);

ACLNN_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveAvgPool3dBackward(void* workspace, uint64_t workspaceSize,
                                                                 aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
