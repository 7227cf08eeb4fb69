// Scatter: the scalar fallback. Each core owns a contiguous NC range; every gradient is stored at its
// index (no overlap: one contributor per element) or added by read-modify-write into the fp32 target
// (overlap). The core's ranges are disjoint, so there are no cross-core conflicts.
#include "npu/faults.h"
#include "ops/common/dtype_codec.h"
#include "ops/maxpool3d_grad/kernel_args.h"

namespace pcemu::maxpool {

template <typename Codec>
void scatter_kernel(BlockContext& ctx, const KernelArgs<Codec>& a) {
  using T = typename Codec::T;
  const Problem& pr = *a.pr;
  const Tiling& t = *a.t;
  const int64_t nc_begin = ctx.block_idx() * t.single[0];
  const int64_t nc_end = std::min(pr.nc(), nc_begin + t.single[0]);
  const auto& tb = t.base_out;
  const int64_t grad_row = (tb[2] + 32 / static_cast<int64_t>(sizeof(T)) - 1) / (32 / sizeof(T)) * (32 / sizeof(T));
  const int64_t idx_row = (tb[2] + 7) / 8 * 8;
  ctx.ub().free_all();
  auto grad = ctx.ub().alloc<T>(t.lanes * tb[0] * tb[1] * grad_row, "gradOutput tile");
  auto idx = ctx.ub().alloc<int32_t>(t.lanes * tb[0] * tb[1] * idx_row, "indices tile");
  auto elem = ctx.ub().alloc<T>(32 / sizeof(T), "one element");
  auto rmw = ctx.ub().alloc<float>(8, "fp32 read-modify-write");
  const bool wrong_plane = fault_on(Fault::IndexWrongPlane), swapped = fault_on(Fault::IndexAxesSwapped);
  const bool nan_dropped = fault_on(Fault::NanDropped), half_acc = fault_on(Fault::HalfAccumulation);
  for (int64_t nc0 = nc_begin; nc0 < nc_end; nc0 += t.lanes)
    for (int64_t od0 = 0; od0 < pr.out[0]; od0 += tb[0])
      for (int64_t oh0 = 0; oh0 < pr.out[1]; oh0 += tb[1])
        for (int64_t ow0 = 0; ow0 < pr.out[2]; ow0 += tb[2]) {
          const int64_t lanes = std::min(t.lanes, nc_end - nc0);
          const int64_t td = std::min(tb[0], pr.out[0] - od0), th = std::min(tb[1], pr.out[1] - oh0);
          const int64_t tw = std::min(tb[2], pr.out[2] - ow0);
          for (int64_t l = 0; l < lanes; ++l)
            for (int64_t d = 0; d < td; ++d)
              for (int64_t h = 0; h < th; ++h) {
                const int64_t row = (l * tb[0] + d) * tb[1] + h;
                const int64_t gm = (((nc0 + l) * pr.out[0] + od0 + d) * pr.out[1] + oh0 + h) * pr.out[2] + ow0;
                ctx.copy_in(grad, row * grad_row, a.grad, gm, tw);
                ctx.copy_in(idx, row * idx_row, a.idx, gm, tw);
              }
          for (int64_t l = 0; l < lanes; ++l)
            for (int64_t d = 0; d < td; ++d)
              for (int64_t h = 0; h < th; ++h)
                for (int64_t w = 0; w < tw; ++w) {
                  const int64_t row = (l * tb[0] + d) * tb[1] + h;
                  int64_t at = idx[row * idx_row + w];
                  if (swapped) {  // (d, h, x) decoded with H as the row length, then stored as it should be
                    const int64_t hw = pr.in[1] * pr.in[2], d = at / hw, rest = at % hw;
                    at = d * hw + rest / pr.in[1] * pr.in[2] + rest % pr.in[1];
                  }
                  int64_t target = (wrong_plane ? nc0 : nc0 + l) * pr.in_plane() + at;
                  if (fault_on(Fault::WrongTap) && target + 1 < a.out.count) ++target;
                  const float g = Codec::load(grad[row * grad_row + w]);
                  if (nan_dropped && !(g > 0 || g < 0)) continue;
                  if (!t.atomics) {
                    elem[0] = grad[row * grad_row + w];
                    ctx.copy_out(a.out, target, elem, 0, 1);
                  } else {
                    ctx.copy_in(rmw, 0, a.acc, target, 1);
                    rmw[0] = half_acc ? Codec::load(Codec::store(rmw[0] + g)) : rmw[0] + g;
                    ctx.copy_out(a.acc, target, rmw, 0, 1);
                  }
                }
        }
}

template void scatter_kernel<CodecF32>(BlockContext&, const KernelArgs<CodecF32>&);
template void scatter_kernel<CodecF16>(BlockContext&, const KernelArgs<CodecF16>&);
template void scatter_kernel<CodecBF16>(BlockContext&, const KernelArgs<CodecBF16>&);

}  // namespace pcemu::maxpool
