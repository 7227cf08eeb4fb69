// The BigKernel template of the Regbase2d route (ops-nn adaptive_avg_pool2d_grad_big_kernel_tiling.cpp): capable
// when a window holds at least 256 elements and is wider than half a vector register of the dtype and one row
// slice of x fits the UB model; the split then tries whole planes (N*C over the cores, the most planes per tile
// that still give every core a tile), else shrinks the H and then the W tile of a single plane.
#include <algorithm>

#include "common/int_math.h"
#include "ops/adaptive_avgpool3d_grad/regbase2d.h"

namespace pcemu::adaptive {

namespace {

constexpr int64_t kReserve = 2048, kTempBuffers = 256 * 8;  // UB_RESVERVED_SIZE, UB_TEMP_BUFF_SIZE
constexpr int64_t kBigWindow = 256;                         // ADAPTIVE_BIG_KERNEL_SIZE

struct BigSearch {
  int64_t nc, hx, wx, hy, wy;
  int64_t elem_bytes, block_elems, beat_elems, cores, available, block_bytes;
  R2Split s;

  // DoBufferCalculate: the grad region of one tile (one extra row and column for a window crossing the tile
  // edge) in the dtype, and the fp32 tile with 32-byte aligned rows, both double-buffered.
  bool fits() {
    const int64_t h_in = ceil_div(sat_mul(s.h_inner, hy), hx) + 1, w_in = ceil_div(sat_mul(s.w_inner, wy), wx) + 1;
    s.buf_a = align_up(sat_mul(s.high_inner, h_in, w_in, elem_bytes), block_bytes);
    s.buf_b = sat_mul(s.high_inner, s.h_inner, align_up(s.w_inner, block_elems), 4);
    s.total_buffers = sat_mul(sat_add(s.buf_a, s.buf_b), 2);
    return s.total_buffers <= available;
  }
  bool enough_tiles() const {
    return sat_mul(ceil_div(wx, s.w_inner), ceil_div(hx, s.h_inner), ceil_div(nc, s.high_inner)) >= cores;
  }

  bool try_split_nc() {
    s.w_inner = wx;
    s.h_inner = hx;
    s.high_inner = ceil_div(nc, cores);
    if (fits() && enough_tiles()) return true;
    s.high_inner = 1;
    if (!(fits() && enough_tiles())) return false;
    int64_t lo = 1, hi = nc, best = 1;  // the largest plane count that still fits and feeds every core
    while (lo <= hi) {
      const int64_t mid = lo + (hi - lo) / 2;
      s.high_inner = mid;
      if (fits() && enough_tiles()) {
        best = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    s.high_inner = best;
    return true;
  }

  // SplitUnalignDHW: one plane per tile; more H tiles until a tile is one row, then more W tiles, until the
  // tiles fit and feed every core; W then goes back to at most one beat of the dtype.
  void split_unaligned() {
    s.high_inner = 1;
    s.h_inner = hx;
    s.w_inner = wx;
    s.w_outer = 1;
    s.h_outer = 1;
    while (s.h_inner != 1 || s.w_inner > beat_elems) {
      if (enough_tiles() && fits()) return;
      if (s.h_inner != 1) {
        ++s.h_outer;
        s.h_inner = ceil_div(hx, s.h_outer);
      } else {
        ++s.w_outer;
        s.w_inner = ceil_div(wx, s.w_outer);
      }
    }
    s.w_inner = std::min(wx, beat_elems);
  }
};

}  // namespace

bool big_kernel_tiling(const Problem& pr, const PlatformProfile& plat, Regbase2dTiling& t) {
  BigSearch b{};
  b.nc = pr.nc();
  b.hx = pr.in[1];
  b.wx = pr.in[2];
  b.hy = pr.out[1];
  b.wy = pr.out[2];
  b.elem_bytes = pr.dtype_bytes();
  b.block_bytes = plat.ub_block_bytes;
  b.block_elems = b.block_bytes / b.elem_bytes;
  b.beat_elems = plat.vreg_bytes / b.block_bytes * b.block_elems;
  b.cores = plat.vector_cores;
  b.available = plat.ub_bytes - kReserve - kTempBuffers;
  const int64_t kernel_h = ceil_div(b.hx, b.hy), kernel_w = ceil_div(b.wx, b.wy);
  if (sat_mul(kernel_h, kernel_w) < kBigWindow || kernel_w <= plat.vreg_bytes / b.elem_bytes / 2) return false;
  b.s.high_inner = 1;
  b.s.h_inner = 1;
  b.s.w_inner = std::min(b.wx, b.beat_elems);
  if (!b.fits()) return false;

  if (!b.try_split_nc()) b.split_unaligned();
  b.fits();  // the buffers of the chosen tile
  R2Split& s = b.s;
  s.w_outer = ceil_div(b.wx, s.w_inner);
  s.w_tail = b.wx % s.w_inner == 0 ? s.w_inner : b.wx % s.w_inner;
  s.h_outer = ceil_div(b.hx, s.h_inner);
  s.h_tail = b.hx % s.h_inner == 0 ? s.h_inner : b.hx % s.h_inner;
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
