// The valid-case builder.
#include <stdexcept>

#include "ops/avgpool2d_grad/spec.h"
#include "ops/avgpool2d_grad/spec_internal.h"

namespace poolcheck::spec {

Case avgpool2d_grad::make_case(const avgpool2d_grad::CaseParams& p) {
  Case c;
  c.op = "avgpool2d_grad";
  c.platform = p.soc;
  c.arrays = {{kKernelSize, {true, p.kernel}}, {kStride, {true, p.stride}}, {kPadding, {true, p.padding}}};
  c.scalars = {{kCeilMode, p.ceil_mode ? 1 : 0},
               {kCountIncludePad, p.count_include_pad ? 1 : 0},
               {kDivisorOverride, p.divisor_override},
               {kCubeMathType, p.cube_math_type}};

  const auto pool = avgpool2d_grad::pool_params(avgpool2d_grad::document_001(), c);
  const auto out = pool ? avgpool2d_grad::pooled({p.in_dims.begin(), p.in_dims.end()}, *pool) : std::nullopt;
  if (!out) throw std::invalid_argument("avgpool2d_grad::make_case: invalid pooling parameters");

  const Format format = p.batched ? Format::NCHW : Format::NCL;
  auto make = [&](const std::vector<int64_t>& hw) {
    TensorArg t;
    t.dtype = p.dtype;
    t.format = format;
    t.shape = p.batched ? std::vector<int64_t>{p.n, p.c} : std::vector<int64_t>{p.c};
    t.shape.insert(t.shape.end(), hw.begin(), hw.end());
    return t;
  };
  const std::vector<int64_t> in(p.in_dims.begin(), p.in_dims.end());
  c.tensors = {{avgpool2d_grad::kGradOutput, make(*out)},
               {avgpool2d_grad::kSelf, make(in)},
               {::poolcheck::avgpool2d_grad::kGradInput, make(in)}};
  return c;
}

}  // namespace poolcheck::spec
