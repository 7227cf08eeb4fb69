#include "ops/maxpool3d_grad/tiling.h"

#include <algorithm>

#include "common/log.h"
#include "ops/maxpool3d_grad/tiling_internal.h"

namespace pcemu::maxpool {

namespace tiling_detail {

bool init_output_rule(const Problem& pr, bool overlap) {
  if (overlap) return true;
  for (int a = 0; a < 3; ++a) {
    const int64_t reach = span_len(pr, a, pr.out[a]);              // (out - 1) * s + k
    const int64_t covered = sat_add(pr.in[a], pr.p[a]);            // input plus the top padding
    const int64_t bottom = reach > covered ? reach - covered : 0;  // padding the last window needs
    if (sat_mul(pr.out[a], pr.k[a]) < sat_add(covered, bottom) || reach < covered) return true;
  }
  return false;
}

void set_workspace(const Problem& pr, Tiling* t) {
  t->fp32_workspace = t->overlap && pr.dtype != ACL_FLOAT;
  t->workspace_fp32_bytes = t->fp32_workspace ? pr.nc() * pr.in_plane() * 4 : 0;
}

}  // namespace tiling_detail

const char* strategy_name(Strategy s) {
  switch (s) {
    case Strategy::Normal:
      return "Normal";
    case Strategy::CutK:
      return "CutK";
    default:
      return "Scatter";
  }
}

std::array<int64_t, 2> input_span(const Problem& pr, int a, int64_t o0, int64_t o1) {
  // 128-bit: a kernel near INT64_MAX is legal with padding k/2.
  const __int128 start = static_cast<__int128>(o0) * pr.s[a] - pr.p[a];
  const __int128 end = static_cast<__int128>(o1 - 1) * pr.s[a] - pr.p[a] + pr.k[a];
  return {static_cast<int64_t>(std::max<__int128>(0, start)), static_cast<int64_t>(std::min<__int128>(pr.in[a], end))};
}

// Fields in upstream's tiling-data names where they have one; the conformance test reads them back.
std::string Tiling::summary() const {
  return fmt::format(
      "{} key={} vl={} cut={} single={}x{}x{}x{} cnt={}x{}x{}x{} base={}x{}x{} pass={}x{}x{} blocks={} used={} "
      "round={}/{}/{} init={} atomics={} ws={} ub={}/{}",
      strategy_name(strategy), key, lanes, ub_cut, single[0], single[1], single[2], single[3], count[0], count[1],
      count[2], count[3], base_out[0], base_out[1], base_out[2], region[0], region[1], region[2], total_blocks,
      block_dim, nc_round, nc_round_tail, pre_core_num, init_output ? 1 : 0, atomics ? 1 : 0, fp32_workspace ? 1 : 0,
      ub_model, ub_limit);
}

std::optional<Tiling> plan_tiling(const Problem& pr, const PlatformProfile& plat, bool det, std::string* why) {
  tiling_detail::Params p;
  p.pr = &pr;
  p.cores = std::max<int64_t>(1, plat.vector_cores);
  p.ub = plat.ub_bytes;
  p.dt = pr.dtype_bytes();
  p.overlap = pr.overlap();
  p.deterministic = det;
  // CutK and Normal refuse a dilation other than 1 (their IsCapable), so Scatter, which never looks at
  // windows, takes it. Only the Upstream profile's validation lets such a dilation through [MP.D.DILATION].
  auto t = tiling_detail::cutk_tiling(p);
  if (!t) t = tiling_detail::normal_tiling(p);
  if (!t) t = tiling_detail::scatter_tiling(p, why);
  if (t) t->ub_limit = plat.ub_bytes;
  return t;
}

}  // namespace pcemu::maxpool
