// Turning valid cases into cases that violate exactly one rule of an operator's spec.
#pragma once

#include <rapidcheck.h>

#include <string>

#include "case/case.h"
#include "generators/generators.h"
#include "spec/spec.h"

namespace poolcheck::gen {

// A case from `valid` (drawn with `platforms` allowed) mutated by the spec rule `rule_id` (any rule when
// empty). Execute-phase rules get a platform whose kernels run. When the base cannot violate the chosen
// rule, the base moves to the first kernel platform, then the next rule in order is tried.
rc::Gen<Case> invalid_from(const spec::OperatorSpec& spec, std::function<rc::Gen<Case>(const GenConfig&)> valid,
                           const GenConfig& cfg, const std::vector<std::string>& platforms, const std::string& rule_id);

}  // namespace poolcheck::gen
