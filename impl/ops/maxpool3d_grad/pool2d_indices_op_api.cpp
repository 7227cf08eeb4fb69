// aclnnMaxPool2dWithIndicesBackward: ops-nn's op_api views the 2-D problem as NCDHW with D = 1 and runs
// MaxPool3DGradWithArgmax, so the first phase validates per the document (pool2d_validate.cpp) and hands the
// 3-D problem to this family's tiling and executor: the A2/A3 templates, or the Ascend 950 regbase ones.
#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "common/log.h"
#include "ops/common/api_guard.h"
#include "ops/common/plan_call.h"
#include "ops/maxpool3d_grad/a2_plan.h"
#include "ops/maxpool3d_grad/pool2d_validate.h"
#include "ops/maxpool3d_grad/regbase_op.h"

namespace pcemu::maxpool {

namespace {

constexpr const char* kIndicesNoKernelNote =
    " (emulated on Ascend910B and Ascend910_93 with the A2/A3 kernels, and on Ascend950 with the regbase SIMD/SIMT "
    "kernels, NCHW only)";

aclnnStatus validate_indices(const RawArgs& a, Problem* pr) {
  if (auto st = validate_pool2d(Pool2dEntry::Indices, a, pr)) return st;
  // ops-nn runs MaxPoolGradWithArgmaxV3's channels-last kernel for NHWC on 950; the emulator has none.
  if (a.self->format == ACL_FORMAT_NHWC)
    return fail(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "{}: no emulated kernel for NHWC tensors on {}{}", pr->api,
                active_platform().profile.soc, kIndicesNoKernelNote);
  return ACLNN_SUCCESS;
}

aclnnStatus get_workspace_size_indices(const RawArgs& args) {
  const OpNames op{pool2d_api(Pool2dEntry::Indices), kOpType, kIndicesNoKernelNote};
  if (uses_regbase_tiling(active_platform().profile))
    return plan_call(op, args, validate_indices, plan_regbase_tiling, make_regbase_plan);
  return plan_call(op, args, validate_indices, plan_tiling, make_plan);
}

}  // namespace

}  // namespace pcemu::maxpool

extern "C" {

aclnnStatus aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                              const aclTensor* indices, const aclIntArray* kernelSize,
                                                              const aclIntArray* stride, const aclIntArray* padding,
                                                              const aclIntArray* dilation, bool ceilMode,
                                                              aclTensor* gradInput, uint64_t* workspaceSize,
                                                              aclOpExecutor** executor) {
  using namespace pcemu::maxpool;
  return pcemu::guard_api(pool2d_api(Pool2dEntry::Indices), "GetWorkspaceSize", [&] {
    return get_workspace_size_indices({gradOutput, self, indices, kernelSize, stride, padding, dilation, ceilMode,
                                       gradInput, workspaceSize, executor});
  });
}

aclnnStatus aclnnMaxPool2dWithIndicesBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                              aclrtStream stream) {
  using namespace pcemu::maxpool;
  return pcemu::guarded_execute(pool2d_api(Pool2dEntry::Indices), kOpType, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
