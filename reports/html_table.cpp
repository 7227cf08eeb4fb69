#include "reports/html_table.h"

#include <algorithm>
#include <sstream>

#include "reports/junit_xml.h"

namespace poolcheck::reports {

const char* const kReportCss =
    "body{font-family:sans-serif;margin:1.5em;color:#222}"
    "table{border-collapse:collapse;margin:.5em 0 1em}th,td{border:1px solid #bbb;padding:2px 8px;"
    "text-align:left;vertical-align:top}th{background:#eee}"
    ".ok{color:#1d7a36}.bad{color:#b3261e;font-weight:bold}pre{background:#f5f5f5;padding:4px;"
    "white-space:pre-wrap;word-break:break-all}figure{display:inline-block;margin:0 1em 1em 0}"
    "figcaption{font-size:90%}section{border-top:1px solid #ccc;margin-top:1em}";

using json = nlohmann::ordered_json;  // columns in the order of the file

// XML escaping is also valid HTML5 escaping for text and quoted attributes.
std::string html_escape(const std::string& text) { return xml_escape(text); }

std::string html_table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                       const std::string& css_class) {
  std::ostringstream h;
  h << "<table" << (css_class.empty() ? "" : " class=\"" + html_escape(css_class) + "\"") << "><thead><tr>";
  for (const auto& c : header) h << "<th>" << html_escape(c) << "</th>";
  h << "</tr></thead><tbody>\n";
  for (const auto& row : rows) {
    h << "<tr>";
    for (const auto& cell : row) h << "<td>" << cell << "</td>";
    h << "</tr>\n";
  }
  h << "</tbody></table>\n";
  return h.str();
}

std::string json_rows_table(const json& rows, const std::string& css_class) {
  if (!rows.is_array())
    return "<p class=\"bad-input\">expected an array of objects, got " + html_escape(std::string(rows.type_name())) +
           "</p>\n";
  std::vector<std::string> columns;
  for (const auto& row : rows) {
    if (!row.is_object())
      return "<p class=\"bad-input\">expected an array of objects, found an element of type " +
             html_escape(std::string(row.type_name())) + "</p>\n";
    for (auto it = row.begin(); it != row.end(); ++it) {
      if (std::find(columns.begin(), columns.end(), it.key()) == columns.end()) columns.push_back(it.key());
    }
  }
  std::vector<std::vector<std::string>> cells;
  for (const auto& row : rows) {
    std::vector<std::string> line;
    for (const auto& c : columns) {
      if (!row.contains(c)) {
        line.emplace_back();
        continue;
      }
      const json& v = row.at(c);
      const std::string text =
          v.is_string() ? v.get<std::string>() : v.dump(-1, ' ', false, json::error_handler_t::replace);
      line.push_back(html_escape(text));
    }
    cells.push_back(std::move(line));
  }
  return html_table(columns, cells, css_class);
}

}  // namespace poolcheck::reports
