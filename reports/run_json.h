// run.json: a run's parameters and start time, written (atomically) before its first case and again with
// how it ended once it finishes. `report rebuild` reads it to redo the summary of a run that was killed.
//
//   {"tool": "poolcheck", "format_version": 1, "ops": ["maxpool3d_grad", ...], "seed": 1, "max_cases": 2000,
//    "max_seconds": 0, "invalid_fraction": 0.25, "shard": {"index": 0, "count": 1},
//    "started_at": "2025-01-31T12:00:00Z", "started_unix": 1738324800.25,
//    "finished": false,                       // true once the summary files were written, then also:
//    "cases_file": "cases.txt", "until_covered": 3}   // only when set
//    "stop": "completed", "seconds": 3.1
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "case/summary.h"

namespace poolcheck::reports {

inline constexpr int kRunFormatVersion = 1;

struct RunRecord {
  CampaignSummary parameters;  // only the header: ops, seed, max_cases, max_seconds, invalid_fraction, shard
  std::string started_at;      // UTC, ISO 8601
  double started_unix = 0;     // seconds since the epoch, for the elapsed time of a rebuilt run
  bool finished = false;       // the run ended normally and wrote its summary
  StopReason stop = StopReason::Completed;  // when finished
  double seconds = 0;                       // when finished: the campaign's own wall time
  // How the stream was made, for `run --resume`: a case list's path ("" for the generated stream) and the
  // --until-covered goal (0 for none).
  std::string cases_file;
  int64_t until_covered = 0;
};

// A record of a run starting now with these parameters.
RunRecord run_record_now(const CampaignSummary& parameters);
nlohmann::json run_to_json(const RunRecord& r);
// Inverse of run_to_json. Throws std::invalid_argument naming the bad field.
RunRecord run_from_json(const nlohmann::json& j);

// Copies the parameter header of `from` into `into`.
void copy_parameters(const CampaignSummary& from, CampaignSummary& into);

}  // namespace poolcheck::reports
