// The library's integer arithmetic on sizes: saturating products and sums (upstream's tilings compute in uint64 and
// would wrap for kernels near INT64_MAX; a saturated size simply never fits a buffer) and the rounding helpers, one
// family with one overflow rule for every tiling and kernel of impl/. The harness keeps its own (case/int_math.h):
// the library under test shares no code with it.
#pragma once

#include <cstdint>
#include <limits>

namespace pcemu {

inline constexpr int64_t kSaturated = std::numeric_limits<int64_t>::max();

inline int64_t sat_add(int64_t a, int64_t b) {
  int64_t r = 0;
  return __builtin_add_overflow(a, b, &r) ? kSaturated : r;
}
inline int64_t sat_mul(int64_t a, int64_t b) {
  int64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? kSaturated : r;
}
template <typename... Rest>
int64_t sat_mul(int64_t a, int64_t b, Rest... rest) {
  return sat_mul(sat_mul(a, b), rest...);
}

// ceil(a / b) for a >= 0, b > 0, without the a + b - 1 that wraps near INT64_MAX.
inline int64_t ceil_div(int64_t a, int64_t b) { return a / b + (a % b != 0 ? 1 : 0); }
// The smallest multiple of b at or above a (a >= 0, b > 0), saturating; align_down the largest at or below.
inline int64_t align_up(int64_t a, int64_t b) { return sat_mul(ceil_div(a, b), b); }
inline int64_t align_down(int64_t a, int64_t b) { return a / b * b; }

}  // namespace pcemu
