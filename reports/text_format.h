// Number formatting shared by the human-readable reports (Markdown, HTML, diff text).
#pragma once

#include <string>

namespace poolcheck::reports {

std::string fixed(double v, int digits);  // "%.*f"
// "%.4g": errors span from 0 to astronomically large (a wrong value next to a zero oracle value).
std::string general(double v);

}  // namespace poolcheck::reports
