// A bar chart as inline SVG (no scripts, fonts or external references), for the self-contained HTML report.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace poolcheck::reports {

struct Bar {
  std::string label;
  int64_t count = 0;
};

// An <svg> element with one bar per entry, its count above it and its label below; `title` becomes the
// accessible name. All text is escaped.
std::string svg_histogram(const std::string& title, const std::vector<Bar>& bars);

}  // namespace poolcheck::reports
