// aclnnMaxPool3dWithArgmaxBackward: validation, tiling and executor creation in the first phase; the
// second phase stages non-contiguous tensors (Contiguous / ViewCopy), checks the indices and launches.
#include <algorithm>

#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"
#include "npu/faults.h"
#include "npu/launch.h"
#include "ops/common/api_guard.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/gm_targets.h"
#include "ops/common/op_plan.h"
#include "ops/common/plan_call.h"
#include "ops/common/staging.h"
#include "ops/common/tensor_view.h"
#include "ops/maxpool3d_grad/a2_plan.h"
#include "ops/maxpool3d_grad/kernel_args.h"
#include "ops/maxpool3d_grad/regbase_op.h"
#include "ops/maxpool3d_grad/upstream_op_api.h"
#include "ops/maxpool3d_grad/validate.h"
#include "ops/maxpool3d_grad/workspace_layout.h"
#include "runtime/profile.h"

namespace pcemu::maxpool {

namespace {

constexpr const char* kNoKernelNote =
    " (emulated on Ascend910B and Ascend910_93 with the A2/A3 kernels, and on Ascend950 with the regbase SIMD/SIMT "
    "kernels)";

template <typename Codec>
aclnnStatus run_kernels(const Problem& pr, const Tiling& t, const WorkspaceLayout& wl, unsigned char* ws,
                        pcEmuLaunchInfo& info) {
  using T = typename Codec::T;
  const int64_t grad_elems = pr.nc() * pr.out_plane(), in_elems = pr.nc() * pr.in_plane();
  const int64_t dt = pr.dtype_bytes();
  // Contiguous: stage strided inputs densely in the workspace.
  unsigned char* grad = contiguous_input(ws, wl.grad, *pr.grad_output, dt);
  unsigned char* idx = contiguous_input(ws, wl.idx, *pr.indices, 4);
  unsigned char* out = staged_or_in_place(ws, wl.out, *pr.grad_input, dt);

  const auto idx_gm = readonly(reinterpret_cast<const int32_t*>(idx), grad_elems, "indices");
  LaunchSpec check{std::string(kOpType) + "/IndexRangeCheck",
                   t.summary(),
                   static_cast<int32_t>(std::clamp<int64_t>((grad_elems + 1023) / 1024, 1, t.block_dim)),
                   t.ub_limit,
                   {}};
  LaunchStats stats;
  if (t.check_indices) {  // not under the Upstream profile: ops-nn checks no index [MP.D.INDEX_VALIDITY]
    if (auto st = launch(
            check, [&](BlockContext& ctx) { index_check_kernel(ctx, pr, idx_gm); }, &stats))
      return st;
  }

  LaunchSpec main{std::string(kOpType) + "/" + strategy_name(t.strategy), t.summary(), t.block_dim, t.ub_limit, {}};
  KernelArgs<Codec> a;
  a.pr = &pr;
  a.t = &t;
  a.grad = readonly(reinterpret_cast<const T*>(grad), grad_elems, "gradOutput");
  a.idx = idx_gm;
  a.out = writable(main, reinterpret_cast<T*>(out), in_elems, "gradInput");
  a.acc = accumulation_target(main, t.fp32_workspace ? reinterpret_cast<float*>(ws + wl.acc) : nullptr, a.out);
  const auto body = [&](BlockContext& ctx) {
    if (t.init_output) {
      zero_accumulation<Codec>(ctx, a.acc, a.out, t.fp32_workspace);
      ctx.sync_all();
    }
    switch (t.strategy) {
      case Strategy::Normal:
        normal_kernel(ctx, a);
        break;
      case Strategy::CutK:
        cutk_kernel(ctx, a);
        break;
      case Strategy::Scatter:
        scatter_kernel(ctx, a);
        break;
    }
    if (t.fp32_workspace) {
      ctx.sync_all();
      cast_from_fp32<Codec>(ctx, a.acc, a.out);
    }
  };
  // A main launch refused before it runs leaves the index check's high-water mark recorded.
  if (auto st = launch_recording(main, body, info, stats)) return st;
  if (wl.out >= 0) scatter_view(out, dt, *pr.grad_input);  // ViewCopy into the strided gradInput
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus run_a2_kernels(const Problem& pr, const Tiling& t, const WorkspaceLayout& wl, unsigned char* ws,
                           pcEmuLaunchInfo& info) {
  return dispatch_dtype(pr.dtype, [&](auto codec) { return run_kernels<decltype(codec)>(pr, t, wl, ws, info); });
}

Plan make_plan(const Problem& pr, const Tiling& t, bool deterministic) {
  const WorkspaceLayout wl = workspace_layout(pr, t.fp32_workspace);
  return {plan_tag(kOpType, strategy_name(t.strategy), t, wl.total, deterministic),
          [pr, t, wl](unsigned char* ws, pcEmuLaunchInfo& info) -> aclnnStatus {
            if (auto st = recheck_call_tensors(pr)) return st;
            return run_a2_kernels(pr, t, wl, ws, info);
          }};
}

aclnnStatus get_workspace_size(const RawArgs& args) {
  // Ascend 950 tiles with the regbase templates and runs their kernels (regbase_op.cpp).
  if (uses_regbase_tiling(active_platform().profile))
    return upstream_profile() ? get_workspace_size_regbase_upstream(args, {kApi, kOpType, kNoKernelNote})
                              : get_workspace_size_regbase(args, {kApi, kOpType, kNoKernelNote});
  // Upstream profile: ops-nn's own GetWorkspaceSize sequence (upstream_op_api.cpp, MP.D.* entries).
  if (upstream_profile()) return get_workspace_size_upstream(args, {kApi, kOpType, kNoKernelNote}, make_plan);
  return plan_call({kApi, kOpType, kNoKernelNote}, args, validate, plan_tiling, make_plan);
}

}  // namespace pcemu::maxpool

extern "C" {

aclnnStatus aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                             const aclTensor* indices, const aclIntArray* kernelSize,
                                                             const aclIntArray* stride, const aclIntArray* padding,
                                                             const aclIntArray* dilation, bool ceilMode,
                                                             aclTensor* gradInput, uint64_t* workspaceSize,
                                                             aclOpExecutor** executor) {
  return pcemu::guard_api(pcemu::maxpool::kApi, "GetWorkspaceSize", [&] {
    return pcemu::maxpool::get_workspace_size({gradOutput, self, indices, kernelSize, stride, padding, dilation,
                                               ceilMode, gradInput, workspaceSize, executor});
  });
}

aclnnStatus aclnnMaxPool3dWithArgmaxBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                             aclrtStream stream) {
  return pcemu::guarded_execute(pcemu::maxpool::kApi, pcemu::maxpool::kOpType, workspace, workspaceSize, executor,
                                stream);
}

}  // extern "C"
