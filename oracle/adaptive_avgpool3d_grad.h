// Slow scalar reference ("oracle") for adaptive_avg_pool3d forward and backward.
//
// Like the other oracles this file is deliberately independent of the rest of poolcheck: it includes only the C++
// standard library, uses plain nested loops and double arithmetic, and favours obviousness over speed. The window
// rule is PyTorch's integer start_index / end_index rule (AdaptivePooling.h, used since the 2022 fix of the
// float32 formula), and the scatter rule is that of _adaptive_avg_pool3d_backward on CPU.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace poolcheck::oracle {

// Window of output index `o` along one axis with input size `in` and output size `out`, as [start, end):
//   start = floor(o * in / out)        end = ceil((o + 1) * in / out)
// Both are computed exactly in integer arithmetic for every int64 size: the products o*in and (o+1)*in are never
// formed in int64 (nor in floating point), so there is no overflow and no rounding even near INT64_MAX.
// Always 0 <= start < end <= in. Windows overlap when in is not a multiple of out, and repeat inputs when
// out > in (upsampling).
// Throws std::invalid_argument if in < 1, out < 1, or o is outside [0, out).
std::array<int64_t, 2> adaptive_window(int64_t o, int64_t in, int64_t out);

struct AdaptiveScatterResult {
  std::vector<double> grad_input;     // planes * Di*Hi*Wi, sum accumulated in double
  std::vector<double> abs_sum;        // per input element: sum of |g / (kD*kH*kW)| over its contributions
  std::vector<int32_t> contributors;  // per input element: number of output cells whose window covers it
};

// Backward. For each plane and each output cell (od, oh, ow), row-major, with the per-axis windows of
// adaptive_window and k = end - start per axis:
//   delta = g / (kD*kH*kW)        (one division by the integer product, in double)
//   every input element of [d0,d1) x [h0,h1) x [w0,w1) gets += delta
// PyTorch divides three times in scalar_t (g / kT / kH / kW); in double the two differ by at most a few ulp.
// `planes` = N*C; grad_output holds planes * Do*Ho*Wo values (NCDHW contiguous), (Do, Ho, Wo) = out_dims.
// Any out_dims >= 1 is accepted, including sizes larger than in_dims (upsampling).
// Throws std::invalid_argument if any in_dims or out_dims entry is < 1, planes < 0, an element count overflows
// int64, grad_output.size() != planes * Do*Ho*Wo, or a contributor count would exceed INT32_MAX.
AdaptiveScatterResult adaptive_avg_pool3d_backward(const std::vector<double>& grad_output, int64_t planes,
                                                   const std::array<int64_t, 3>& in_dims,
                                                   const std::array<int64_t, 3>& out_dims);

// Forward with the same windows: out = (sum of the window in double, row-major) / (kD*kH*kW). Together with the
// backward it satisfies <forward(x), g> == <x, backward(g).grad_input> up to rounding.
// Throws std::invalid_argument under the same conditions as the backward (with input.size() != planes * Di*Hi*Wi).
std::vector<double> adaptive_avg_pool3d_forward(const std::vector<double>& input, int64_t planes,
                                                const std::array<int64_t, 3>& in_dims,
                                                const std::array<int64_t, 3>& out_dims);

}  // namespace poolcheck::oracle
