// The UB working set of the lane-parallel kernels (Normal, CutK): gradients and indices of an output
// tile for `lanes` NC lanes, and the fp32 accumulator of the input region they scatter into.
#pragma once

#include <array>

#include "npu/faults.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/fast_div.h"
#include "ops/common/row_store.h"
#include "ops/maxpool3d_grad/box_table.h"
#include "ops/maxpool3d_grad/kernel_args.h"

namespace pcemu::maxpool {

inline int64_t align_to(int64_t v, int64_t a) { return (v + a - 1) / a * a; }

template <typename Codec>
struct LaneTile {
  using T = typename Codec::T;
  std::array<int64_t, 3> o0{}, o1{};  // output tile [o0, o1) per axis
  std::array<int64_t, 3> r0{}, r1{};  // input region [r0, r1) per axis
  int64_t nc0 = 0, lanes = 0;         // NC lanes [nc0, nc0 + lanes)
  int64_t grad_lane = 0, idx_lane = 0, acc_row = 0;
  UbBuf<T> grad;        // per lane: the tile's gradients packed (od, oh, ow), lanes 32-byte aligned
  UbBuf<int32_t> idx;   // per lane: the tile's indices, packed the same way
  UbBuf<T> grad_stage;  // one GM row on its way into the packed layout (only when rows are not contiguous)
  UbBuf<int32_t> idx_stage;
  UbBuf<float> acc;
  UbBuf<T> cast_row;
  BoxTable box;  // index -> accumulator offset of the current sub-box's extents (scalar-unit scratch)

  int64_t tile(int a) const { return o1[a] - o0[a]; }
  int64_t region(int a) const { return r1[a] - r0[a]; }
  int64_t outs() const { return tile(0) * tile(1) * tile(2); }
  // A lane's tile is one GM run when inner axes are whole wherever an outer axis has more than one row.
  bool contiguous(const Problem& pr) const {
    return (tile(2) == pr.out[2] || tile(0) * tile(1) == 1) && (tile(1) == pr.out[1] || tile(0) == 1);
  }

  // Allocates the working set for `alloc_lanes` lanes (the tiling's vl), the tile and the region: the buffers
  // upstream's UB models count, each no larger than its counterpart there (packed gradient and index tiles,
  // one fp32 accumulator, one cast row; upstream keeps two of each tile and more region buffers).
  void allocate(BlockContext& ctx, const Problem& pr, int64_t alloc_lanes) {
    ctx.ub().free_all();
    const int64_t per_block = 32 / static_cast<int64_t>(sizeof(T));
    grad_lane = align_to(outs(), per_block);
    idx_lane = align_to(outs(), 8);
    acc_row = align_to(region(2), 8);
    grad = ctx.ub().template alloc<T>(alloc_lanes * grad_lane, "gradOutput tile");
    idx = ctx.ub().template alloc<int32_t>(alloc_lanes * idx_lane, "indices tile");
    if (!contiguous(pr)) {
      grad_stage = ctx.ub().template alloc<T>(align_to(tile(2), per_block), "gradOutput row");
      idx_stage = ctx.ub().template alloc<int32_t>(align_to(tile(2), 8), "indices row");
    }
    acc = ctx.ub().template alloc<float>(alloc_lanes * region(0) * region(1) * acc_row, "fp32 region accumulator");
    if (sizeof(T) != 4) cast_row = ctx.ub().template alloc<T>(align_to(region(2), per_block), "cast row");
  }

  // CopyIn of the gradients and indices of the output tile: one burst per lane when the tile is one GM run,
  // else row by row through the staging rows into the packed layout.
  void load(BlockContext& ctx, const KernelArgs<Codec>& a) {
    const auto& pr = *a.pr;
    const bool whole = contiguous(pr);
    for (int64_t l = 0; l < lanes; ++l) {
      const int64_t lane_gm = (((nc0 + l) * pr.out[0] + o0[0]) * pr.out[1] + o0[1]) * pr.out[2] + o0[2];
      if (whole) {
        ctx.copy_in(grad, l * grad_lane, a.grad, lane_gm, outs());
        ctx.copy_in(idx, l * idx_lane, a.idx, lane_gm, outs());
        continue;
      }
      for (int64_t od = 0; od < tile(0); ++od)
        for (int64_t oh = 0; oh < tile(1); ++oh) {
          const int64_t row = od * tile(1) + oh, gm = lane_gm + od * pr.out[1] * pr.out[2] + oh * pr.out[2];
          ctx.copy_in(grad_stage, 0, a.grad, gm, tile(2));
          ctx.copy_in(idx_stage, 0, a.idx, gm, tile(2));
          std::copy_n(grad_stage.span(0, tile(2)), tile(2), grad.span(l * grad_lane + row * tile(2), tile(2)));
          std::copy_n(idx_stage.span(0, tile(2)), tile(2), idx.span(l * idx_lane + row * tile(2), tile(2)));
        }
    }
  }

  // Upstream profile (ops-nn op_kernel Normal/CutK compare each index with the positions of its own
  // window and add only the matches): an index outside its window becomes -1, which accumulate() never
  // matches, so it is dropped without a trace [MP.D.INDEX_VALIDITY].
  void drop_outside_windows(const Problem& pr) {
    const int64_t hw = pr.in[1] * pr.in[2], plane = pr.in_plane();
    auto inside = [&](int a, int64_t o, int64_t at) {
      const int64_t start = o * pr.s[a] - pr.p[a];
      return at >= start && at < start + pr.k[a];
    };
    for (int64_t l = 0; l < lanes; ++l)
      for (int64_t od = o0[0]; od < o1[0]; ++od)
        for (int64_t oh = o0[1]; oh < o1[1]; ++oh) {
          const int64_t row = (od - o0[0]) * tile(1) + (oh - o0[1]);
          int32_t* irow = idx.span(l * idx_lane + row * tile(2), tile(2));
          for (int64_t w = 0; w < tile(2); ++w) {
            const int64_t v = irow[w];
            const bool keep = v >= 0 && v < plane && inside(0, od, v / hw) && inside(1, oh, v % hw / pr.in[2]) &&
                              inside(2, o0[2] + w, v % pr.in[2]);
            if (!keep) irow[w] = -1;
          }
        }
  }

  // Adds every gradient of the tile whose index falls in [c0, c1) (a sub-box of the region) to the
  // accumulator, laid out over that sub-box. The index was range-checked before the launch; the UB
  // spans are checked once per tile and every element offset below stays inside them by construction.
  void accumulate(const KernelArgs<Codec>& a, const std::array<int64_t, 3>& c0, const std::array<int64_t, 3>& c1) {
    const auto& pr = *a.pr;
    const int64_t hw = pr.in[1] * pr.in[2];
    const std::array<int64_t, 3> ext{c1[0] - c0[0], c1[1] - c0[1], c1[2] - c0[2]};
    const int64_t row = align_to(ext[2], 8), n = outs(), lane_acc = ext[0] * ext[1] * row;
    float* accp = acc.span(0, acc.size());
    std::fill(accp, accp + acc.size(), 0.0f);
    if (lanes == 0 || n == 0) return;
    const int32_t* idxp = idx.span(0, (lanes - 1) * idx_lane + n);
    const T* gradp = grad.span(0, (lanes - 1) * grad_lane + n);
    acc.span(0, lanes * lane_acc);  // the sub-box of every lane fits the accumulator
    const bool wrong_tap = fault_on(Fault::WrongTap), wrong_plane = fault_on(Fault::IndexWrongPlane);
    const bool swapped = fault_on(Fault::IndexAxesSwapped), nan_dropped = fault_on(Fault::NanDropped);
    const bool half_acc = fault_on(Fault::HalfAccumulation);
    const bool faulty = wrong_tap || wrong_plane || swapped || nan_dropped || half_acc;  // the scalar loop below
    if (!faulty && box.prepare(pr.in[1], pr.in[2], ext, row,
                               [&](int64_t d, int64_t h, int64_t x) { return (d * ext[1] + h) * row + x; })) {
      const int64_t origin = box.origin(c0);
      for (int64_t l = 0; l < lanes; ++l) {
        const int32_t* irow = idxp + l * idx_lane;
        const T* grow = gradp + l * grad_lane;
        float* lane = accp + l * lane_acc;
        for (int64_t w = 0; w < n; ++w)
          if (const int32_t at = box.lookup(irow[w], origin); at >= 0) lane[at] += Codec::load(grow[w]);
      }
      return;
    }
    // The index_axes_swapped fault decodes with the H extent as the row length.
    const PositionDecoder decode(hw, swapped ? pr.in[1] : pr.in[2]);
    for (int64_t l = 0; l < lanes; ++l) {
      const int32_t* irow = idxp + l * idx_lane;
      const T* grow = gradp + l * grad_lane;
      float* lane = accp + (wrong_plane ? 0 : l * lane_acc);
      for (int64_t w = 0; w < n; ++w) {
        auto [d, h, x] = decode(irow[w]);
        if (wrong_tap && x + 1 < c1[2]) ++x;
        if (d < c0[0] || d >= c1[0] || h < c0[1] || h >= c1[1] || x < c0[2] || x >= c1[2]) continue;
        const float g = Codec::load(grow[w]);
        if (nan_dropped && !(g > 0 || g < 0)) continue;
        float& sum = lane[((d - c0[0]) * ext[1] + h - c0[1]) * row + x - c0[2]];
        sum = half_acc ? Codec::load(Codec::store(sum + g)) : sum + g;
      }
    }
  }

  // CopyOut of the accumulated sub-box [c0, c1): atomic fp32 adds, or plain stores (cast for fp16/bf16).
  // Rows that are contiguous in both UB and GM (the sub-box spans whole input rows, or whole planes, and
  // the UB row needs no alignment pad) go out as one multi-row DataCopy burst.
  void store(BlockContext& ctx, const KernelArgs<Codec>& a, const std::array<int64_t, 3>& c0,
             const std::array<int64_t, 3>& c1) {
    const auto& pr = *a.pr;
    const std::array<int64_t, 3> ext{c1[0] - c0[0], c1[1] - c0[1], c1[2] - c0[2]};
    const int64_t row = align_to(ext[2], 8);
    const RowTarget<T> target{a.acc, a.out, a.t->atomics};
    const bool cast = !a.t->atomics && sizeof(T) != 4;  // via the one-row cast buffer: row by row
    const bool whole_rows = !cast && row == ext[2] && ext[2] == pr.in[2];
    const int64_t burst_h = whole_rows ? ext[1] : 1;                        // rows per burst
    const int64_t burst_d = whole_rows && ext[1] == pr.in[1] ? ext[0] : 1;  // planes per burst
    for (int64_t l = 0; l < lanes; ++l)
      for (int64_t d = 0; d < ext[0]; d += burst_d)
        for (int64_t h = 0; h < ext[1]; h += burst_h) {
          const int64_t src = ((l * ext[0] + d) * ext[1] + h) * row;
          const int64_t gm = (((nc0 + l) * pr.in[0] + c0[0] + d) * pr.in[1] + c0[1] + h) * pr.in[2] + c0[2];
          const bool last = l + 1 == lanes && d + burst_d == ext[0] && h + burst_h == ext[1];
          const int64_t elems = burst_d * burst_h * ext[2];
          const int64_t len = elems + (last && fault_on(Fault::CopyOverrun) ? 1 : 0);
          if (cast) store_row<Codec>(acc.span(src, ext[2]), cast_row.span(0, ext[2]), ext[2]);
          target.put(ctx, gm, acc, src, cast_row, 0, len);
        }
  }
};

}  // namespace pcemu::maxpool
