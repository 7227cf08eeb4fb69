// The mask's bytes from the forward's argmax and back (family.h says what they mean). Values are those of the INT8
// tensor, one per byte, in the mask's dense order.
#pragma once

#include <cstdint>
#include <vector>

#include "ops/maxpool2d_mask_grad/family.h"

namespace poolcheck::maxpool2d_mask_grad {

// The forward's mask for `argmax` (the in-plane offsets h*W + w, dense (N, C, Ho, Wo)), `mask_bytes` long. Throws
// std::invalid_argument for an offset outside its window (no tap of it).
std::vector<double> encode_mask(const MaskGeometry& g, const std::vector<double>& argmax, int64_t mask_bytes);

// The argmax offsets the mask gives each (n, c, position). Throws std::invalid_argument naming the place where the
// mask does not give exactly one tap inside the plane (the family's reference takes one per window).
std::vector<double> decode_mask(const MaskGeometry& g, const std::vector<double>& mask);

}  // namespace poolcheck::maxpool2d_mask_grad
