// Kernel phases shared by the operators: zeroing an accumulation target and the fp32-workspace cast
// pass, each split evenly over the launch's cores in UB-sized chunks.
#pragma once

#include <algorithm>

#include "npu/block_context.h"
#include "npu/faults.h"
#include "ops/common/dtype_codec.h"

namespace pcemu {

// Contiguous range [begin, end) of `total` items owned by core `block` of `blocks`.
inline void core_range(int64_t total, int32_t block, int32_t blocks, int64_t* begin, int64_t* end) {
  const int64_t per = (total + blocks - 1) / blocks;
  *begin = std::min<int64_t>(total, per * block);
  *end = std::min<int64_t>(total, *begin + per);
}

// Elements of `elem_bytes` that fit in a chunk of at most 8 KiB of the free UB (at least one).
inline int64_t chunk_elems(BlockContext& ctx, int64_t elem_bytes) {
  const int64_t bytes = std::min<int64_t>(8192, ctx.ub().limit() - ctx.ub().in_use());
  return std::max<int64_t>(1, bytes / 32 * 32 / elem_bytes);
}

template <typename T>
void zero_fill(BlockContext& ctx, const GmTensor<T>& target, T zero) {
  ctx.ub().free_all();
  int64_t begin = 0, end = 0;
  core_range(target.count, ctx.block_idx(), ctx.block_num(), &begin, &end);
  // A core's share may be smaller than a chunk: fill only what it copies out.
  const int64_t n = std::min(chunk_elems(ctx, sizeof(T)), std::max<int64_t>(1, end - begin));
  auto zeros = ctx.ub().alloc<T>(n, "zero chunk");
  std::fill(zeros.data(), zeros.data() + n, zero);
  for (int64_t i = begin; i < end; i += n) ctx.copy_out(target, i, zeros, 0, std::min(n, end - i));
  ctx.ub().free_all();
}

// Zeroes the accumulation target of a launch: the fp32 workspace when the kernel accumulates fp16/bf16
// there, else the output itself. The "skip_init" fault leaves it as the device had it (NaN bytes).
template <typename Codec>
void zero_accumulation(BlockContext& ctx, const GmTensor<float>& acc, const GmTensor<typename Codec::T>& out,
                       bool fp32_workspace) {
  if (fault_on(Fault::SkipInit)) return;
  if (fp32_workspace)
    zero_fill(ctx, acc, 0.0f);
  else
    zero_fill(ctx, out, Codec::store(0.0f));
}

// dst[i] = Codec::store(src[i]) over the whole tensor (round to nearest even for fp16/bf16).
template <typename Codec>
void cast_from_fp32(BlockContext& ctx, const GmTensor<float>& src, const GmTensor<typename Codec::T>& dst) {
  using T = typename Codec::T;
  ctx.ub().free_all();
  int64_t begin = 0, end = 0;
  core_range(dst.count, ctx.block_idx(), ctx.block_num(), &begin, &end);
  const int64_t n = std::max<int64_t>(8, chunk_elems(ctx, 4 + sizeof(T)) / 16 * 16);
  auto in = ctx.ub().alloc<float>(n, "cast chunk fp32");
  auto out = ctx.ub().alloc<T>(n, "cast chunk out");
  for (int64_t i = begin; i < end; i += n) {
    const int64_t len = std::min(n, end - i);
    ctx.copy_in(in, 0, src, i, len);
    store_row<Codec>(in.span(0, len), out.span(0, len), len);
    ctx.copy_out(dst, i, out, 0, len);
  }
  ctx.ub().free_all();
}

}  // namespace pcemu
