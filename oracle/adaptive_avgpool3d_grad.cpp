// Slow scalar reference for adaptive_avg_pool3d forward and backward. See adaptive_avg_pool3d.h for the contract.
//
// Written to be checked by reading: one small function per rule, loops in PyTorch's scan order (plane, then od,
// oh, ow, then the window's d, h, w), double arithmetic for all values, exact integer arithmetic for all indices.
#include "oracle/adaptive_avgpool3d_grad.h"

#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>

#include "oracle/checked_size.h"

namespace poolcheck::oracle {
namespace {

// Axis numbering used for the (D, H, W) arrays.
constexpr int kAxisD = 0;
constexpr int kAxisH = 1;
constexpr int kAxisW = 2;
constexpr int kAxes = 3;

// a*b = quotient*c + remainder with 0 <= remainder < c.
struct ScaledQuotient {
  uint64_t quotient;
  uint64_t remainder;
};

// Exact floor(a*b / c) and (a*b) mod c without ever forming a*b, for 0 <= a <= c, 1 <= c < 2^63, 0 <= b < 2^63.
//
// Split b = whole*c + rest (0 <= rest < c). Then a*b = (a*whole)*c + a*rest, where a*whole <= b cannot overflow.
// The part a*rest / c is done by binary long multiplication over the bits of a, most significant first, keeping
// the invariant  (bits of a seen so far) * rest == q*c + r  with 0 <= r < c. Each step doubles both sides and
// may add `rest`; r stays below 2c < 2^64 before it is reduced again, so nothing overflows. The final q is at
// most a*rest / c < a, and a*whole + q <= a*b / c <= b, so the quotient fits in int64 as well.
ScaledQuotient scaled_quotient(uint64_t a, uint64_t b, uint64_t c) {
  // Shortcut when a*b fits in 64 bits (every realistic shape): the same quotient and remainder by one division.
  // The bit loop below costs 64 steps and ran for every window of every axis of every case.
  uint64_t product = 0;
  if (!__builtin_mul_overflow(a, b, &product)) return ScaledQuotient{product / c, product % c};
  const uint64_t whole = b / c;
  const uint64_t rest = b % c;
  uint64_t q = 0;
  uint64_t r = 0;
  for (int bit = 63; bit >= 0; --bit) {
    q <<= 1;
    r <<= 1;
    if (r >= c) {
      r -= c;
      q += 1;
    }
    if (((a >> bit) & 1u) != 0) {
      r += rest;
      if (r >= c) {
        r -= c;
        q += 1;
      }
    }
  }
  return ScaledQuotient{a * whole + q, r};
}

// The windows of every output index along one axis, computed once per call.
using AxisWindows = std::vector<std::array<int64_t, 2>>;

AxisWindows windows_of_axis(int64_t in, int64_t out) {
  AxisWindows windows(static_cast<std::size_t>(out));
  for (int64_t o = 0; o < out; ++o) {
    windows[static_cast<std::size_t>(o)] = adaptive_window(o, in, out);
  }
  return windows;
}

int64_t extent(const std::array<int64_t, 2>& window) { return window[1] - window[0]; }

// Shared argument validation; returns the element counts of one plane and of all planes, input and output.
struct PlaneSizes {
  int64_t in_plane;
  int64_t out_plane;
  int64_t in_total;   // planes * in_plane
  int64_t out_total;  // planes * out_plane
};

PlaneSizes validate(int64_t planes, const std::array<int64_t, 3>& in_dims, const std::array<int64_t, 3>& out_dims) {
  for (int axis = 0; axis < kAxes; ++axis) {
    if (in_dims[axis] < 1) {
      throw std::invalid_argument("oracle: adaptive_avg_pool3d input sizes must be >= 1");
    }
    if (out_dims[axis] < 1) {
      throw std::invalid_argument("oracle: adaptive_avg_pool3d output sizes must be >= 1");
    }
  }
  if (planes < 0) {
    throw std::invalid_argument("oracle: negative plane count");
  }
  const int64_t in_plane = checked_mul(checked_mul(in_dims[kAxisD], in_dims[kAxisH]), in_dims[kAxisW]);
  const int64_t out_plane = checked_mul(checked_mul(out_dims[kAxisD], out_dims[kAxisH]), out_dims[kAxisW]);
  return PlaneSizes{in_plane, out_plane, checked_mul(planes, in_plane), checked_mul(planes, out_plane)};
}

// Windows along D, H, W.
struct Windows3d {
  AxisWindows d;
  AxisWindows h;
  AxisWindows w;
};

Windows3d windows_3d(const std::array<int64_t, 3>& in_dims, const std::array<int64_t, 3>& out_dims) {
  return Windows3d{windows_of_axis(in_dims[kAxisD], out_dims[kAxisD]),
                   windows_of_axis(in_dims[kAxisH], out_dims[kAxisH]),
                   windows_of_axis(in_dims[kAxisW], out_dims[kAxisW])};
}

// Number of input elements in the window (kD*kH*kW); never exceeds the plane size, so it cannot overflow.
int64_t window_size(const std::array<int64_t, 2>& wd, const std::array<int64_t, 2>& wh,
                    const std::array<int64_t, 2>& ww) {
  return extent(wd) * extent(wh) * extent(ww);
}

}  // namespace

std::array<int64_t, 2> adaptive_window(int64_t o, int64_t in, int64_t out) {
  if (in < 1) {
    throw std::invalid_argument("oracle: adaptive_window input size must be >= 1");
  }
  if (out < 1) {
    throw std::invalid_argument("oracle: adaptive_window output size must be >= 1");
  }
  if (o < 0 || o >= out) {
    throw std::invalid_argument("oracle: adaptive_window output index outside [0, out)");
  }
  const auto u_in = static_cast<uint64_t>(in);
  const auto u_out = static_cast<uint64_t>(out);
  // start = floor(o*in/out)
  const ScaledQuotient start = scaled_quotient(static_cast<uint64_t>(o), u_in, u_out);
  // end = ceil((o+1)*in/out) = floor + 1 unless the division is exact. o + 1 <= out, so it cannot overflow.
  const ScaledQuotient stop = scaled_quotient(static_cast<uint64_t>(o) + 1u, u_in, u_out);
  const uint64_t end = stop.quotient + (stop.remainder != 0 ? 1u : 0u);
  return {static_cast<int64_t>(start.quotient), static_cast<int64_t>(end)};
}

AdaptiveScatterResult adaptive_avg_pool3d_backward(const std::vector<double>& grad_output, int64_t planes,
                                                   const std::array<int64_t, 3>& in_dims,
                                                   const std::array<int64_t, 3>& out_dims) {
  const PlaneSizes sizes = validate(planes, in_dims, out_dims);
  if (static_cast<int64_t>(grad_output.size()) != sizes.out_total) {
    throw std::invalid_argument("oracle: grad_output size does not match planes * Do*Ho*Wo");
  }

  AdaptiveScatterResult result;
  const auto in_total = static_cast<std::size_t>(sizes.in_total);
  result.grad_input.assign(in_total, 0.0);
  result.abs_sum.assign(in_total, 0.0);
  result.contributors.assign(in_total, 0);
  if (planes == 0) {
    return result;
  }

  const Windows3d win = windows_3d(in_dims, out_dims);
  const int64_t in_h = in_dims[kAxisH];
  const int64_t in_w = in_dims[kAxisW];
  for (int64_t c = 0; c < planes; ++c) {
    const int64_t in_base = c * sizes.in_plane;
    int64_t out_pos = c * sizes.out_plane;  // running row-major position in this plane's output
    for (const std::array<int64_t, 2>& wd : win.d) {
      for (const std::array<int64_t, 2>& wh : win.h) {
        for (const std::array<int64_t, 2>& ww : win.w) {
          const double delta =
              grad_output[static_cast<std::size_t>(out_pos)] / static_cast<double>(window_size(wd, wh, ww));
          for (int64_t id = wd[0]; id < wd[1]; ++id) {
            for (int64_t ih = wh[0]; ih < wh[1]; ++ih) {
              for (int64_t iw = ww[0]; iw < ww[1]; ++iw) {
                const auto target = static_cast<std::size_t>(in_base + (id * in_h + ih) * in_w + iw);
                if (result.contributors[target] == std::numeric_limits<int32_t>::max()) {
                  throw std::invalid_argument("oracle: contributor count exceeds INT32_MAX");
                }
                result.grad_input[target] += delta;
                result.abs_sum[target] += std::fabs(delta);
                result.contributors[target] += 1;
              }
            }
          }
          ++out_pos;
        }
      }
    }
  }
  return result;
}

std::vector<double> adaptive_avg_pool3d_forward(const std::vector<double>& input, int64_t planes,
                                                const std::array<int64_t, 3>& in_dims,
                                                const std::array<int64_t, 3>& out_dims) {
  const PlaneSizes sizes = validate(planes, in_dims, out_dims);
  if (static_cast<int64_t>(input.size()) != sizes.in_total) {
    throw std::invalid_argument("oracle: input size does not match planes * Di*Hi*Wi");
  }

  std::vector<double> output(static_cast<std::size_t>(sizes.out_total), 0.0);
  if (planes == 0) {
    return output;
  }

  const Windows3d win = windows_3d(in_dims, out_dims);
  const int64_t in_h = in_dims[kAxisH];
  const int64_t in_w = in_dims[kAxisW];
  for (int64_t c = 0; c < planes; ++c) {
    const int64_t in_base = c * sizes.in_plane;
    int64_t out_pos = c * sizes.out_plane;
    for (const std::array<int64_t, 2>& wd : win.d) {
      for (const std::array<int64_t, 2>& wh : win.h) {
        for (const std::array<int64_t, 2>& ww : win.w) {
          double sum = 0.0;
          for (int64_t id = wd[0]; id < wd[1]; ++id) {
            for (int64_t ih = wh[0]; ih < wh[1]; ++ih) {
              for (int64_t iw = ww[0]; iw < ww[1]; ++iw) {
                sum += input[static_cast<std::size_t>(in_base + (id * in_h + ih) * in_w + iw)];
              }
            }
          }
          output[static_cast<std::size_t>(out_pos)] = sum / static_cast<double>(window_size(wd, wh, ww));
          ++out_pos;
        }
      }
    }
  }
  return output;
}

}  // namespace poolcheck::oracle
