// Runs the parameter-validation audit through the harness runner (public aclnn C API only).
#pragma once

#include "audit/audit_model.h"

namespace poolcheck::audit {

// Audits every requested operator on its platforms. Throws std::invalid_argument for an unknown operator.
AuditReport run_audit(const AuditOptions& options);

// One operator on one platform (`supported` per the spec's table).
PlatformAudit audit_platform(const spec::OperatorSpec& spec, const std::string& soc, bool supported,
                             const AuditOptions& options);

}  // namespace poolcheck::audit
