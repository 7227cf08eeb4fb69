// Slow scalar reference ("oracle") for avg_pool3d backward: the average-pooling reference of both entry points
// (the 2-D one, avgpool2d_grad.h, is this with a depth axis of one).
//
// Independent of the rest of poolcheck like the other oracles: only the C++ standard library (and the shared
// pooled-size formula), plain nested loops, double arithmetic. The rules are PyTorch's avg_pool3d_backward
// (CPU) and the aclnnAvgPool3dBackward document: pooling_output_shape with dilation 1 per axis; each window
// clipped to input + padding for its pool size, then to the input; the divisor is divisorOverride when not 0,
// else the pool size when countIncludePad, else the number of input elements in the window.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace poolcheck::oracle {

// Per-axis parameters in (D, H, W) order, already expanded to three entries.
struct AvgPool3dParams {
  std::array<int64_t, 3> kernel;
  std::array<int64_t, 3> stride;
  std::array<int64_t, 3> padding;
  bool ceil_mode = false;
  bool count_include_pad = true;
  int64_t divisor_override = 0;  // 0 = none
};

// (Do, Ho, Wo) of input (D, H, W); nullopt when a parameter is out of range (k < 1, s < 1, p < 0) or a size
// is below 1. Like the 2-D oracle it does not apply the "pad <= kernel/2" rule.
std::optional<std::array<int64_t, 3>> avg_pooled_dims_3d(const std::array<int64_t, 3>& in_dims,
                                                         const AvgPool3dParams& p);

struct AvgScatterResult {
  std::vector<double> grad_input;     // planes * D*H*W, sum accumulated in double
  std::vector<double> abs_sum;        // per input element: sum of |contribution| (contribution = g / divisor)
  std::vector<int32_t> contributors;  // per input element: number of windows that added to it
  std::vector<double> divisor;        // per OUTPUT element (planes * Do*Ho*Wo, same layout as grad_output)
};

// gradInput of grad_output (planes x Do*Ho*Wo), `planes` = N*C. For each plane and each output (od, oh, ow),
// row-major, the window of every axis (avg_window.h) gives
//   divisor = divisor_override if != 0, else the product of the padded extents if count_include_pad, else the
//             product of the clipped extents (doubles: a huge kernel's extents multiply past int64)
// and every input element of the clipped window gets += g / divisor (division and sums in double). A window with
// an empty clipped range on some axis (only when pad > kernel/2) contributes nothing.
// Throws std::invalid_argument for invalid parameters, out_dims other than avg_pooled_dims_3d(in_dims), or a
// grad_output of the wrong size.
AvgScatterResult avg_pool3d_backward(const std::vector<double>& grad_output, int64_t planes,
                                     const std::array<int64_t, 3>& in_dims, const std::array<int64_t, 3>& out_dims,
                                     const AvgPool3dParams& p);

}  // namespace poolcheck::oracle
