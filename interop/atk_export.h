// A case as an ATK entry, in the format `import` reads: its call (shapes, dtypes, attributes) and the distribution
// of each input as range_values. ATK entries carry distributions, not data, so the exact tensors poolcheck ran go
// beside the entry as .npy files, named in the entry's "poolcheck" field with the case's exact descriptor.
#pragma once

#include <map>
#include <string>

#include "case/npy.h"
#include "interop/case_bytes.h"
#include "nlohmann/json.hpp"

namespace poolcheck::interop {

struct AtkExport {
  nlohmann::json entry;                     // one entry (write it inside a JSON list)
  std::map<std::string, npy::Array> files;  // file name -> array: the inputs' dense view values, the expected output
};

AtkExport atk_entry(const CaseBytes& data, const std::string& name, uint64_t id);

}  // namespace poolcheck::interop
