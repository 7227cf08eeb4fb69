// Slow scalar reference ("oracle") for avg_pool2d forward and backward.
//
// Like max_pool3d.h this file is deliberately independent of the rest of poolcheck: it includes only the C++
// standard library, uses plain nested loops and double arithmetic, and favours obviousness over speed. Every
// rule mirrors PyTorch's CPU semantics (pooling_output_shape with dilation 1, and the window / divisor rule of
// cpu_avg_pool2d_backward), so faster implementations can be compared against it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "oracle/avgpool3d_grad.h"

namespace poolcheck::oracle {

// Per-axis pooling parameters in (H, W) order, already expanded to two entries.
struct AvgPool2dParams {
  std::array<int64_t, 2> kernel;
  std::array<int64_t, 2> stride;
  std::array<int64_t, 2> padding;
  bool ceil_mode = false;
  bool count_include_pad = true;
  // 0 = no override. Any other value is the divisor of every window; negative values simply divide by a
  // negative number (PyTorch accepts them; it only rejects an explicit 0).
  int64_t divisor_override = 0;
};

// Output size per axis using PyTorch's pooling_output_shape rule with dilation 1:
//   num = I + 2p - k (+ (s-1) in ceil mode);  O = floor(num / s) + 1   (floor rounds toward -inf)
//   in ceil mode, if (O-1)*s >= I + p then O = O - 1   (the last window must start inside input or left pad).
// Returns nullopt if any parameter is invalid (k<1, s<1, p<0, input size < 1) or if any resulting size is < 1.
// k, s and p have no upper bound (aclnn takes them as int64; PyTorch's int32 narrowing is not part of the
// contract): the arithmetic is exact for any int64 value, and a stride past the input gives size 1.
// By design this does NOT apply PyTorch's separate "pad <= kernel/2" check; callers that need it add it.
std::optional<std::array<int64_t, 2>> avg_pooled_dims(const std::array<int64_t, 2>& in_dims, const AvgPool2dParams& p);

// Backward with PyTorch's cpu_avg_pool2d_backward rules: avg_pool3d_backward with a depth axis of one (the one
// average-pooling reference). For each plane and each output (oh, ow), row-major:
//   h0 = oh*sH - pH;  h1 = min(h0 + kH, H + pH)            (same for w)
//   pool_size = (h1 - h0) * (w1 - w0)                       (BEFORE clipping: the ceil-mode overhang past
//                                                            I + p is never counted, the padding is)
//   h0 = max(h0, 0);  h1 = min(h1, H)                       (same for w)
//   divisor = divisor_override if != 0, else pool_size if count_include_pad, else (h1-h0)*(w1-w0)
//   every input element of [h0,h1) x [w0,w1) gets += g / divisor   (division and sums in double)
// A window lying entirely in the padding (only possible when pad > kernel/2, which PyTorch rejects) has an empty
// clipped range; its clipped extent counts as 0 (never negative) and it contributes nothing.
// `planes` = N*C; grad_output holds planes * Ho*Wo values, (Ho, Wo) = out_dims.
// Throws std::invalid_argument if the parameters are invalid, out_dims != avg_pooled_dims(in_dims, p),
// planes < 0, or grad_output.size() != planes * Ho*Wo.
AvgScatterResult avg_pool2d_backward(const std::vector<double>& grad_output, int64_t planes,
                                     const std::array<int64_t, 2>& in_dims, const std::array<int64_t, 2>& out_dims,
                                     const AvgPool2dParams& p);

// Forward with the same windows and divisors: out = (sum of the clipped window, in double, row-major) / divisor.
// An empty clipped window (see above) gives 0, so <forward(x), g> == <x, backward(g).grad_input> always holds.
// Throws std::invalid_argument under the same conditions as the backward (with input.size() != planes * H*W).
std::vector<double> avg_pool2d_forward(const std::vector<double>& input, int64_t planes,
                                       const std::array<int64_t, 2>& in_dims, const std::array<int64_t, 2>& out_dims,
                                       const AvgPool2dParams& p);

}  // namespace poolcheck::oracle
