// Size arithmetic shared by the oracles: a product of non-negative sizes that throws instead of
// overflowing, so a silly shape becomes an exception rather than undefined behaviour.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>

namespace poolcheck::oracle {

inline int64_t checked_mul(int64_t a, int64_t b) {
  if (a < 0 || b < 0) throw std::invalid_argument("oracle: negative size in element count");
  if (a != 0 && b > std::numeric_limits<int64_t>::max() / a)
    throw std::invalid_argument("oracle: element count overflows int64");
  return a * b;
}

}  // namespace poolcheck::oracle
