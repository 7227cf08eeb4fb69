// One average-pooling window along one axis, in PyTorch's order: clip the end to I + p, measure (what
// countIncludePad counts), then clip to [0, I). Shared by the average references' forward and backward.
#pragma once

#include <cstdint>

namespace poolcheck::oracle {

struct AxisWindow {
  double padded_extent;  // the extent clipped to I + p only (up to ~2^63 for legal huge kernels)
  int64_t begin;         // clipped to the input: first input index of the window
  int64_t end;           // clipped to the input: exclusive
  int64_t clipped_extent() const { return end > begin ? end - begin : 0; }
};

// On 128 bits: o*s, start + k and I + p may each pass INT64_MAX for legal huge kernels, strides and paddings.
inline AxisWindow axis_window(int64_t o, int64_t in, int64_t k, int64_t s, int64_t pad) {
  __extension__ using Int128 = __int128;
  const Int128 start = Int128{o} * s - pad;
  const Int128 end_in_padding = start + k < Int128{in} + pad ? start + k : Int128{in} + pad;
  AxisWindow w{};
  w.padded_extent = static_cast<double>(end_in_padding - start);
  w.begin = start < 0 ? 0 : start > in ? in : static_cast<int64_t>(start);
  w.end = end_in_padding < 0 ? 0 : end_in_padding > in ? in : static_cast<int64_t>(end_in_padding);
  return w;
}

}  // namespace poolcheck::oracle
