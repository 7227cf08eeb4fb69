// Where a killed run stopped: its parameters (run.json) and every case it finished (the complete lines of
// results.jsonl, in stream order), for `run --resume DIR` to go on from there without running a case twice.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "case/result.h"
#include "reports/run_json.h"

namespace poolcheck::reports {

struct ResumePoint {
  RunRecord run;
  std::vector<CaseResult> done;       // the finished cases, in stream order
  int64_t complete_bytes = 0;         // results.jsonl up to the end of its last complete line
  std::vector<std::string> warnings;  // a torn last line, dropped
};

// Throws std::invalid_argument naming the file when DIR has no run.json or results.jsonl, or either is malformed.
ResumePoint read_resume_point(const std::filesystem::path& dir);

}  // namespace poolcheck::reports
