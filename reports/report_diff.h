// `poolcheck report diff BASE NEW`: what changed between two report directories, and whether it is a
// regression (a CI gate). Failures are identified by their descriptor line.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "case/summary.h"

namespace poolcheck::reports {

struct DiffOptions {
  // Max ULP error of an operator/dtype may grow by max(ulp_drift_abs, ulp_drift_rel * base) before it is a
  // regression: the same seed in non-deterministic mode may sum in another order, which moves a few ULPs.
  double ulp_drift_abs = 2.0;
  double ulp_drift_rel = 0.5;
  double max_slowdown = 0;  // fraction of cases/s NEW may lose (0.2 = 20%); 0 = time is informational
};

// What the diff reads of one report directory.
struct ReportData {
  std::filesystem::path dir;
  CampaignSummary summary;
  std::set<std::string> failing;  // descriptors of failing cases
  bool complete_failures = true;  // false when results.jsonl is absent and the summary kept only some
};
// summary.json is required, results.jsonl optional. Throws std::runtime_error naming the file.
ReportData load_report(const std::filesystem::path& dir);

struct DriftRow {
  std::string key;  // "op/dtype"
  double base_ulp = 0, new_ulp = 0;
  bool regression = false;
};

struct ReportDiff {
  std::vector<std::string> new_failures;    // descriptors failing in NEW, not in BASE
  std::vector<std::string> fixed_failures;  // failing in BASE, not in NEW
  std::vector<std::string> coverage_lost;   // "tiling key Normal/100", "rule MP.X", ...
  std::vector<DriftRow> drift;              // every operator/dtype in both, changed or not
  double base_cases_per_second = 0, new_cases_per_second = 0;
  bool slowdown = false;           // beyond DiffOptions::max_slowdown
  std::vector<std::string> notes;  // differences that are no regression but matter to a reader

  bool regression() const;
  std::vector<std::string> reasons() const;  // one line per kind of regression
};

ReportDiff diff_reports(const ReportData& base, const ReportData& next, const DiffOptions& opt = {});

std::string diff_text(const ReportDiff& d);
std::string diff_markdown(const ReportDiff& d);
nlohmann::json diff_json(const ReportDiff& d);

}  // namespace poolcheck::reports
