// aclnnAvgPool2dBackward: validation, path choice and tiling in the first phase; the second phase stages
// the data (Contiguous, the channels-last Transpose of the vector path), launches, and writes gradInput
// back through ViewCopy.
#include <cstring>
#include <memory>
#include <vector>

#include "aclnnop/aclnn_avgpool2d_backward.h"
#include "common/log.h"
#include "npu/faults.h"
#include "npu/launch.h"
#include "npu/platform.h"
#include "ops/avg_pool2d_grad/kernel_args.h"
#include "ops/avg_pool2d_grad/validate.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/op_plan.h"
#include "ops/common/phases.h"
#include "ops/common/tensor_view.h"
#include "runtime/executor.h"
#include "runtime/runtime_state.h"

namespace pcemu::avgpool {

namespace {

struct WorkspaceLayout {
  int64_t grad = 0, out = 0, acc = -1;  // byte offsets; acc -1 when not needed
  int64_t total = 0;
};

WorkspaceLayout layout_for(const Problem& pr, const Tiling& t) {
  WorkspaceLayout w;
  WorkspaceCarver carver;
  auto take = [&](int64_t bytes) { return carver.take(bytes); };
  // Every path stages a dense gradient and a dense output (transposed for the vector path).
  w.grad = take(pr.nc() * pr.out[0] * pr.out[1] * pr.dtype_bytes());
  w.out = take(pr.nc() * pr.in[0] * pr.in[1] * pr.dtype_bytes());
  if (t.path == Path::Vector && t.fp32_workspace) w.acc = take(pr.nc() * pr.in[0] * pr.in[1] * 4);
  w.total = carver.total();
  return w;
}

template <typename Codec>
aclnnStatus run_kernels(const Problem& pr, const Tiling& t, const WorkspaceLayout& wl, unsigned char* ws,
                        pcEmuLaunchInfo& info) {
  using T = typename Codec::T;
  const int64_t eb = pr.dtype_bytes();
  const int64_t out_spatial = pr.out[0] * pr.out[1], in_spatial = pr.in[0] * pr.in[1];
  const int64_t grad_elems = pr.nc() * out_spatial, in_elems = pr.nc() * in_spatial;
  unsigned char* grad = ws + wl.grad;
  unsigned char* out = ws + wl.out;
  if (t.path == Path::Vector) {  // Contiguous, then Transpose to (Ho, Wo, N*C)
    std::vector<unsigned char> dense(static_cast<size_t>(grad_elems * eb));
    gather_view(*pr.grad_output, eb, dense.data());
    transpose_planes(dense.data(), grad, pr.nc(), out_spatial, eb, true);
  } else {
    gather_view(*pr.grad_output, eb, grad);
  }
  LaunchSpec spec{std::string(kOpType) + "/" + path_name(t.path), t.summary(), t.block_dim, t.ub_limit, {}};
  KernelArgs<Codec> a;
  a.pr = &pr;
  a.t = &t;
  a.grad = readonly(reinterpret_cast<const T*>(grad), grad_elems, "gradOutput");
  a.out = writable(spec, reinterpret_cast<T*>(out), in_elems, "gradInput");
  if (t.fp32_workspace)
    a.acc = writable(spec, reinterpret_cast<float*>(ws + wl.acc), in_elems, "fp32 workspace");
  else if constexpr (sizeof(T) == 4)
    a.acc = GmTensor<float>{reinterpret_cast<float*>(out), in_elems, "gradInput", a.out.shadow};
  const auto body = [&](BlockContext& ctx) {
    switch (t.path) {
      case Path::Global:
        global_kernel(ctx, a);
        return;
      case Path::Cube:
        cube_kernel(ctx, a);
        return;
      case Path::Vector:
        if (fault_on(Fault::SkipInit))
          ;
        else if (t.fp32_workspace)
          zero_fill(ctx, a.acc, 0.0f);
        else
          zero_fill(ctx, a.out, Codec::store(0.0f));
        ctx.sync_all();
        vector_kernel(ctx, a);
        if (t.fp32_workspace) {
          ctx.sync_all();
          cast_from_fp32<Codec>(ctx, a.acc, a.out);
        }
    }
  };
  LaunchStats stats;
  const aclnnStatus st = launch(spec, body, &stats);
  info.ubHighWater = stats.ub_high_water;
  if (st) return st;
  if (t.path == Path::Vector) {  // Transpose back to (N*C, H, W), then ViewCopy
    std::vector<unsigned char> dense(static_cast<size_t>(in_elems * eb));
    transpose_planes(out, dense.data(), pr.nc(), in_spatial, eb, false);
    scatter_view(dense.data(), eb, *pr.grad_input);
  } else {
    scatter_view(out, eb, *pr.grad_input);
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
  const auto tiling = plan_tiling(pr, plat.profile, runtime().deterministic, &why);
  if (!tiling) return fail(ACLNN_ERR_INNER_TILING_ERROR, "{}: tiling failed: {}", kApi, why);
  const WorkspaceLayout wl = layout_for(pr, *tiling);
  auto exec = std::make_unique<aclOpExecutor>();
  exec->op_type = kOpType;
  exec->workspace_bytes = static_cast<uint64_t>(wl.total);
  tag_plan({kOpType, path_name(tiling->path), tiling->summary(), tiling->key, tiling->block_dim, tiling->ub_limit,
            wl.total, tiling->atomics, runtime().deterministic},
           &exec->info);
  record_launch(exec->info);
  exec->run = [pr, t = *tiling, wl](unsigned char* ws, pcEmuLaunchInfo& run_info) -> aclnnStatus {
    if (auto st = recheck_tensors(kApi, {{"gradOutput", pr.grad_output}, {"gradInput", pr.grad_input}})) return st;
    switch (pr.dtype) {
      case ACL_FLOAT16:
        return run_kernels<CodecF16>(pr, t, wl, ws, run_info);
      case ACL_BF16:
        return run_kernels<CodecBF16>(pr, t, wl, ws, run_info);
      default:
        return run_kernels<CodecF32>(pr, t, wl, ws, run_info);
    }
  };
  *args.workspace_size = exec->workspace_bytes;
  *args.executor = register_executor(exec.release());
  return ACLNN_SUCCESS;
}

}  // namespace pcemu::avgpool

extern "C" {

aclnnStatus aclnnAvgPool2dBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                   const aclIntArray* kernelSize, const aclIntArray* stride,
                                                   const aclIntArray* padding, bool ceilMode, bool countIncludePad,
                                                   int64_t divisorOverride, int8_t cubeMathType, aclTensor* gradInput,
                                                   uint64_t* workspaceSize, aclOpExecutor** executor) {
  try {
    return pcemu::avgpool::get_workspace_size({gradOutput, self, kernelSize, stride, padding, ceilMode, countIncludePad,
                                               divisorOverride, cubeMathType, gradInput, workspaceSize, executor});
  } catch (const std::exception& e) {
    return pcemu::fail(ACLNN_ERR_INNER, "{}GetWorkspaceSize: internal error: {}", pcemu::avgpool::kApi, e.what());
  }
}

aclnnStatus aclnnAvgPool2dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   aclrtStream stream) {
  try {
    return pcemu::execute_once(pcemu::avgpool::kApi, pcemu::avgpool::kOpType, workspace, workspaceSize, executor,
                               stream);
  } catch (const std::exception& e) {
    return pcemu::fail(ACLNN_ERR_INNER, "{}: internal error: {}", pcemu::avgpool::kApi, e.what());
  }
}

}  // extern "C"
