// ATK case lists (tests/st/<aclnnName>/atk_<aclnnName>.json in ops-nn): a JSON list of entries, each naming its
// entry point (aclnn_name) and its inputs: tensors with dtype, shape and range_values, per-axis attribute lists and
// scalar attributes. An entry poolcheck exported also carries its exact descriptor (the "poolcheck" field).
#pragma once

#include <string>

#include "interop/imported_case.h"
#include "nlohmann/json.hpp"

namespace poolcheck::interop {

// Converts every entry of `doc` (already parsed; `path` names the file in sources and messages). A malformed entry
// becomes a refusal naming the entry and the field; the others still convert. Throws std::invalid_argument when
// the document is not a list of entries.
ImportedFile import_atk(const nlohmann::json& doc, const std::string& path, const ImportOptions& options);

}  // namespace poolcheck::interop
