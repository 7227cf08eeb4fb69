// Streams every CaseResult as one JSON line into a file that appears atomically when the run finishes.
#pragma once

#include <filesystem>
#include <memory>

#include "harness/runner.h"
#include "reports/atomic_file.h"

namespace poolcheck::reports {

class JsonlWriter {
 public:
  explicit JsonlWriter(const std::filesystem::path& path);  // throws std::runtime_error
  void add(const CaseResult& r);
  void commit();  // renames the complete file into place
  int64_t lines() const { return lines_; }

 private:
  std::unique_ptr<AtomicFile> file_;
  int64_t lines_ = 0;
};

}  // namespace poolcheck::reports
