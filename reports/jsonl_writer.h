// Streams every CaseResult as one JSON line into results.jsonl under its final name. Each line goes to the
// kernel in one write(2) as soon as it is added, so a run killed at any moment (even SIGKILL) leaves every
// finished case readable; at worst the last line is torn, which `report rebuild` skips.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "case/result.h"

namespace poolcheck::reports {

class JsonlWriter {
 public:
  // Creates (truncates) the file; with keep_bytes >= 0, keeps its first keep_bytes bytes (the complete lines of a
  // killed run, which a resumed run appends to). Throws std::runtime_error when it cannot.
  explicit JsonlWriter(std::filesystem::path path, int64_t keep_bytes = -1);
  ~JsonlWriter();
  JsonlWriter(const JsonlWriter&) = delete;
  JsonlWriter& operator=(const JsonlWriter&) = delete;

  void add(const CaseResult& r);  // throws std::runtime_error on a write error
  void close();                   // throws std::runtime_error on a close error; add() is refused afterwards
  int64_t lines() const { return lines_; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  int fd_ = -1;
  int64_t lines_ = 0;
  std::string line_;
};

// The results.jsonl form of one result: compact JSON ending in '\n'.
std::string result_line(const CaseResult& r);

}  // namespace poolcheck::reports
