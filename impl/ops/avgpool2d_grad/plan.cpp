#include "ops/avgpool2d_grad/plan.h"

#include "npu/faults.h"
#include "npu/launch.h"
#include "ops/avgpool2d_grad/kernel_args.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/gm_targets.h"
#include "ops/common/phases.h"
#include "ops/common/staging.h"

namespace pcemu::avgpool {

namespace {

struct WorkspaceLayout {
  int64_t grad = -1, out = -1, acc = -1;  // byte offsets; -1 when the view is used in place / not needed
  int64_t total = 0;
};

// The vector path's channels-last layout (Transpose to (Do, Ho, Wo, N*C) and back); the NCDHW routes
// use the views' own layout.
bool channels_last(const Tiling& t) { return t.path == Path::Vector && t.layout == Layout::ChannelsLast; }

WorkspaceLayout layout_for(const Problem& pr, const Tiling& t) {
  WorkspaceLayout w;
  WorkspaceCarver carver;
  auto take = [&](int64_t bytes) { return carver.take(bytes); };
  // The channels-last vector path transposes both views; the others use contiguous views in place.
  const StagingPlan staging = plan_staging(*pr.grad_output, *pr.grad_input, pr.dtype_bytes(), channels_last(t));
  if (staging.stage_grad) w.grad = take(pr.nc() * pr.out_spatial() * pr.dtype_bytes());
  if (staging.stage_out) w.out = take(pr.nc() * pr.in_spatial() * pr.dtype_bytes());
  if (t.path == Path::Vector && t.fp32_workspace) w.acc = take(pr.nc() * pr.in_spatial() * 4);
  w.total = carver.total();
  return w;
}

template <typename Codec>
aclnnStatus run_kernels(const Problem& pr, const Tiling& t, const WorkspaceLayout& wl, unsigned char* ws,
                        pcEmuLaunchInfo& info) {
  using T = typename Codec::T;
  const int64_t eb = pr.dtype_bytes();
  const int64_t out_spatial = pr.out_spatial(), in_spatial = pr.in_spatial();
  const bool vector = channels_last(t);
  unsigned char* grad = staged_or_in_place(ws, wl.grad, *pr.grad_output, eb);
  unsigned char* out = staged_or_in_place(ws, wl.out, *pr.grad_input, eb);
  if (wl.grad >= 0) stage_view(*pr.grad_output, eb, pr.nc(), out_spatial, vector, grad);
  LaunchSpec spec{std::string(kOpType) + "/" + path_name(t.path), t.summary(), t.block_dim, t.ub_limit, {}};
  KernelArgs<Codec> a;
  a.pr = &pr;
  a.t = &t;
  a.grad = readonly(reinterpret_cast<const T*>(grad), pr.nc() * out_spatial, "gradOutput");
  a.out = writable(spec, reinterpret_cast<T*>(out), pr.nc() * in_spatial, pr.out_name);
  a.acc = accumulation_target(spec, t.fp32_workspace ? reinterpret_cast<float*>(ws + wl.acc) : nullptr, a.out);
  const auto body = [&](BlockContext& ctx) {
    switch (t.path) {
      case Path::Global:
        global_kernel(ctx, a);
        return;
      case Path::Cube:
        cube_kernel(ctx, a);
        return;
      case Path::Vector:
        zero_accumulation<Codec>(ctx, a.acc, a.out, t.fp32_workspace);
        ctx.sync_all();
        if (t.layout == Layout::OnlyT)
          only_t_kernel(ctx, a);
        else if (t.layout == Layout::Block)
          block_kernel(ctx, a);
        else
          vector_kernel(ctx, a);
        if (t.fp32_workspace) {
          ctx.sync_all();
          cast_from_fp32<Codec>(ctx, a.acc, a.out);
        }
    }
  };
  if (auto st = launch_recording(spec, body, info)) return st;
  if (wl.out >= 0) unstage_view(out, eb, pr.nc(), in_spatial, vector, *pr.grad_input);
  return ACLNN_SUCCESS;
}

}  // namespace

Plan make_plan(const Problem& pr, const Tiling& t, bool deterministic) {
  const WorkspaceLayout wl = layout_for(pr, t);
  return {plan_tag(kOpType, path_name(t.path), t, wl.total, deterministic),
          [pr, t, wl](unsigned char* ws, pcEmuLaunchInfo& info) -> aclnnStatus {
            if (auto st = recheck_tensors(pr.api, {{"gradOutput", pr.grad_output}, {pr.out_name, pr.grad_input}}))
              return st;
            return dispatch_dtype(pr.dtype,
                                  [&](auto codec) { return run_kernels<decltype(codec)>(pr, t, wl, ws, info); });
          }};
}

}  // namespace pcemu::avgpool
