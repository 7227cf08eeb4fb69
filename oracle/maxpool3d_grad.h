// Slow scalar reference ("oracle") for max_pool3d forward-with-argmax and its backward.
//
// This file is deliberately independent of the rest of poolcheck: it includes only the C++ standard library,
// uses plain nested loops and double arithmetic, and favours obviousness over speed. Its job is to be the
// thing every faster implementation is compared against, so every rule below mirrors PyTorch's CPU semantics
// (output-size rule, window/argmax rule, backward scatter rule).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace poolcheck::oracle {

// Per-axis pooling parameters in (D, H, W) order, already expanded to three entries.
struct Pool3dParams {
  std::array<int64_t, 3> kernel;
  std::array<int64_t, 3> stride;
  std::array<int64_t, 3> padding;
  std::array<int64_t, 3> dilation;
  bool ceil_mode = false;
};

// Output size per axis using PyTorch's pooling_output_shape rule:
//   num = I + 2p - d*(k-1) - 1 (+ (s-1) in ceil mode);  O = floor(num / s) + 1   (floor rounds toward -inf)
//   in ceil mode, if (O-1)*s >= I + p then O = O - 1   (the last window must start inside input or left pad).
// Returns nullopt if any parameter is invalid (k<1, s<1, d<1, p<0, input size < 1) or any resulting size < 1.
// By design this does NOT apply PyTorch's separate "pad <= half kernel" check; callers that need it add it.
std::optional<std::array<int64_t, 3>> pooled_dims(const std::array<int64_t, 3>& in_dims, const Pool3dParams& p);

struct MaxPoolForward {
  std::array<int64_t, 3> out_dims;
  std::vector<double> values;    // planes * Do*Ho*Wo
  std::vector<int64_t> indices;  // flat offset d*H*W + h*W + w inside that plane (never includes plane offset)
};

// Forward max pooling with argmax over `planes` consecutive D*H*W planes (NCDHW contiguous, planes = N*C).
// PyTorch CPU semantics per axis: start = o*s - p; end = min(start + (k-1)*d + 1, I) computed BEFORE the start
// is moved; then start += d while start < 0. Initial index = first-tap position (even if there is no tap),
// initial max = -inf; a tap replaces the running max if (v > max) or isnan(v). Hence the first maximum wins
// ties, any NaN wins and the LAST NaN in scan order (d, then h, then w) wins, and an all -inf (or empty) window
// keeps the first-tap index.
// Throws std::invalid_argument if the parameters are invalid (pooled_dims gives nullopt), planes < 0, or
// input.size() != planes * D*H*W.
MaxPoolForward max_pool3d_forward(const std::vector<double>& input, int64_t planes,
                                  const std::array<int64_t, 3>& in_dims, const Pool3dParams& p);

struct ScatterResult {
  std::vector<double> grad_input;     // planes * D*H*W, sum accumulated in double
  std::vector<double> abs_sum;        // per element: sum of |contribution| (for the tolerance model)
  std::vector<int32_t> contributors;  // per element: number of contributions
};

// Backward: gradInput[plane][indices[i]] += gradOutput[i], scanning outputs in row-major order per plane.
// NaN/Inf propagate naturally through the double additions.
// Throws std::out_of_range (before writing anything out of bounds) if an index is < 0 or >= D*H*W.
// Unlike PyTorch, -1 is not skipped: it is reported as out of range like every other negative index.
// Throws std::invalid_argument on size mismatches (grad_output/indices vs planes * Do*Ho*Wo, negative dims).
ScatterResult max_pool3d_backward(const std::vector<double>& grad_output, const std::vector<int64_t>& indices,
                                  int64_t planes, const std::array<int64_t, 3>& in_dims,
                                  const std::array<int64_t, 3>& out_dims);

// True iff the flat in-plane `index` is one of the taps of the window of output position (od, oh, ow), i.e.
// per axis the coordinate lies in [begin, end) of the window clipped to the input AND on the dilation grid of
// that window. Indices outside [0, D*H*W) are never in a window (returns false).
// Throws std::invalid_argument if the parameters are invalid or an output coordinate is negative.
bool index_in_window(int64_t index, const std::array<int64_t, 3>& out_pos, const std::array<int64_t, 3>& in_dims,
                     const Pool3dParams& p);

}  // namespace poolcheck::oracle
