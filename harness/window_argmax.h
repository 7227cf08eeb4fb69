// The argmax of every max-pooling window, as the data fill needs it to make realistic indices: the same indices the
// oracle's forward pass (oracle/maxpool3d_grad.h) gives, computed one axis at a time. The rule "a tap takes over when
// it is greater or NaN" picks the first maximum, or the last NaN, in the (d, h, w) scan; that choice over a whole
// window is the same choice over the row winners of its rows, and over the plane winners of its planes, so a window
// of kd x kh x kw taps costs about kd + kh + kw comparisons per output instead of their product. A window empty on
// an axis keeps the first tap's position, as in the oracle. The oracle stays the reference:
// tests/window_argmax_test.cpp compares the two on shapes, paddings, dilations and data full of ties and NaN.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace poolcheck {

struct PoolWindows3d {
  std::array<int64_t, 3> in{};  // D, H, W of one plane
  std::array<int64_t, 3> out{};
  std::array<int64_t, 3> kernel{}, stride{}, padding{}, dilation{};
};

// Whether `candidate` takes over from the running winner `best` (the rule above; a parameter for the test's
// negative control, which swaps in another).
using TakesOver = bool (*)(double candidate, double best);
bool max_pool_takes_over(double candidate, double best);

// For each of `planes` consecutive planes of `input` (planes * D*H*W values) and each output position in row-major
// order, the flat in-plane position d*H*W + h*W + w of its window's winner. Throws std::invalid_argument naming the
// value when `input` does not hold planes * D*H*W values or a size or parameter is out of its range.
std::vector<int64_t> window_argmax(const std::vector<double>& input, int64_t planes, const PoolWindows3d& w,
                                   TakesOver takes_over = &max_pool_takes_over);

}  // namespace poolcheck
