// AllOne path (1x1x1 output): Fill(1/(D*H*W)) in the tensor dtype, then Mul with the gradient in the
// tensor dtype (an exact fp32 product rounded once), broadcast over the plane. The fill rounding is the
// precision cost of this path for fp16/bf16 (docs/tolerance.md).
#include <algorithm>

#include "common/vector_clones.h"
#include "npu/faults.h"
#include "ops/adaptive_avgpool3d_grad/kernels.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/phases.h"

namespace pcemu::adaptive {

template <typename Codec>
PCEMU_VECTOR_CLONES void all_one_kernel(BlockContext& ctx, const KernelArgs<Codec>& a) {
  using T = typename Codec::T;
  const Problem& pr = *a.pr;
  const int64_t plane = pr.in[0] * pr.in[1] * pr.in[2];
  // Upstream profile (ops-nn aclnn_adaptive_avg_pool3d_backward.cpp, DoAllOneAdapativeAvgPool3dBackward): the
  // factor is 1.0 / size in double, rounded to float, then to the dtype [AA.D.ALL_ONE_PRECISION].
  const float factor =
      a.t->fill_from_double ? static_cast<float>(1.0 / static_cast<double>(plane)) : 1.0f / static_cast<float>(plane);
  const float fill = Codec::load(Codec::store(factor));
  ctx.ub().free_all();
  // Planes per pass: when small planes fit, a chunk holds several whole planes (their gradients in one
  // burst in, the broadcast in one burst out); else one plane is broadcast chunk by chunk. Each buffer
  // rounds up to 32 bytes, hence the two blocks set aside.
  const int64_t elem = static_cast<int64_t>(sizeof(T)), n = chunk_elems(ctx, elem);
  const int64_t per_pass = std::max<int64_t>(0, (n - 64 / elem) / (plane + 1));
  const bool batched = per_pass >= 1;
  auto g = ctx.ub().alloc<T>(batched ? per_pass : 32 / elem, "gradients");
  auto row = ctx.ub().alloc<T>(batched ? per_pass * plane : chunk_elems(ctx, elem), "broadcast chunk");
  const float scale = fault_on(Fault::WrongTap) ? 1.0f : fill;
  int64_t p0 = 0, p1 = 0;
  core_range(pr.nc(), ctx.block_idx(), ctx.block_num(), &p0, &p1);
  for (int64_t p = p0; p < p1; p += batched ? per_pass : 1) {
    const int64_t planes = batched ? std::min(per_pass, p1 - p) : 1;
    ctx.copy_in(g, 0, a.grad, p, planes);
    const T* grads = g.span(0, planes);
    if (batched) {
      T* out = row.span(0, planes * plane);
      for (int64_t q = 0; q < planes; ++q)
        std::fill(out + q * plane, out + (q + 1) * plane, Codec::store(Codec::load(grads[q]) * scale));
      ctx.copy_out(a.out, p * plane, row, 0, planes * plane);
      continue;
    }
    const T value = Codec::store(Codec::load(grads[0]) * scale);
    std::fill(row.data(), row.data() + row.size(), value);
    for (int64_t i = 0; i < plane; i += row.size())
      ctx.copy_out(a.out, p * plane + i, row, 0, std::min(row.size(), plane - i));
  }
}

template void all_one_kernel<CodecF32>(BlockContext&, const KernelArgs<CodecF32>&);
template void all_one_kernel<CodecF16>(BlockContext&, const KernelArgs<CodecF16>&);
template void all_one_kernel<CodecBF16>(BlockContext&, const KernelArgs<CodecBF16>&);

}  // namespace pcemu::adaptive
