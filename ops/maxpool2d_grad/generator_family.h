// How a 2-D max-pool entry point's generators draw from the 3-D family's: the family's configuration for one case
// (rank 2; the SoC and dtype from the entry point's own table) and the family case lowered onto the 2-D problem.
// aclnnMaxPool2dWithIndicesBackward's generators use them, and so do its siblings' that share its problem.
#pragma once

#include <string>

#include "case/case.h"
#include "generators/generators.h"
#include "spec/spec.h"

namespace poolcheck::gen::maxpool2d_family {

// Rank 2; a SoC drawn from `op`'s kernel SoCs (INT64-capable ones when the feature asks), the dtype from `contract`.
GenConfig family_config(const GenConfig& cfg, const spec::OperatorSpec& contract, const std::string& op);

// The family case as aclnnMaxPool2dWithIndicesBackward's: the depth axis dropped, the values' dtype the drawn one,
// no NaN or infinity (the 2-D documents exclude them). Throws std::logic_error for a case with a depth axis.
Case lowered(const Case& family_case, const GenConfig& fam);

}  // namespace poolcheck::gen::maxpool2d_family
