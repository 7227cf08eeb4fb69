// Number formatting shared by the human-readable reports (Markdown, HTML, diff text).
#pragma once

#include <string>

namespace poolcheck::reports {

std::string fixed(double v, int digits);  // "%.*f"
// "%.4g": errors span from 0 to astronomically large (a wrong value next to a zero oracle value).
std::string general(double v);

// What the accuracy tables' columns mean (docs/reports.md), printed under each table.
inline constexpr const char* kAccuracyDefinitions =
    "bound ratio: |result - oracle| / the element's tolerance bound (docs/tolerance.md), the largest over the "
    "cases; at most 1 passes, 0 is exact. ULP and rel: the error in units in the last place of the output dtype "
    "at the oracle value, and relative to it, taken only over elements whose bound is at most 16 ULP of their "
    "value (where a sum cancels, the model allows an error as large as the value, and a ratio to it means "
    "nothing).";

}  // namespace poolcheck::reports
