// Cube path: a depthwise transposed convolution. For each input position the contributing gradients
// (one per kernel tap that maps onto the output grid) form a row of A, the constant weight 1/divisor a
// column of B; the cube multiplies 16x16 fractal blocks with operands in the compute precision and
// accumulates in fp32. A gather formulation: each input element is produced by exactly one core.
#include <array>
#include <vector>

#include "npu/faults.h"
#include "ops/avg_pool2d_grad/kernel_args.h"
#include "ops/common/dtype_codec.h"

namespace pcemu::avgpool {

namespace {
constexpr int64_t kFractal = 16;          // cube block edge
constexpr int64_t kL1Bytes = 512 * 1024;  // L1 buffer of an A2 AI core (the cube's staging memory)

unsigned char* l1_backing() {
  thread_local std::vector<unsigned char> l1(kL1Bytes);
  return l1.data();
}
}  // namespace

template <typename Codec>
void cube_kernel(BlockContext& ctx, const KernelArgs<Codec>& a) {
  using T = typename Codec::T;
  const Problem& pr = *a.pr;
  const Compute cp = a.t->compute;
  UnifiedBuffer l1(l1_backing(), kL1Bytes, 32, ctx.block_idx(), nullptr);
  const int64_t H = pr.in[0], W = pr.in[1], Ho = pr.out[0], Wo = pr.out[1];
  const int64_t taps = pr.k[0] * pr.k[1];
  auto grad_plane = l1.alloc<T>(Ho * Wo, "gradient plane (L1)");
  auto out_row = l1.alloc<T>((W + kFractal - 1) / kFractal * kFractal, "output row (L1)");
  // The weight: 1/divisorOverride, or 1/(kH*kW) (countIncludePad without ceil mode always has kH*kW).
  const float weight = to_compute(cp, 1.0f / static_cast<float>(pr.divisor != 0 ? pr.divisor : taps));
  int64_t p0 = 0, p1 = 0;
  core_range(pr.nc(), ctx.block_idx(), ctx.block_num(), &p0, &p1);
  for (int64_t plane = p0; plane < p1; ++plane) {
    ctx.copy_in(grad_plane, 0, a.grad, plane * Ho * Wo, Ho * Wo);
    for (int64_t ih = 0; ih < H; ++ih) {
      for (int64_t iw0 = 0; iw0 < W; iw0 += kFractal) {
        std::array<float, kFractal> c{};  // L0C accumulators, fp32
        for (int64_t k0 = 0; k0 < taps; k0 += kFractal)
          for (int64_t m = 0; m < kFractal && iw0 + m < W; ++m)
            for (int64_t k = k0; k < std::min(taps, k0 + kFractal); ++k) {
              const int64_t kh = k / pr.k[1], kw = k % pr.k[1];
              const int64_t nh = ih + pr.p[0] - kh, nw = iw0 + m + pr.p[1] - kw;
              if (nh < 0 || nw < 0 || nh % pr.s[0] != 0 || nw % pr.s[1] != 0) continue;
              const int64_t oh = nh / pr.s[0], ow = nw / pr.s[1] + (fault_on(Fault::WrongTap) ? 1 : 0);
              if (oh >= Ho || ow >= Wo) continue;
              const float g = to_compute(cp, Codec::load(grad_plane[oh * Wo + ow]));
              c[static_cast<size_t>(m)] += g * weight;  // fp16/hf32 products are exact in fp32
            }
        for (int64_t m = 0; m < kFractal && iw0 + m < W; ++m)
          out_row[iw0 + m] = Codec::store(c[static_cast<size_t>(m)]);
      }
      ctx.copy_out(a.out, (plane * H + ih) * W, out_row, 0, W);
    }
  }
}

template void cube_kernel<CodecF32>(BlockContext&, const KernelArgs<CodecF32>&);
template void cube_kernel<CodecF16>(BlockContext&, const KernelArgs<CodecF16>&);
template void cube_kernel<CodecBF16>(BlockContext&, const KernelArgs<CodecBF16>&);

}  // namespace pcemu::avgpool
