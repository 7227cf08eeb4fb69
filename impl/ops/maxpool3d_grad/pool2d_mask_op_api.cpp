// aclnnMaxPool2dWithMaskBackward, routed as ops-nn's op_api routes it. On Atlas A2/A3 with a kernel other than
// 1x1 it views the call as NCDHW with D = 1 and runs MaxPool3DGradWithArgmax with an INT32 argmax tensor of
// gradOutput's shape laid over the INT8 mask's memory (IndicesInputProcess3D): the forward aclnnMaxPool2dWithMask
// on those SoCs writes MaxPool3DWithArgmaxV2's INT32 argmax there. A 1x1 kernel on A2/A3, and every call on the
// Atlas training series, run MaxPoolGradWithArgmaxV1 on the NC1HWC0 bit mask (v1_mask.h, docs/mask-layout.md).
#include <cstdint>

#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "common/log.h"
#include "ops/common/api_guard.h"
#include "ops/common/plan_call.h"
#include "ops/common/staging.h"
#include "ops/common/tensor_view.h"
#include "ops/maxpool3d_grad/a2_plan.h"
#include "ops/maxpool3d_grad/pool2d_validate.h"
#include "ops/maxpool3d_grad/v1_mask.h"

namespace pcemu::maxpool {

namespace {

constexpr const char* kMaskNoKernelNote =
    " (emulated on Ascend910B and Ascend910_93, MaxPool3DGradWithArgmax for kernels other than 1x1 and "
    "MaxPoolGradWithArgmaxV1 for 1x1, and on Ascend910 with MaxPoolGradWithArgmaxV1)";

// The argmax the kernels read: N*C*Do*Ho*Wo dense INT32 values from the first bytes of the (dense) mask.
aclTensor argmax_view(const Problem& pr, unsigned char* mask) {
  aclTensor t;
  t.view_shape = {pr.n, pr.c, pr.out[0], pr.out[1], pr.out[2]};
  t.strides = {pr.c * pr.out_plane(), pr.out_plane(), pr.out[1] * pr.out[2], pr.out[2], 1};
  t.storage_shape = t.view_shape;
  t.dtype = ACL_INT32;
  t.format = ACL_FORMAT_NCDHW;
  t.data = mask;
  return t;
}

// A mask the kernels cannot read as INT32 in place (strided, or not at a 4-byte boundary) is copied densely
// to the front of the workspace first (Contiguous); the family's own buffers follow.
struct MaskStaging {
  int64_t at = -1;
  int64_t family_base = 0;
};

MaskStaging mask_staging(const aclTensor& mask) {
  MaskStaging m;
  const auto address = reinterpret_cast<uintptr_t>(view_data(mask, 1));
  if (is_contiguous(mask) && address % 4 == 0) return m;
  WorkspaceCarver carver;
  m.at = carver.take(static_cast<int64_t>(numel(mask.view_shape).value_or(0)));
  m.family_base = carver.total();
  return m;
}

Plan make_mask_plan(const Problem& pr, const Tiling& t, bool deterministic) {
  const MaskStaging ms = mask_staging(*pr.indices);
  Problem layout_pr = pr;
  const aclTensor layout_view = argmax_view(pr, nullptr);  // dense: the layout takes no copy of it
  layout_pr.indices = &layout_view;
  const WorkspaceLayout wl = workspace_layout(layout_pr, t.fp32_workspace);
  return {plan_tag(kOpType, strategy_name(t.strategy), t, ms.family_base + wl.total, deterministic),
          [pr, t, wl, ms](unsigned char* ws, pcEmuLaunchInfo& info) -> aclnnStatus {
            if (auto st = recheck_call_tensors(pr)) return st;
            aclTensor argmax = argmax_view(pr, contiguous_input(ws, ms.at, *pr.indices, 1));
            Problem kernel_pr = pr;
            kernel_pr.indices = &argmax;
            return run_a2_kernels(kernel_pr, t, wl, ws + ms.family_base, info);
          }};
}

// The first phase of plan_call, with the route chosen once the call validated.
aclnnStatus get_workspace_size_mask(const RawArgs& args) {
  const char* api = pool2d_api(Pool2dEntry::Mask);
  if (auto st = require_device(api)) return st;
  Problem pr;
  if (auto st = validate_pool2d(Pool2dEntry::Mask, args, &pr)) return st;
  const ActivePlatform plat = active_platform();
  const bool v1 = v1::routes_to_v1(pr, plat.profile);
  const OpNames op{api, v1 ? v1::kV1OpType : kOpType, kMaskNoKernelNote};
  if (auto st = require_kernels(op, plat)) return st;
  return v1 ? tile_and_hand_out(op, args, pr, plat, v1::plan_v1_tiling, v1::make_v1_plan)
            : tile_and_hand_out(op, args, pr, plat, plan_tiling, make_mask_plan);
}

}  // namespace

}  // namespace pcemu::maxpool

extern "C" {

aclnnStatus aclnnMaxPool2dWithMaskBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                           const aclTensor* indices, const aclIntArray* kernelSize,
                                                           const aclIntArray* stride, const aclIntArray* padding,
                                                           const aclIntArray* dilation, bool ceilMode,
                                                           aclTensor* gradInput, uint64_t* workspaceSize,
                                                           aclOpExecutor** executor) {
  using namespace pcemu::maxpool;
  return pcemu::guard_api(pool2d_api(Pool2dEntry::Mask), "GetWorkspaceSize", [&] {
    return get_workspace_size_mask({gradOutput, self, indices, kernelSize, stride, padding, dilation, ceilMode,
                                    gradInput, workspaceSize, executor});
  });
}

aclnnStatus aclnnMaxPool2dWithMaskBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream) {
  using namespace pcemu::maxpool;
  // Either route's executor: the first phase chose it (the executor knows its op type).
  return pcemu::guarded_execute(pool2d_api(Pool2dEntry::Mask), {kOpType, v1::kV1OpType}, workspace, workspaceSize,
                                executor, stream);
}

}  // extern "C"
