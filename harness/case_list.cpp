#include "harness/case_list.h"

#include <fstream>
#include <iostream>
#include <stdexcept>

#include "case/descriptor.h"
#include "harness/op_adapter.h"

namespace poolcheck {

CaseListRead read_case_list(std::istream& in, const std::string& name) {
  CaseListRead out;
  std::string raw;
  int64_t number = 0;
  while (std::getline(in, raw)) {
    ++number;
    const CaseLine line = split_case_line(raw);
    if (line.descriptor.empty()) continue;
    const std::string where = name + ":" + std::to_string(number);
    const ParseResult p = parse_runnable_case(line.descriptor);
    if (!p.ok) {
      out.errors.push_back(where + ": " + p.error);
      continue;
    }
    out.cases.push_back(ListedCase{p.value, line.comment.empty() ? where : line.comment});
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
