// An affine floor sequence evaluated along its index: the SIMT window arithmetic asks for consecutive indices.
#pragma once

#include <cstdint>

namespace pcemu::adaptive {

// floor((i * a + b) / c) for i >= 0, a, b >= 0 and c > 0, where every numerator stays below 2^62: the value of
// scaled_div then. A step of i by one adds a's quotient and remainder (precomputed) instead of dividing.
class StepFloor {
 public:
  StepFloor(int64_t a, int64_t b, int64_t c) : a_(a), b_(b), c_(c), aq_(a / c), ar_(a % c) {}
  int64_t at(int64_t i) {
    if (i == i_ + 1) {
      q_ += aq_;
      r_ += ar_;
      if (r_ >= c_) {
        r_ -= c_;
        ++q_;
      }
    } else if (i != i_) {
      const int64_t n = i * a_ + b_;
      q_ = n / c_;
      r_ = n % c_;
    }
    i_ = i;
    return q_;
  }

 private:
  int64_t a_, b_, c_, aq_, ar_;
  int64_t i_ = -2, q_ = 0, r_ = 0;
};

}  // namespace pcemu::adaptive
