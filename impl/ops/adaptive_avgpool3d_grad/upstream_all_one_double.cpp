// ops-nn (aclnn_adaptive_avg_pool3d_backward.cpp, DoAllOneAdapativeAvgPool3dBackward): `float fill = 1.0 / size`
// made a DOUBLE tensor, Fill to self's shape, Mul with gradOutput in double, Cast (a no-op) and ViewCopy
// [AA.D.DOUBLE_ALL_ONE]. One emulated launch does the Fill and the Mul; each core broadcasts whole planes.
#include "ops/adaptive_avgpool3d_grad/upstream_all_one_double.h"

#include <algorithm>
#include <string>

#include "common/vector_clones.h"
#include "npu/launch.h"
#include "ops/adaptive_avgpool3d_grad/tiling.h"
#include "ops/common/phases.h"
#include "ops/common/staging.h"

namespace pcemu::adaptive {

namespace {

constexpr int64_t kDoubleBytes = 8;
constexpr uint64_t kDoubleAllOneKey = 930;  // after the AllOne keys 900/910/920 of fp32/fp16/bf16

PCEMU_VECTOR_CLONES void all_one_double_kernel(BlockContext& ctx, const Problem& pr, const GmTensor<double>& grad,
                                               const GmTensor<double>& out) {
  const int64_t plane = pr.in[0] * pr.in[1] * pr.in[2];
  const double fill = static_cast<float>(1.0 / static_cast<double>(plane));
  ctx.ub().free_all();
  auto g = ctx.ub().alloc<double>(32 / kDoubleBytes, "gradient");
  auto row = ctx.ub().alloc<double>(chunk_elems(ctx, kDoubleBytes), "broadcast chunk");
  int64_t p0 = 0, p1 = 0;
  core_range(pr.nc(), ctx.block_idx(), ctx.block_num(), &p0, &p1);
  for (int64_t p = p0; p < p1; ++p) {
    ctx.copy_in(g, 0, grad, p, 1);
    std::fill(row.data(), row.data() + row.size(), g[0] * fill);
    for (int64_t i = 0; i < plane; i += row.size())
      ctx.copy_out(out, p * plane + i, row, 0, std::min(row.size(), plane - i));
  }
}

}  // namespace

Plan all_one_double_plan(const Problem& pr, const PlatformProfile& plat, bool det) {
  Tiling t;
  t.path = Path::AllOne;
  t.key = kDoubleAllOneKey;
  t.nc = pr.nc();
  t.block_dim = static_cast<int32_t>(std::min<int64_t>(det ? 1 : plat.vector_cores, t.nc));
  t.ub_limit = plat.ub_bytes;
  const int64_t plane = pr.in[0] * pr.in[1] * pr.in[2];
  const StagingPlan staging = plan_staging(*pr.grad_output, *pr.grad_input, kDoubleBytes, false);
  WorkspaceCarver carver;
  const int64_t grad_at = staging.stage_grad ? carver.take(pr.nc() * kDoubleBytes) : -1;
  const int64_t out_at = staging.stage_out ? carver.take(pr.nc() * plane * kDoubleBytes) : -1;
  return {plan_tag(kOpType, "AllOneDouble", t, carver.total(), det),
          [pr, t, plane, grad_at, out_at](unsigned char* ws, pcEmuLaunchInfo& info) -> aclnnStatus {
            if (auto st = recheck_tensors(kApi, {{"gradOutput", pr.grad_output}, {"out", pr.grad_input}})) return st;
            unsigned char* grad = staged_or_in_place(ws, grad_at, *pr.grad_output, kDoubleBytes);
            if (grad_at >= 0) stage_view(*pr.grad_output, kDoubleBytes, pr.nc(), 1, false, grad);
            unsigned char* out = staged_or_in_place(ws, out_at, *pr.grad_input, kDoubleBytes);
            LaunchSpec spec{std::string(kOpType) + "/AllOneDouble", t.summary(), t.block_dim, t.ub_limit, {}};
            const auto g = readonly(reinterpret_cast<const double*>(grad), pr.nc(), "gradOutput");
            const auto o = writable(spec, reinterpret_cast<double*>(out), pr.nc() * plane, "out");
            if (auto st = launch_recording(
                    spec, [&](BlockContext& ctx) { all_one_double_kernel(ctx, pr, g, o); }, info))
              return st;
            if (out_at >= 0) unstage_view(out, kDoubleBytes, pr.nc(), plane, false, *pr.grad_input);
            return ACLNN_SUCCESS;
          }};
}

}  // namespace pcemu::adaptive
