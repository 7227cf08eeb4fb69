// CutK: a block is one output tile of 64 NC lanes; its input region does not fit the UB whole, so the
// region is walked in passes of the tiling's pass extents (one input D row for the H cut, one D-H row for
// the W cut, one element for the KW cut), each accumulated and copied out on its own.
#include "common/vector_clones.h"
#include "ops/common/dtype_codec.h"
#include "ops/maxpool3d_grad/kernel_args.h"
#include "ops/maxpool3d_grad/kernel_lane_tile.h"

namespace pcemu::maxpool {

template <typename Codec>
PCEMU_VECTOR_CLONES void cutk_kernel(BlockContext& ctx, const KernelArgs<Codec>& a) {
  const Problem& pr = *a.pr;
  const Tiling& t = *a.t;
  LaneTile<Codec> tile;                                                          // its index table outlives the blocks
  for (int64_t b = ctx.block_idx(); b < t.total_blocks; b += ctx.block_num()) {  // round-robin over cores
    block_box(pr, t, b, &tile.nc0, &tile.lanes, &tile.o0, &tile.o1);
    std::array<int64_t, 3> win0{}, win1{}, pass{};
    for (int ax = 0; ax < 3; ++ax) {
      const auto span = input_span(pr, ax, tile.o0[ax], tile.o1[ax]);
      win0[ax] = span[0];
      win1[ax] = span[1];
      pass[ax] = std::max<int64_t>(1, std::min(t.region[ax], win1[ax] - win0[ax]));
    }
    // The accumulator is sized for one pass; the region is walked pass by pass.
    tile.r0 = {0, 0, 0};
    tile.r1 = pass;
    tile.allocate(ctx, pr, t.lanes);
    tile.load(ctx, a);
    if (t.drop_stray_indices) tile.drop_outside_windows(pr);  // Upstream profile only
    for (int64_t d = win0[0]; d < win1[0]; d += pass[0])
      for (int64_t h = win0[1]; h < win1[1]; h += pass[1])
        for (int64_t w = win0[2]; w < win1[2]; w += pass[2]) {
          const std::array<int64_t, 3> c0{d, h, w};
          const std::array<int64_t, 3> c1{std::min(win1[0], d + pass[0]), std::min(win1[1], h + pass[1]),
                                          std::min(win1[2], w + pass[2])};
          tile.accumulate(a, c0, c1);
          tile.store(ctx, a, c0, c1);
        }
  }
}

template void cutk_kernel<CodecF32>(BlockContext&, const KernelArgs<CodecF32>&);
template void cutk_kernel<CodecF16>(BlockContext&, const KernelArgs<CodecF16>&);
template void cutk_kernel<CodecBF16>(BlockContext&, const KernelArgs<CodecBF16>&);

}  // namespace pcemu::maxpool
