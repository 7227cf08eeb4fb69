// How kernels put an fp32 row of results into GM, the same on every operator: added atomically to the
// fp32 accumulation target when the tiling accumulates across cores (plain stores under the NoAtomics
// fault, which the race check must catch), else stored into the output, as the fp32 row itself or, for
// fp16/bf16 outputs, as the row's cast copy.
#pragma once

#include <cstdint>

#include "npu/block_context.h"
#include "npu/faults.h"

namespace pcemu {

template <typename T>
struct RowTarget {
  const GmTensor<float>& acc;
  const GmTensor<T>& out;
  bool atomics;
  bool atomic = atomics && !fault_on(Fault::NoAtomics);

  // Row [row_off, row_off + len) of `row` (or of `cast` at cast_off) to GM element `dst`.
  void put(BlockContext& ctx, int64_t dst, const UbBuf<float>& row, int64_t row_off, const UbBuf<T>& cast,
           int64_t cast_off, int64_t len) const {
    if (atomics) {
      if (atomic)
        ctx.atomic_add_out(acc, dst, row, row_off, len);
      else
        ctx.copy_out(acc, dst, row, row_off, len);
    } else if constexpr (sizeof(T) == 4) {
      ctx.copy_out(out, dst, row, row_off, len);
    } else {
      ctx.copy_out(out, dst, cast, cast_off, len);
    }
  }
};

}  // namespace pcemu
