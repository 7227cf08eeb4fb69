// Normal: a block is NC lanes x an output box; it walks UB tiles of that box, scatters each tile's
// gradients into the fp32 input region in UB and copies the region out (atomically when an
// overlapping axis is cut, since neighbouring regions then share elements).
#include "common/vector_clones.h"
#include "ops/common/dtype_codec.h"
#include "ops/maxpool3d_grad/kernel_args.h"
#include "ops/maxpool3d_grad/kernel_lane_tile.h"

namespace pcemu::maxpool {

// Decodes block b into its NC range and output box (W fastest, as the tiling counts them).
void block_box(const Problem& pr, const Tiling& t, int64_t b, int64_t* nc0, int64_t* lanes, std::array<int64_t, 3>* o0,
               std::array<int64_t, 3>* o1) {
  const int64_t wi = b % t.count[3], hi = b / t.count[3] % t.count[2], di = b / (t.count[3] * t.count[2]) % t.count[1];
  const int64_t ci = b / (t.count[3] * t.count[2] * t.count[1]);
  *nc0 = ci * t.single[0];
  *lanes = std::min(t.single[0], pr.nc() - *nc0);
  const std::array<int64_t, 3> pos{di, hi, wi};
  for (int a = 0; a < 3; ++a) {
    (*o0)[a] = pos[a] * t.single[a + 1];
    (*o1)[a] = std::min(pr.out[a], (*o0)[a] + t.single[a + 1]);
  }
}

template <typename Codec>
PCEMU_VECTOR_CLONES void normal_kernel(BlockContext& ctx, const KernelArgs<Codec>& a) {
  const Problem& pr = *a.pr;
  const Tiling& t = *a.t;
  LaneTile<Codec> tile;                                                          // its index table outlives the blocks
  for (int64_t b = ctx.block_idx(); b < t.total_blocks; b += ctx.block_num()) {  // round-robin over cores
    std::array<int64_t, 3> box0{}, box1{};
    block_box(pr, t, b, &tile.nc0, &tile.lanes, &box0, &box1);
    for (int64_t od = box0[0]; od < box1[0]; od += t.base_out[0])
      for (int64_t oh = box0[1]; oh < box1[1]; oh += t.base_out[1])
        for (int64_t ow = box0[2]; ow < box1[2]; ow += t.base_out[2]) {
          tile.o0 = {od, oh, ow};
          tile.o1 = {std::min(box1[0], od + t.base_out[0]), std::min(box1[1], oh + t.base_out[1]),
                     std::min(box1[2], ow + t.base_out[2])};
          for (int ax = 0; ax < 3; ++ax) {
            const auto span = input_span(pr, ax, tile.o0[ax], tile.o1[ax]);
            tile.r0[ax] = span[0];
            tile.r1[ax] = span[1];
          }
          tile.allocate(ctx, pr, t.lanes);
          tile.load(ctx, a);
          if (t.drop_stray_indices) tile.drop_outside_windows(pr);  // Upstream profile only
          tile.accumulate(a, tile.r0, tile.r1);
          tile.store(ctx, a, tile.r0, tile.r1);
        }
  }
}

template void normal_kernel<CodecF32>(BlockContext&, const KernelArgs<CodecF32>&);
template void normal_kernel<CodecF16>(BlockContext&, const KernelArgs<CodecF16>&);
template void normal_kernel<CodecBF16>(BlockContext&, const KernelArgs<CodecBF16>&);

}  // namespace pcemu::maxpool
