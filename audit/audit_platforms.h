// Which platforms an audit covers. With the emulator the harness picks the SoC per case, so every platform
// of the spec's table is audited (unsupported ones for their documented refusal). A real CANN library runs on
// its own SoC only: then that SoC alone is audited.
#pragma once

#include <string>
#include <vector>

#include "spec/spec.h"

namespace poolcheck::audit {

struct AuditPlatform {
  std::string soc;
  bool supported = false;  // per the spec's platform table; SoCs missing from it are unsupported
};

// `wanted` empty = all rows of the spec. Without platform control only `own_soc` is kept.
std::vector<AuditPlatform> platforms_for(const spec::OperatorSpec& spec, const std::vector<std::string>& wanted,
                                         bool control, const std::string& own_soc);

}  // namespace poolcheck::audit
