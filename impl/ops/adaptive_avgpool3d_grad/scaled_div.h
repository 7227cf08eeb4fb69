// (a*b + add) / c as the 128-bit expression computes it (truncating), with a 64-bit path when nothing overflows.
// The signed 128-bit division is a libgcc call (__divti3), and the window bounds run for every thread of the
// emulated kernels; the fallback keeps the result exact for any shape.
#pragma once

#include <cstdint>
#include <limits>

namespace pcemu::adaptive {

inline int64_t scaled_div(int64_t a, int64_t b, int64_t add, int64_t c) {
  int64_t product = 0, sum = 0;
  if (!__builtin_mul_overflow(a, b, &product) && !__builtin_add_overflow(product, add, &sum) &&
      !(sum == std::numeric_limits<int64_t>::min() && c == -1))
    return sum / c;
  return static_cast<int64_t>((static_cast<__int128>(a) * b + add) / c);
}

}  // namespace pcemu::adaptive
