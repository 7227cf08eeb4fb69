// The UB working set of the average-pooling kernels that spread channels-last gradient rows over their
// windows: rows as copied in, scaled by the window's 1/divisor in fp32, and (when the output is stored
// without atomics in fp16/bf16) the scaled rows cast back to the dtype once, before the window loop.
#pragma once

#include <cstdint>

#include "npu/block_context.h"
#include "npu/faults.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/row_store.h"

namespace pcemu {

template <typename Codec>
struct ScaledRows {
  using T = typename Codec::T;
  UbBuf<T> in;
  UbBuf<float> scaled;
  UbBuf<T> cast;  // empty unless `with_cast`

  // Allocates `elems` elements of each buffer, in this order.
  ScaledRows(BlockContext& ctx, int64_t elems, bool with_cast)
      : in(ctx.ub().alloc<T>(elems, "gradient rows")), scaled(ctx.ub().alloc<float>(elems, "scaled fp32 rows")) {
    if (with_cast) cast = ctx.ub().alloc<T>(elems, "cast rows");
  }

  // Row [off, off + len): scaled = in * factor, and its cast copy.
  void scale(int64_t off, int64_t len, float factor) const {
    const T* src = in.span(off, len);
    float* dst = scaled.span(off, len);
    for (int64_t j = 0; j < len; ++j) dst[j] = Codec::load(src[j]) * factor;
    if (fault_on(Fault::NanDropped))  // the zero-skip shortcut !(g > 0 || g < 0) takes NaN for zero
      for (int64_t j = 0; j < len; ++j) dst[j] = dst[j] > 0 || dst[j] < 0 ? dst[j] : 0.0f;
    if (cast.size() > 0) store_row<Codec>(dst, cast.span(off, len), len);
  }

  // The scaled row [off, off + len) to GM element `dst` of `target`.
  void put(BlockContext& ctx, const RowTarget<T>& target, int64_t dst, int64_t off, int64_t len) const {
    target.put(ctx, dst, scaled, off, cast, off, len);
  }
};

}  // namespace pcemu
