// The harness's integer arithmetic on sizes, counts and offsets: one family with one overflow rule.
// - checked_*: the exact result, or nullopt where it would leave int64 (shape products, strides and byte sizes the
//   harness hands a backend: an overflow there is an input the harness refuses by name, never a wrapped value).
// - saturating_* and the rounding helpers: non-negative sizes that saturate at INT64_MAX (models of a tiling's
//   buffer sizes: a saturated size simply never fits a limit, where a wrapped one would).
// impl/ has its own (the library under test shares no code with the harness).
#pragma once

#include <cstdint>
#include <limits>
#include <optional>

namespace poolcheck {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

inline std::optional<int64_t> checked_mul(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

inline std::optional<int64_t> checked_add(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

// a * b and a + b for non-negative operands, INT64_MAX where the exact value is larger.
inline int64_t saturating_mul(int64_t a, int64_t b) { return checked_mul(a, b).value_or(kInt64Max); }
inline int64_t saturating_add(int64_t a, int64_t b) { return checked_add(a, b).value_or(kInt64Max); }
template <typename... Rest>
int64_t saturating_mul(int64_t a, int64_t b, Rest... rest) {
  return saturating_mul(saturating_mul(a, b), rest...);
}

// ceil(a / b) for a >= 0, b > 0, without the a + b - 1 that wraps near INT64_MAX.
inline int64_t ceil_div(int64_t a, int64_t b) { return a / b + (a % b != 0 ? 1 : 0); }
// The smallest multiple of b at or above a (a >= 0, b > 0), saturating.
inline int64_t align_up(int64_t a, int64_t b) { return saturating_mul(ceil_div(a, b), b); }

}  // namespace poolcheck
