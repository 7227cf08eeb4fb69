// Scatter (upstream priority 16, always capable): each core owns a contiguous range of NC blocks and
// stores every gradient at the position its index names. Re-expresses ops-nn's
// pool_3d_common/op_host/arch22/max_pool3d_grad_tiling_common.h: UB less one 32-byte block, NC per core,
// then the first of no cut / cut NC (at most 4095) / cut Do / cut Ho / cut Wo whose tile fits.
#include <algorithm>

#include "common/log.h"
#include "ops/maxpool3d_grad/tiling_internal.h"

namespace pcemu::maxpool::tiling_detail {

namespace {

// The emulated Scatter kernel places a gradient and an index buffer and a one-element store buffer, each
// on its own 32-byte UB block; upstream's model (dt + 4 bytes an element plus 32) admits UBs below that.
constexpr int64_t kScatterKernelMinUb = 3 * 32;

}  // namespace

std::optional<Tiling> scatter_tiling(const Params& p, std::string* why) {
  const Problem& pr = *p.pr;
  const int64_t eff_ub = p.ub > kScatterReserve ? p.ub - kScatterReserve : p.ub;
  if (p.ub < kScatterKernelMinUb) {
    *why = fmt::format("UB {} bytes cannot hold the Scatter kernel's three 32-byte buffers ({} bytes)", p.ub,
                       kScatterKernelMinUb);
    return std::nullopt;
  }
  const int64_t elem = p.dt + 4;  // one gradient and its int32 index
  auto fits = [&](int64_t elems) { return modelled(sat_mul(elems, elem)) <= eff_ub; };
  auto most = [&](int64_t per_unit) { return eff_ub / modelled(sat_mul(per_unit, elem)); };
  const int64_t nc = pr.nc(), nc_per_core = ceil_div(nc, p.cores);
  const int64_t plane = sat_mul(pr.out[0], pr.out[1], pr.out[2]), rows = sat_mul(pr.out[1], pr.out[2]);
  Tiling t;
  t.strategy = Strategy::Scatter;
  t.block_dim = static_cast<int32_t>(ceil_div(nc, nc_per_core));
  int64_t base_nc = 1;
  std::array<int64_t, 3> base = pr.out;
  if (fits(sat_mul(nc_per_core, plane))) {
    base_nc = nc_per_core, t.ub_cut = kNoCut;
  } else if (fits(plane)) {
    base_nc = std::min(most(plane), kScatterMaxNc), t.ub_cut = kCutNc;
  } else if (fits(rows)) {
    base[0] = most(rows), t.ub_cut = kCutDo;
  } else if (fits(pr.out[2])) {
    base[0] = 1, base[1] = most(pr.out[2]), t.ub_cut = kCutHo;
  } else if (fits(1)) {
    base[0] = 1, base[1] = 1, base[2] = most(1), t.ub_cut = kCutWo;
  } else {
    *why = fmt::format("UB {} bytes cannot hold one Scatter element ({} bytes plus a 32-byte block)", p.ub, elem);
    return std::nullopt;
  }
  t.lanes = base_nc;
  t.base_out = base;
  t.single = {base_nc, base[0], base[1], base[2]};
  const std::array<int64_t, 4> dims{nc, pr.out[0], pr.out[1], pr.out[2]};
  for (int a = 0; a < 4; ++a) t.count[a] = ceil_div(dims[a], t.single[a]);
  t.total_blocks = t.count[0] * t.count[1] * t.count[2] * t.count[3];
  t.nc_round = ceil_div(t.count[0], t.block_dim);
  t.pre_core_num = t.count[0] % t.block_dim;
  t.nc_round_tail = t.pre_core_num == 0 ? t.nc_round : t.nc_round - 1;
  t.overlap = p.overlap;
  t.key = 2 + (t.overlap ? 100 : 0);
  t.atomics = t.overlap;  // read-modify-write accumulation in GM, serial within a core
  t.init_output = true;   // only elements named by an index are written
  t.ub_model = modelled(sat_add(sat_mul(base_nc, base[0], base[1], base[2], elem), kScatterReserve));
  set_workspace(pr, &t);
  return t;
}

}  // namespace pcemu::maxpool::tiling_detail
