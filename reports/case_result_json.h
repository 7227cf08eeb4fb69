// The JSON form of one CaseResult: one line of results.jsonl.
//
//   {"descriptor": "...", "op": "maxpool3d_grad", "platform": "Ascend910B", "outcome": "pass", "failure": false,
//    "expected": {"status": 0, "phase": "GetWorkspaceSize", "rule": ""},
//    "observed": {"status": 0, "phase": ""},
//    "tiling": {"known": true, "strategy": "Normal", "key": 100, "label": "Normal/100", "text": "...",
//               "block_dim": 8, "ub_high_water": 4096, "workspace_bytes": 0},
//    "error": {"elements": 1680, "mismatches": 0, "max_abs": 0, "max_ulp": 0, "max_bound_ratio": 0,
//              "worst_index": -1},
//    "seconds": 0.0012, "message": ""}
#pragma once

#include <nlohmann/json.hpp>

#include "case/result.h"

namespace poolcheck::reports {

nlohmann::json result_to_json(const CaseResult& r);
// Inverse of result_to_json (the Case is re-parsed from the descriptor). Throws std::invalid_argument on
// a malformed object, naming the field.
CaseResult result_from_json(const nlohmann::json& j);

}  // namespace poolcheck::reports
