#include "reports/jsonl_reader.h"

#include <fstream>
#include <stdexcept>

namespace poolcheck::reports {

std::optional<TornLine> read_complete_lines(const std::filesystem::path& path,
                                            const std::function<void(const std::string&, int64_t)>& on_line) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  std::string line;
  for (int64_t n = 1; std::getline(in, line); ++n) {
    // getline stops at end of file without a newline only when the last line lacks one.
    if (in.eof()) return TornLine{n, line.size()};
    if (!line.empty()) on_line(line, n);
  }
  if (in.bad()) throw std::runtime_error("cannot read " + path.string());
  return std::nullopt;
}

std::string torn_line_warning(const std::filesystem::path& path, const TornLine& t) {
  return path.string() + ":" + std::to_string(t.line) + ": torn last line (" + std::to_string(t.bytes) +
         " bytes, no newline: the run was killed while writing it) skipped";
}

}  // namespace poolcheck::reports
