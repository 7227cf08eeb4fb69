#include "case/normal_draws.h"

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

void scalar_approx(NormalChunk* out, size_t from) {
  for (size_t i = from; i < out->n; ++i) out->approx[i] = SplitMix64::normal_of(out->u1[i], out->u2[i]);
}

#if defined(__x86_64__)
// glibc's AVX2 variants (vector function ABI names) of log and cos.
extern "C" __m256d _ZGVdN4v_log(__m256d);
extern "C" __m256d _ZGVdN4v_cos(__m256d);

__attribute__((target("avx2"))) void vector_approx(NormalChunk* out) {
  const __m256d minus_two = _mm256_set1_pd(-2.0), two_pi = _mm256_set1_pd(6.283185307179586);
  size_t i = 0;
  for (; i + 4 <= out->n; i += 4) {
    const __m256d log_u1 = _ZGVdN4v_log(_mm256_loadu_pd(out->u1 + i));
    const __m256d cos_u2 = _ZGVdN4v_cos(_mm256_mul_pd(two_pi, _mm256_loadu_pd(out->u2 + i)));
    _mm256_storeu_pd(out->approx + i, _mm256_mul_pd(_mm256_sqrt_pd(_mm256_mul_pd(minus_two, log_u1)), cos_u2));
  }
  scalar_approx(out, i);
}

bool has_avx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#endif

}  // namespace

void draw_normal_chunk(SplitMix64& rng, size_t n, NormalChunk* out) {
  uniforms(rng, n, out);
#if defined(__x86_64__)
  if (has_avx2()) return vector_approx(out);
#endif
  scalar_approx(out, 0);
}

}  // namespace poolcheck
