// The valid-case builder.
#include <stdexcept>

#include "case/per_axis.h"
#include "ops/avgpool3d_grad/spec.h"
#include "ops/avgpool3d_grad/view.h"
#include "spec/pooled_size.h"

namespace poolcheck::spec {

Case avgpool3d_grad::make_case(const avgpool3d_grad::CaseParams& p) {
  using namespace ::poolcheck::avgpool3d_grad;
  Case c;
  c.op = "avgpool3d_grad";
  c.platform = p.soc;
  c.arrays = {{kKernelSize, {true, p.kernel}}, {kStride, {true, p.stride}}, {kPadding, {true, p.padding}}};
  c.scalars = {{kCeilMode, p.ceil_mode ? 1 : 0},
               {kCountIncludePad, p.count_include_pad ? 1 : 0},
               {kDivisorOverride, p.divisor_override}};

  const auto k = per_axis<3>(p.kernel);
  const auto s = per_axis<3>(p.stride, k);
  const auto pad = per_axis<3>(p.padding);
  if (!k || !s || !pad) throw std::invalid_argument("avgpool3d_grad::make_case: a list of neither 1 nor 3 values");
  std::vector<int64_t> out(3);
  for (size_t a = 0; a < 3; ++a) {
    const auto o = pooled_size(p.in_dims[a], (*k)[a], (*s)[a], (*pad)[a], 1, p.ceil_mode);
    if (!o || *o < 1) throw std::invalid_argument("avgpool3d_grad::make_case: invalid pooling parameters");
    out[a] = *o;
  }
  auto make = [&](const std::vector<int64_t>& dhw) {
    TensorArg t;
    t.dtype = p.dtype;
    t.format = p.format;
    t.shape = p.batched ? std::vector<int64_t>{p.n, p.c} : std::vector<int64_t>{p.c};
    t.shape.insert(t.shape.end(), dhw.begin(), dhw.end());
    return t;
  };
  const std::vector<int64_t> in(p.in_dims.begin(), p.in_dims.end());
  c.tensors = {{kGradOutput, make(out)}, {kSelf, make(in)}, {kOutput, make(in)}};
  return c;
}

}  // namespace poolcheck::spec
