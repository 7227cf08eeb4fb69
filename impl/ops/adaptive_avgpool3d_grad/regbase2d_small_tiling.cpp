// The NchwSmallKernel template of the Regbase2d route (ops-nn adaptive_avg_pool2d_grad_nchw_small_kernel_tiling.cpp).
// Capable for N*C >= 128, windows under 256 elements, gradOutput of at least 16 elements and 8 (fp32) / 16
// (fp16, bf16) columns, unless the resize is one upstream leaves to SIMT, and when a tile of one vector of planes
// and one element fits. The split: a full x plane per tile with one vector of planes if that feeds every core;
// else (x planes up to 200000 elements) an exhaustive search over plane counts (64, 80, ... up to 256), H and W
// tile sizes scored by upstream's cost model (long double, ties to fewer tiles, then larger area, then less
// padding); else a coarse fallback shrinking the tile by windows, then by outer counts.
#include <algorithm>
#include <limits>

#include "common/int_math.h"
#include "ops/adaptive_avgpool3d_grad/regbase2d.h"

namespace pcemu::adaptive {

namespace {

constexpr int64_t kReserve = 2048, kTempBuffers = 256 * 10;  // UB_RESVERVED_SIZE, UB_TEMP_BUFF_SIZE
constexpr int64_t kTransLen = 16;                            // TRANS_ADDR_LEN: rows of one transpose
constexpr int64_t kWindowMax = 256, kHighMin = 128, kGradAreaMin = 16, kSearchArea = 200000, kSearchPlanes = 256;

struct SmallSearch {
  int64_t nc, hx, wx, hy, wy, kernel_h, kernel_w;
  int64_t elem_bytes, block_elems, beat_elems, cores, available, block_bytes;
  R2Split s;

  // DoBufferCalculate: the grad region (rows of 32-byte aligned columns, one extra row and column), its fp32
  // channels-last copy (or the output's, whichever is larger) and the fp32 channels-last output whose rows are
  // padded to a transpose's 16, each double-buffered.
  bool fits() {
    const int64_t h_in = ceil_div(sat_mul(s.h_inner, hy), hx) + 1, w_in = ceil_div(sat_mul(s.w_inner, wy), wx) + 1;
    const int64_t in_elems = sat_mul(s.high_inner, h_in, align_up(w_in, block_elems));
    const int64_t out_elems =
        sat_mul(align_up(sat_mul(s.h_inner, align_up(s.w_inner, block_elems)), kTransLen), s.high_inner);
    s.buf_a = align_up(sat_mul(in_elems, elem_bytes), block_bytes);
    s.buf_b = align_up(sat_mul(std::max(in_elems, out_elems), 4), block_bytes);
    s.buf_c = align_up(sat_mul(out_elems, 4), block_bytes);
    s.total_buffers = sat_mul(sat_add(sat_add(s.buf_a, s.buf_b), s.buf_c), 2);
    return s.total_buffers <= available;
  }
  bool enough_tiles() const {
    return sat_mul(ceil_div(wx, s.w_inner), ceil_div(hx, s.h_inner), ceil_div(nc, s.high_inner)) >= cores;
  }

  static int64_t shrink(int64_t total, int64_t inner) {  // ShrinkInnerStrict
    if (inner <= 1) return 1;
    int64_t next = ceil_div(total, ceil_div(total, inner) + 1);
    if (next >= inner) next = inner - 1;
    return std::max<int64_t>(1, next);
  }

  void split_unaligned() {  // SplitUnalignHW
    s.high_inner = beat_elems;
    s.h_inner = hx;
    s.w_inner = wx;
    while (!enough_tiles() || !fits()) {
      const int64_t h = s.h_inner, w = s.w_inner;
      if (s.h_inner > 1)
        s.h_inner = shrink(hx, s.h_inner);
      else if (s.w_inner > 1)
        s.w_inner = shrink(wx, s.w_inner);
      if (h == s.h_inner && w == s.w_inner) break;
    }
    fits();
  }

  void coarse_fallback() {  // ApplyCoarseFallback
    s.high_inner = beat_elems;
    s.h_inner = hx;
    s.w_inner = wx;
    while (s.h_inner > kernel_h || s.w_inner > kernel_w) {
      if (enough_tiles() && fits()) return;
      if (s.h_inner > kernel_h)
        s.h_inner -= kernel_h;
      else
        s.w_inner -= kernel_w;
    }
    if (fits() && enough_tiles()) return;
    split_unaligned();
  }

  // EvalTilingCandidate + AddCostPenalties (the buffers of the candidate are in `s`).
  long double cost(int64_t high_inner, int64_t high_outer, int64_t high_tail, int64_t padding, int64_t h_inner,
                   int64_t w_inner, int64_t tiles, int64_t compute_vl, int64_t per_core) const {
    const int64_t one_buffer = s.buf_a + s.buf_b + s.buf_c;
    const int64_t h_in = ceil_div(h_inner * hy, hx) + 1, w_in = ceil_div(w_inner * wy, wx) + 1;
    const int64_t in_elems = high_inner * h_in * w_in, out_elems = high_inner * h_inner * w_inner;
    const int64_t work = one_buffer + in_elems * (elem_bytes + 4) + out_elems * 4 * 2 + block_bytes * 64;
    using LD = long double;
    LD c = static_cast<LD>(per_core) * static_cast<LD>(work);
    c += static_cast<LD>(padding) * static_cast<LD>(hx) * static_cast<LD>(wx) * 4.0L;
    if (high_outer > 1 && high_tail < compute_vl) {
      if (high_outer >= 8 && wy > wx)
        c += static_cast<LD>(per_core) * static_cast<LD>(work) / static_cast<LD>(high_outer);
      else
        c += static_cast<LD>(per_core) * static_cast<LD>(work);
    }
    if (compute_vl > 0 && high_inner % compute_vl != 0)
      c += static_cast<LD>(high_inner % compute_vl) * static_cast<LD>(per_core) * (wy > wx ? 1024.0L : 2048.0L);
    if (wy > wx && wy >= wx * 3) {
      const int64_t row = align_up(h_inner * align_up(w_inner, block_elems), kTransLen);
      c += static_cast<LD>(tiles) * static_cast<LD>(row) * static_cast<LD>(high_inner) * 0.25L;
    }
    const int64_t idle = cores - ceil_div(tiles, per_core);
    c += static_cast<LD>(std::max<int64_t>(0, idle)) * static_cast<LD>(work) * 0.15L;
    if (h_inner == 1 && hx > 1) c += static_cast<LD>(per_core) * static_cast<LD>(work);
    return c;
  }

  bool exhaustive(int64_t compute_vl, int64_t plane_max) {
    bool found = false;
    int64_t best_high = 0, best_h = 0, best_w = 0, best_tiles = 0, best_pad = 0;
    long double best = std::numeric_limits<long double>::max();
    for (int64_t high = compute_vl; high <= plane_max; high += kTransLen) {
      s.high_inner = high;
      const int64_t high_outer = ceil_div(nc, high), tail = nc % high == 0 ? high : nc % high;
      const int64_t pad = high_outer * high - nc;
      for (int64_t h = 1; h <= hx; ++h) {
        s.h_inner = h;
        const int64_t h_outer = ceil_div(hx, h);
        for (int64_t w = 1; w <= wx; ++w) {
          s.w_inner = w;
          if (!fits()) continue;
          const int64_t tiles = high_outer * h_outer * ceil_div(wx, w);
          if (tiles < cores) continue;
          const int64_t per_core = ceil_div(tiles, cores);
          const long double c = cost(high, high_outer, tail, pad, h, w, tiles, compute_vl, per_core);
          if (c < 0.0L) continue;
          bool better = !found || c < best;
          if (!better && c == best)
            better = tiles < best_tiles || (tiles == best_tiles && h * w > best_h * best_w) ||
                     (tiles == best_tiles && h * w == best_h * best_w && pad < best_pad);
          if (!better) continue;
          found = true;
          best = c;
          best_high = high;
          best_h = h;
          best_w = w;
          best_tiles = tiles;
          best_pad = pad;
        }
      }
    }
    if (found) {
      s.high_inner = best_high;
      s.h_inner = best_h;
      s.w_inner = best_w;
    }
    return found;
  }

  void search() {  // SearchBestTiling
    s.w_inner = wx;
    s.h_inner = hx;
    s.high_inner = beat_elems;
    if (fits() && enough_tiles()) return;  // TrySplitNC
    const int64_t compute_vl = std::max<int64_t>(kTransLen, vreg_bytes / 4);
    if (sat_mul(hx, wx) <= kSearchArea) {
      int64_t plane_max = std::max(align_up(nc, kTransLen), beat_elems * 2);
      plane_max = std::min(plane_max, kSearchPlanes);
      plane_max = std::max(plane_max, compute_vl);
      if (exhaustive(compute_vl, plane_max)) {
        fits();
        return;
      }
    }
    coarse_fallback();
  }

  int64_t vreg_bytes = 256;
};

}  // namespace

bool small_kernel_tiling(const Problem& pr, const PlatformProfile& plat, Regbase2dTiling& t) {
  SmallSearch b{};
  b.nc = pr.nc();
  b.hx = pr.in[1];
  b.wx = pr.in[2];
  b.hy = pr.out[1];
  b.wy = pr.out[2];
  b.elem_bytes = pr.dtype_bytes();
  b.block_bytes = plat.ub_block_bytes;
  b.block_elems = b.block_bytes / b.elem_bytes;
  b.vreg_bytes = plat.vreg_bytes;
  b.beat_elems = plat.vreg_bytes / b.elem_bytes;
  b.cores = plat.vector_cores;
  b.available = plat.ub_bytes - kReserve - kTempBuffers;
  const int64_t hx = b.hx, wx = b.wx, hy = b.hy, wy = b.wy;

  // Shapes upstream leaves to SIMT: a strong one-axis resize with at most 4 columns on the small side.
  const bool simt_y_side = hy > hx && wy <= wx && wy <= 4 && (hy >= hx * 4 || hx <= 64);
  const bool simt_x_side = hx > hy && wx <= wy && wx <= 4 && (hx >= hy * 4 || hy <= 64);
  if (simt_y_side || simt_x_side) return false;
  b.kernel_h = ceil_div(hx, hy);
  b.kernel_w = ceil_div(wx, wy);
  const int64_t kernel = sat_mul(b.kernel_h, b.kernel_w);
  if (kernel >= kWindowMax || b.nc < kHighMin || sat_mul(wy, hy) < kGradAreaMin) return false;
  if (wy < (pr.dtype == ACL_FLOAT ? 8 : 16)) return false;
  // Resizes on both axes that SIMT serves better (small windows, 128..4096 planes).
  const int64_t x_area = sat_mul(hx, wx), y_area = sat_mul(hy, wy);
  const bool both_up_expand = hx > hy && wx > wy && b.nc <= 700 && x_area >= sat_mul(y_area, 3);
  const bool h_up_w_down = hx > hy && wx < wy && hx >= hy * 4 && wy >= wx * 3;
  const bool h_down_w_up = hx < hy && wx > wy && hy >= hx * 3 && wx * 2 >= wy * 3;
  if (kernel <= 7 && b.nc <= 4096 && hx != hy && wx != wy && (both_up_expand || h_up_w_down || h_down_w_up))
    return false;
  b.s.high_inner = b.beat_elems;
  b.s.h_inner = 1;
  b.s.w_inner = 1;
  if (!b.fits()) return false;

  b.search();
  b.fits();  // the buffers of the chosen tile
  R2Split& s = b.s;
  s.w_outer = ceil_div(wx, s.w_inner);
  s.w_tail = wx % s.w_inner == 0 ? s.w_inner : wx % s.w_inner;
  s.h_outer = ceil_div(hx, s.h_inner);
  s.h_tail = hx % s.h_inner == 0 ? s.h_inner : hx % s.h_inner;
  s.high_outer = ceil_div(b.nc, s.high_inner);
  s.high_tail = b.nc % s.high_inner == 0 ? s.high_inner : b.nc % s.high_inner;
  s.tiles = sat_mul(s.high_outer, s.h_outer, s.w_outer);
  s.per_core = ceil_div(s.tiles, b.cores);
  s.used_cores = ceil_div(s.tiles, s.per_core);
  s.last_core = s.tiles - s.per_core * (s.used_cores - 1);
  t.s = s;
  return true;
}

}  // namespace pcemu::adaptive
