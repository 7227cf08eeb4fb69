// A backend that refuses every valid call, for the harness's own tests: the bundled emulator, except that each
// operator's GetWorkspaceSize, when the emulator accepts the call, releases the executor and answers
// ACLNN_ERR_INNER_FIND_KERNEL_ERROR, as a library without a kernel for the platform would. Calls the emulator
// rejects keep their status, so only valid calls are refused. Everything else goes to the emulator untouched.
#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>

#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_adaptive_avg_pool3d_backward.h"
#include "aclnnop/aclnn_avgpool2d_backward.h"
#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"
#include "next_definition.h"

namespace {

constexpr const char* kWrapper = "refusing backend";

// The emulator's verdict, turned into a refusal when it accepted the call.
aclnnStatus refuse_if_accepted(aclnnStatus st, uint64_t* workspace_size, aclOpExecutor** executor) {
  if (st != 0 || !executor || !*executor) return st;
  static const auto destroy = next_definition<decltype(&aclDestroyAclOpExecutor)>(kWrapper, "aclDestroyAclOpExecutor");
  destroy(*executor);
  *executor = nullptr;
  if (workspace_size) *workspace_size = 0;
  return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) aclnnStatus aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclTensor* self, const aclTensor* indices, const aclIntArray* kernelSize,
    const aclIntArray* stride, const aclIntArray* padding, const aclIntArray* dilation, bool ceilMode,
    aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor) {
  static const auto real = next_definition<decltype(&aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize)>(
      kWrapper, "aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize");
  return refuse_if_accepted(real(gradOutput, self, indices, kernelSize, stride, padding, dilation, ceilMode, gradInput,
                                 workspaceSize, executor),
                            workspaceSize, executor);
}

__attribute__((visibility("default"))) aclnnStatus aclnnAvgPool2dBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclTensor* self, const aclIntArray* kernelSize, const aclIntArray* stride,
    const aclIntArray* padding, bool ceilMode, bool countIncludePad, int64_t divisorOverride, int8_t cubeMathType,
    aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor) {
  static const auto real = next_definition<decltype(&aclnnAvgPool2dBackwardGetWorkspaceSize)>(
      kWrapper, "aclnnAvgPool2dBackwardGetWorkspaceSize");
  return refuse_if_accepted(real(gradOutput, self, kernelSize, stride, padding, ceilMode, countIncludePad,
                                 divisorOverride, cubeMathType, gradInput, workspaceSize, executor),
                            workspaceSize, executor);
}

__attribute__((visibility("default"))) aclnnStatus aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  static const auto real = next_definition<decltype(&aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize)>(
      kWrapper, "aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize");
  return refuse_if_accepted(real(gradOutput, self, out, workspaceSize, executor), workspaceSize, executor);
}

}  // extern "C"
