// Case lists: the text format `run --cases-file` reads and `import` and `report promote` write. One descriptor per
// line; `#` starts a comment, on a line of its own or after a descriptor, where it names the case's source (an ATK
// file and entry id, a TTK file and test name, a failure-database id), which every report then repeats.
#pragma once

#include <istream>
#include <string>
#include <vector>

#include "case/case.h"

namespace poolcheck {

struct ListedCase {
  Case c;
  std::string source;  // the comment after the descriptor, or "FILE:LINE" when it has none
};

struct CaseListRead {
  std::vector<ListedCase> cases;
  // One per refused line: "FILE:LINE: <why>" (the descriptor does not parse, or names an argument the operator
  // lacks). The other lines are still read.
  std::vector<std::string> errors;
};

// Reads a case list; `name` is the file name the errors and default sources use.
CaseListRead read_case_list(std::istream& in, const std::string& name);
// Reads FILE, or standard input for "-"; throws std::runtime_error when the file cannot be opened.
CaseListRead read_case_list_file(const std::string& path);

// One line of a case list: the descriptor, then "  # " and the source when there is one.
std::string case_list_line(const Case& c, const std::string& source);

}  // namespace poolcheck
