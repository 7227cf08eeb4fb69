// aclnnAdaptiveAvgPool3dBackward: validation, path and tiling in the first phase; the second phase stages
// the data (Contiguous and, for the general path, the transpose to (D, H, W, N*C)), launches, and
// writes `out` back through ViewCopy.
#include <memory>
#include <vector>

#include "aclnnop/aclnn_adaptive_avg_pool3d_backward.h"
#include "common/log.h"
#include "npu/launch.h"
#include "npu/platform.h"
#include "ops/adaptive_avg_pool3d_grad/kernels.h"
#include "ops/adaptive_avg_pool3d_grad/validate.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/op_plan.h"
#include "ops/common/tensor_view.h"
#include "runtime/executor.h"
#include "runtime/runtime_state.h"

namespace pcemu::adaptive {

namespace {

struct Layout {
  int64_t grad = 0, out = 0, acc = -1, total = 0;
};

Layout layout_for(const Problem& pr, const Tiling& t) {
  WorkspaceCarver w;
  Layout l;
  const int64_t in_elems = pr.nc() * pr.in[0] * pr.in[1] * pr.in[2];
  l.grad = w.take(pr.nc() * pr.out[0] * pr.out[1] * pr.out[2] * pr.dtype_bytes());
  l.out = w.take(in_elems * pr.dtype_bytes());
  if (t.fp32_workspace) l.acc = w.take(in_elems * 4);
  l.total = w.total();
  return l;
}

template <typename Codec>
aclnnStatus run_kernels(const Problem& pr, const Tiling& t, const Layout& l, unsigned char* ws, pcEmuLaunchInfo& info) {
  using T = typename Codec::T;
  const int64_t eb = pr.dtype_bytes();
  const int64_t out_spatial = pr.out[0] * pr.out[1] * pr.out[2], in_spatial = pr.in[0] * pr.in[1] * pr.in[2];
  const int64_t grad_elems = pr.nc() * out_spatial, in_elems = pr.nc() * in_spatial;
  const bool general = t.path == Path::General;
  if (general) {  // Contiguous, then Transpose to (Do, Ho, Wo, N*C)
    std::vector<unsigned char> dense(static_cast<size_t>(grad_elems * eb));
    gather_view(*pr.grad_output, eb, dense.data());
    transpose_planes(dense.data(), ws + l.grad, pr.nc(), out_spatial, eb, true);
  } else {
    gather_view(*pr.grad_output, eb, ws + l.grad);
  }
  LaunchSpec spec{std::string(kOpType) + "/" + path_name(t.path), t.summary(), t.block_dim, t.ub_limit, {}};
  KernelArgs<Codec> a;
  a.pr = &pr;
  a.t = &t;
  a.grad = readonly(reinterpret_cast<const T*>(ws + l.grad), grad_elems, "gradOutput");
  a.out = writable(spec, reinterpret_cast<T*>(ws + l.out), in_elems, "out");
  if (t.fp32_workspace)
    a.acc = writable(spec, reinterpret_cast<float*>(ws + l.acc), in_elems, "fp32 workspace");
  else if constexpr (sizeof(T) == 4)
    a.acc = GmTensor<float>{reinterpret_cast<float*>(ws + l.out), in_elems, "out", a.out.shadow};
  LaunchStats stats;
  const aclnnStatus st = launch(
      spec, [&](BlockContext& ctx) { general ? general_kernel(ctx, a) : all_one_kernel(ctx, a); }, &stats);
  info.ubHighWater = stats.ub_high_water;
  if (st) return st;
  if (general) {  // Transpose back to (N*C, D, H, W), then ViewCopy
    std::vector<unsigned char> dense(static_cast<size_t>(in_elems * eb));
    transpose_planes(ws + l.out, dense.data(), pr.nc(), in_spatial, eb, false);
    scatter_view(dense.data(), eb, *pr.grad_input);
  } else {
    scatter_view(ws + l.out, eb, *pr.grad_input);
  }
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus get_workspace_size(const RawArgs& args) {
  if (auto st = require_device(kApi)) return st;
  Problem pr;
  if (auto st = validate(args, &pr)) return st;
  const ActivePlatform plat = active_platform();
  if (!plat.has_kernels(kOpType))
    return fail(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "{}: no emulated kernel for {} on {}", kApi, kOpType,
                plat.profile.soc);
  std::string why;
  const bool det = runtime().deterministic;
  const auto tiling = plan_tiling(pr, plat.profile, det, &why);
  if (!tiling) return fail(ACLNN_ERR_INNER_TILING_ERROR, "{}: tiling failed: {}", kApi, why);
  const Layout l = layout_for(pr, *tiling);
  auto exec = std::make_unique<aclOpExecutor>();
  exec->op_type = kOpType;
  exec->workspace_bytes = static_cast<uint64_t>(l.total);
  tag_plan({kOpType, path_name(tiling->path), tiling->summary(), tiling->key, tiling->block_dim, tiling->ub_limit,
            l.total, tiling->atomics, det},
           &exec->info);
  record_launch(exec->info);
  exec->run = [pr, t = *tiling, l](unsigned char* ws, pcEmuLaunchInfo& info) -> aclnnStatus {
    if (auto st = recheck_tensors(kApi, {{"gradOutput", pr.grad_output}, {"out", pr.grad_input}})) return st;
    switch (pr.dtype) {
      case ACL_FLOAT16:
        return run_kernels<CodecF16>(pr, t, l, ws, info);
      case ACL_BF16:
        return run_kernels<CodecBF16>(pr, t, l, ws, info);
      default:
        return run_kernels<CodecF32>(pr, t, l, ws, info);
    }
  };
  *args.workspace_size = exec->workspace_bytes;
  *args.executor = register_executor(exec.release());
  return ACLNN_SUCCESS;
}

}  // namespace pcemu::adaptive

extern "C" {

aclnnStatus aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                           aclTensor* out, uint64_t* workspaceSize,
                                                           aclOpExecutor** executor) {
  try {
    return pcemu::adaptive::get_workspace_size({gradOutput, self, out, workspaceSize, executor});
  } catch (const std::exception& e) {
    return pcemu::fail(ACLNN_ERR_INNER, "{}GetWorkspaceSize: internal error: {}", pcemu::adaptive::kApi, e.what());
  }
}

aclnnStatus aclnnAdaptiveAvgPool3dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream) {
  try {
    return pcemu::execute_once(pcemu::adaptive::kApi, pcemu::adaptive::kOpType, workspace, workspaceSize, executor,
                               stream);
  } catch (const std::exception& e) {
    return pcemu::fail(ACLNN_ERR_INNER, "{}: internal error: {}", pcemu::adaptive::kApi, e.what());
  }
}

}  // extern "C"
