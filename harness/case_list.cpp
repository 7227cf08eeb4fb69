#include "harness/case_list.h"

#include <fstream>
#include <iostream>
#include <stdexcept>

#include "case/descriptor.h"
#include "harness/op_adapter.h"

namespace poolcheck {

namespace {

std::string trimmed(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

// Where the comment starts: the first '#' that begins a token (a descriptor token is name=value, never '#...').
size_t comment_start(const std::string& line) {
  for (size_t i = 0; i < line.size(); ++i)
    if (line[i] == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) return i;
  return std::string::npos;
}

}  // namespace

CaseListRead read_case_list(std::istream& in, const std::string& name) {
  CaseListRead out;
  std::string raw;
  int64_t number = 0;
  while (std::getline(in, raw)) {
    ++number;
    const size_t hash = comment_start(raw);
    const std::string descriptor = trimmed(raw.substr(0, hash));
    if (descriptor.empty()) continue;
    const std::string where = name + ":" + std::to_string(number);
    const ParseResult p = parse_runnable_case(descriptor);
    if (!p.ok) {
      out.errors.push_back(where + ": " + p.error);
      continue;
    }
    std::string source = hash == std::string::npos ? "" : trimmed(raw.substr(hash + 1));
    out.cases.push_back(ListedCase{p.value, source.empty() ? where : source});
  }
  return out;
}

CaseListRead read_case_list_file(const std::string& path) {
  if (path == "-") return read_case_list(std::cin, "<stdin>");
  std::ifstream f(path);
  if (!f) throw std::runtime_error("cannot open case list '" + path + "'");
  return read_case_list(f, path);
}

std::string case_list_line(const Case& c, const std::string& source) {
  std::string line = to_descriptor(c);
  if (!source.empty()) line.append("  # ").append(source);
  return line;
}

}  // namespace poolcheck
