// Which rule a refusal's log line speaks of. The status alone cannot tell two 161002 checks apart; the
// backend's error line usually names the argument it refused first. This is a hint, not a verdict: a real
// CANN library words its lines differently, so the audit reports mismatches without gating on them.
#pragma once

#include <string>

#include "case/case.h"
#include "spec/spec.h"

namespace poolcheck::audit {

// The first argument name of the case (tensor, int array or scalar) the message mentions; "" if none.
std::string logged_argument(const Case& c, const std::string& message);

// Whether the subjects of the rule's text (before each "must"/"may") name `argument`: 1 yes, 0 no, -1 unknown (no
// argument logged, or the subject names no argument of the case, e.g. "every tensor" or a platform rule).
int rule_names_argument(const Case& c, const spec::Rule& rule, const std::string& argument);

}  // namespace poolcheck::audit
