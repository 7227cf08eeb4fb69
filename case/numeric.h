// The harness's own view of the storage dtypes: rounding a double to fp32/fp16/bf16 (round to nearest,
// ties to even, done once from double) and the bit encodings. Written independently of impl/.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "case/case.h"

namespace poolcheck {

namespace numeric_detail {

struct FloatFormat {
  int mantissa_bits;  // stored fraction bits
  int min_exp;        // exponent of the smallest normal (value = 2^min_exp)
  int max_exp;        // exponent of the largest finite binade
  double max_finite;  // (2 - 2^-mantissa_bits) * 2^max_exp
};

[[gnu::always_inline]] inline FloatFormat format_of(DType dt) {
  switch (dt) {
    case DType::F16:
      return {10, -14, 15, 0x1.ffcp15};
    case DType::BF16:
      return {7, -126, 127, 0x1.fep127};
    default:
      return {23, -126, 127, 0x1.fffffep127};
  }
}

// Round to a binary format with `f.mantissa_bits` fraction bits, RNE, gradual underflow, overflow to inf.
double round_binary(const FloatFormat& f, double v);

// round_binary without libm for results that are normal in the target format: RNE on the double's bits
// (a carry into the exponent is the correct result). fill_values and the comparison call this per element.
[[gnu::always_inline]] inline double round_binary_fast(const FloatFormat& f, double v) {
  uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof bits);
  const int exp = static_cast<int>((bits >> 52) & 0x7FF) - 1023;
  if (exp < f.min_exp || exp > f.max_exp) return round_binary(f, v);  // zero, subnormal, overflow, inf, NaN
  const int shift = 52 - f.mantissa_bits;
  bits += (uint64_t{1} << (shift - 1)) - 1 + ((bits >> shift) & 1);
  bits &= ~((uint64_t{1} << shift) - 1);
  double r = 0;
  std::memcpy(&r, &bits, sizeof r);
  if (std::fabs(r) > f.max_finite) return std::copysign(std::numeric_limits<double>::infinity(), v);
  return r;
}

}  // namespace numeric_detail

// The value `v` becomes when stored as `dt` (integers: truncation toward zero). Inline for the floating dtypes,
// which the fill and the comparison round for every element: fp32 by the hardware's double-to-float conversion
// (IEEE round to nearest even with gradual underflow and overflow to infinity; a NaN is returned as it is), fp16
// and bf16 by the same rounding on the double's bits.
double round_to_other(DType dt, double v);  // f64 (unchanged) and the integer dtypes
inline double round_to(DType dt, double v) {
  if (dt == DType::F32) return v == v ? static_cast<double>(static_cast<float>(v)) : v;
  if (dt == DType::F16 || dt == DType::BF16) return numeric_detail::round_binary_fast(numeric_detail::format_of(dt), v);
  return round_to_other(dt, v);
}

// Calls `body(round)` with `round` a function object doing round_to(dt, v) for the one dtype, chosen once: a loop
// in `body` rounds every element without testing the dtype again, the 16-bit roundings inlined.
template <class Body>
decltype(auto) with_rounding(DType dt, Body&& body) {
  using numeric_detail::format_of;
  using numeric_detail::round_binary_fast;
  switch (dt) {
    case DType::F32:
      return body([](double v) { return round_to(DType::F32, v); });
    case DType::F16:
      return body([](double v) { return round_binary_fast(format_of(DType::F16), v); });
    case DType::BF16:
      return body([](double v) { return round_binary_fast(format_of(DType::BF16), v); });
    default:
      return body([dt](double v) { return round_to(dt, v); });
  }
}

// Stores round_to(dt, v) at p in dt's encoding; decodes it back.
void encode(DType dt, double v, void* p);
double decode(DType dt, const void* p);
// The same for many elements at once, the dtype chosen once: element i lives at base + offsets[i] * dtype size, or
// at base + i * dtype size when offsets is null (a dense run). encode_at returns whether every element decodes back
// to its value bit for bit (no rounding, narrowing, NaN or signed zero changed), so a caller can keep the values
// it encoded instead of decoding them again.
bool encode_at(DType dt, const double* values, const int64_t* offsets, size_t n, uint8_t* base);
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
