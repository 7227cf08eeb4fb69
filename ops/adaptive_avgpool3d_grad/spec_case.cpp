// The valid-case builder of the adaptive-avg-pool spec.
#include <stdexcept>
#include <vector>

#include "ops/adaptive_avgpool3d_grad/spec.h"
#include "ops/adaptive_avgpool3d_grad/spec_internal.h"

namespace poolcheck::spec {

Case adaptive_avgpool3d_grad::make_case(const adaptive_avgpool3d_grad::CaseParams& p) {
  std::vector<int64_t> lead = p.batched ? std::vector<int64_t>{p.n, p.c} : std::vector<int64_t>{p.c};
  for (int64_t d : lead)
    if (d < 1) throw std::invalid_argument("adaptive_avgpool3d_grad::make_case: N and C must be >= 1");
  for (size_t i = 0; i < 3; ++i)
    if (p.in_dims[i] < 1 || p.out_dims[i] < 1)
      throw std::invalid_argument("adaptive_avgpool3d_grad::make_case: D, H, W must be >= 1");

  Case c;
  c.op = "adaptive_avgpool3d_grad";
  c.platform = p.soc;
  auto make = [&](const std::array<int64_t, 3>& dhw) {
    TensorArg t;
    t.dtype = p.dtype;
    t.format = p.format;
    t.shape = lead;
    t.shape.insert(t.shape.end(), dhw.begin(), dhw.end());
    return t;
  };
  c.tensors = {{adaptive_avgpool3d_grad::kGradOutput, make(p.out_dims)},
               {adaptive_avgpool3d_grad::kSelf, make(p.in_dims)},
               {adaptive_avgpool3d_grad::kOut, make(p.in_dims)}};
  return c;
}

}  // namespace poolcheck::spec
