#include "ops/maxpool3d_grad/regbase_op.h"

#include <algorithm>

#include "common/log.h"
#include "npu/faults.h"
#include "npu/launch.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/plan_call.h"
#include "ops/common/staging.h"
#include "ops/common/tensor_view.h"
#include "ops/common/upstream_call.h"
#include "ops/maxpool3d_grad/regbase_kernels.h"
#include "ops/maxpool3d_grad/upstream_op_api.h"
#include "ops/maxpool3d_grad/upstream_validate.h"
#include "ops/maxpool3d_grad/workspace_layout.h"
#include "runtime/runtime_state.h"

namespace pcemu::maxpool {

namespace {

template <typename Codec, typename Index>
aclnnStatus run_regbase(const Problem& pr, const RegbaseTiling& t, const WorkspaceLayout& wl, unsigned char* ws,
                        pcEmuLaunchInfo& info) {
  using T = typename Codec::T;
  const int64_t grad_elems = pr.nc() * pr.out_plane(), in_elems = pr.nc() * pr.in_plane();
  const int64_t dt = pr.dtype_bytes();
  unsigned char* grad = contiguous_input(ws, wl.grad, *pr.grad_output, dt);
  unsigned char* idx = contiguous_input(ws, wl.idx, *pr.indices, sizeof(Index));
  unsigned char* out = staged_or_in_place(ws, wl.out, *pr.grad_input, dt);

  const auto idx_gm = readonly(reinterpret_cast<const Index*>(idx), grad_elems, "indices");
  LaunchStats stats;
  if (t.check_indices) {
    LaunchSpec check{std::string(kOpType) + "/IndexRangeCheck",
                     t.summary(),
                     static_cast<int32_t>(std::clamp<int64_t>((grad_elems + 1023) / 1024, 1, t.block_dim)),
                     t.ub_limit,
                     {}};
    if (auto st = launch(
            check, [&](BlockContext& ctx) { regbase_index_check_kernel(ctx, pr, idx_gm); }, &stats))
      return st;
  }
  LaunchSpec main{
      std::string(kOpType) + "/" + regbase_strategy_name(t.strategy), t.summary(), t.block_dim, t.ub_limit, {}};
  RegbaseArgs<Codec, Index> a;
  a.pr = &pr;
  a.t = &t;
  a.grad = readonly(reinterpret_cast<const T*>(grad), grad_elems, "gradOutput");
  a.idx = idx_gm;
  a.out = writable(main, reinterpret_cast<T*>(out), in_elems, "gradInput");
  a.upstream = !t.check_indices;
  const auto body = [&](BlockContext& ctx) {
    if (t.strategy == RegbaseStrategy::Simd)
      simd_kernel(ctx, a);
    else
      simt_kernel(ctx, a);
  };
  if (auto st = launch_recording(main, body, info, stats)) return st;
  if (wl.out >= 0) scatter_view(out, dt, *pr.grad_input);  // ViewCopy into the strided gradInput
  return ACLNN_SUCCESS;
}

}  // namespace

Plan make_regbase_plan(const Problem& pr, const RegbaseTiling& t, bool deterministic) {
  const WorkspaceLayout wl = workspace_layout(pr, false);  // no atomics, no fp32 accumulator in GM
  return {plan_tag(kOpType, regbase_strategy_name(t.strategy), t, wl.total, deterministic),
          [pr, t, wl](unsigned char* ws, pcEmuLaunchInfo& info) -> aclnnStatus {
            if (auto st = recheck_call_tensors(pr)) return st;
            return dispatch_dtype(pr.dtype, [&](auto codec) {
              using C = decltype(codec);
              return pr.index_dtype == ACL_INT64 ? run_regbase<C, int64_t>(pr, t, wl, ws, info)
                                                 : run_regbase<C, int32_t>(pr, t, wl, ws, info);
            });
          }};
}

aclnnStatus get_workspace_size_regbase(const RawArgs& args, const OpNames& op) {
  return plan_call(op, args, validate, plan_regbase_tiling, make_regbase_plan);
}

aclnnStatus get_workspace_size_regbase_upstream(const RawArgs& a, const OpNames& op) {
  // The same sequence as the A2 upstream path (upstream_op_api.cpp); the arch35 tiling base checks what the A2
  // one does, with INT64 argmax allowed (research ops-nn-implementation.md 1C).
  UpstreamTilingStart start;
  if (auto done = start_upstream_tiling(a, op, &start)) return *done;
  const Problem& pr = start.pr;
  const ActivePlatform& plat = start.plat;
  const bool det = start.deterministic;
  std::string why;
  auto tiling = plan_regbase_tiling(pr, plat.profile, det, &why);
  if (!tiling) return fail(kUpstreamTilingFailed, "{}: tiling failed: {}", op.api, why);
  tiling->ub_limit = plat.profile.ub_bytes;
  // Upstream (op_kernel/arch35, research ops-nn-implementation.md 1C "950 templates"): no index range check
  // is launched [MP.D.INDEX_VALIDITY]. The SIMD kernel decodes an index in uint32 and, with IS_CHECK_RANGE,
  // drops one outside the tile; without it (keys 1 and 2049) the scatter lands where the index points inside
  // the UB tile (a UB offset outside the tile is a kernel error here). SIMT adds a gradient only to the element
  // whose in-plane position equals the index, so any other stray index is dropped.
  tiling->check_indices = false;
  return hand_out_unchecked(op.api, make_regbase_plan(pr, *tiling, det), a.workspace_size, a.executor);
}

}  // namespace pcemu::maxpool
