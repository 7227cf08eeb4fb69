// The AssistMatmul route's arithmetic (assist_matmul.h), rounding where the chain rounds: the fp32 weight
// cast to the dtype, the Mul in the dtype, the cast of the first matmul's operand to the Cube's operand type,
// the fp32 accumulation of each matmul, its output in the dtype and the second matmul's operand cast again.
// The operand type is fp16 for FLOAT16 and, in the Upstream profile, for FLOAT too; a documented FLOAT call
// keeps fp32 operands. The assist matrices are 0/1, so their products are exact and only those roundings and
// the sums remain; the Cube's fractal layout is not modelled (each sum runs over K in ascending order).
#include <algorithm>
#include <array>
#include <type_traits>
#include <vector>

#include "common/half.h"
#include "common/vector_clones.h"
#include "npu/faults.h"
#include "ops/adaptive_avgpool3d_grad/assist_matmul.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/phases.h"

namespace pcemu::adaptive {

namespace {

// A Cube operand: the value cast to fp16 (exact for fp16 values) where the Cube takes fp16 operands, else as it is.
PCEMU_ELEMENT_INLINE float cube_operand(float v, bool fp16) { return fp16 ? half_to_float(float_to_half(v)) : v; }

// Whether this call's Cube operands are fp16: always but for a documented FLOAT call.
template <typename Codec>
bool fp16_cube(const AssistTiling& t) {
  return !std::is_same_v<Codec, CodecF32> || t.fp16_operands;
}

std::vector<std::array<int64_t, 2>> windows(int64_t in, int64_t out) {
  std::vector<std::array<int64_t, 2>> w(static_cast<size_t>(out));
  for (int64_t o = 0; o < out; ++o) w[static_cast<size_t>(o)] = window(o, in, out);
  return w;
}

// Mul: vm = gradOutput * V in the dtype, then cast to the Cube's operand type for the first matmul (into the
// workspace).
template <typename Codec>
void mul_phase(BlockContext& ctx, const AssistArgs<Codec>& a, const std::vector<std::array<int64_t, 2>>& wh,
               const std::vector<std::array<int64_t, 2>>& ww) {
  using T = typename Codec::T;
  const Problem& pr = *a.pr;
  const int64_t ho = pr.out[1], wo = pr.out[2];
  int64_t begin = 0, end = 0;
  core_range(a.t->mul_elems, ctx.block_idx(), ctx.block_num(), &begin, &end);
  const int64_t n = std::max<int64_t>(8, chunk_elems(ctx, sizeof(T) + 4) / 8 * 8);
  auto g = ctx.ub().alloc<T>(n, "gradOutput chunk");
  auto vm = ctx.ub().alloc<float>(n, "Cube operand chunk");
  const bool fp16 = fp16_cube<Codec>(*a.t);
  for (int64_t e0 = begin; e0 < end; e0 += n) {
    const int64_t len = std::min(n, end - e0);
    ctx.copy_in(g, 0, a.grad, e0, len);
    for (int64_t k = 0; k < len; ++k) {
      const int64_t e = e0 + k, j = e % wo, i = e / wo % ho;
      const auto& h = wh[static_cast<size_t>(i)];
      const auto& w = ww[static_cast<size_t>(j)];
      const float weight = 1.0f / static_cast<float>((h[1] - h[0]) * (w[1] - w[0]));  // AICPU, fp32
      const float product = Codec::load(g.data()[k]) * Codec::load(Codec::store(weight));
      vm.data()[k] = cube_operand(Codec::load(Codec::store(product)), fp16);
    }
    ctx.copy_out(a.acc, e0, vm, 0, len);
  }
  ctx.ub().free_all();
}

// One output row (plane, h): row h of C1^T = sum of vm rows i whose window holds h (first matmul, fp32
// accumulation, output rounded to the dtype and then to the second matmul's operand type),
// then out[h][w] = sum of that row over the j whose window holds w (second matmul, fp32, output in the dtype).
template <typename Codec>
void row_phase(BlockContext& ctx, const AssistArgs<Codec>& a, const std::vector<std::array<int64_t, 2>>& wh,
               const std::vector<std::array<int64_t, 2>>& ww) {
  using T = typename Codec::T;
  const Problem& pr = *a.pr;
  const int64_t ho = pr.out[1], wo = pr.out[2], hi = pr.in[1], wi = pr.in[2];
  int64_t begin = 0, end = 0;
  core_range(a.t->row_tasks, ctx.block_idx(), ctx.block_num(), &begin, &end);
  if (begin >= end) return;
  auto lhs = ctx.ub().alloc<float>(wo, "vm row");
  auto c1 = ctx.ub().alloc<float>(wo, "C1 row");
  auto acc = ctx.ub().alloc<float>(wi, "out row fp32");
  auto row = ctx.ub().alloc<T>(wi, "out row");
  const bool wrong_tap = fault_on(Fault::WrongTap);
  const bool fp16 = fp16_cube<Codec>(*a.t);
  for (int64_t task = begin; task < end; ++task) {
    const int64_t p = task / hi, h = task % hi;
    std::fill(c1.data(), c1.data() + wo, 0.0f);
    for (int64_t i = 0; i < ho; ++i) {
      const auto& w = wh[static_cast<size_t>(i)];
      if (h < w[0] || h >= w[1]) continue;
      ctx.copy_in(lhs, 0, a.acc, (p * ho + i) * wo, wo);
      for (int64_t j = 0; j < wo; ++j) c1.data()[j] += lhs.data()[j];
    }
    for (int64_t j = 0; j < wo; ++j) c1.data()[j] = cube_operand(Codec::load(Codec::store(c1.data()[j])), fp16);
    std::fill(acc.data(), acc.data() + wi, 0.0f);
    for (int64_t j = 0; j < wo; ++j) {
      const auto& w = ww[static_cast<size_t>(j)];
      for (int64_t col = w[0]; col < w[1]; ++col) acc.data()[wrong_tap && col + 1 < wi ? col + 1 : col] += c1.data()[j];
    }
    store_row<Codec>(acc.data(), row.data(), wi);
    ctx.copy_out(a.out, (p * hi + h) * wi, row, 0, wi);
  }
  ctx.ub().free_all();
}

}  // namespace

template <typename Codec>
PCEMU_VECTOR_CLONES void assist_matmul_kernel(BlockContext& ctx, const AssistArgs<Codec>& a) {
  const Problem& pr = *a.pr;
  const auto wh = windows(pr.in[1], pr.out[1]), ww = windows(pr.in[2], pr.out[2]);
  ctx.ub().free_all();
  mul_phase(ctx, a, wh, ww);
  ctx.sync_all();  // upstream: the Mul kernel finishes before the BatchMatMul reads its output
  row_phase(ctx, a, wh, ww);
}

template void assist_matmul_kernel<CodecF32>(BlockContext&, const AssistArgs<CodecF32>&);
template void assist_matmul_kernel<CodecF16>(BlockContext&, const AssistArgs<CodecF16>&);
template void assist_matmul_kernel<CodecBF16>(BlockContext&, const AssistArgs<CodecBF16>&);

}  // namespace pcemu::adaptive
