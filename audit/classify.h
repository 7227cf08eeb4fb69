// From the runner's verdict on one case to the audit's finding. Only what the public API shows is used:
// the status, the phase it came from, and the backend's error line.
#pragma once

#include "audit/audit_model.h"
#include "harness/runner.h"
#include "spec/spec.h"

namespace poolcheck::audit {

// A valid case, or an exactly-one-violation case of `target`.
CaseRecord classify_single(const CaseResult& r, const spec::Rule* target = nullptr);

// A case violating several rules: the spec expects the first one's status. When the observed status and
// phase are another violated rule's, that rule is the one the backend checked first (wrong precedence).
CaseRecord classify_multi(const CaseResult& r, const std::vector<const spec::Rule*>& violated);

}  // namespace poolcheck::audit
