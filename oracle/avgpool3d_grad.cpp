// Slow scalar reference for avg_pool3d backward. See avgpool3d_grad.h for the contract.
#include "oracle/avgpool3d_grad.h"

#include <cmath>
#include <cstddef>
#include <stdexcept>

#include "oracle/avg_window.h"
#include "oracle/checked_size.h"
#include "oracle/pooled_size.h"

namespace poolcheck::oracle {

std::optional<std::array<int64_t, 3>> avg_pooled_dims_3d(const std::array<int64_t, 3>& in_dims,
                                                         const AvgPool3dParams& p) {
  std::array<int64_t, 3> out{};
  for (int a = 0; a < 3; ++a) {
    if (p.kernel[a] < 1 || p.stride[a] < 1 || p.padding[a] < 0 || in_dims[a] < 1) return std::nullopt;
    out[a] = pooled_size(in_dims[a], p.kernel[a], p.stride[a], p.padding[a], /*dilation=*/1, p.ceil_mode);
    if (out[a] < 1) return std::nullopt;
  }
  return out;
}

AvgScatterResult avg_pool3d_backward(const std::vector<double>& grad_output, int64_t planes,
                                     const std::array<int64_t, 3>& in_dims, const std::array<int64_t, 3>& out_dims,
                                     const AvgPool3dParams& p) {
  const auto expected = avg_pooled_dims_3d(in_dims, p);
  if (!expected || *expected != out_dims) throw std::invalid_argument("oracle: avg_pool3d output size mismatch");
  if (planes < 0) throw std::invalid_argument("oracle: negative plane count");
  const int64_t in_plane = checked_mul(checked_mul(in_dims[0], in_dims[1]), in_dims[2]);
  const int64_t out_plane = checked_mul(checked_mul(out_dims[0], out_dims[1]), out_dims[2]);
  const int64_t out_total = checked_mul(planes, out_plane);
  if (static_cast<int64_t>(grad_output.size()) != out_total)
    throw std::invalid_argument("oracle: grad_output size does not match planes * Do*Ho*Wo");
  AvgScatterResult r;
  const auto in_total = static_cast<std::size_t>(checked_mul(planes, in_plane));
  r.grad_input.assign(in_total, 0.0);
  r.abs_sum.assign(in_total, 0.0);
  r.contributors.assign(in_total, 0);
  r.divisor.assign(static_cast<std::size_t>(out_total), 0.0);
  const auto window = [&](int a, int64_t o) {
    return axis_window(o, in_dims[a], p.kernel[a], p.stride[a], p.padding[a]);
  };
  for (int64_t c = 0; c < planes; ++c) {
    int64_t o = c * out_plane;  // running row-major position in this plane's output
    for (int64_t od = 0; od < out_dims[0]; ++od) {
      const AxisWindow wd = window(0, od);
      for (int64_t oh = 0; oh < out_dims[1]; ++oh) {
        const AxisWindow wh = window(1, oh);
        for (int64_t ow = 0; ow < out_dims[2]; ++ow, ++o) {
          const AxisWindow ww = window(2, ow);
          const double divisor = p.divisor_override != 0 ? static_cast<double>(p.divisor_override)
                                 : p.count_include_pad   ? wd.padded_extent * wh.padded_extent * ww.padded_extent
                                                         : static_cast<double>(wd.clipped_extent()) *
                                                             static_cast<double>(wh.clipped_extent()) *
                                                             static_cast<double>(ww.clipped_extent());
          r.divisor[static_cast<std::size_t>(o)] = divisor;
          if (wd.clipped_extent() == 0 || wh.clipped_extent() == 0 || ww.clipped_extent() == 0) continue;
          // A non-empty window has a non-zero divisor (pool size >= clipped size >= 1, override != 0).
          const double delta = grad_output[static_cast<std::size_t>(o)] / divisor;
          for (int64_t id = wd.begin; id < wd.end; ++id)
            for (int64_t ih = wh.begin; ih < wh.end; ++ih)
              for (int64_t iw = ww.begin; iw < ww.end; ++iw) {
                const auto at = static_cast<std::size_t>(c * in_plane + (id * in_dims[1] + ih) * in_dims[2] + iw);
                r.grad_input[at] += delta;
                r.abs_sum[at] += std::fabs(delta);
                r.contributors[at] += 1;
              }
        }
      }
    }
  }
  return r;
}

}  // namespace poolcheck::oracle
