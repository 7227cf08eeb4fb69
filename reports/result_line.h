// The results.jsonl line of one result, written field by field instead of through a JSON object, because the
// campaign writes one per case. Its bytes are exactly those of result_to_json(r).dump() with invalid UTF-8
// replaced (keys in the object's sorted order, numbers in the same shortest form, NaN and infinities as strings).
#pragma once

#include <string>

#include "case/result.h"

namespace poolcheck::reports {

// Appends the line of `r`, ending in '\n', to `out`.
void append_result_line(const CaseResult& r, std::string* out);

}  // namespace poolcheck::reports
