// Reading results.jsonl line by line. JsonlWriter hands every record to the kernel together with its newline,
// so only a kill in the middle of that write leaves a line without one: a torn last line, which is no record.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace poolcheck::reports {

struct TornLine {
  int64_t line = 0;  // 1-based
  size_t bytes = 0;
};

// Calls on_line(text, line number) for every complete non-empty line and returns the torn last line, if any.
// Throws std::runtime_error when the file cannot be opened or read.
std::optional<TornLine> read_complete_lines(const std::filesystem::path& path,
                                            const std::function<void(const std::string&, int64_t)>& on_line);

// "FILE:LINE: torn last line (N bytes, no newline: the run was killed while writing it) skipped"
std::string torn_line_warning(const std::filesystem::path& path, const TornLine& t);

}  // namespace poolcheck::reports
