// Vector path: N*C is the channels-last axis (split into groups in the 3-D deterministic mode). Each work
// item is one gradient position (od, oh, ow) of a group and a chunk of its channels: the row is scaled by 1/divisor in
// fp32 and added to (or, without overlap, stored at) every input position of its clipped window. The target was zeroed
// in an earlier phase.
#include "common/vector_clones.h"
#include "npu/faults.h"
#include "ops/avgpool2d_grad/kernel_args.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/scaled_rows.h"

namespace pcemu::avgpool {

template <typename Codec>
PCEMU_VECTOR_CLONES void vector_kernel(BlockContext& ctx, const KernelArgs<Codec>& a) {
  using T = typename Codec::T;
  const Problem& pr = *a.pr;
  const Tiling& t = *a.t;
  const int32_t b = ctx.block_idx();
  const int64_t begin = b * t.per_core;
  const int64_t end = begin + (b + 1 == ctx.block_num() ? t.last_core : t.per_core);
  const int64_t rows = t.c_line;
  const int64_t out_plane = pr.out[0] * pr.out[1], out_spatial = pr.out_spatial();
  ctx.ub().free_all();
  const ScaledRows<Codec> buf(ctx, rows * t.c_align, sizeof(T) != 4 && !t.atomics);
  const RowTarget<T> target{a.acc, a.out, t.atomics};
  const bool wrong_tap = fault_on(Fault::WrongTap);  // asked once: the fault does not change during a launch
  for (int64_t i = begin; i < end; i += rows) {
    const int64_t lines = std::min(rows, end - i);
    for (int64_t line = 0; line < lines; ++line) {
      // Item order (group, od, oh, ow, chunk), the chunk fastest; group g owns channels [g, g+1) * channels.
      const int64_t item = i + line, rest = item / t.c_num, pos = rest % out_spatial, group = rest / out_spatial;
      const int64_t c0 = group * t.channels + item % t.c_num * t.c_count;
      const int64_t len = std::min(t.c_count, (group + 1) * t.channels - c0);
      const int64_t od = pos / out_plane, oh = pos % out_plane / pr.out[1], ow = pos % pr.out[1];
      const int64_t row = line * t.c_align;
      ctx.copy_in(buf.in, row, a.grad, pos * t.row_pitch + c0, len);
      const Window w = window_of(pr, od, oh, ow);
      buf.scale(row, len, 1.0f / static_cast<float>(w.divisor));
      for (int64_t id = w.d0; id < w.d1; ++id)
        for (int64_t ih = w.h0; ih < w.h1; ++ih)
          for (int64_t iw = w.w0; iw < w.w1; ++iw) {
            const int64_t shifted = wrong_tap && iw + 1 < pr.in[1] ? iw + 1 : iw;
            buf.put(ctx, target, ((id * pr.in[0] + ih) * pr.in[1] + shifted) * t.row_pitch + c0, row, len);
          }
    }
  }
}

template void vector_kernel<CodecF32>(BlockContext&, const KernelArgs<CodecF32>&);
template void vector_kernel<CodecF16>(BlockContext&, const KernelArgs<CodecF16>&);
template void vector_kernel<CodecBF16>(BlockContext&, const KernelArgs<CodecBF16>&);

}  // namespace pcemu::avgpool
