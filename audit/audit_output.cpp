#include "audit/audit_output.h"

#include "audit/audit_json.h"
#include "audit/audit_markdown.h"
#include "reports/atomic_file.h"

namespace poolcheck::audit {

void write_audit(const AuditReport& report, const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  reports::write_file_atomic(dir / "audit.json", audit_json(report).dump(2) + "\n");
  reports::write_file_atomic(dir / "audit.md", audit_markdown(report));
}

}  // namespace poolcheck::audit
