// RFC 4180 CSV: fields separated by commas, a field in double quotes may hold commas, newlines and "" for a quote.
#pragma once

#include <string>
#include <vector>

namespace poolcheck::interop {

struct CsvRow {
  int64_t line = 0;  // 1-based line where the row starts
  std::vector<std::string> fields;
};

// Every row of `text`; throws std::invalid_argument naming the line for an unterminated quote or text after a
// closing quote.
std::vector<CsvRow> parse_csv(const std::string& text);

}  // namespace poolcheck::interop
