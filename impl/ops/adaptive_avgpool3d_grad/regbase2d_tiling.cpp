// Template choice of the Regbase2d route as ops-nn's arch35 AdaptiveAvgPool2dGrad tiling registry makes it
// (BigKernel, then NchwSmallKernel, then SIMT), the keys, and the SIMT launch with the device function its
// Process() picks.
#include <algorithm>
#include <climits>

#include "common/int_math.h"
#include "common/log.h"
#include "ops/adaptive_avgpool3d_grad/regbase2d.h"

namespace pcemu::adaptive {

namespace {

constexpr int64_t kSimtThreads = 1024;
constexpr int64_t kSimtParams = 64;  // the SIMT kernel's UB parameter block, in offset-type words
constexpr int64_t kInt32Max = INT32_MAX;

// The SIMT kernel's dispatch (in = x, out = y in upstream's names), in its order.
SimtVariant simt_variant(int64_t hx, int64_t wx, int64_t hy, int64_t wy) {
  if (hx == 1) return SimtVariant::HInOne;
  const bool h_expand = hy > hx;
  if (h_expand && wy == 4 && wy <= wx && wx >= 32) return SimtVariant::SegFast4;
  if (h_expand && wy == 3 && wy <= wx && wx >= 24) return SimtVariant::SegFast3;
  if (h_expand && wy == 2 && wy <= wx && wx >= 32) return SimtVariant::SegFast2;
  if (h_expand && wy == 2 && wy <= wx && wx <= 16)
    return hy >= hx * 1024 ? SimtVariant::HExpandW2 : SimtVariant::OutWRow2;
  if (h_expand && wy <= wx && hx == 2 && hy == 24) return SimtVariant::HExpandExact12;
  if (h_expand && wy <= wx) return SimtVariant::OutWSmall;
  if (hx > hy && wy >= wx * 4) return SimtVariant::HReduceWExpand;
  return SimtVariant::Nchw;
}

}  // namespace

const char* r2_template_name(R2Template t) {
  switch (t) {
    case R2Template::BigKernel:
      return "BigKernel";
    case R2Template::SmallKernel:
      return "NchwSmallKernel";
    default:
      return "SIMT";
  }
}

const char* simt_variant_name(SimtVariant v) {
  static constexpr const char* kNames[] = {"HInOne",   "SegFast4",       "SegFast3",  "SegFast2",       "HExpandW2",
                                           "OutWRow2", "HExpandExact12", "OutWSmall", "HReduceWExpand", "Nchw"};
  return kNames[static_cast<int>(v)];
}

uint64_t r2_key(R2Template t, bool int64_index) {
  return static_cast<uint64_t>(t) | (static_cast<uint64_t>(int64_index ? 2 : 1) << 4);
}

std::string Regbase2dTiling::summary() const {
  const std::string head = fmt::format("{} key={} blockDim={} nc={} x={}x{} y={}x{}", r2_template_name(tmpl), key,
                                       block_dim, nc, hx, wx, hy, wy);
  if (tmpl == R2Template::Simt)
    return head + fmt::format(" variant={} ub={}/{}", simt_variant_name(simt), ub_planned, ub_limit);
  // Splits as inner/tail x outer (upstream's highAxis*, hOutput*, wOutput* fields).
  return head +
         fmt::format(" planes={}/{}x{} h={}/{}x{} w={}/{}x{} tiles={} perCore={} lastCore={} bufs={}/{}/{} ub={}/{}",
                     s.high_inner, s.high_tail, s.high_outer, s.h_inner, s.h_tail, s.h_outer, s.w_inner, s.w_tail,
                     s.w_outer, s.tiles, s.per_core, s.last_core, s.buf_a, s.buf_b, s.buf_c, ub_planned, ub_limit);
}

std::optional<Regbase2dTiling> plan_regbase2d_tiling(const Problem& pr, const PlatformProfile& plat,
                                                     bool /*deterministic*/, std::string* /*why*/) {
  // No template adds atomically or splits a sum over cores: deterministic mode changes nothing.
  Regbase2dTiling t;
  t.ub_limit = plat.ub_bytes;
  t.nc = pr.nc();
  t.hx = pr.in[1];
  t.wx = pr.in[2];
  t.hy = pr.out[1];
  t.wy = pr.out[2];
  const int64_t count = sat_mul(t.nc, t.hx, t.wx);
  const int64_t vreg_blocks = 7 * plat.vreg_bytes;  // the tile kernels' seven one-register scratch buffers
  if (big_kernel_tiling(pr, plat, t)) {
    t.tmpl = R2Template::BigKernel;
    t.int64_index = count > kInt32Max || sat_mul(t.hy, t.hx) > kInt32Max || sat_mul(t.wy, t.wx) > kInt32Max;
    t.ub_planned = t.s.total_buffers + vreg_blocks;
    t.block_dim = static_cast<int32_t>(t.s.used_cores);
  } else if (small_kernel_tiling(pr, plat, t)) {
    t.tmpl = R2Template::SmallKernel;
    t.int64_index = count > kInt32Max;
    t.ub_planned = t.s.total_buffers + vreg_blocks;
    t.block_dim = static_cast<int32_t>(t.s.used_cores);
  } else {
    t.tmpl = R2Template::Simt;
    t.simt = simt_variant(t.hx, t.wx, t.hy, t.wy);
    t.int64_index = count > kInt32Max || sat_mul(t.hx, t.hy) > kInt32Max || sat_mul(t.wx, t.wy) > kInt32Max ||
                    t.hy > kInt32Max || t.wy > kInt32Max;
    const int64_t threads = std::min(count, kSimtThreads);
    t.block_dim = static_cast<int32_t>(std::min<int64_t>(ceil_div(count, threads), plat.vector_cores));
    t.ub_planned = kSimtParams * (t.int64_index ? 8 : 4);
  }
  t.key = r2_key(t.tmpl, t.int64_index);
  return t;
}

}  // namespace pcemu::adaptive
