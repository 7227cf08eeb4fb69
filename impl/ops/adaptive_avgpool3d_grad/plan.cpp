// The second phase of the family's calls: stage the data (Contiguous and, for the General path, the
// transpose to (D, H, W, N*C)), launch, and write `out` back through ViewCopy.
#include "ops/adaptive_avgpool3d_grad/plan.h"

#include "npu/launch.h"
#include "ops/adaptive_avgpool3d_grad/kernels.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/gm_targets.h"
#include "ops/common/staging.h"

namespace pcemu::adaptive {

namespace {

struct Layout {
  int64_t grad = -1, out = -1, acc = -1, total = 0;  // -1: the view is used in place / not needed
};

Layout layout_for(const Problem& pr, const Tiling& t) {
  WorkspaceCarver w;
  Layout l;
  const int64_t in_elems = pr.nc() * pr.in[0] * pr.in[1] * pr.in[2];
  const StagingPlan staging = plan_staging(*pr.grad_output, *pr.grad_input, pr.dtype_bytes(), t.path == Path::General);
  if (staging.stage_grad) l.grad = w.take(pr.nc() * pr.out[0] * pr.out[1] * pr.out[2] * pr.dtype_bytes());
  if (staging.stage_out) l.out = w.take(in_elems * pr.dtype_bytes());
  if (t.fp32_workspace) l.acc = w.take(in_elems * 4);
  l.total = w.total();
  return l;
}

template <typename Codec>
aclnnStatus run_kernels(const Problem& pr, const Tiling& t, const Layout& l, unsigned char* ws, pcEmuLaunchInfo& info) {
  using T = typename Codec::T;
  const int64_t eb = pr.dtype_bytes();
  const int64_t out_spatial = pr.out[0] * pr.out[1] * pr.out[2], in_spatial = pr.in[0] * pr.in[1] * pr.in[2];
  const bool general = t.path == Path::General;  // channels-last: Transpose to (Do, Ho, Wo, N*C) and back
  unsigned char* grad = staged_or_in_place(ws, l.grad, *pr.grad_output, eb);
  unsigned char* out = staged_or_in_place(ws, l.out, *pr.grad_input, eb);
  if (l.grad >= 0) stage_view(*pr.grad_output, eb, pr.nc(), out_spatial, general, grad);
  LaunchSpec spec{std::string(kOpType) + "/" + path_name(t.path), t.summary(), t.block_dim, t.ub_limit, {}};
  KernelArgs<Codec> a;
  a.pr = &pr;
  a.t = &t;
  a.grad = readonly(reinterpret_cast<const T*>(grad), pr.nc() * out_spatial, "gradOutput");
  a.out = writable(spec, reinterpret_cast<T*>(out), pr.nc() * in_spatial, "out");
  a.acc = accumulation_target(spec, t.fp32_workspace ? reinterpret_cast<float*>(ws + l.acc) : nullptr, a.out);
  if (auto st = launch_recording(
          spec, [&](BlockContext& ctx) { general ? general_kernel(ctx, a) : all_one_kernel(ctx, a); }, info))
    return st;
  if (l.out >= 0) unstage_view(out, eb, pr.nc(), in_spatial, general, *pr.grad_input);
  return ACLNN_SUCCESS;
}

}  // namespace

Plan make_plan(const Problem& pr, const Tiling& t, bool deterministic) {
  const Layout l = layout_for(pr, t);
  return {plan_tag(kOpType, path_name(t.path), t, l.total, deterministic),
          [pr, t, l](unsigned char* ws, pcEmuLaunchInfo& info) -> aclnnStatus {
            if (auto st = recheck_tensors(pr.api, {{"gradOutput", pr.grad_output}, {"out", pr.grad_input}})) return st;
            return dispatch_dtype(pr.dtype,
                                  [&](auto codec) { return run_kernels<decltype(codec)>(pr, t, l, ws, info); });
          }};
}

}  // namespace pcemu::adaptive
