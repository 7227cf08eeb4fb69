#include "reports/repro_command.h"

namespace poolcheck::reports {

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char ch : s) {
    if (ch == '\'') {
      out += "'\\''";
    } else {
      out.push_back(ch);
    }
  }
  return out + "'";
}

std::string repro_command(const std::string& descriptor) { return "poolcheck repro " + shell_quote(descriptor); }

std::string export_command(const std::string& descriptor) {
  return "poolcheck export " + shell_quote(descriptor) + " --to poolcheck-export";
}

}  // namespace poolcheck::reports
