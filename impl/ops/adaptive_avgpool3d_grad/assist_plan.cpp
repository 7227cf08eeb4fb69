// The AssistMatmul route's tiling and second phase: gradOutput gathered to (N*C, Ho, Wo) (Contiguous), the
// Cube operand of the first matmul in the workspace, the launch, and `out` written back through ViewCopy.
#include <algorithm>

#include "common/log.h"
#include "npu/launch.h"
#include "ops/adaptive_avgpool3d_grad/assist_matmul.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/gm_targets.h"
#include "ops/common/staging.h"

namespace pcemu::adaptive {

namespace {

int64_t ub_block(int64_t bytes) { return (bytes + 31) / 32 * 32; }

struct Layout {
  int64_t grad = -1, out = -1, lhs = -1, total = 0;  // -1: the view is used in place
};

Layout layout_for(const Problem& pr) {
  WorkspaceCarver w;
  Layout l;
  const StagingPlan staging = plan_staging(*pr.grad_output, *pr.grad_input, pr.dtype_bytes(), false);
  const int64_t grad_elems = pr.nc() * pr.out[1] * pr.out[2];
  if (staging.stage_grad) l.grad = w.take(grad_elems * pr.dtype_bytes());
  if (staging.stage_out) l.out = w.take(pr.nc() * pr.in[1] * pr.in[2] * pr.dtype_bytes());
  l.lhs = w.take(grad_elems * 4);
  l.total = w.total();
  return l;
}

template <typename Codec>
aclnnStatus run_kernel(const Problem& pr, const AssistTiling& t, const Layout& l, unsigned char* ws,
                       pcEmuLaunchInfo& info) {
  using T = typename Codec::T;
  const int64_t eb = pr.dtype_bytes(), grad_elems = pr.nc() * pr.out[1] * pr.out[2];
  const int64_t in_spatial = pr.in[1] * pr.in[2];
  unsigned char* grad = staged_or_in_place(ws, l.grad, *pr.grad_output, eb);
  unsigned char* out = staged_or_in_place(ws, l.out, *pr.grad_input, eb);
  if (l.grad >= 0) stage_view(*pr.grad_output, eb, pr.nc(), pr.out[1] * pr.out[2], false, grad);
  LaunchSpec spec{kAssistKernel, t.summary(), t.block_dim, t.ub_limit, {}};
  AssistArgs<Codec> a;
  a.pr = &pr;
  a.t = &t;
  a.grad = readonly(reinterpret_cast<const T*>(grad), grad_elems, "gradOutput");
  a.out = writable(spec, reinterpret_cast<T*>(out), pr.nc() * in_spatial, "out");
  a.acc = writable(spec, reinterpret_cast<float*>(ws + l.lhs), grad_elems, "Cube operand workspace");
  if (auto st = launch_recording(
          spec, [&](BlockContext& ctx) { assist_matmul_kernel(ctx, a); }, info))
    return st;
  if (l.out >= 0) unstage_view(out, eb, pr.nc(), in_spatial, false, *pr.grad_input);
  return ACLNN_SUCCESS;
}

}  // namespace

std::string AssistTiling::summary() const {
  return fmt::format("{} blockDim={} mulElems={} rowTasks={} atomics={} ub={}/{}", kAssistStrategy, block_dim,
                     mul_elems, row_tasks, atomics, ub_row, ub_limit);
}

std::optional<AssistTiling> plan_assist_tiling(const Problem& pr, const PlatformProfile& plat, bool /*deterministic*/,
                                               std::string* why) {
  // No atomics: the result does not depend on the cores, so deterministic mode needs nothing else.
  AssistTiling t;
  t.ub_limit = plat.ub_bytes;
  t.mul_elems = pr.nc() * pr.out[1] * pr.out[2];
  t.row_tasks = pr.nc() * pr.in[1];
  t.block_dim = static_cast<int32_t>(std::max<int64_t>(1, std::min<int64_t>(plat.vector_cores, t.row_tasks)));
  // The row phase holds a vm row and a C1 row (fp32, Wo each) and an output row (fp32 and the dtype, W each).
  t.ub_row = 2 * ub_block(pr.out[2] * 4) + ub_block(pr.in[2] * 4) + ub_block(pr.in[2] * pr.dtype_bytes());
  if (t.ub_row > plat.ub_bytes) {
    *why = fmt::format("an output row of {} and a gradient row of {} need {} UB bytes, {} available", pr.in[2],
                       pr.out[2], t.ub_row, plat.ub_bytes);
    return std::nullopt;
  }
  return t;
}

Plan make_assist_plan(const Problem& pr, const AssistTiling& t, bool deterministic) {
  const Layout l = layout_for(pr);
  return {plan_tag(kOpType, kAssistStrategy, t, l.total, deterministic),
          [pr, t, l](unsigned char* ws, pcEmuLaunchInfo& info) -> aclnnStatus {
            if (auto st = recheck_tensors(pr.api, {{"gradOutput", pr.grad_output}, {"out", pr.grad_input}})) return st;
            return dispatch_dtype(pr.dtype,
                                  [&](auto codec) { return run_kernel<decltype(codec)>(pr, t, l, ws, info); });
          }};
}

}  // namespace pcemu::adaptive
