// CutK: for kernels whose window does not fit the UB even for one output position, each output
// position's window is processed in chunks along KD (then KH, KW) and each chunk copied out on its own.
#include "ops/common/dtype_codec.h"
#include "ops/maxpool3d_grad/kernel_args.h"
#include "ops/maxpool3d_grad/kernel_lane_tile.h"

namespace pcemu::maxpool {

template <typename Codec>
void cutk_kernel(BlockContext& ctx, const KernelArgs<Codec>& a) {
  const Problem& pr = *a.pr;
  const Tiling& t = *a.t;
  LaneTile<Codec> tile;  // its index table outlives the blocks
  for (int64_t b = ctx.block_idx(); b < t.total_blocks; b += ctx.block_num()) {
    std::array<int64_t, 3> box0{}, box1{};
    block_box(pr, t, b, &tile.nc0, &tile.lanes, &box0, &box1);
    for (int64_t od = box0[0]; od < box1[0]; ++od)
      for (int64_t oh = box0[1]; oh < box1[1]; ++oh)
        for (int64_t ow = box0[2]; ow < box1[2]; ++ow) {
          tile.o0 = {od, oh, ow};
          tile.o1 = {od + 1, oh + 1, ow + 1};
          std::array<int64_t, 3> win0{}, win1{};
          for (int ax = 0; ax < 3; ++ax) {
            const auto span = input_span(pr, ax, tile.o0[ax], tile.o1[ax]);
            win0[ax] = span[0];
            win1[ax] = span[1];
          }
          // The accumulator is sized for one chunk; the window is walked chunk by chunk.
          tile.r0 = {0, 0, 0};
          tile.r1 = t.base_k;
          tile.allocate(ctx, t.lanes);
          tile.load(ctx, a);
          if (t.drop_stray_indices) tile.drop_outside_windows(pr);  // Upstream profile only
          for (int64_t d = win0[0]; d < win1[0]; d += t.base_k[0])
            for (int64_t h = win0[1]; h < win1[1]; h += t.base_k[1])
              for (int64_t w = win0[2]; w < win1[2]; w += t.base_k[2]) {
                const std::array<int64_t, 3> c0{d, h, w};
                const std::array<int64_t, 3> c1{std::min(win1[0], d + t.base_k[0]), std::min(win1[1], h + t.base_k[1]),
                                                std::min(win1[2], w + t.base_k[2])};
                tile.accumulate(a, c0, c1);
                tile.store(ctx, a, c0, c1);
              }
        }
  }
}

template void cutk_kernel<CodecF32>(BlockContext&, const KernelArgs<CodecF32>&);
template void cutk_kernel<CodecF16>(BlockContext&, const KernelArgs<CodecF16>&);
template void cutk_kernel<CodecBF16>(BlockContext&, const KernelArgs<CodecBF16>&);

}  // namespace pcemu::maxpool
