// A conformance row planned the way `poolcheck plan` plans it: the call written as a descriptor, then
// harness/plan_only through the run-time backend. The row files compare its answer with the same checks as their
// direct GetWorkspaceSize call, so `plan` is held to every row.
#pragma once

#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "tests/conformance/conformance_row.h"

namespace poolcheck::conformance {

// The descriptor's words for a dtype ("f32", "f16", "bf16", "i32", "i64") and for dims ("2x3x4").
const char* dtype_word(aclDataType dt);
std::string dims_word(const std::vector<int64_t>& dims, char sep = 'x');

// The row's platform, knobs and determinism followed by `call` (the operator's arguments as descriptor words),
// planned; a descriptor that does not parse is a failed test and an empty observation.
Observation plan_through_poolcheck(const Row& row, const std::string& op, const std::string& call);

}  // namespace poolcheck::conformance
