// report.html: one self-contained page (inline CSS and SVG, no scripts, nothing fetched) with the outcome
// counts, coverage of rules, strategies and tiling keys, error histograms per operator and dtype, the
// failure-database replay, every kept failure with its descriptor and repro command, and, when present in
// the report directory, the audit (audit.json), benchmark (bench/ratios.json) and selftest (selftest.json)
// results.
#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "case/summary.h"

namespace poolcheck::reports {

struct HtmlInputs {
  CampaignSummary summary;
  std::map<std::string, std::vector<std::string>> rules_by_op;  // every documented rule id (for coverage)
  std::optional<nlohmann::ordered_json> audit;                  // audit.json
  std::optional<nlohmann::ordered_json> bench;                  // bench/ratios.json
  std::optional<nlohmann::ordered_json> selftest;               // selftest.json
  std::vector<std::string> notes;                               // e.g. an extra file that did not parse
};

std::string report_html(const HtmlInputs& in);

// Reads audit.json, bench/ratios.json and selftest.json from `dir` when present (a file that does not parse becomes a
// note on the page, not an error) and writes `dir`/report.html atomically. Returns its path.
std::filesystem::path write_report_html(const std::filesystem::path& dir, const CampaignSummary& s,
                                        const std::map<std::string, std::vector<std::string>>& rules_by_op);

}  // namespace poolcheck::reports
