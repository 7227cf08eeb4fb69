// The Regbase2d route's second phase: gradOutput gathered to (N*C, Ho, Wo) when its view is not dense
// (Contiguous), the AdaptiveAvgPool2dGrad launch of the chosen template, and `out` written back through
// ViewCopy when the kernel could not write it in place. No workspace beyond the staging (the NCHW small-kernel
// tiling asks for 16 MiB upstream, which its kernel never touches). The executor keeps the entry point's op type
// (kOpType), as its other routes do; the launch is named after the arch35 kernel.
#include "npu/launch.h"
#include "ops/adaptive_avgpool3d_grad/regbase2d.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/staging.h"

namespace pcemu::adaptive {

namespace {

struct Layout {
  int64_t grad = -1, out = -1, total = 0;  // -1: the view is used in place
};

Layout layout_for(const Problem& pr) {
  WorkspaceCarver w;
  Layout l;
  const StagingPlan staging = plan_staging(*pr.grad_output, *pr.grad_input, pr.dtype_bytes(), false);
  if (staging.stage_grad) l.grad = w.take(pr.nc() * pr.out[1] * pr.out[2] * pr.dtype_bytes());
  if (staging.stage_out) l.out = w.take(pr.nc() * pr.in[1] * pr.in[2] * pr.dtype_bytes());
  l.total = w.total();
  return l;
}

template <typename Codec>
aclnnStatus run_kernel(const Problem& pr, const Regbase2dTiling& t, const Layout& l, unsigned char* ws,
                       pcEmuLaunchInfo& info) {
  using T = typename Codec::T;
  const int64_t eb = pr.dtype_bytes(), grad_elems = pr.nc() * pr.out[1] * pr.out[2];
  const int64_t in_spatial = pr.in[1] * pr.in[2];
  unsigned char* grad = staged_or_in_place(ws, l.grad, *pr.grad_output, eb);
  unsigned char* out = staged_or_in_place(ws, l.out, *pr.grad_input, eb);
  if (l.grad >= 0) stage_view(*pr.grad_output, eb, pr.nc(), pr.out[1] * pr.out[2], false, grad);
  LaunchSpec spec{
      std::string(kRegbase2dOpType) + "/" + r2_template_name(t.tmpl), t.summary(), t.block_dim, t.ub_limit, {}};
  R2Args<Codec> a;
  a.pr = &pr;
  a.t = &t;
  a.grad = readonly(reinterpret_cast<const T*>(grad), grad_elems, "gradOutput");
  a.out = writable(spec, reinterpret_cast<T*>(out), pr.nc() * in_spatial, "out");
  const auto body = [&](BlockContext& ctx) {
    switch (t.tmpl) {
      case R2Template::BigKernel:
        return r2_big_kernel(ctx, a);
      case R2Template::SmallKernel:
        return r2_small_kernel(ctx, a);
      default:
        return r2_simt_kernel(ctx, a);
    }
  };
  if (auto st = launch_recording(spec, body, info)) return st;
  if (l.out >= 0) unstage_view(out, eb, pr.nc(), in_spatial, false, *pr.grad_input);
  return ACLNN_SUCCESS;
}

}  // namespace

Plan make_regbase2d_plan(const Problem& pr, const Regbase2dTiling& t, bool deterministic) {
  const Layout l = layout_for(pr);
  return {plan_tag(kOpType, r2_template_name(t.tmpl), t, l.total, deterministic),
          [pr, t, l](unsigned char* ws, pcEmuLaunchInfo& info) -> aclnnStatus {
            if (auto st = recheck_tensors(pr.api, {{"gradOutput", pr.grad_output}, {"out", pr.grad_input}})) return st;
            return dispatch_dtype(pr.dtype,
                                  [&](auto codec) { return run_kernel<decltype(codec)>(pr, t, l, ws, info); });
          }};
}

}  // namespace pcemu::adaptive
