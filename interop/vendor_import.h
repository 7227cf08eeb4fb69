// `poolcheck import`: a vendor case file (ATK JSON or TTK CSV, told apart by their content) into poolcheck cases.
#pragma once

#include <string>

#include "interop/imported_case.h"

namespace poolcheck::interop {

// Reads and converts FILE. Throws std::invalid_argument (naming the file) when it cannot be read or is neither
// format; entries that cannot be converted are refusals in the result.
ImportedFile import_vendor_file(const std::string& path, const ImportOptions& options);

}  // namespace poolcheck::interop
