// The valid-case builder.
#include <stdexcept>

#include "ops/maxpool2d_grad/spec.h"
#include "ops/maxpool2d_grad/spec_internal.h"

namespace poolcheck::spec {

Case maxpool2d_grad::make_case(const maxpool2d_grad::CaseParams& p) {
  using namespace maxpool2d_grad;
  Case c;
  c.op = "maxpool2d_grad";
  c.platform = p.soc;
  c.arrays = {{kKernelSize, {true, p.kernel}},
              {kStride, {true, p.stride}},
              {kPadding, {true, p.padding}},
              {kDilation, {true, p.dilation}}};
  c.set_scalar(kCeilMode, p.ceil_mode ? 1 : 0);
  const auto pool = pool_params(indices_document(), c);
  const auto out = pool ? pooled(p.in_dims, *pool) : std::nullopt;
  if (!out) throw std::invalid_argument("maxpool2d_grad::make_case: invalid pooling parameters");
  auto make = [&](DType dt, const Dims2& hw) {
    TensorArg t;
    t.dtype = dt;
    t.format = p.format;
    if (p.batched) t.shape.push_back(p.n);
    if (p.format == Format::NHWC)
      t.shape.insert(t.shape.end(), {hw[0], hw[1], p.c});
    else
      t.shape.insert(t.shape.end(), {p.c, hw[0], hw[1]});
    return t;
  };
  c.tensors = {{kGradOutput, make(p.dtype, *out)},
               {kSelf, make(p.dtype, p.in_dims)},
               {kIndices, make(p.index_dtype, *out)},
               {kGradInput, make(p.dtype, p.in_dims)}};
  return c;
}

}  // namespace poolcheck::spec
