// Division of non-negative 32-bit values by a loop-invariant divisor as a multiply and a shift
// (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019): the index decoding of the
// kernels runs per element, where a hardware 64-bit divide costs tens of cycles.
#pragma once

#include <cstdint>

namespace pcemu {

class FastDiv {
 public:
  explicit FastDiv(int64_t d) : d_(d), m_(d == 1 ? 0 : UINT64_MAX / static_cast<uint64_t>(d) + 1) {}
  // n / d for 0 <= n < 2^32 (exact: c = ceil(2^64 / d) and a 32-bit numerator).
  int64_t div(int64_t n) const {
    if (m_ == 0) return n;
    return static_cast<int64_t>((static_cast<unsigned __int128>(m_) * static_cast<uint32_t>(n)) >> 64);
  }
  int64_t divisor() const { return d_; }

 private:
  int64_t d_;
  uint64_t m_;
};

}  // namespace pcemu
