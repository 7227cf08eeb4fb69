#include "audit/audit_platforms.h"

#include <algorithm>

namespace poolcheck::audit {

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
