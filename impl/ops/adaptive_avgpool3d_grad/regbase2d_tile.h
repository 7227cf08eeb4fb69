// What the Regbase2d tile kernels (BigKernel, NchwSmallKernel) share: a tile of `out` decoded from its index as
// upstream's ScalarCompute does, the gradOutput region whose windows reach it, and the core's tile range.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "npu/block_context.h"
#include "ops/adaptive_avgpool3d_grad/regbase2d.h"
#include "ops/adaptive_avgpool3d_grad/scaled_div.h"

namespace pcemu::adaptive {

// gradOutput indices [first, end) along an axis whose windows contain x index range [x0, x1) (in of x, out of y).
inline std::array<int64_t, 2> y_range(int64_t x0, int64_t x1, int64_t in, int64_t out) {
  return {scaled_div(x0, out, 0, in), scaled_div(x1, out, in - 1, in)};
}

struct R2Tile {
  int64_t plane0 = 0, planes = 0;  // N*C planes
  int64_t h0 = 0, h_act = 0, w0 = 0, w_act = 0;
  int64_t gh0 = 0, gh_n = 0, gw0 = 0, gw_n = 0;  // the gradOutput region

  R2Tile(const Regbase2dTiling& t, int64_t tile) {
    const R2Split& s = t.s;
    const int64_t hw_tiles = s.h_outer * s.w_outer, high = tile / hw_tiles, rest = tile % hw_tiles;
    const int64_t hi = rest / s.w_outer, wi = rest % s.w_outer;
    plane0 = high * s.high_inner;
    planes = high == s.high_outer - 1 ? s.high_tail : s.high_inner;
    h0 = hi * s.h_inner;
    h_act = hi == s.h_outer - 1 ? s.h_tail : s.h_inner;
    w0 = wi * s.w_inner;
    w_act = wi == s.w_outer - 1 ? s.w_tail : s.w_inner;
    const auto rh = y_range(h0, h0 + h_act, t.hx, t.hy), rw = y_range(w0, w0 + w_act, t.wx, t.wy);
    gh0 = rh[0];
    gh_n = rh[1] - rh[0];
    gw0 = rw[0];
    gw_n = rw[1] - rw[0];
  }
};

// The tiles of block `b`: [first, first + count), upstream's normal / tail split.
inline std::array<int64_t, 2> core_tiles(const Regbase2dTiling& t, int64_t b) {
  if (b >= t.s.used_cores) return {0, 0};
  return {b * t.s.per_core, b + 1 == t.s.used_cores ? t.s.last_core : t.s.per_core};
}

}  // namespace pcemu::adaptive
