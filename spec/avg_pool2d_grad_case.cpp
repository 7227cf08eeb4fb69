// The spec's own avg-pool output-size rule and the valid-case builder.
#include <limits>
#include <stdexcept>

#include "spec/avg_pool2d_grad_internal.h"
#include "spec/avg_pool2d_grad_spec.h"

namespace poolcheck::spec {

namespace {

// 128-bit intermediates: in + 2p + s near INT64_MAX must not wrap.
__extension__ typedef __int128 Wide;

// Quotient rounded toward -inf (C++ division truncates toward 0).
Wide div_floor(Wide a, Wide b) {
  const Wide q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

}  // namespace

std::optional<int64_t> avg_pool_out_size(int64_t in, int64_t k, int64_t s, int64_t p, bool ceil_mode) {
  if (in < 1 || k < 1 || s < 1 || p < 0) return std::nullopt;
  Wide room = Wide{in} + 2 * Wide{p} - Wide{k};  // positions the window start can move over
  if (ceil_mode) room += Wide{s} - 1;
  Wide out = div_floor(room, s) + 1;
  // In ceil mode the extra window may start in the right padding; PyTorch drops such a window.
  if (ceil_mode && (out - 1) * Wide{s} >= Wide{in} + Wide{p}) out -= 1;
  if (out < 1 || out > std::numeric_limits<int64_t>::max()) return std::nullopt;
  return static_cast<int64_t>(out);
}

Case make_avg_pool2d_grad_case(const AvgPoolCaseParams& p) {
  Case c;
  c.op = "avgpool2d_grad";
  c.platform = p.soc;
  c.arrays = {{"kernelSize", {true, p.kernel}}, {"stride", {true, p.stride}}, {"padding", {true, p.padding}}};
  c.scalars = {{"ceilMode", p.ceil_mode ? 1 : 0},
               {"countIncludePad", p.count_include_pad ? 1 : 0},
               {"divisorOverride", p.divisor_override},
               {"cubeMathType", p.cube_math_type}};

  const auto pool = ap::pool_params(c);
  const auto out = pool ? ap::pooled(p.in_dims, *pool) : std::nullopt;
  if (!out) throw std::invalid_argument("make_avg_pool2d_grad_case: invalid pooling parameters");

  const Format format = p.batched ? Format::NCHW : Format::NCL;
  auto make = [&](const ap::Dims2& hw) {
    TensorArg t;
    t.dtype = p.dtype;
    t.format = format;
    t.shape = p.batched ? std::vector<int64_t>{p.n, p.c} : std::vector<int64_t>{p.c};
    t.shape.insert(t.shape.end(), hw.begin(), hw.end());
    return t;
  };
  c.tensors = {{ap::kGradOutput, make(*out)}, {ap::kSelf, make(p.in_dims)}, {ap::kGradInput, make(p.in_dims)}};
  return c;
}

}  // namespace poolcheck::spec
