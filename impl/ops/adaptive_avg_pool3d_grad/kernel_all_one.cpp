// AllOne path (1x1x1 output): Fill(1/(D*H*W)) in the tensor dtype, then Mul with the gradient in the
// tensor dtype (an exact fp32 product rounded once), broadcast over the plane. The fill rounding is the
// precision cost of this path for fp16/bf16 (docs/tolerance.md).
#include "npu/faults.h"
#include "ops/adaptive_avg_pool3d_grad/kernels.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/phases.h"

namespace pcemu::adaptive {

template <typename Codec>
void all_one_kernel(BlockContext& ctx, const KernelArgs<Codec>& a) {
  using T = typename Codec::T;
  const Problem& pr = *a.pr;
  const int64_t plane = pr.in[0] * pr.in[1] * pr.in[2];
  const float fill = Codec::load(Codec::store(1.0f / static_cast<float>(plane)));
  ctx.ub().free_all();
  auto g = ctx.ub().alloc<T>(32 / sizeof(T), "gradient");
  const int64_t n = chunk_elems(ctx, sizeof(T));
  auto row = ctx.ub().alloc<T>(n, "broadcast chunk");
  int64_t p0 = 0, p1 = 0;
  core_range(pr.nc(), ctx.block_idx(), ctx.block_num(), &p0, &p1);
  for (int64_t p = p0; p < p1; ++p) {
    ctx.copy_in(g, 0, a.grad, p, 1);
    const T value = Codec::store(Codec::load(g[0]) * (fault_on(Fault::WrongTap) ? 1.0f : fill));
    std::fill(row.data(), row.data() + n, value);
    for (int64_t i = 0; i < plane; i += n) ctx.copy_out(a.out, p * plane + i, row, 0, std::min(n, plane - i));
  }
}

template void all_one_kernel<CodecF32>(BlockContext&, const KernelArgs<CodecF32>&);
template void all_one_kernel<CodecF16>(BlockContext&, const KernelArgs<CodecF16>&);
template void all_one_kernel<CodecBF16>(BlockContext&, const KernelArgs<CodecBF16>&);

}  // namespace pcemu::adaptive
