/*
 * aclnnAdaptiveAvgPool2dBackward — gradient of 2-D adaptive average pooling (NCHW or CHW). Signatures as in
 * the CANN documentation.
 */
#ifndef POOLCHECK_ACLNNOP_ACLNN_ADAPTIVE_AVG_POOL2D_BACKWARD_H_
#define POOLCHECK_ACLNNOP_ACLNN_ADAPTIVE_AVG_POOL2D_BACKWARD_H_

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveAvgPool2dBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                                                 const aclTensor* self, aclTensor* out,
                                                                                 uint64_t* workspaceSize,
                                                                                 aclOpExecutor** executor);

ACLNN_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveAvgPool2dBackward(void* workspace, uint64_t workspaceSize,
                                                                 aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif
