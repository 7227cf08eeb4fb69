#include "case/normal_draws.h"

#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace poolcheck {

namespace {

void uniforms(SplitMix64& rng, size_t n, NormalChunk* out) {
  out->n = n;
  for (size_t i = 0; i < n; ++i) {
    out->u1[i] = 1.0 - rng.uniform();  // the order normal() draws them in
    out->u2[i] = rng.uniform();
  }
}

#if defined(__x86_64__)
// Eight lanes as GCC vector types (AVX-512DQ has the 64-bit multiply and the exact uint64 -> double conversion).
using U64x8 = uint64_t __attribute__((vector_size(64)));
using F64x8 = double __attribute__((vector_size(64)));

// splitmix64 on eight states at once, and its uniform in [0, 1) exactly as SplitMix64::uniform() forms it: the top
// 53 bits converted (exactly) and scaled by a power of two.
__attribute__((target("avx512f,avx512dq"))) F64x8 uniform8(U64x8 x) {
  U64x8 z = x + kSplitMixGamma;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return __builtin_convertvector(z >> 11, F64x8) * 0x1.0p-53;
}

// uniforms() eight draws at a time: draw j takes u1 from state s + 2j gamma and u2 from the state after it.
__attribute__((target("avx512f,avx512dq"))) void uniforms8(SplitMix64& rng, size_t n, NormalChunk* out) {
  out->n = n;
  U64x8 first = rng.state() + U64x8{0, 2, 4, 6, 8, 10, 12, 14} * kSplitMixGamma;
  size_t i = 0;
  for (; i + 8 <= n; i += 8, first += 16 * kSplitMixGamma) {
    const F64x8 u1 = 1.0 - uniform8(first), u2 = uniform8(first + kSplitMixGamma);
    std::memcpy(out->u1 + i, &u1, sizeof u1);
    std::memcpy(out->u2 + i, &u2, sizeof u2);
  }
  rng.skip(2 * i);
  for (; i < n; ++i) {
    out->u1[i] = 1.0 - rng.uniform();
    out->u2[i] = rng.uniform();
  }
}
#endif

void scalar_approx(NormalChunk* out, size_t from) {
  for (size_t i = from; i < out->n; ++i) out->approx[i] = SplitMix64::normal_of(out->u1[i], out->u2[i]);
}

#if defined(__x86_64__)
// glibc's AVX2 and AVX-512 variants (vector function ABI names) of log and cos.
extern "C" __m256d _ZGVdN4v_log(__m256d);
extern "C" __m256d _ZGVdN4v_cos(__m256d);
extern "C" __m512d _ZGVeN8v_log(__m512d);
extern "C" __m512d _ZGVeN8v_cos(__m512d);

constexpr double kTwoPi = 6.283185307179586;

__attribute__((target("avx2"))) void vector_approx(NormalChunk* out) {
  const __m256d minus_two = _mm256_set1_pd(-2.0), two_pi = _mm256_set1_pd(kTwoPi);
  size_t i = 0;
  for (; i + 4 <= out->n; i += 4) {
    const __m256d log_u1 = _ZGVdN4v_log(_mm256_loadu_pd(out->u1 + i));
    const __m256d cos_u2 = _ZGVdN4v_cos(_mm256_mul_pd(two_pi, _mm256_loadu_pd(out->u2 + i)));
    _mm256_storeu_pd(out->approx + i, _mm256_mul_pd(_mm256_sqrt_pd(_mm256_mul_pd(minus_two, log_u1)), cos_u2));
  }
  scalar_approx(out, i);
}

// Eight lanes where the CPU has AVX-512: other last bits than the AVX2 variants, within the same documented bound,
// which rounded_normals's check covers either way.
__attribute__((target("avx512f"))) void vector_approx8(NormalChunk* out) {
  const __m512d minus_two = _mm512_set1_pd(-2.0), two_pi = _mm512_set1_pd(kTwoPi);
  size_t i = 0;
  for (; i + 8 <= out->n; i += 8) {
    const __m512d log_u1 = _ZGVeN8v_log(_mm512_loadu_pd(out->u1 + i));
    const __m512d cos_u2 = _ZGVeN8v_cos(_mm512_mul_pd(two_pi, _mm512_loadu_pd(out->u2 + i)));
    // (the zero-masked square root of all lanes: GCC 12 warns on _mm512_sqrt_pd's undefined pass-through operand)
    const __m512d radius = _mm512_maskz_sqrt_pd(0xFF, _mm512_mul_pd(minus_two, log_u1));
    _mm512_storeu_pd(out->approx + i, _mm512_mul_pd(radius, cos_u2));
  }
  scalar_approx(out, i);
}

bool supported(NormalLanes lanes) {
  static const bool avx2 = __builtin_cpu_supports("avx2"),
                    avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq");
  return lanes == NormalLanes::Scalar || (lanes == NormalLanes::Four && avx2) ||
         (lanes == NormalLanes::Eight && avx512);
}
#else
bool supported(NormalLanes lanes) { return lanes == NormalLanes::Scalar; }
#endif

NormalLanes widest() {
  static const NormalLanes lanes = supported(NormalLanes::Eight)  ? NormalLanes::Eight
                                   : supported(NormalLanes::Four) ? NormalLanes::Four
                                                                  : NormalLanes::Scalar;
  return lanes;
}

#if defined(__x86_64__)
// Eight-lane double arithmetic with the rounding given explicitly: GCC's plain vector arithmetic may be contracted
// into fused multiply-adds where the target has them, which would round differently from the scalar map. Every
// operation is the zero-masked form over all lanes (GCC 12 warns on the plain forms' undefined pass-through operand).
constexpr __mmask8 kAll = 0xFF;
#define POOLCHECK_EXACT_OP(op, a, b) \
  _mm512_maskz_##op##_round_pd(kAll, a, b, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)

__attribute__((target("avx512f,avx512dq"))) __m512d magnitude_of(__m512d v) {
  return _mm512_castsi512_pd(_mm512_maskz_and_epi64(kAll, _mm512_castpd_si512(v), _mm512_set1_epi64(INT64_MAX)));
}

__attribute__((target("avx512f,avx512dq"))) __m512d apply_map(const NormalMap& map, __m512d y) {
  if (map.form == NormalMap::Form::Identity) return y;
  const __m512d scaled = POOLCHECK_EXACT_OP(mul, y, _mm512_set1_pd(map.scale));
  if (map.form == NormalMap::Form::Scale) return scaled;
  return POOLCHECK_EXACT_OP(add, _mm512_set1_pd(map.shift), scaled);
}

// round_to(dt, v) on eight lanes where the scalar rounding takes its fast path; `fast` clears the other lanes (NaN
// for f32; for f16/bf16 a value outside the normal binades, or one that rounds past the largest finite value).
__attribute__((target("avx512f,avx512dq"))) __m512d round_eight(DType dt, __m512d v, __mmask8* fast) {
  if (dt == DType::F32) {
    *fast = _mm512_cmp_pd_mask(v, v, _CMP_ORD_Q);
    return _mm512_maskz_cvtps_pd(kAll, _mm512_maskz_cvtpd_ps(kAll, v));
  }
  const numeric_detail::FloatFormat f = numeric_detail::format_of(dt);
  const __m512i bits = _mm512_castpd_si512(v);
  const __m512i field = _mm512_maskz_and_epi64(kAll, _mm512_maskz_srli_epi64(kAll, bits, 52), _mm512_set1_epi64(0x7FF));
  const __m512i exponent = _mm512_maskz_sub_epi64(kAll, field, _mm512_set1_epi64(1023));
  const __mmask8 normal = _mm512_cmpge_epi64_mask(exponent, _mm512_set1_epi64(f.min_exp)) &
                          _mm512_cmple_epi64_mask(exponent, _mm512_set1_epi64(f.max_exp));
  const auto shift = static_cast<unsigned>(52 - f.mantissa_bits);
  const __m512i odd = _mm512_maskz_and_epi64(kAll, _mm512_maskz_srli_epi64(kAll, bits, shift), _mm512_set1_epi64(1));
  const __m512i bias = _mm512_maskz_add_epi64(kAll, _mm512_set1_epi64((int64_t{1} << (shift - 1)) - 1), odd);
  const __m512i rounded = _mm512_maskz_and_epi64(kAll, _mm512_maskz_add_epi64(kAll, bits, bias),
                                                 _mm512_set1_epi64(~((int64_t{1} << shift) - 1)));
  const __m512d r = _mm512_castsi512_pd(rounded);
  *fast = normal & _mm512_cmp_pd_mask(magnitude_of(r), _mm512_set1_pd(f.max_finite), _CMP_LE_OQ);
  return r;
}

__attribute__((target("avx512f,avx512dq"))) uint8_t decide_eight_avx512(const NormalChunk& chunk, size_t from, DType dt,
                                                                        const NormalMap& map, double rel_error,
                                                                        double* out) {
  const __m512d y = _mm512_loadu_pd(chunk.approx + from);
  const __m512d magnitude = magnitude_of(y);
  const __m512d margin = POOLCHECK_EXACT_OP(mul, magnitude, _mm512_set1_pd(rel_error));
  __mmask8 fast_lo = 0, fast_hi = 0;
  const __m512d lo = round_eight(dt, apply_map(map, POOLCHECK_EXACT_OP(sub, y, margin)), &fast_lo);
  const __m512d hi = round_eight(dt, apply_map(map, POOLCHECK_EXACT_OP(add, y, margin)), &fast_hi);
  // y != 0 and finite (both comparisons are false for NaN), and both ends rounding to the same bits.
  const __mmask8 usable = _mm512_cmp_pd_mask(magnitude, _mm512_setzero_pd(), _CMP_GT_OQ) &
                          _mm512_cmp_pd_mask(magnitude, _mm512_set1_pd(HUGE_VAL), _CMP_LT_OQ);
  const __mmask8 same = _mm512_cmpeq_epi64_mask(_mm512_castpd_si512(lo), _mm512_castpd_si512(hi));
  const __mmask8 decided = usable & fast_lo & fast_hi & same;
  _mm512_mask_storeu_pd(out, decided, lo);
  return decided;
}
#undef POOLCHECK_EXACT_OP
#endif

}  // namespace

bool normal_lanes_supported(NormalLanes lanes) { return supported(lanes); }

uint8_t decided_eight(const NormalChunk& chunk, size_t from, DType dt, const NormalMap& map, double rel_error,
                      double* out) {
#if defined(__x86_64__)
  if ((dt == DType::F32 || dt == DType::F16 || dt == DType::BF16) && supported(NormalLanes::Eight))
    return decide_eight_avx512(chunk, from, dt, map, rel_error, out);
#endif
  (void)chunk, (void)from, (void)dt, (void)map, (void)rel_error, (void)out;
  return 0;
}

void approximate_normals(NormalChunk* chunk, NormalLanes lanes) {
#if defined(__x86_64__)
  if (lanes == NormalLanes::Eight && supported(lanes)) return vector_approx8(chunk);
  if (lanes == NormalLanes::Four && supported(lanes)) return vector_approx(chunk);
#endif
  (void)lanes;
  scalar_approx(chunk, 0);
}
void approximate_normals(NormalChunk* chunk) { approximate_normals(chunk, widest()); }

void draw_normal_chunk(SplitMix64& rng, size_t n, NormalChunk* out, NormalLanes lanes) {
#if defined(__x86_64__)
  if (lanes == NormalLanes::Eight && supported(lanes)) {
    uniforms8(rng, n, out);
    return vector_approx8(out);
  }
#endif
  uniforms(rng, n, out);
  approximate_normals(out, lanes);
}
void draw_normal_chunk(SplitMix64& rng, size_t n, NormalChunk* out) { draw_normal_chunk(rng, n, out, widest()); }

}  // namespace poolcheck
