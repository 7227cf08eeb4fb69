#include "interop/csv_rows.h"

#include <cstdint>
#include <stdexcept>

namespace poolcheck::interop {

std::vector<CsvRow> parse_csv(const std::string& text) {
  std::vector<CsvRow> rows;
  CsvRow row;
  std::string field;
  int64_t line = 1;
  row.line = 1;
  bool quoted = false, after_quote = false, any = false;
  auto end_field = [&] {
    row.fields.push_back(field);
    field.clear();
    after_quote = false;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (quoted) {
      if (ch == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (ch == '"') {
        quoted = false;
        after_quote = true;
      } else {
        if (ch == '\n') ++line;
        field += ch;
      }
      continue;
    }
    if (ch == '"' && field.empty() && !after_quote) {
      quoted = any = true;
    } else if (ch == ',') {
      end_field();
      any = true;
    } else if (ch == '\n' || ch == '\r') {
      if (ch == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      if (any || !field.empty()) {
        end_field();
        rows.push_back(std::move(row));
      }
      row = CsvRow{};
      row.line = ++line;
      any = false;
    } else if (after_quote) {
      throw std::invalid_argument("line " + std::to_string(line) + ": text after a closing quote");
    } else {
      field += ch;
      any = true;
    }
  }
  if (quoted) throw std::invalid_argument("line " + std::to_string(row.line) + ": a quoted field is never closed");
  if (any || !field.empty()) {
    end_field();
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace poolcheck::interop
