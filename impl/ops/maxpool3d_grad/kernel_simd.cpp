// SIMD on Ascend 950: a gradInput-tile gather by region. Each core takes a contiguous range of tiles; for a
// tile it copies in the grad and argmax windows that can reach it, decodes every argmax into (d, h, w), drops
// those outside the tile (IS_CHECK_RANGE), adds the gradients into an fp32 UB tile and casts it out. Grad
// positions go through the vector in interleaved groups (ProBatchSize along each axis) so that the windows of
// one vector's lanes are disjoint: no two lanes of one gather-add-scatter hit one element. No atomics.
#include <algorithm>
#include <type_traits>
#include <vector>

#include "common/int_math.h"
#include "common/log.h"
#include "common/vector_clones.h"
#include "ops/common/fast_div.h"
#include "ops/maxpool3d_grad/regbase_kernels.h"

namespace pcemu::maxpool {

namespace {

struct TileBox {
  int64_t nc0 = 0, planes = 0;
  std::array<int64_t, 3> x0{}, len{};   // gradInput origin and extent per axis
  std::array<int64_t, 3> g0{}, glen{};  // grad window origin and extent per axis
};

TileBox tile_box(const Problem& pr, const RegbaseTiling& t, int64_t blk) {
  TileBox b;
  const int64_t per_high = t.outer[0] * t.outer[1] * t.outer[2];
  const int64_t hi = blk / per_high;
  int64_t rest = blk % per_high;
  const std::array<int64_t, 3> at{rest / (t.outer[1] * t.outer[2]), rest / t.outer[2] % t.outer[1], rest % t.outer[2]};
  b.nc0 = hi * t.high_inner;
  b.planes = hi == t.high_outer - 1 ? t.high_tail : t.high_inner;
  for (int a = 0; a < 3; ++a) {
    b.x0[a] = at[a] * t.inner[a];
    b.len[a] = at[a] == t.outer[a] - 1 ? t.tail[a] : t.inner[a];
    const auto w = grad_window(pr, a, b.x0[a], b.x0[a] + b.len[a]);
    b.g0[a] = w[0];
    b.glen[a] = w[1] - w[0];
  }
  return b;
}

[[noreturn]] void lanes_collide(const BlockContext& ctx, int64_t elem, int64_t lane_a, int64_t lane_b) {
  throw KernelError(ACLNN_ERR_INNER,
                    fmt::format("SIMD lane invariant broken: lanes {} and {} of one vector scatter into UB output "
                                "element {} (the interleaved grad-position groups must keep one vector's windows "
                                "disjoint); {}",
                                lane_a, lane_b, elem, ctx.where()));
}

}  // namespace

template <typename Codec, typename Index>
PCEMU_VECTOR_CLONES void simd_kernel(BlockContext& ctx, const RegbaseArgs<Codec, Index>& a) {
  using T = typename Codec::T;
  const Problem& pr = *a.pr;
  const RegbaseTiling& t = *a.t;
  const int64_t first = ctx.block_idx() * t.normal_blocks;
  const int64_t tiles = std::min(t.normal_blocks, t.total_blocks - first);
  if (tiles <= 0) return;
  ctx.ub().free_all();
  // The buffers the tiling planned, double-buffered: tile i uses set i % 2.
  UbBuf<T> grad[2];
  UbBuf<Index> idx[2];
  UbBuf<float> acc[2];
  for (int i = 0; i < 2; ++i) {
    grad[i] = ctx.ub().alloc<T>(t.grad_bytes / static_cast<int64_t>(sizeof(T)), "grad window");
    idx[i] = ctx.ub().alloc<Index>(t.argmax_bytes / static_cast<int64_t>(sizeof(Index)), "argmax window");
    acc[i] = ctx.ub().alloc<float>(t.output_bytes / 4, "fp32 gradInput tile");
  }
  const int64_t be = t.block_elems, hw = pr.in[1] * pr.in[2], in_plane = pr.in_plane();
  const int64_t vl = 256 / 4;  // fp32 lanes of one vector register
  const PositionDecoder decode(hw, pr.in[2]);
  const bool skip_range = fault_on(Fault::SimdRangeCheckSkipped);
  const IndexReader<Index> read;  // the index faults, read once
  const auto batch = fault_on(Fault::SimdBatchCollide) ? std::array<int64_t, 3>{1, 1, 1} : t.pro_batch;
  // A lane's grad position, with its plane and grad row start known from the loops that list it.
  struct Lane {
    int64_t src, row_start, plane;
  };
  std::vector<Lane> lane_src;
  std::vector<int64_t> lane_dst;
  std::vector<float> lane_sum;
  std::vector<int64_t> stamp;  // per UB output element: vector * vl + lane of its last scatter
  int64_t vector_id = 0;

  for (int64_t n = 0; n < tiles; ++n) {
    const TileBox b = tile_box(pr, t, first + n);
    const UbBuf<T>& g = grad[n % 2];
    const UbBuf<Index>& ix = idx[n % 2];
    const UbBuf<float>& y = acc[n % 2];
    const int64_t grow = align_up(b.glen[2], be);
    const int64_t gplane = b.glen[0] * b.glen[1] * grow;
    // Output layout: whole planes contiguous (full), or rows aligned to a block.
    const int64_t yrow = align_up(b.len[2], be);
    const int64_t yplane = t.full ? align_up(in_plane, be) : b.len[0] * b.len[1] * yrow;
    std::fill(y.span(0, b.planes * yplane), y.span(0, b.planes * yplane) + b.planes * yplane, 0.0f);
    if (static_cast<int64_t>(stamp.size()) < b.planes * yplane)
      stamp.assign(static_cast<size_t>(b.planes * yplane), -1);

    // Copy in the windows, one grad row at a time.
    for (int64_t p = 0; p < b.planes; ++p)
      for (int64_t d = 0; d < b.glen[0]; ++d)
        for (int64_t h = 0; h < b.glen[1]; ++h) {
          const int64_t row = (p * b.glen[0] + d) * b.glen[1] + h;
          const int64_t gm = (((b.nc0 + p) * pr.out[0] + b.g0[0] + d) * pr.out[1] + b.g0[1] + h) * pr.out[2] + b.g0[2];
          ctx.copy_in(g, row * grow, a.grad, gm, b.glen[2]);
          ctx.copy_in(ix, row * grow, a.idx, gm, b.glen[2]);
        }

    // Every lane's grad row lies in the tile's windows: one UB range check for all of them.
    const Index* tile_idx = ix.span(0, b.planes * gplane);
    const T* tile_grad = g.span(0, b.planes * gplane);
    // The UB element an index `u` of a lane of plane `plane` scatters into: whole planes take the flat index as the
    // offset inside the plane; a tile decodes it into (d, h, w) relative to its origin, and false when the range
    // check drops it (another tile's element).
    const auto tile_element = [&](int64_t plane, int64_t u, int64_t* dst) {
      if (t.full) {
        *dst = plane * yplane + u;
        return true;
      }
      const auto [d, h, w] = decode(u);
      const bool inside = d >= b.x0[0] && d < b.x0[0] + b.len[0] && h >= b.x0[1] && h < b.x0[1] + b.len[1] &&
                          w >= b.x0[2] && w < b.x0[2] + b.len[2];
      if (t.check_range && !skip_range && !inside) return false;
      *dst = plane * yplane + ((d - b.x0[0]) * b.len[1] + (h - b.x0[1])) * yrow + (w - b.x0[2]);
      return true;
    };
    // Interleaved groups: grad positions congruent modulo the batch along every axis share a vector.
    const std::array<int64_t, 3> cur{std::min(batch[0], b.glen[0]), std::min(batch[1], b.glen[1]),
                                     std::min(batch[2], b.glen[2])};
    for (int64_t rd = 0; rd < cur[0]; ++rd)
      for (int64_t rh = 0; rh < cur[1]; ++rh)
        for (int64_t rw = 0; rw < cur[2]; ++rw) {
          if (!a.upstream) {
            // The documented kernel: a second lane of one vector on an element stops the kernel before that
            // vector's scatter matters, so each lane adds as it is listed (gradient + tile value, the vector's
            // operand order), with the lanes counted as the vector fills.
            int64_t lane = vl;
            for (int64_t p = 0; p < b.planes; ++p)
              for (int64_t d = rd; d < b.glen[0]; d += batch[0])
                for (int64_t h = rh; h < b.glen[1]; h += batch[1]) {
                  const int64_t row_start = p * gplane + (d * b.glen[1] + h) * grow;
                  for (int64_t w = rw; w < b.glen[2]; w += batch[2]) {
                    if (lane == vl) {
                      lane = 0;
                      ++vector_id;
                    }
                    const int64_t src = row_start + w, at_lane = lane++;
                    const int64_t v = read(tile_idx + row_start, w);
                    int64_t dst = 0;
                    if (!tile_element(p, v, &dst)) continue;  // another tile's element
                    if (dst >= 0 && dst < b.planes * yplane) {
                      int64_t& seen = stamp[static_cast<size_t>(dst)];
                      if (seen / vl == vector_id) lanes_collide(ctx, dst, seen % vl, at_lane);
                      seen = vector_id * vl + at_lane;
                    }
                    y[dst] = Codec::load(tile_grad[src]) + y[dst];
                  }
                }
            continue;
          }
          // The upstream profile: no lane check, and gather, add, scatter per vector (a repeated target keeps the
          // last lane's sum).
          lane_src.clear();
          for (int64_t p = 0; p < b.planes; ++p)
            for (int64_t d = rd; d < b.glen[0]; d += batch[0])
              for (int64_t h = rh; h < b.glen[1]; h += batch[1]) {
                const int64_t row_start = p * gplane + (d * b.glen[1] + h) * grow;
                for (int64_t w = rw; w < b.glen[2]; w += batch[2]) lane_src.push_back({row_start + w, row_start, p});
              }
          for (size_t v0 = 0; v0 < lane_src.size(); v0 += vl) {
            const size_t v1 = std::min(lane_src.size(), v0 + static_cast<size_t>(vl));
            lane_dst.clear();
            lane_sum.clear();
            for (size_t l = v0; l < v1; ++l) {
              const int64_t src = lane_src[l].src, plane = lane_src[l].plane, row_start = lane_src[l].row_start;
              const int64_t v = read(tile_idx + row_start, src - row_start);
              // Upstream (arch35 simd_full_load.h, the fast division) takes the index as uint32: a stray index lands
              // where that points (whole planes scatter without a range check).
              int64_t dst = -1;
              if (!tile_element(plane, static_cast<int64_t>(static_cast<uint32_t>(v)), &dst)) continue;
              lane_dst.push_back(dst);
              lane_sum.push_back(Codec::load(tile_grad[src]));
            }
            // Gather, add, scatter: every lane reads before any writes (a repeated target keeps one sum).
            for (size_t l = 0; l < lane_dst.size(); ++l) lane_sum[l] += y[lane_dst[l]];
            for (size_t l = 0; l < lane_dst.size(); ++l) y[lane_dst[l]] = lane_sum[l];
          }
        }

    // Cast in place (each storage element sits at or before its fp32 source) and copy out.
    const UbBuf<T> out(reinterpret_cast<T*>(y.data()), y.size(), y.ub_offset());
    if (t.full) {
      for (int64_t p = 0; p < b.planes; ++p) {
        const float* src = y.span(p * yplane, in_plane);
        T* dst = out.span(p * yplane, in_plane);
        store_rint_row<Codec>(src, dst, in_plane);
        ctx.copy_out(a.out, (b.nc0 + p) * in_plane, out, p * yplane, in_plane);
      }
    } else {
      for (int64_t p = 0; p < b.planes; ++p)
        for (int64_t d = 0; d < b.len[0]; ++d)
          for (int64_t h = 0; h < b.len[1]; ++h) {
            const int64_t row = ((p * b.len[0] + d) * b.len[1] + h) * yrow;
            const float* src = y.span(row, b.len[2]);
            T* dst = out.span(row, b.len[2]);
            store_rint_row<Codec>(src, dst, b.len[2]);
            const int64_t gm = (((b.nc0 + p) * pr.in[0] + b.x0[0] + d) * pr.in[1] + b.x0[1] + h) * pr.in[2] + b.x0[2];
            ctx.copy_out(a.out, gm, out, row, b.len[2]);
          }
    }
  }
}

#define PC_SIMD(C, I) template void simd_kernel<C, I>(BlockContext&, const RegbaseArgs<C, I>&);
PC_SIMD(CodecF32, int32_t)
PC_SIMD(CodecF16, int32_t)
PC_SIMD(CodecBF16, int32_t)
PC_SIMD(CodecF32, int64_t)
PC_SIMD(CodecF16, int64_t)
PC_SIMD(CodecBF16, int64_t)
#undef PC_SIMD

}  // namespace pcemu::maxpool
