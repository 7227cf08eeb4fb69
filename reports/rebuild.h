// Rebuilding a run's summary from what it left on disk: results.jsonl (every finished case) and run.json
// (its parameters), e.g. after the run was killed before it could write summary.json.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "case/summary.h"

namespace poolcheck::reports {

struct RebuiltRun {
  CampaignSummary summary;  // stop = Killed unless run.json says the run finished
  int64_t lines = 0;        // complete lines folded into the summary
  bool have_run_json = false;
  std::vector<std::string> warnings;  // a torn last line, a missing run.json
};

// Folds every complete line of DIR/results.jsonl into a summary with the parameters of DIR/run.json. A last
// line without its newline was cut by a kill and is skipped with a warning. Throws std::runtime_error when
// results.jsonl is missing or unreadable, run.json is malformed, or another line is malformed ("FILE:LINE: why").
RebuiltRun rebuild_summary(const std::filesystem::path& dir);

}  // namespace poolcheck::reports
