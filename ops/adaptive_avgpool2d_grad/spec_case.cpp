// The valid-case builder of the 2-D adaptive-avg-pool spec.
#include <stdexcept>
#include <vector>

#include "ops/adaptive_avgpool2d_grad/spec.h"
#include "ops/adaptive_avgpool2d_grad/view.h"

namespace poolcheck::spec {

Case adaptive_avgpool2d_grad::make_case(const adaptive_avgpool2d_grad::CaseParams& p) {
  namespace names = ::poolcheck::adaptive_avgpool2d_grad;
  const std::vector<int64_t> lead = p.batched ? std::vector<int64_t>{p.n, p.c} : std::vector<int64_t>{p.c};
  for (int64_t d : lead)
    if (d < 1) throw std::invalid_argument("adaptive_avgpool2d_grad::make_case: N and C must be >= 1");
  for (size_t i = 0; i < 2; ++i)
    if (p.in_dims[i] < 1 || p.out_dims[i] < 1)
      throw std::invalid_argument("adaptive_avgpool2d_grad::make_case: H and W must be >= 1");
  Case c;
  c.op = "adaptive_avgpool2d_grad";
  c.platform = p.soc;
  auto make = [&](const std::array<int64_t, 2>& hw) {
    TensorArg t;
    t.dtype = p.dtype;
    t.format = p.format;
    t.shape = lead;
    t.shape.insert(t.shape.end(), hw.begin(), hw.end());
    return t;
  };
  c.tensors = {{names::kGradOutput, make(p.out_dims)}, {names::kSelf, make(p.in_dims)}, {names::kOut, make(p.in_dims)}};
  return c;
}

}  // namespace poolcheck::spec
