// The emulator's catalog of deliberate faults, read through its C API (pcEmuFaultInfo): what `list faults`
// prints and what `selftest` runs.
#pragma once

#include <string>
#include <vector>

#include "backend/acl_api.h"

namespace poolcheck::cli {

struct CatalogFault {
  std::string name;  // for --emu-faults and selftest --fault
  std::string category;
  std::string description;  // the bug it models, one line
};

// Throws std::invalid_argument naming the backend when it exports no pcEmuSetFaults or pcEmuFaultInfo.
std::vector<CatalogFault> fault_catalog(const backend::AclApi& api, const std::string& backend_description);

// One line per fault, name and category in aligned columns.
std::string fault_catalog_text(const std::vector<CatalogFault>& catalog);

}  // namespace poolcheck::cli
