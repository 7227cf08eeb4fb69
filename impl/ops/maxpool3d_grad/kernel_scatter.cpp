// Scatter: the scalar fallback. Core i owns a contiguous range of NC blocks (the first pre_core_num cores
// one more than the rest); each UB tile of a block is one GM run of gradients and indices, and every
// gradient is stored at its index (no overlap: one contributor per element) or added by read-modify-write
// into the fp32 target (overlap). The cores' ranges are disjoint, so there are no cross-core conflicts.
#include "common/vector_clones.h"
#include "npu/faults.h"
#include "ops/common/dtype_codec.h"
#include "ops/maxpool3d_grad/kernel_args.h"

namespace pcemu::maxpool {

namespace {

int64_t align32(int64_t bytes) { return (bytes + 31) / 32 * 32; }

// Elements of one pass: the whole tile. When upstream's model holds for it (dt + 4 bytes an element within
// the UB less the 32-byte store block) but the buffers' 32-byte padding, up to 58 bytes more, would not fit,
// the tile is run in the largest passes that do. A tile the model does not admit is allocated whole, and
// the UB refuses it.
int64_t pass_elems(int64_t tile, int64_t dt, int64_t ub) {
  auto need = [&](int64_t n) { return align32(n * dt) + align32(n * 4) + 32; };
  if (need(tile) <= ub || tile * (dt + 4) + 32 > ub) return tile;
  int64_t n = tile;
  while (n > 1 && need(n) > ub) --n;
  return n;
}

// The flat GM start of the tile at (nc, od, oh, ow) and its length; the tiling only cuts an axis while every
// axis inside it is whole, so a tile is one run (checked: a tiling bug must not read the wrong elements).
int64_t tile_run(const Problem& pr, const std::array<int64_t, 4>& at, const std::array<int64_t, 4>& ext, int64_t* len) {
  const std::array<int64_t, 4> dims{pr.nc(), pr.out[0], pr.out[1], pr.out[2]};
  for (int a = 0; a < 3; ++a) {
    bool outer_multi = false;
    for (int o = 0; o <= a; ++o) outer_multi = outer_multi || ext[o] > 1;
    if (outer_multi && ext[a + 1] != dims[a + 1])
      throw KernelError(ACLNN_ERR_INNER, "Scatter tile is not one GM run: extents " + std::to_string(ext[0]) + "x" +
                                             std::to_string(ext[1]) + "x" + std::to_string(ext[2]) + "x" +
                                             std::to_string(ext[3]));
  }
  *len = ext[0] * ext[1] * ext[2] * ext[3];
  return ((at[0] * pr.out[0] + at[1]) * pr.out[1] + at[2]) * pr.out[2] + at[3];
}

}  // namespace

template <typename Codec>
PCEMU_VECTOR_CLONES void scatter_kernel(BlockContext& ctx, const KernelArgs<Codec>& a) {
  using T = typename Codec::T;
  const Problem& pr = *a.pr;
  const Tiling& t = *a.t;
  const int64_t i = ctx.block_idx();
  const bool front = t.pre_core_num == 0 || i < t.pre_core_num;
  const int64_t first = front ? i * t.nc_round : t.pre_core_num * t.nc_round + (i - t.pre_core_num) * t.nc_round_tail;
  const int64_t rounds = front ? t.nc_round : t.nc_round_tail;
  const int64_t tile_elems = t.lanes * t.base_out[0] * t.base_out[1] * t.base_out[2];
  const int64_t n = pass_elems(tile_elems, sizeof(T), ctx.ub().limit());
  ctx.ub().free_all();
  auto grad = ctx.ub().alloc<T>(n, "gradOutput tile");
  auto idx = ctx.ub().alloc<int32_t>(n, "indices tile");
  auto elem = ctx.ub().alloc<T>(32 / sizeof(T), "one element");
  UbBuf<float> rmw(reinterpret_cast<float*>(elem.data()), 8, elem.ub_offset());  // the same block, fp32
  const bool wrong_plane = fault_on(Fault::IndexWrongPlane), swapped = fault_on(Fault::IndexAxesSwapped);
  const bool nan_dropped = fault_on(Fault::NanDropped), half_acc = fault_on(Fault::HalfAccumulation);
  const bool wrong_tap = fault_on(Fault::WrongTap);
  const int64_t plane = pr.out_plane();
  for (int64_t blk = first; blk < first + rounds && blk < t.count[0]; ++blk) {
    const int64_t nc0 = blk * t.lanes, lanes = std::min(t.lanes, pr.nc() - nc0);
    for (int64_t od = 0; od < pr.out[0]; od += t.base_out[0])
      for (int64_t oh = 0; oh < pr.out[1]; oh += t.base_out[1])
        for (int64_t ow = 0; ow < pr.out[2]; ow += t.base_out[2]) {
          const std::array<int64_t, 4> ext{lanes, std::min(t.base_out[0], pr.out[0] - od),
                                           std::min(t.base_out[1], pr.out[1] - oh),
                                           std::min(t.base_out[2], pr.out[2] - ow)};
          int64_t len = 0;
          const int64_t run = tile_run(pr, {nc0, od, oh, ow}, ext, &len);
          for (int64_t p0 = 0; p0 < len; p0 += n) {
            const int64_t m = std::min(n, len - p0);
            ctx.copy_in(grad, 0, a.grad, run + p0, m);
            ctx.copy_in(idx, 0, a.idx, run + p0, m);
            const int32_t* iv = idx.span(0, m);
            const T* gv = grad.span(0, m);
            for (int64_t e = 0; e < m; ++e) {
              int64_t at = iv[e];
              if (swapped) {  // (d, h, x) decoded with H as the row length, then stored as it should be
                const int64_t hw = pr.in[1] * pr.in[2], d = at / hw, rest = at % hw;
                at = d * hw + rest / pr.in[1] * pr.in[2] + rest % pr.in[1];
              }
              const int64_t nc = (run + p0 + e) / plane;
              int64_t target = (wrong_plane ? nc0 : nc) * pr.in_plane() + at;
              if (wrong_tap && target + 1 < a.out.count) ++target;
              const float g = Codec::load(gv[e]);
              if (nan_dropped && !(g > 0 || g < 0)) continue;
              if (!t.atomics) {
                elem[0] = gv[e];
                ctx.copy_out(a.out, target, elem, 0, 1);
              } else {
                ctx.copy_in(rmw, 0, a.acc, target, 1);
                rmw[0] = half_acc ? Codec::load(Codec::store(rmw[0] + g)) : rmw[0] + g;
                ctx.copy_out(a.acc, target, rmw, 0, 1);
              }
            }
          }
        }
  }
}

template void scatter_kernel<CodecF32>(BlockContext&, const KernelArgs<CodecF32>&);
template void scatter_kernel<CodecF16>(BlockContext&, const KernelArgs<CodecF16>&);
template void scatter_kernel<CodecBF16>(BlockContext&, const KernelArgs<CodecBF16>&);

}  // namespace pcemu::maxpool
