// The valid-case builder.
#include <stdexcept>

#include "ops/avgpool2d_grad/spec_internal.h"
#include "ops/avgpool3d_grad/spec.h"
#include "ops/avgpool3d_grad/view.h"

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

  const auto pool = avgpool2d_grad::pool_params(document_007(), c);
  const auto out = pool ? avgpool2d_grad::pooled({p.in_dims.begin(), p.in_dims.end()}, *pool) : std::nullopt;
  if (!out) throw std::invalid_argument("avgpool3d_grad::make_case: invalid pooling parameters");
  auto make = [&](const std::vector<int64_t>& dhw) {
    TensorArg t;
    t.dtype = p.dtype;
    t.format = p.format;
    t.shape = p.batched ? std::vector<int64_t>{p.n, p.c} : std::vector<int64_t>{p.c};
    t.shape.insert(t.shape.end(), dhw.begin(), dhw.end());
    return t;
  };
  const std::vector<int64_t> in(p.in_dims.begin(), p.in_dims.end());
  c.tensors = {{kGradOutput, make(*out)}, {kSelf, make(in)}, {kOutput, make(in)}};
  return c;
}

}  // namespace poolcheck::spec
