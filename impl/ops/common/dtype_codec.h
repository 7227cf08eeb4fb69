// Storage codecs the kernels are templated on: how an element is loaded to fp32 and stored back.
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "common/half.h"
#include "common/half_rows.h"

namespace pcemu {

struct CodecF32 {
  using T = float;
  static float load(float v) { return v; }
  static float store(float v) { return v; }
};

struct CodecF16 {
  using T = uint16_t;
  static float load(uint16_t v) { return half_to_float(v); }
  static uint16_t store(float v) { return float_to_half(v); }
};

struct CodecBF16 {
  using T = uint16_t;
  static float load(uint16_t v) { return bf16_to_float(v); }
  static uint16_t store(float v) { return float_to_bf16(v); }
};

// Row conversions on spans (tight loops the compiler vectorises): dst[i] = store(src[i]) / load(src[i]).
template <typename Codec>
void store_row(const float* src, typename Codec::T* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dst[i] = Codec::store(src[i]);
}
template <typename Codec>
void load_row(const typename Codec::T* src, float* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dst[i] = Codec::load(src[i]);
}
// fp16 rows go through F16C where the host has it (common/half_rows.h: the same bits).
template <>
inline void store_row<CodecF16>(const float* src, uint16_t* dst, int64_t n) {
  halves_from_floats(src, dst, n);
}
template <>
inline void load_row<CodecF16>(const uint16_t* src, float* dst, int64_t n) {
  floats_from_halves(src, dst, n);
}

// Calls `f(Codec{})` with the codec of a validated float dtype (fp32 unless fp16 or bf16).
template <typename F>
auto dispatch_dtype(aclDataType dtype, F&& f) {
  switch (dtype) {
    case ACL_FLOAT16:
      return f(CodecF16{});
    case ACL_BF16:
      return f(CodecBF16{});
    default:
      return f(CodecF32{});
  }
}

}  // namespace pcemu
