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

}  // namespace

bool normal_lanes_supported(NormalLanes lanes) { return supported(lanes); }

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
