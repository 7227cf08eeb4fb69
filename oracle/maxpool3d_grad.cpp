// Slow scalar reference for max_pool3d forward-with-argmax and backward. See max_pool3d.h for the contract.
//
// Everything here is written to be checked by reading: one small function per rule, nested loops in the same
// order PyTorch scans (d, then h, then w), and double arithmetic throughout.
#include "oracle/maxpool3d_grad.h"

#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "oracle/checked_size.h"
#include "oracle/pooled_size.h"

namespace poolcheck::oracle {
namespace {

// Axis numbering used for the (D, H, W) arrays.
constexpr int kAxisD = 0;
constexpr int kAxisH = 1;
constexpr int kAxisW = 2;

// Number of elements of one D*H*W plane.
int64_t volume(const std::array<int64_t, 3>& dims) {
  return checked_mul(checked_mul(dims[kAxisD], dims[kAxisH]), dims[kAxisW]);
}

// The parameter checks shared by every entry point: positive kernel, stride, dilation; non-negative padding.
bool params_valid(const Pool3dParams& p) {
  for (int axis = 0; axis < 3; ++axis) {
    if (p.kernel[axis] < 1 || p.stride[axis] < 1 || p.dilation[axis] < 1 || p.padding[axis] < 0) {
      return false;
    }
  }
  return true;
}

// The taps of one window along one axis: first, first+step, ... while < end.
struct AxisTaps {
  int64_t first;  // first tap inside the input (may be >= end: then the window has no tap on this axis)
  int64_t end;    // exclusive bound, clipped to the input size
  int64_t step;   // the dilation
};

// Window of output coordinate `o` along one axis, exactly in PyTorch's order of operations: the end is computed
// from the unmoved start, and only then is the start pushed out of the left padding in steps of the dilation
// (so the taps stay on the dilation grid of the unclipped window).
AxisTaps axis_taps(int64_t o, int64_t in, int64_t k, int64_t s, int64_t pad, int64_t d) {
  // 128 bits: o*s, (k-1)*d and the padding may each be near INT64_MAX for legal (huge) parameters.
  __extension__ using Int128 = __int128;
  Int128 start = Int128{o} * s - pad;
  const Int128 unclipped_end = start + (Int128{k} - 1) * d + 1;
  const Int128 end = unclipped_end < in ? unclipped_end : Int128{in};
  if (start < 0) {
    start += (-start + d - 1) / d * d;  // the first tap at or past 0, in whole dilation steps
  }
  // end < in fits int64, and so does start unless the window lies absurdly far in the right padding (empty
  // either way: first >= end).
  const Int128 kMax = std::numeric_limits<int64_t>::max();
  return AxisTaps{static_cast<int64_t>(start < kMax ? start : kMax), static_cast<int64_t>(end), d};
}

// The window of output coordinate `o` along `axis`.
AxisTaps window_on_axis(int axis, int64_t o, const std::array<int64_t, 3>& in_dims, const Pool3dParams& p) {
  return axis_taps(o, in_dims[axis], p.kernel[axis], p.stride[axis], p.padding[axis], p.dilation[axis]);
}

// True iff `coord` is one of the taps described by `taps`.
bool coord_is_tap(int64_t coord, const AxisTaps& taps) {
  if (coord < taps.first || coord >= taps.end) {
    return false;
  }
  return (coord - taps.first) % taps.step == 0;
}

// Flat in-plane offset of (d, h, w); can lie outside the plane when a coordinate does (empty windows).
int64_t flat_offset(int64_t d, int64_t h, int64_t w, const std::array<int64_t, 3>& in_dims) {
  return d * in_dims[kAxisH] * in_dims[kAxisW] + h * in_dims[kAxisW] + w;
}

// Max over one window of one plane; stores the value and its in-plane index.
void reduce_window(const double* plane, const std::array<int64_t, 3>& in_dims, const AxisTaps& td, const AxisTaps& th,
                   const AxisTaps& tw, double* out_value, int64_t* out_index) {
  // Start from the first tap position and -inf, so an all -inf (or tap-less) window reports the first tap.
  int64_t max_index = flat_offset(td.first, th.first, tw.first, in_dims);
  double max_value = -std::numeric_limits<double>::infinity();
  for (int64_t d = td.first; d < td.end; d += td.step) {
    for (int64_t h = th.first; h < th.end; h += th.step) {
      for (int64_t w = tw.first; w < tw.end; w += tw.step) {
        const int64_t index = flat_offset(d, h, w, in_dims);
        const double v = plane[index];
        // Strict '>' keeps the first maximum on ties; isnan lets every NaN (so the last one) take over.
        if (v > max_value || std::isnan(v)) {
          max_value = v;
          max_index = index;
        }
      }
    }
  }
  *out_value = max_value;
  *out_index = max_index;
}

void require_non_negative(const std::array<int64_t, 3>& dims, const char* what) {
  for (int axis = 0; axis < 3; ++axis) {
    if (dims[axis] < 0) {
      throw std::invalid_argument(std::string("oracle: negative ") + what);
    }
  }
}

}  // namespace

std::optional<std::array<int64_t, 3>> pooled_dims(const std::array<int64_t, 3>& in_dims, const Pool3dParams& p) {
  if (!params_valid(p)) {
    return std::nullopt;
  }
  std::array<int64_t, 3> out{};
  for (int axis = 0; axis < 3; ++axis) {
    if (in_dims[axis] < 1) {
      return std::nullopt;
    }
    out[axis] =
        pooled_size(in_dims[axis], p.kernel[axis], p.stride[axis], p.padding[axis], p.dilation[axis], p.ceil_mode);
    if (out[axis] < 1) {
      return std::nullopt;
    }
  }
  return out;
}

MaxPoolForward max_pool3d_forward(const std::vector<double>& input, int64_t planes,
                                  const std::array<int64_t, 3>& in_dims, const Pool3dParams& p) {
  const std::optional<std::array<int64_t, 3>> maybe_out = pooled_dims(in_dims, p);
  if (!maybe_out.has_value()) {
    throw std::invalid_argument("oracle: invalid max_pool3d parameters or output size < 1");
  }
  if (planes < 0) {
    throw std::invalid_argument("oracle: negative plane count");
  }
  const std::array<int64_t, 3> out_dims = *maybe_out;
  const int64_t in_plane = volume(in_dims);
  const int64_t out_plane = volume(out_dims);
  if (static_cast<int64_t>(input.size()) != checked_mul(planes, in_plane)) {
    throw std::invalid_argument("oracle: input size does not match planes * D*H*W");
  }

  MaxPoolForward result;
  result.out_dims = out_dims;
  result.values.assign(static_cast<std::size_t>(checked_mul(planes, out_plane)), 0.0);
  result.indices.assign(result.values.size(), 0);

  // A window along one axis depends on that axis's output coordinate only: listed once, not per plane and row
  // (and only when there is an output, whose size bounds each axis's).
  std::array<std::vector<AxisTaps>, 3> windows;
  for (int axis = 0; axis < 3 && planes > 0; ++axis)
    for (int64_t o = 0; o < out_dims[axis]; ++o) windows[axis].push_back(window_on_axis(axis, o, in_dims, p));

  for (int64_t c = 0; c < planes; ++c) {
    const double* plane = input.data() + c * in_plane;
    int64_t out_pos = c * out_plane;  // running position in the row-major output of this plane
    for (int64_t od = 0; od < out_dims[kAxisD]; ++od) {
      const AxisTaps& td = windows[kAxisD][static_cast<size_t>(od)];
      for (int64_t oh = 0; oh < out_dims[kAxisH]; ++oh) {
        const AxisTaps& th = windows[kAxisH][static_cast<size_t>(oh)];
        for (int64_t ow = 0; ow < out_dims[kAxisW]; ++ow) {
          const AxisTaps& tw = windows[kAxisW][static_cast<size_t>(ow)];
          reduce_window(plane, in_dims, td, th, tw, &result.values[out_pos], &result.indices[out_pos]);
          ++out_pos;
        }
      }
    }
  }
  return result;
}

ScatterResult max_pool3d_backward(const std::vector<double>& grad_output, const std::vector<int64_t>& indices,
                                  int64_t planes, const std::array<int64_t, 3>& in_dims,
                                  const std::array<int64_t, 3>& out_dims) {
  if (planes < 0) {
    throw std::invalid_argument("oracle: negative plane count");
  }
  require_non_negative(in_dims, "input dimension");
  require_non_negative(out_dims, "output dimension");
  const int64_t in_plane = volume(in_dims);
  const int64_t out_plane = volume(out_dims);
  const int64_t out_total = checked_mul(planes, out_plane);
  if (static_cast<int64_t>(grad_output.size()) != out_total || static_cast<int64_t>(indices.size()) != out_total) {
    throw std::invalid_argument("oracle: grad_output/indices size does not match planes * Do*Ho*Wo");
  }

  ScatterResult result;
  const std::size_t in_total = static_cast<std::size_t>(checked_mul(planes, in_plane));
  result.grad_input.assign(in_total, 0.0);
  result.abs_sum.assign(in_total, 0.0);
  result.contributors.assign(in_total, 0);

  for (int64_t c = 0; c < planes; ++c) {
    for (int64_t i = 0; i < out_plane; ++i) {
      const int64_t pos = c * out_plane + i;
      const int64_t index = indices[pos];
      // Check before touching memory: an index is only meaningful inside its own plane.
      if (index < 0 || index >= in_plane) {
        throw std::out_of_range("oracle: max_pool3d index " + std::to_string(index) + " at output " +
                                std::to_string(pos) + " is outside the plane of " + std::to_string(in_plane) +
                                " elements");
      }
      const int64_t target = c * in_plane + index;
      const double g = grad_output[pos];
      result.grad_input[target] += g;
      result.abs_sum[target] += std::fabs(g);
      result.contributors[target] += 1;
    }
  }
  return result;
}

bool index_in_window(int64_t index, const std::array<int64_t, 3>& out_pos, const std::array<int64_t, 3>& in_dims,
                     const Pool3dParams& p) {
  if (!params_valid(p)) {
    throw std::invalid_argument("oracle: invalid max_pool3d parameters");
  }
  require_non_negative(out_pos, "output coordinate");
  require_non_negative(in_dims, "input dimension");
  if (index < 0 || index >= volume(in_dims)) {
    return false;
  }
  // Decode the flat offset back into (d, h, w).
  const int64_t hw = in_dims[kAxisH] * in_dims[kAxisW];
  const std::array<int64_t, 3> coord = {index / hw, (index / in_dims[kAxisW]) % in_dims[kAxisH],
                                        index % in_dims[kAxisW]};
  for (int axis = 0; axis < 3; ++axis) {
    if (!coord_is_tap(coord[axis], window_on_axis(axis, out_pos[axis], in_dims, p))) {
      return false;
    }
  }
  return true;
}

}  // namespace poolcheck::oracle
