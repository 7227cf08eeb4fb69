// audit.json: a top-level "summary" array of flat objects (one per operator and platform, rendered as a
// table by the HTML report), per-operator "coverage", and the full detail behind them.
#pragma once

#include <nlohmann/json.hpp>

#include "audit/audit_model.h"

namespace poolcheck::audit {

nlohmann::json audit_json(const AuditReport& report);

}  // namespace poolcheck::audit
