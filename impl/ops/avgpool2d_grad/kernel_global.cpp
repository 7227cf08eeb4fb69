// Global average: the kernel covers the whole input and the output is 1x1, so each plane's gradient is
// divided once and written to the window's real elements. With padding the window is shifted by the
// left padding: its last padding rows/columns are outside the window and get zero (a naive shortcut
// that writes g/(kH*kW) everywhere is wrong there).
#include "common/vector_clones.h"
#include "npu/faults.h"
#include "ops/avgpool2d_grad/kernel_args.h"
#include "ops/common/dtype_codec.h"

namespace pcemu::avgpool {

template <typename Codec>
PCEMU_VECTOR_CLONES void global_kernel(BlockContext& ctx, const KernelArgs<Codec>& a) {
  using T = typename Codec::T;
  const Problem& pr = *a.pr;
  const Compute cp = a.t->compute;
  const int64_t H = pr.in[0], W = pr.in[1];
  Window win = window_of(pr, 0, 0);
  // Upstream profile (ops-nn aclnn_avgpool2d_backward.cpp, BuildGlobalAvgPoolGraph): Div by kH*kW broadcast
  // over the whole plane, padding, countIncludePad and ceilMode ignored [AP.D.GLOBAL_POOL_PADDING].
  if (a.t->global_whole_plane) win = {0, 1, 0, H, 0, W, static_cast<double>(pr.k[0] * pr.k[1])};  // k = H x W here
  if (fault_on(Fault::WrongTap)) win.w1 = W;  // the naive shortcut: the whole row, padding ignored
  const int64_t chunk = std::max<int64_t>(16, (ctx.ub().limit() / 2) / 32 * 32 / static_cast<int64_t>(sizeof(T)));
  ctx.ub().free_all();
  auto g = ctx.ub().alloc<T>(32 / sizeof(T), "gradient");
  auto row = ctx.ub().alloc<T>(std::min(chunk, (W + 15) / 16 * 16), "output row chunk");
  const float divisor = to_compute(cp, static_cast<float>(win.divisor));
  int64_t p0 = 0, p1 = 0;
  core_range(pr.nc(), ctx.block_idx(), ctx.block_num(), &p0, &p1);
  for (int64_t plane = p0; plane < p1; ++plane) {
    ctx.copy_in(g, 0, a.grad, plane, 1);
    const float q = to_compute(cp, to_compute(cp, Codec::load(g[0])) / divisor);
    const T value = Codec::store(q), zero = Codec::store(0.0f);
    for (int64_t ih = 0; ih < H; ++ih)
      for (int64_t iw0 = 0; iw0 < W; iw0 += row.size()) {
        const int64_t len = std::min(row.size(), W - iw0);
        for (int64_t j = 0; j < len; ++j) {
          const bool inside = ih >= win.h0 && ih < win.h1 && iw0 + j >= win.w0 && iw0 + j < win.w1;
          row[j] = inside ? value : zero;
        }
        ctx.copy_out(a.out, (plane * H + ih) * W + iw0, row, 0, len);
      }
  }
}

template void global_kernel<CodecF32>(BlockContext&, const KernelArgs<CodecF32>&);
template void global_kernel<CodecF16>(BlockContext&, const KernelArgs<CodecF16>&);
template void global_kernel<CodecBF16>(BlockContext&, const KernelArgs<CodecBF16>&);

}  // namespace pcemu::avgpool
