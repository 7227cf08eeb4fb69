// Writes audit.json and audit.md into a report directory, each atomically.
#pragma once

#include <filesystem>

#include "audit/audit_model.h"

namespace poolcheck::audit {

void write_audit(const AuditReport& report, const std::filesystem::path& dir);

}  // namespace poolcheck::audit
