// What the Ascend 950 MaxPool3DGradWithArgmax kernels receive, and the kernels: SIMD (gradInput-tile gather by
// region), SIMT (one thread per gradInput element) and the documented profile's index range check. All tensors
// are dense NCDHW; the indices are INT32 or INT64 (`Index`).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "common/half.h"
#include "npu/block_context.h"
#include "npu/faults.h"
#include "ops/common/dtype_codec.h"
#include "ops/maxpool3d_grad/problem.h"
#include "ops/maxpool3d_grad/regbase_tiling.h"

namespace pcemu::maxpool {

template <typename Codec, typename Index>
struct RegbaseArgs {
  using T = typename Codec::T;
  const Problem* pr = nullptr;
  const RegbaseTiling* t = nullptr;
  GmTensor<T> grad;     // gradOutput, NC x Do x Ho x Wo
  GmTensor<Index> idx;  // indices, the shape of gradOutput
  GmTensor<T> out;      // gradInput, NC x Di x Hi x Wi
  // The upstream profile: no index check ran, so the kernels do with a stray index what ops-nn's do (see
  // get_workspace_size_regbase_upstream); the documented profile asserts the SIMD lane invariant instead.
  bool upstream = false;
};

template <typename Codec, typename Index>
void simd_kernel(BlockContext& ctx, const RegbaseArgs<Codec, Index>& a);
template <typename Codec, typename Index>
void simt_kernel(BlockContext& ctx, const RegbaseArgs<Codec, Index>& a);
// Each index must name an element of its own (dilated) window; a KernelError names the first that does not.
template <typename Index>
void regbase_index_check_kernel(BlockContext& ctx, const Problem& pr, const GmTensor<Index>& idx);

// fp32 -> storage with round-to-nearest-even (CAST_RINT); the "rint_truncated" fault truncates toward zero.
template <typename Codec>
typename Codec::T store_rint(float v) {
  using T = typename Codec::T;
  if constexpr (std::is_same_v<T, float>) {
    return v;
  } else {
    if (!fault_on(Fault::RintTruncated) || !std::isfinite(v)) return Codec::store(v);
    if constexpr (std::is_same_v<Codec, CodecBF16>) {
      return static_cast<uint16_t>(float_bits(v) >> 16);
    } else {
      uint16_t h = Codec::store(v);
      if ((h & 0x7fffu) != 0 && std::fabs(Codec::load(h)) > std::fabs(v)) --h;  // one step toward zero
      return h;
    }
  }
}

// store_rint over a row, with the fault looked up once. Without it the row is cast through a small local
// chunk, so that the cast loop vectorises even in place: dst may start at src's first byte (a 16-bit cast
// in place), and chunk i's stores reach only elements already read into the chunks so far.
template <typename Codec>
void store_rint_row(const float* src, typename Codec::T* dst, int64_t n) {
  if (std::is_same_v<typename Codec::T, float>) {
    std::memmove(dst, src, static_cast<size_t>(n) * sizeof(float));
    return;
  }
  if (fault_on(Fault::RintTruncated)) {
    for (int64_t i = 0; i < n; ++i) dst[i] = store_rint<Codec>(src[i]);
    return;
  }
  constexpr int64_t kChunk = 64;
  float chunk[kChunk];
  for (int64_t i = 0; i < n; i += kChunk) {
    const int64_t m = std::min(kChunk, n - i);
    std::memcpy(chunk, src + i, static_cast<size_t>(m) * sizeof(float));
    store_row<Codec>(chunk, dst + i, m);
  }
}

// Reads index values with the INT64 faults looked up once, for loops over many indices: "index_int64_as_int32"
// reads an INT64 tensor's bytes as INT32 elements, "index_int64_low_word" keeps an INT64 index's low 32 bits
// (as int32).
template <typename Index>
struct IndexReader {
  static constexpr bool kInt64 = std::is_same_v<Index, int64_t>;
  bool as_int32 = kInt64 && fault_on(Fault::Int64IndexAsInt32);
  bool low_word = kInt64 && fault_on(Fault::Int64IndexLowWord);

  // The value of one index element as loaded.
  int64_t value(Index v) const {
    if (kInt64 && low_word) return static_cast<int32_t>(static_cast<uint32_t>(v));
    return static_cast<int64_t>(v);
  }
  // The value a kernel reads at position `i` of a UB or GM row.
  int64_t operator()(const Index* row, int64_t i) const {
    if (kInt64 && as_int32) return reinterpret_cast<const int32_t*>(row)[i];
    return value(row[i]);
  }
};

}  // namespace pcemu::maxpool
