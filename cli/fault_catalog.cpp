#include "cli/fault_catalog.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace poolcheck::cli {

std::vector<CatalogFault> fault_catalog(const backend::AclApi& api, const std::string& backend_description) {
  if (!api.pcEmuSetFaults || !api.pcEmuFaultInfo)
    throw std::invalid_argument("the backend " + backend_description + " does not export " +
                                (api.pcEmuSetFaults ? "pcEmuFaultInfo" : "pcEmuSetFaults") +
                                ": deliberate faults need the emulated backend (--backend emulator or upstream)");
  std::vector<CatalogFault> out;
  for (int32_t i = 0;; ++i) {
    const char *name = nullptr, *category = nullptr, *description = nullptr;
    if (api.pcEmuFaultInfo(i, &name, &category, &description) != 0) break;
    out.push_back({name, category, description});
  }
  return out;
}

std::string fault_catalog_text(const std::vector<CatalogFault>& catalog) {
  size_t w = 0;
  for (const auto& f : catalog) w = std::max(w, f.name.size());
  std::ostringstream os;
  for (const auto& f : catalog)
    os << f.name << std::string(w + 2 - f.name.size(), ' ') << f.category
       << std::string(f.category.size() < 12 ? 12 - f.category.size() : 1, ' ') << f.description << "\n";
  return os.str();
}

}  // namespace poolcheck::cli
