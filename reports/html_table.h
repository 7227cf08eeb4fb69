// HTML tables for the report: from rows of cells, and generically from a JSON array of flat objects
// (audit.json, bench/ratios.json), whose columns are the keys in order of first appearance.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace poolcheck::reports {

// The reports' one style sheet (inline in every page).
extern const char* const kReportCss;

std::string html_escape(const std::string& text);

// Cells are raw HTML (escape text first); header cells are text.
std::string html_table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                       const std::string& css_class = "");

// A JSON array of objects as a table; a scalar cell as text, a nested value as compact JSON. Anything
// else (not an array, an element that is not an object) gives a <p> saying what was found instead.
std::string json_rows_table(const nlohmann::ordered_json& rows, const std::string& css_class = "");

}  // namespace poolcheck::reports
