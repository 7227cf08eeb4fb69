// Slow scalar reference for avg_pool2d forward and backward. See avg_pool2d.h for the contract.
//
// Written to be checked by reading: one small function per rule, loops in PyTorch's scan order (plane, then oh,
// then ow, then the window rows and columns), double arithmetic throughout.
#include "oracle/avgpool2d_grad.h"

#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>

#include "oracle/avg_window.h"
#include "oracle/checked_size.h"
#include "oracle/pooled_size.h"

namespace poolcheck::oracle {
namespace {

// Axis numbering used for the (H, W) arrays.
constexpr int kAxisH = 0;
constexpr int kAxisW = 1;

// Positive kernel and stride, non-negative padding. No upper bound: the API takes them as int64 and bounds them
// only from below, so a stride past every window start (pooled size 1) is as legal as stride 1.
bool params_valid(const AvgPool2dParams& p) {
  for (int axis = 0; axis < 2; ++axis) {
    if (p.kernel[axis] < 1 || p.stride[axis] < 1 || p.padding[axis] < 0) {
      return false;
    }
  }
  return true;
}

AxisWindow window_on_axis(int axis, int64_t o, const std::array<int64_t, 2>& in_dims, const AvgPool2dParams& p) {
  return axis_window(o, in_dims[axis], p.kernel[axis], p.stride[axis], p.padding[axis]);
}

// The divisor of the window formed by `wh` x `ww`.
// In double: the padded extents of a huge kernel multiply past int64.
double window_divisor(const AxisWindow& wh, const AxisWindow& ww, const AvgPool2dParams& p) {
  if (p.divisor_override != 0) {
    return static_cast<double>(p.divisor_override);
  }
  if (p.count_include_pad) {
    return wh.padded_extent * ww.padded_extent;
  }
  return static_cast<double>(wh.clipped_extent()) * static_cast<double>(ww.clipped_extent());
}

bool window_empty(const AxisWindow& wh, const AxisWindow& ww) {
  return wh.clipped_extent() == 0 || ww.clipped_extent() == 0;
}

// Shared argument validation; returns the number of elements of one input plane and of one output plane.
struct PlaneSizes {
  int64_t in_plane;
  int64_t out_plane;
};

PlaneSizes validate(int64_t planes, const std::array<int64_t, 2>& in_dims, const std::array<int64_t, 2>& out_dims,
                    const AvgPool2dParams& p) {
  const std::optional<std::array<int64_t, 2>> expected_out = avg_pooled_dims(in_dims, p);
  if (!expected_out.has_value()) {
    throw std::invalid_argument("oracle: invalid avg_pool2d parameters or output size < 1");
  }
  if (*expected_out != out_dims) {
    throw std::invalid_argument("oracle: out_dims do not match the avg_pool2d output size of in_dims");
  }
  if (planes < 0) {
    throw std::invalid_argument("oracle: negative plane count");
  }
  return PlaneSizes{checked_mul(in_dims[kAxisH], in_dims[kAxisW]), checked_mul(out_dims[kAxisH], out_dims[kAxisW])};
}

}  // namespace

std::optional<std::array<int64_t, 2>> avg_pooled_dims(const std::array<int64_t, 2>& in_dims, const AvgPool2dParams& p) {
  if (!params_valid(p)) {
    return std::nullopt;
  }
  std::array<int64_t, 2> out{};
  for (int axis = 0; axis < 2; ++axis) {
    if (in_dims[axis] < 1) {
      return std::nullopt;
    }
    out[axis] =
        pooled_size(in_dims[axis], p.kernel[axis], p.stride[axis], p.padding[axis], /*dilation=*/1, p.ceil_mode);
    if (out[axis] < 1) {
      return std::nullopt;
    }
  }
  return out;
}

AvgScatterResult avg_pool2d_backward(const std::vector<double>& grad_output, int64_t planes,
                                     const std::array<int64_t, 2>& in_dims, const std::array<int64_t, 2>& out_dims,
                                     const AvgPool2dParams& p) {
  const PlaneSizes sizes = validate(planes, in_dims, out_dims, p);
  const int64_t out_total = checked_mul(planes, sizes.out_plane);
  if (static_cast<int64_t>(grad_output.size()) != out_total) {
    throw std::invalid_argument("oracle: grad_output size does not match planes * Ho*Wo");
  }
  // The same windows with a neutral depth axis: one layer, kernel and stride 1, no padding.
  AvgPool3dParams q;
  q.kernel = {1, p.kernel[kAxisH], p.kernel[kAxisW]};
  q.stride = {1, p.stride[kAxisH], p.stride[kAxisW]};
  q.padding = {0, p.padding[kAxisH], p.padding[kAxisW]};
  q.ceil_mode = p.ceil_mode;
  q.count_include_pad = p.count_include_pad;
  q.divisor_override = p.divisor_override;
  return avg_pool3d_backward(grad_output, planes, {1, in_dims[kAxisH], in_dims[kAxisW]},
                             {1, out_dims[kAxisH], out_dims[kAxisW]}, q);
}

std::vector<double> avg_pool2d_forward(const std::vector<double>& input, int64_t planes,
                                       const std::array<int64_t, 2>& in_dims, const std::array<int64_t, 2>& out_dims,
                                       const AvgPool2dParams& p) {
  const PlaneSizes sizes = validate(planes, in_dims, out_dims, p);
  if (static_cast<int64_t>(input.size()) != checked_mul(planes, sizes.in_plane)) {
    throw std::invalid_argument("oracle: input size does not match planes * H*W");
  }
  const int64_t in_w = in_dims[kAxisW];

  std::vector<double> output(static_cast<std::size_t>(checked_mul(planes, sizes.out_plane)), 0.0);
  for (int64_t c = 0; c < planes; ++c) {
    const int64_t in_base = c * sizes.in_plane;
    int64_t out_pos = c * sizes.out_plane;
    for (int64_t oh = 0; oh < out_dims[kAxisH]; ++oh) {
      const AxisWindow wh = window_on_axis(kAxisH, oh, in_dims, p);
      for (int64_t ow = 0; ow < out_dims[kAxisW]; ++ow) {
        const AxisWindow ww = window_on_axis(kAxisW, ow, in_dims, p);
        if (!window_empty(wh, ww)) {
          double sum = 0.0;
          for (int64_t ih = wh.begin; ih < wh.end; ++ih) {
            for (int64_t iw = ww.begin; iw < ww.end; ++iw) {
              sum += input[in_base + ih * in_w + iw];
            }
          }
          output[out_pos] = sum / window_divisor(wh, ww, p);
        }
        ++out_pos;
      }
    }
  }
  return output;
}

}  // namespace poolcheck::oracle
