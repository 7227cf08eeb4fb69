// The valid-case builder.
#include <limits>
#include <stdexcept>

#include "ops/maxpool3d_grad/spec.h"
#include "ops/maxpool3d_grad/spec_internal.h"

namespace poolcheck::spec {

Case maxpool3d_grad::make_case(const maxpool3d_grad::CaseParams& p) {
  Case c;
  c.op = "maxpool3d_grad";
  c.platform = p.soc;
  c.arrays = {{kKernelSize, {true, p.kernel}},
              {kStride, {true, p.stride}},
              {kPadding, {true, p.padding}},
              {kDilation, {true, p.dilation}}};
  c.set_scalar(kCeilMode, p.ceil_mode ? 1 : 0);

  const auto pool = maxpool3d_grad::pool_params(c);
  const auto out = pool ? maxpool3d_grad::pooled(p.in_dims, *pool) : std::nullopt;
  if (!out) throw std::invalid_argument("maxpool3d_grad::make_case: invalid pooling parameters");

  std::vector<int64_t> lead = p.batched ? std::vector<int64_t>{p.n, p.c} : std::vector<int64_t>{p.c};
  auto shaped = [&](const maxpool3d_grad::Dims3& dhw) {
    std::vector<int64_t> s = lead;
    s.insert(s.end(), dhw.begin(), dhw.end());
    return s;
  };
  auto make = [&](DType dt, const maxpool3d_grad::Dims3& dhw) {
    TensorArg t;
    t.dtype = dt;
    t.format = p.format;
    t.shape = shaped(dhw);
    return t;
  };
  c.tensors = {{maxpool3d_grad::kGradOutput, make(p.dtype, *out)},
               {maxpool3d_grad::kSelf, make(p.dtype, p.in_dims)},
               {maxpool3d_grad::kIndices, make(p.index_dtype, *out)},
               {maxpool3d_grad::kGradInput, make(p.dtype, p.in_dims)}};
  return c;
}

}  // namespace poolcheck::spec
