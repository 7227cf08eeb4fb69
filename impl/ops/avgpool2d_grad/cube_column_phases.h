// The Cube path's column taps as contiguous runs. Tap kw sends output column ow to input column
// iw = ow * s + kw - p, so the columns of one residue iw mod s (a phase) receive consecutive ow of each tap:
// with the row's accumulators stored phase by phase, a tap is one contiguous add over the gradient row
// (a vector loop, no index table, no gather). Each accumulator still receives its taps in ascending kw,
// and only taps on the output grid are added, so every fp32 sum matches the tap-by-tap definition.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace pcemu::avgpool {

class ColumnPhases {
 public:
  // Input width W, output width Wo, kernel k, stride s, padding p of the column axis.
  ColumnPhases(int64_t W, int64_t Wo, int64_t k, int64_t s, int64_t p) : W_(W), s_(s), stride_((W + s - 1) / s) {
    for (int64_t kw = 0; kw < k; ++kw) {
      const int64_t d = kw - p, phase = ((d % s) + s) % s, shift = (d - phase) / s;  // iw = (ow + shift) * s + phase
      const int64_t len = phase < W ? (W - phase + s - 1) / s : 0;                   // columns of this phase
      const int64_t lo = std::max<int64_t>(0, -shift), hi = std::min(Wo, len - shift);
      if (lo < hi) runs_.push_back({phase * stride_ + shift + lo, lo, hi - lo});
    }
  }

  // Accumulator slots of one row (phase-major; at least W).
  int64_t slots() const { return s_ * stride_; }

  // Adds one gradient row's products (Wo of them) to the row's accumulators, tap by tap in ascending kw.
  void add_row(const float* prow, float* acc) const {
    for (const Run& r : runs_) {
      float* __restrict dst = acc + r.slot;
      const float* __restrict src = prow + r.first_ow;
      for (int64_t i = 0; i < r.count; ++i) dst[i] = dst[i] + src[i];
    }
  }

  // Input column iw's accumulator slot.
  int64_t slot(int64_t iw) const { return iw % s_ * stride_ + iw / s_; }

  // row[iw] = accumulator of iw, in column order (a contiguous row for the vectorised cast that follows).
  void to_columns(const float* acc, float* __restrict row) const {
    if (s_ == 1) {
      std::copy_n(acc, W_, row);
      return;
    }
    if (s_ == 2) {  // the common stride: two phases interleaved pairwise
      const float* odd = acc + stride_;
      for (int64_t j = 0; j < W_ / 2; ++j) {
        row[2 * j] = acc[j];
        row[2 * j + 1] = odd[j];
      }
      if (W_ % 2 != 0) row[W_ - 1] = acc[W_ / 2];
      return;
    }
    for (int64_t phase = 0; phase < std::min(s_, W_); ++phase) {
      const float* src = acc + phase * stride_;
      for (int64_t iw = phase, j = 0; iw < W_; iw += s_, ++j) row[iw] = src[j];
    }
  }

 private:
  struct Run {
    int64_t slot, first_ow, count;  // accumulators [slot, slot + count) += products [first_ow, first_ow + count)
  };
  int64_t W_, s_, stride_;
  std::vector<Run> runs_;
};

}  // namespace pcemu::avgpool
