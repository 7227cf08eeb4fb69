// Division of non-negative 32-bit values by a loop-invariant divisor as a multiply and a shift
// (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019): the index decoding of the
// kernels runs per element, where a hardware 64-bit divide costs tens of cycles.
#pragma once

#include <algorithm>
#include <array>
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

// A flat position inside a volume of planes of `plane` elements and rows of `row` elements, decoded into
// (plane, row, column) with two invariant-divisor divisions; a position outside [0, 2^32) or a plane of 2^32
// elements or more takes the hardware division (the same result).
class PositionDecoder {
 public:
  PositionDecoder(int64_t plane, int64_t row)
      : plane_(plane),
        row_(row),
        by_plane_(std::max<int64_t>(1, plane)),
        by_row_(std::max<int64_t>(1, row)),
        fast_(plane <= int64_t{UINT32_MAX}) {}
  std::array<int64_t, 3> operator()(int64_t pos) const {
    if (fast_ && pos >= 0 && pos <= int64_t{UINT32_MAX}) {
      const int64_t d = by_plane_.div(pos), r = pos - d * plane_, h = by_row_.div(r);
      return {d, h, r - h * row_};
    }
    return {pos / plane_, pos % plane_ / row_, pos % row_};
  }

 private:
  int64_t plane_, row_;
  FastDiv by_plane_, by_row_;
  bool fast_;
};

}  // namespace pcemu
