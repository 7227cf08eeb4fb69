#include "case/exact_chunks.h"

#include <cstring>
#include <type_traits>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace poolcheck {

namespace {

#if defined(__x86_64__)
using U64x8 = uint64_t __attribute__((vector_size(64)));
using I64x8 = int64_t __attribute__((vector_size(64)));
using F64x8 = double __attribute__((vector_size(64)));
using F32x8 = float __attribute__((vector_size(32)));
using U16x8 = uint16_t __attribute__((vector_size(16)));

#define POOLCHECK_AVX512 __attribute__((target("avx512f,avx512dq,avx512vl,avx512bw")))

// Each lane of a vector comparison is 0 or all ones: whether all eight are set, from their sign bits.
POOLCHECK_AVX512 inline bool all_lanes(I64x8 mask) {
  return _mm512_movepi64_mask(reinterpret_cast<__m512i>(mask)) == 0xFF;
}

// A 16-bit format with `Fraction` fraction bits and exponent bias `Bias`: the bits of eight of its normal numbers,
// straight from the doubles' bits, when all eight are such numbers (no bit below the fraction set).
template <int Fraction, int Bias>
POOLCHECK_AVX512 EightEncoded exact_16bit(const double* values, uint8_t* out) {
  F64x8 v;
  std::memcpy(&v, values, sizeof v);
  const auto d = reinterpret_cast<U64x8>(v);
  const I64x8 exponent = reinterpret_cast<I64x8>((d >> 52) & 0x7FF) - 1023;
  constexpr int kDropped = 52 - Fraction;
  const I64x8 ok = (exponent >= 1 - Bias) & (exponent <= Bias) & ((d & ((uint64_t{1} << kDropped) - 1)) == 0);
  if (!all_lanes(ok)) return EightEncoded::Declined;
  const U64x8 bits = ((d >> 48) & 0x8000) | reinterpret_cast<U64x8>(exponent + Bias) << Fraction |
                     ((d >> kDropped) & ((uint64_t{1} << Fraction) - 1));
  const U16x8 narrow = __builtin_convertvector(bits, U16x8);
  std::memcpy(out, &narrow, sizeof narrow);
  return EightEncoded::Exact;
}

POOLCHECK_AVX512 EightEncoded exact_f32(const double* values, uint8_t* out) {
  F64x8 v;
  std::memcpy(&v, values, sizeof v);
  const F32x8 f = __builtin_convertvector(v, F32x8);  // rounds (NaN included) as the one-element cast does
  const F64x8 back = __builtin_convertvector(f, F64x8);
  std::memcpy(out, &f, sizeof f);
  return all_lanes(reinterpret_cast<I64x8>(back) == reinterpret_cast<I64x8>(v)) ? EightEncoded::Exact
                                                                                : EightEncoded::Changed;
}

// Eight lanes of an integer type (GCC vector types cannot be declared on a template parameter): the type of a
// conversion of eight int64 lanes to it.
using I8x8 = int8_t __attribute__((vector_size(8)));
using U8x8 = uint8_t __attribute__((vector_size(8)));
using I16x8 = int16_t __attribute__((vector_size(16)));
using I32x8 = int32_t __attribute__((vector_size(32)));
template <typename I>
using EightOf = std::conditional_t<
    std::is_same_v<I, int8_t>, I8x8,
    std::conditional_t<std::is_same_v<I, uint8_t>, U8x8,
                       std::conditional_t<std::is_same_v<I, int16_t>, I16x8,
                                          std::conditional_t<std::is_same_v<I, int32_t>, I32x8, I64x8>>>>;

// Integers: truncation toward zero of values inside int64's range, narrowed to the dtype.
template <typename I>
POOLCHECK_AVX512 EightEncoded exact_int(const double* values, uint8_t* out) {
  F64x8 v;
  std::memcpy(&v, values, sizeof v);
  const auto magnitude = reinterpret_cast<U64x8>(v) & 0x7FFFFFFFFFFFFFFFull;
  if (!all_lanes(reinterpret_cast<I64x8>(magnitude < 0x43E0000000000000ull)))  // |v| < 2^63, no NaN
    return EightEncoded::Declined;
  const I64x8 wide = __builtin_convertvector(v, I64x8);
  using Narrow = EightOf<I>;
  const Narrow narrow = __builtin_convertvector(wide, Narrow);  // keeps the low bits, as the one-element cast does
  const F64x8 back = __builtin_convertvector(narrow, F64x8);
  std::memcpy(out, &narrow, sizeof narrow);
  return all_lanes(reinterpret_cast<I64x8>(back) == reinterpret_cast<I64x8>(v)) ? EightEncoded::Exact
                                                                                : EightEncoded::Changed;
}

// fp16 bits to doubles with the F16C conversion, exact for every finite value (zeros and subnormals included); a
// group holding an infinity or NaN is left to the one-element decoder, which spells those its own way.
__attribute__((target("avx2,f16c"))) bool decode_f16(const uint8_t* in, double* values) {
  const __m128i bits = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in));
  const __m128i exponent = _mm_and_si128(bits, _mm_set1_epi16(0x7C00));
  if (_mm_movemask_epi8(_mm_cmpeq_epi16(exponent, _mm_set1_epi16(0x7C00))) != 0) return false;
  const __m256 f = _mm256_cvtph_ps(bits);
  _mm256_storeu_pd(values, _mm256_cvtps_pd(_mm256_castps256_ps128(f)));
  _mm256_storeu_pd(values + 4, _mm256_cvtps_pd(_mm256_extractf128_ps(f, 1)));
  return true;
}

// round_to(dt, v) on eight lanes where the one-element rounding takes its fast path, the others cleared in `fast`.
template <int Fraction, int MinExp, int MaxExp>
POOLCHECK_AVX512 F64x8 round_16bit(F64x8 v, double max_finite, I64x8* fast) {
  const auto bits = reinterpret_cast<U64x8>(v);
  const I64x8 exponent = reinterpret_cast<I64x8>((bits >> 52) & 0x7FF) - 1023;
  constexpr int kShift = 52 - Fraction;
  const U64x8 rounded =
      (bits + ((uint64_t{1} << (kShift - 1)) - 1) + ((bits >> kShift) & 1)) & ~((uint64_t{1} << kShift) - 1);
  const F64x8 r = reinterpret_cast<F64x8>(rounded);
  const auto magnitude = reinterpret_cast<F64x8>(rounded & 0x7FFFFFFFFFFFFFFFull);
  *fast = (exponent >= MinExp) & (exponent <= MaxExp) & (magnitude <= max_finite);
  return r;
}

template <DType Dt>
POOLCHECK_AVX512 EightCompared compare_rounded(const double* reference, const double* impl) {
  F64x8 ref, got;
  std::memcpy(&ref, reference, sizeof ref);
  std::memcpy(&got, impl, sizeof got);
  I64x8 fast;
  F64x8 rounded;
  if constexpr (Dt == DType::F32) {
    fast = ref == ref;
    rounded = __builtin_convertvector(__builtin_convertvector(ref, F32x8), F64x8);
  } else if constexpr (Dt == DType::F16) {
    rounded = round_16bit<10, -14, 15>(ref, 0x1.ffcp15, &fast);
  } else {
    rounded = round_16bit<7, -126, 127>(ref, 0x1.fep127, &fast);
  }
  const I64x8 equal = fast & (rounded == got);
  const I64x8 zero = fast & (rounded == 0.0) & (got == 0.0);
  return {static_cast<uint8_t>(_mm512_movepi64_mask(reinterpret_cast<__m512i>(equal))),
          static_cast<uint8_t>(_mm512_movepi64_mask(reinterpret_cast<__m512i>(zero)))};
}

bool has_f16c() {
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("f16c");
  return yes;
}

bool has_avx512() {
  static const bool yes = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
                          __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw");
  return yes;
}
#endif

}  // namespace

EncodeEight encode_eight_for(DType dt) {
#if defined(__x86_64__)
  if (!has_avx512()) return nullptr;
  switch (dt) {
    case DType::F32:
      return &exact_f32;
    case DType::F16:
      return &exact_16bit<10, 15>;
    case DType::BF16:
      return &exact_16bit<7, 127>;
    case DType::I8:
      return &exact_int<int8_t>;
    case DType::U8:
    case DType::Bool:
      return &exact_int<uint8_t>;
    case DType::I16:
      return &exact_int<int16_t>;
    case DType::I32:
      return &exact_int<int32_t>;
    case DType::I64:
      return &exact_int<int64_t>;
    default:
      return nullptr;
  }
#else
  (void)dt;
  return nullptr;
#endif
}

}  // namespace poolcheck

namespace poolcheck {

CompareEight compare_eight_for(DType dt) {
#if defined(__x86_64__)
  if (!has_avx512()) return nullptr;
  if (dt == DType::F32) return &compare_rounded<DType::F32>;
  if (dt == DType::F16) return &compare_rounded<DType::F16>;
  if (dt == DType::BF16) return &compare_rounded<DType::BF16>;
#else
  (void)dt;
#endif
  return nullptr;
}

DecodeEight decode_eight_for(DType dt) {
#if defined(__x86_64__)
  if (dt == DType::F16 && has_f16c()) return &decode_f16;
#else
  (void)dt;
#endif
  return nullptr;
}

}  // namespace poolcheck
