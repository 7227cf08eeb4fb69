// General path: with atomics, zero the target on all cores first; then each core walks its contiguous
// task range, and a task's scaled gradient row (N*C slice, fp32) is added to (atomic mode) or stored at
// every input element of its window.
#include <algorithm>

#include "common/vector_clones.h"
#include "npu/faults.h"
#include "ops/adaptive_avgpool3d_grad/kernels.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/phases.h"
#include "ops/common/scaled_rows.h"

namespace pcemu::adaptive {

template <typename Codec>
PCEMU_VECTOR_CLONES void general_kernel(BlockContext& ctx, const KernelArgs<Codec>& a) {
  using T = typename Codec::T;
  const Problem& pr = *a.pr;
  const Tiling& t = *a.t;
  if (t.atomics) {  // without atomics the windows tile the input exactly: every element is stored once
    zero_accumulation<Codec>(ctx, a.acc, a.out, t.fp32_workspace);
    ctx.sync_all();
  }
  const int64_t b = ctx.block_idx();
  if (b < t.used_cores) {
    const int64_t begin = b * t.per_core, end = std::min(t.task_num, begin + t.per_core);
    const int64_t rows = t.y_per_calc, pitch = t.slice_len;
    ctx.ub().free_all();
    const ScaledRows<Codec> buf(ctx, rows * pitch, sizeof(T) != 4);
    const RowTarget<T> target{a.acc, a.out, t.atomics};
    const bool wrong_tap = fault_on(Fault::WrongTap);  // asked once: the fault does not change during a launch
    for (int64_t i = begin; i < end; i += rows) {
      for (int64_t row = 0; row < rows && i + row < end; ++row) {
        const int64_t task = i + row, slice = task % t.slice_num, pos = task / t.slice_num;
        const int64_t c0 = slice * t.slice_len, len = std::min(t.slice_len, t.nc - c0);
        const int64_t ow = pos % pr.out[2], oh = pos / pr.out[2] % pr.out[1], od = pos / (pr.out[2] * pr.out[1]);
        const int64_t off = row * pitch;
        ctx.copy_in(buf.in, off, a.grad, pos * t.nc + c0, len);
        const auto wd = window(od, pr.in[0], pr.out[0]), wh = window(oh, pr.in[1], pr.out[1]);
        const auto ww = window(ow, pr.in[2], pr.out[2]);
        buf.scale(off, len, 1.0f / static_cast<float>((wd[1] - wd[0]) * (wh[1] - wh[0]) * (ww[1] - ww[0])));
        for (int64_t id = wd[0]; id < wd[1]; ++id)
          for (int64_t ih = wh[0]; ih < wh[1]; ++ih)
            for (int64_t iw = ww[0]; iw < ww[1]; ++iw) {
              const int64_t col = wrong_tap && iw + 1 < pr.in[2] ? iw + 1 : iw;
              buf.put(ctx, target, ((id * pr.in[1] + ih) * pr.in[2] + col) * t.nc + c0, off, len);
            }
      }
    }
  }
  if (t.fp32_workspace) {
    ctx.sync_all();
    cast_from_fp32<Codec>(ctx, a.acc, a.out);
  }
}

template void general_kernel<CodecF32>(BlockContext&, const KernelArgs<CodecF32>&);
template void general_kernel<CodecF16>(BlockContext&, const KernelArgs<CodecF16>&);
template void general_kernel<CodecBF16>(BlockContext&, const KernelArgs<CodecBF16>&);

}  // namespace pcemu::adaptive
