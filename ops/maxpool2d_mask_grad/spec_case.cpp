// The valid-case builder: the family's case, with the mask in place of its indices.
#include <stdexcept>

#include "ops/maxpool2d_grad/spec.h"
#include "ops/maxpool2d_mask_grad/family.h"
#include "ops/maxpool2d_mask_grad/spec.h"

namespace poolcheck::spec {

Case maxpool2d_mask_grad::make_case(const maxpool2d_mask_grad::CaseParams& p) {
  maxpool2d_grad::CaseParams f;
  f.soc = p.soc;
  f.dtype = p.dtype;
  f.batched = p.batched;
  f.n = p.n;
  f.c = p.c;
  f.in_dims = p.in_dims;
  f.kernel = p.kernel;
  f.stride = p.stride;
  f.padding = p.padding;
  f.ceil_mode = p.ceil_mode;
  f.format = p.format;
  return ::poolcheck::maxpool2d_mask_grad::as_mask_case(maxpool2d_grad::make_case(f), "maxpool2d_mask_grad");
}

}  // namespace poolcheck::spec
