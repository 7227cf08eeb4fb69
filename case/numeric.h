// The harness's own view of the storage dtypes: rounding a double to fp32/fp16/bf16 (round to nearest,
// ties to even, done once from double) and the bit encodings. Written independently of impl/.
#pragma once

#include <cstdint>

#include "case/case.h"

namespace poolcheck {

// The value `v` becomes when stored as `dt` (integers: truncation toward zero). Inline for fp32, the commonest:
// the hardware's double-to-float conversion is IEEE round to nearest even with gradual underflow and overflow to
// infinity, the same rounding the other formats get on the double's bits (a NaN is returned as it is).
double round_to_format(DType dt, double v);
inline double round_to(DType dt, double v) {
  if (dt == DType::F32) return v == v ? static_cast<double>(static_cast<float>(v)) : v;
  return round_to_format(dt, v);
}
// Stores round_to(dt, v) at p in dt's encoding; decodes it back.
void encode(DType dt, double v, void* p);
double decode(DType dt, const void* p);
// The same for many elements at once, the dtype chosen once: element i lives at base + offsets[i] * dtype size.
void encode_at(DType dt, const double* values, const int64_t* offsets, size_t n, uint8_t* base);
void decode_at(DType dt, const uint8_t* base, const int64_t* offsets, size_t n, double* values);

// The harness's one fp16/bf16 codec (encode, decode and the .npy files use it): the bits of round_to(F16/BF16, v)
// (round to nearest, ties to even, once from double; overflow to Inf; NaN a quiet NaN of v's sign), and the
// exact value of any bit pattern.
uint16_t f16_bits(double v);
double f16_value(uint16_t bits);
uint16_t bf16_bits(double v);
double bf16_value(uint16_t bits);

// Unit roundoff (half an ulp relative) and half the smallest subnormal of a floating dtype.
inline double unit_roundoff(DType dt) {
  return dt == DType::F16 ? 0x1p-11 : dt == DType::BF16 ? 0x1p-8 : dt == DType::F64 ? 0x1p-53 : 0x1p-24;
}
inline double half_min_subnormal(DType dt) {
  return dt == DType::F16    ? 0x1p-25
         : dt == DType::BF16 ? 0x1p-134
         : dt == DType::F64  ? 0.0 /* 2^-1075 rounds to 0 */
                             : 0x1p-150;
}
// Spacing of `dt` values around |v| (the ulp), for error reports.
double ulp_at(DType dt, double v);

}  // namespace poolcheck
