// How a 2-D entry point draws through the adaptive family's generators (GenConfig::spatial_rank = 2): the depth
// axis stays one, and the SoC and dtype come from the entry point's own document through cfg.target, since that
// document lists SoCs this one does not (Ascend950).
#pragma once

#include <string>

#include "case/case.h"
#include "generators/generators.h"
#include "spec/spec.h"

namespace poolcheck::gen {

// The entry point's dtype for a 2-D draw that brings one, else a dtype `contract` lists on `soc` (pick_dtype).
DType adaptive_family_dtype(const GenConfig& cfg, const spec::OperatorSpec& contract, const std::string& soc);

}  // namespace poolcheck::gen
