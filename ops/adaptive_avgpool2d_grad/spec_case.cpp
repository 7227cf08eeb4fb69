// The valid-case builder of the 2-D adaptive-avg-pool spec: the family's case with a depth of one, lowered.
#include <stdexcept>

#include "case/depth_axis.h"
#include "ops/adaptive_avgpool2d_grad/family.h"
#include "ops/adaptive_avgpool2d_grad/spec.h"
#include "ops/adaptive_avgpool3d_grad/spec.h"

namespace poolcheck::spec {

Case adaptive_avgpool2d_grad::make_case(const adaptive_avgpool2d_grad::CaseParams& p) {
  adaptive_avgpool3d_grad::CaseParams fam;
  fam.soc = p.soc;
  fam.dtype = p.dtype;
  fam.batched = p.batched;
  fam.n = p.n;
  fam.c = p.c;
  fam.in_dims = {1, p.in_dims[0], p.in_dims[1]};
  fam.out_dims = {1, p.out_dims[0], p.out_dims[1]};
  Case c;
  try {
    c = *without_depth_axis(adaptive_avgpool3d_grad::make_case(fam), ::poolcheck::adaptive_avgpool2d_grad::family());
  } catch (const std::invalid_argument& e) {  // the family's message names its own axes
    throw std::invalid_argument(std::string("adaptive_avgpool2d_grad::make_case: ") + e.what());
  }
  for (const char* name : ::poolcheck::adaptive_avgpool2d_grad::kTensorNames) c.tensor_mut(name).format = p.format;
  return c;
}

}  // namespace poolcheck::spec
