#include "audit/audit_platforms.h"

#include <algorithm>

#include "acl/acl.h"
#include "harness/runner.h"
#include "poolcheck_emu/emu.h"

// Emulator-only; against a real CANN library it resolves to null.
#pragma weak pcEmuSetPlatform

namespace poolcheck::audit {

bool backend_selects_platform() { return pcEmuSetPlatform != nullptr; }

std::string backend_soc() {
  ensure_runtime();
  const char* soc = aclrtGetSocName();
  return soc ? soc : "";
}

std::vector<AuditPlatform> platforms_for(const spec::OperatorSpec& spec, const std::vector<std::string>& wanted,
                                         bool control, const std::string& own_soc) {
  auto row_of = [&](const std::string& soc) {
    const spec::PlatformRow* row = spec.platform(soc);
    return AuditPlatform{soc, row && row->supported};
  };
  if (!control) return {row_of(own_soc)};
  std::vector<AuditPlatform> out;
  if (wanted.empty()) {
    for (const auto& row : spec.platforms) out.push_back(row_of(row.soc));
    return out;
  }
  for (const auto& soc : wanted) out.push_back(row_of(soc));
  return out;
}

}  // namespace poolcheck::audit
