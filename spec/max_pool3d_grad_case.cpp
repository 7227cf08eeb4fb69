// The spec's own output-size rule and the valid-case builder.
#include <limits>
#include <stdexcept>

#include "spec/max_pool3d_grad_internal.h"
#include "spec/max_pool3d_grad_spec.h"

namespace poolcheck::spec {

namespace {

// 128-bit intermediates: in + 2p + s with values near INT64_MAX must not wrap.
__extension__ typedef __int128 Wide;

Wide floor_div(Wide a, Wide b) {
  Wide q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}

}  // namespace

std::optional<int64_t> max_pool_out_size(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil_mode) {
  if (in < 1 || k < 1 || s < 1 || p < 0 || d < 1) return std::nullopt;
  const Wide span = Wide{d} * (Wide{k} - 1) + 1;  // effective window length
  Wide num = Wide{in} + 2 * Wide{p} - span;
  if (ceil_mode) num += Wide{s} - 1;
  Wide out = floor_div(num, s) + 1;
  // Ceil mode may open a window that starts in the right padding; PyTorch drops it.
  if (ceil_mode && (out - 1) * Wide{s} >= Wide{in} + p) --out;
  if (out < 1 || out > std::numeric_limits<int64_t>::max()) return std::nullopt;
  return static_cast<int64_t>(out);
}

Case make_max_pool3d_grad_case(const MaxPoolCaseParams& p) {
  Case c;
  c.op = "maxpool3d_grad";
  c.platform = p.soc;
  c.arrays = {{"kernelSize", {true, p.kernel}},
              {"stride", {true, p.stride}},
              {"padding", {true, p.padding}},
              {"dilation", {true, p.dilation}}};
  c.set_scalar("ceilMode", p.ceil_mode ? 1 : 0);

  const auto pool = mp::pool_params(c);
  const auto out = pool ? mp::pooled(p.in_dims, *pool) : std::nullopt;
  if (!out) throw std::invalid_argument("make_max_pool3d_grad_case: invalid pooling parameters");

  std::vector<int64_t> lead = p.batched ? std::vector<int64_t>{p.n, p.c} : std::vector<int64_t>{p.c};
  auto shaped = [&](const mp::Dims3& dhw) {
    std::vector<int64_t> s = lead;
    s.insert(s.end(), dhw.begin(), dhw.end());
    return s;
  };
  auto make = [&](DType dt, const mp::Dims3& dhw) {
    TensorArg t;
    t.dtype = dt;
    t.format = p.format;
    t.shape = shaped(dhw);
    return t;
  };
  c.tensors = {{mp::kGradOutput, make(p.dtype, *out)},
               {mp::kSelf, make(p.dtype, p.in_dims)},
               {mp::kIndices, make(p.index_dtype, *out)},
               {mp::kGradInput, make(p.dtype, p.in_dims)}};
  return c;
}

}  // namespace poolcheck::spec
