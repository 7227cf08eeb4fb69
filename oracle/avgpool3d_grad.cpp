// Slow scalar reference for avg_pool3d backward. See avgpool3d_grad.h for the contract.
#include "oracle/avgpool3d_grad.h"

#include <cstddef>
#include <stdexcept>

#include "oracle/checked_size.h"
#include "oracle/pooled_size.h"

namespace poolcheck::oracle {

namespace {

// One window along one axis: the extent clipped to input + padding (what countIncludePad counts) and the
// input range [begin, end) it covers.
struct Span {
  double padded;
  int64_t begin;
  int64_t end;
  int64_t real() const { return end > begin ? end - begin : 0; }
};

Span span_of(int64_t o, int64_t in, int64_t k, int64_t s, int64_t pad) {
  const int64_t start = o * s - pad;
  const int64_t stop = start + k < in + pad ? start + k : in + pad;
  Span w{};
  w.padded = static_cast<double>(stop - start);
  w.begin = start < 0 ? 0 : start;
  w.end = stop > in ? in : stop;
  return w;
}

}  // namespace

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

std::vector<double> avg_pool3d_backward(const std::vector<double>& grad_output, int64_t planes,
                                        const std::array<int64_t, 3>& in_dims, const std::array<int64_t, 3>& out_dims,
                                        const AvgPool3dParams& p) {
  const auto expected = avg_pooled_dims_3d(in_dims, p);
  if (!expected || *expected != out_dims) throw std::invalid_argument("oracle: avg_pool3d output size mismatch");
  if (planes < 0) throw std::invalid_argument("oracle: negative plane count");
  const int64_t in_plane = checked_mul(checked_mul(in_dims[0], in_dims[1]), in_dims[2]);
  const int64_t out_plane = checked_mul(checked_mul(out_dims[0], out_dims[1]), out_dims[2]);
  if (static_cast<int64_t>(grad_output.size()) != checked_mul(planes, out_plane))
    throw std::invalid_argument("oracle: grad_output size does not match planes * Do*Ho*Wo");
  std::vector<double> grad_input(static_cast<std::size_t>(checked_mul(planes, in_plane)), 0.0);
  for (int64_t c = 0; c < planes; ++c) {
    int64_t o = c * out_plane;
    for (int64_t od = 0; od < out_dims[0]; ++od) {
      const Span wd = span_of(od, in_dims[0], p.kernel[0], p.stride[0], p.padding[0]);
      for (int64_t oh = 0; oh < out_dims[1]; ++oh) {
        const Span wh = span_of(oh, in_dims[1], p.kernel[1], p.stride[1], p.padding[1]);
        for (int64_t ow = 0; ow < out_dims[2]; ++ow, ++o) {
          const Span ww = span_of(ow, in_dims[2], p.kernel[2], p.stride[2], p.padding[2]);
          const double divisor = p.divisor_override != 0 ? static_cast<double>(p.divisor_override)
                                 : p.count_include_pad   ? wd.padded * wh.padded * ww.padded
                                                         : static_cast<double>(wd.real() * wh.real() * ww.real());
          if (wd.real() == 0 || wh.real() == 0 || ww.real() == 0) continue;
          const double delta = grad_output[static_cast<std::size_t>(o)] / divisor;
          for (int64_t id = wd.begin; id < wd.end; ++id)
            for (int64_t ih = wh.begin; ih < wh.end; ++ih)
              for (int64_t iw = ww.begin; iw < ww.end; ++iw)
                grad_input[static_cast<std::size_t>(c * in_plane + (id * in_dims[1] + ih) * in_dims[2] + iw)] += delta;
        }
      }
    }
  }
  return grad_input;
}

}  // namespace poolcheck::oracle
