// NCDHW only-T template (keys 3000/4000): kH = sH = kW = sW = 1, so each gradient element pools a depth run of
// one (h, w). A work item is a chunk of hw_count elements of one (N*C, Do) gradient plane: scaled by 1/divisor in
// fp32 and stored at (or, with depth overlap, added atomically to) the same chunk of every input layer of its
// depth window. Items are split into contiguous per-core ranges; the target was zeroed in an earlier phase.
#include "common/vector_clones.h"
#include "npu/faults.h"
#include "ops/avgpool2d_grad/kernel_args.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/scaled_rows.h"

namespace pcemu::avgpool {

template <typename Codec>
PCEMU_VECTOR_CLONES void only_t_kernel(BlockContext& ctx, const KernelArgs<Codec>& a) {
  using T = typename Codec::T;
  const Problem& pr = *a.pr;
  const Tiling& t = *a.t;
  const int32_t b = ctx.block_idx();
  const int64_t begin = b * t.per_core;
  const int64_t mine = b + 1 == ctx.block_num() ? t.last_core : t.per_core;
  const int64_t end = begin + mine;
  const int64_t lines = std::min(t.n_line, mine);  // the kernel's nLine = min(nLine, its items)
  const int64_t hw_total = pr.out[0] * pr.out[1];  // = H*W: the H and W windows are single elements
  ctx.ub().free_all();
  const ScaledRows<Codec> buf(ctx, std::max<int64_t>(1, lines) * t.hw_align, sizeof(T) != 4 && !t.atomics);
  const RowTarget<T> target{a.acc, a.out, t.atomics};
  for (int64_t i = begin; i < end; i += lines) {
    for (int64_t item = i; item < std::min(i + lines, end); ++item) {
      // Item order (plane, od, chunk), the chunk fastest.
      const int64_t chunk = item % t.hw_num, od = item / t.hw_num % pr.out_d, plane = item / t.hw_num / pr.out_d;
      const int64_t len = chunk + 1 == t.hw_num ? t.hw_tail : t.hw_count;
      const int64_t row = (item - i) * t.hw_align, at = chunk * t.hw_count;
      ctx.copy_in(buf.in, row, a.grad, (plane * pr.out_d + od) * hw_total + at, len);
      const Window w = window_of(pr, od, 0, 0);  // the depth window; its H and W factors are 1
      buf.scale(row, len, 1.0f / static_cast<float>(w.divisor));
      for (int64_t id = w.d0; id < w.d1; ++id) {
        const int64_t layer = fault_on(Fault::WrongTap) && id + 1 < pr.in_d ? id + 1 : id;
        buf.put(ctx, target, (plane * pr.in_d + layer) * hw_total + at, row, len);
      }
    }
  }
}

template void only_t_kernel<CodecF32>(BlockContext&, const KernelArgs<CodecF32>&);
template void only_t_kernel<CodecF16>(BlockContext&, const KernelArgs<CodecF16>&);
template void only_t_kernel<CodecBF16>(BlockContext&, const KernelArgs<CodecBF16>&);

}  // namespace pcemu::avgpool
