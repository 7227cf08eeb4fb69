#include "common/half_rows.h"

#include <immintrin.h>

#include <atomic>

#include "common/half.h"

namespace pcemu {

namespace {

std::atomic<bool> g_force_scalar{false};

bool use_f16c() {
  static const bool kHas = __builtin_cpu_supports("f16c") && __builtin_cpu_supports("avx2");
  return kHas && !g_force_scalar.load(std::memory_order_relaxed);
}

void halves_scalar(const float* src, uint16_t* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dst[i] = float_to_half(src[i]);
}
void floats_scalar(const uint16_t* src, float* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dst[i] = half_to_float(src[i]);
}

#if defined(__x86_64__)
// Eight floats to eight halves, round to nearest even; a group with a NaN goes the scalar way (the scalar
// code makes every NaN the quiet 0x7e00 with its sign, F16C keeps the payload's top bits).
__attribute__((target("avx2,f16c"))) void halves_f16c(const float* src, uint16_t* dst, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 v = _mm256_loadu_ps(src + i);
    if (_mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)) != 0) {
      halves_scalar(src + i, dst + i, 8);
      continue;
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT));
  }
  halves_scalar(src + i, dst + i, n - i);
}

// Eight halves to eight floats (exact); a group with a signalling NaN goes the scalar way (F16C quiets it,
// the scalar code keeps it signalling).
__attribute__((target("avx2,f16c"))) void floats_f16c(const uint16_t* src, float* dst, int64_t n) {
  const __m128i magnitude = _mm_set1_epi16(0x7fff);
  const __m128i inf = _mm_set1_epi16(0x7c00), quiet = _mm_set1_epi16(0x7e00);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    const __m128i m = _mm_and_si128(h, magnitude);  // signed 16-bit compares hold: magnitudes are < 0x8000
    const __m128i signalling = _mm_and_si128(_mm_cmpgt_epi16(m, inf), _mm_cmplt_epi16(m, quiet));
    if (_mm_movemask_epi8(signalling) != 0) {
      floats_scalar(src + i, dst + i, 8);
      continue;
    }
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(h));
  }
  floats_scalar(src + i, dst + i, n - i);
}
#endif

}  // namespace

void halves_from_floats(const float* src, uint16_t* dst, int64_t n) {
#if defined(__x86_64__)
  if (use_f16c()) return halves_f16c(src, dst, n);
#endif
  halves_scalar(src, dst, n);
}

void floats_from_halves(const uint16_t* src, float* dst, int64_t n) {
#if defined(__x86_64__)
  if (use_f16c()) return floats_f16c(src, dst, n);
#endif
  floats_scalar(src, dst, n);
}

void round_floats_to_half(float* x, int64_t n) {
  // In groups that stay in registers' reach: the halves of a chunk, then back over the same floats.
  constexpr int64_t kChunk = 256;
  uint16_t halves[kChunk];
  for (int64_t i = 0; i < n; i += kChunk) {
    const int64_t m = n - i < kChunk ? n - i : kChunk;
    halves_from_floats(x + i, halves, m);
    floats_from_halves(halves, x + i, m);
  }
}

const char* half_rows_path() {
#if defined(__x86_64__)
  if (use_f16c()) return "f16c";
#endif
  return "scalar";
}

bool force_scalar_half_rows(bool on) { return g_force_scalar.exchange(on); }

}  // namespace pcemu
