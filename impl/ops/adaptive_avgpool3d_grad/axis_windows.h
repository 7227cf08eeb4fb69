// One axis' adaptive window arithmetic for the SIMT kernel, as tables over the stretch of the axis a thread
// group walks: for x index i the gradOutput indices whose windows hold it (upstream's StartIndexIn2Out /
// EndIndexIn2Out), and for gradOutput index o its window's extent and 1/extent in fp32.
// A thread group walks both sides in order, so a table refills from the index it missed: one division, then
// each next bound steps an affine floor by its precomputed quotient and remainder. The tables stay bounded (the
// caller's x span, at most kMaxSpan y indices) whatever the axis length.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "common/vector_clones.h"
#include "npu/faults.h"
#include "ops/adaptive_avgpool3d_grad/problem.h"
#include "ops/adaptive_avgpool3d_grad/regbase2d_tile.h"

namespace pcemu::adaptive {

class AxisWindows {
 public:
  static constexpr int64_t kMaxSpan = 2048;

  // `x_span`: how many consecutive x indices one table holds (what a thread group touches; capped at kMaxSpan).
  AxisWindows(int64_t in, int64_t out, int64_t x_span)
      : in_(in),
        out_(out),
        // y indices fit the int32 tables, and every numerator below (at most in * out + in + out) 64 bits
        tables_(in > 0 && out > 0 && in <= std::numeric_limits<int32_t>::max() &&
                out <= std::numeric_limits<int32_t>::max()),
        // window(): the end rounds up unless the adaptive_floor_end fault truncates it
        end_rounds_up_(!fault_on(Fault::AdaptiveFloorEnd)) {
    if (!tables_) return;
    const int64_t xs = std::clamp<int64_t>(x_span, 1, std::min(in, kMaxSpan));
    // y indices the x span reaches: its share of the axis, plus the windows straddling its two ends.
    const int64_t ys = std::clamp<int64_t>((xs * out + in - 1) / in + 2, 1, std::min(out, kMaxSpan));
    ranges_.resize(static_cast<size_t>(xs));
    extents_.resize(static_cast<size_t>(ys));
    inverses_.resize(static_cast<size_t>(ys));
  }

  // inv(i): gradOutput indices [first, end) whose windows hold x index i.
  PCEMU_ELEMENT_INLINE std::array<int64_t, 2> range(int64_t i) {
    if (static_cast<uint64_t>(i - x0_) >= static_cast<uint64_t>(xn_)) {
      if (!tables_ || i < 0 || i >= in_) return y_range(i, i + 1, in_, out_);
      fill_ranges(i);
    }
    const auto& r = ranges_[static_cast<size_t>(i - x0_)];
    return {r[0], r[1]};
  }
  // static_cast<float>(extent of window o)
  PCEMU_ELEMENT_INLINE float extent_f(int64_t o) {
    if (!holds(o, 1)) return outside(o) ? direct_extent(o) : extents_[fill_extents(o)];
    return extents_[static_cast<size_t>(o - y0_)];
  }
  // 1.0f / extent_f(o): divided once per table fill, not once per gradient (the same fp32 value).
  float inv_extent_f(int64_t o) {
    if (!holds(o, 1)) return outside(o) ? 1.0f / direct_extent(o) : inverses_[fill_extents(o)];
    return inverses_[static_cast<size_t>(o - y0_)];
  }
  // extent_f(o + k) / inv_extent_f(o + k) for k in [0, n) as one array, or null when the run does not fit a
  // table (the caller then asks per index).
  const float* extents_f(int64_t o, int64_t n) { return run(extents_, o, n); }
  const float* inv_extents_f(int64_t o, int64_t n) { return run(inverses_, o, n); }

 private:
  const float* run(const std::vector<float>& table, int64_t o, int64_t n) {
    if (n <= 0) return table.data();
    if (holds(o, n)) return table.data() + (o - y0_);
    if (!tables_ || o < 0 || n > static_cast<int64_t>(table.size()) || o + n > out_) return nullptr;
    return table.data() + fill_extents(o);
  }
  bool holds(int64_t o, int64_t n) const { return o >= y0_ && o + n <= y0_ + yn_; }
  bool outside(int64_t o) const { return !tables_ || o < 0 || o >= out_; }
  float direct_extent(int64_t o) const {
    const auto w = window(o, in_, out_);
    return static_cast<float>(w[1] - w[0]);
  }
  // float(e) and 1.0f / e for the common small extents, converted and divided once (the same fp32 values; e = 0
  // under the fault gives inf).
  static constexpr int64_t kSmall = 64;
  struct SmallExtent {
    float extent, inverse;
  };
  static const std::array<SmallExtent, kSmall>& small_extents() {
    static const std::array<SmallExtent, kSmall> table = [] {
      std::array<SmallExtent, kSmall> t{};
      for (int64_t e = 0; e < kSmall; ++e)
        t[static_cast<size_t>(e)] = {static_cast<float>(e), 1.0f / static_cast<float>(e)};
      return t;
    }();
    return table;
  }
  // floor(k * a / c) along k = k0, k0 + 1, ...: quotient q and remainder r, stepped without dividing.
  struct Floor {
    int64_t q, r, aq, ar, c;
    Floor(int64_t k0, int64_t a, int64_t c) : q(k0 * a / c), r(k0 * a % c), aq(a / c), ar(a % c), c(c) {}
    void step() {
      q += aq;
      r += ar;
      const int64_t carry = r >= c;
      q += carry;
      r -= c & -carry;
    }
  };
  // Refills from x index i (from 0 when the table holds the whole axis). y_range(i, i + 1): first is
  // floor(i * out / in), end is ceil((i + 1) * out / in), the next first rounded up.
  void fill_ranges(int64_t i) {
    const int64_t cap = static_cast<int64_t>(ranges_.size());
    x0_ = cap >= in_ ? 0 : i;
    xn_ = std::min(cap, in_ - x0_);
    Floor f(x0_, out_, in_);
    for (int64_t k = 0; k < xn_; ++k) {
      const int64_t first = f.q;
      f.step();
      ranges_[static_cast<size_t>(k)] = {static_cast<int32_t>(first), static_cast<int32_t>(f.q + (f.r != 0))};
    }
  }
  // Refills from gradOutput index o (from 0 when the table holds the whole axis); returns o's slot. window(o):
  // start floor(o * in / out), stop the next start, rounded up unless the fault truncates it.
  size_t fill_extents(int64_t o) {
    const int64_t cap = static_cast<int64_t>(extents_.size());
    y0_ = cap >= out_ ? 0 : o;
    yn_ = std::min(cap, out_ - y0_);
    Floor f(y0_, in_, out_);
    const std::array<SmallExtent, kSmall>& small = small_extents();
    for (int64_t k = 0; k < yn_; ++k) {
      const int64_t start = f.q;
      f.step();
      const int64_t e = f.q + (end_rounds_up_ && f.r != 0) - start;
      const SmallExtent v =
          e < kSmall ? small[static_cast<size_t>(e)] : SmallExtent{static_cast<float>(e), 1.0f / static_cast<float>(e)};
      extents_[static_cast<size_t>(k)] = v.extent;
      inverses_[static_cast<size_t>(k)] = v.inverse;
    }
    return static_cast<size_t>(o - y0_);
  }

  int64_t in_, out_;
  bool tables_;                                 // the shape fits the tables (else every answer is computed directly)
  bool end_rounds_up_;                          // window()'s end: ceil, or floor under the adaptive_floor_end fault
  std::vector<std::array<int32_t, 2>> ranges_;  // x indices [x0_, x0_ + xn_)
  std::vector<float> extents_, inverses_;       // y indices [y0_, y0_ + yn_)
  int64_t x0_ = 0, xn_ = 0, y0_ = 0, yn_ = 0;
};

}  // namespace pcemu::adaptive
