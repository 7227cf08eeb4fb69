#include "reports/report_diff.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "reports/json_fields.h"
#include "reports/json_number.h"
#include "reports/jsonl_reader.h"
#include "reports/markdown_summary.h"
#include "reports/report_writer.h"
#include "reports/summary_json.h"
#include "reports/text_format.h"

namespace poolcheck::reports {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Keys with a nonzero count in `base` and none in `next`.
void lost(const std::map<std::string, int64_t>& base, const std::map<std::string, int64_t>& next, const char* what,
          std::vector<std::string>* out) {
  for (const auto& [k, n] : base) {
    auto it = next.find(k);
    if (n > 0 && (it == next.end() || it->second == 0)) out->push_back(std::string(what) + " " + k);
  }
}

}  // namespace

ReportData load_report(const fs::path& dir) {
  ReportData d;
  d.dir = dir;
  const ReportPaths paths = report_paths(dir);
  std::ifstream in(paths.summary_json);
  if (!in) throw std::runtime_error("cannot open " + paths.summary_json.string());
  try {
    d.summary = summary_from_json(json::parse(in));
  } catch (const std::exception& e) {
    throw std::runtime_error(paths.summary_json.string() + ": " + e.what());
  }
  std::error_code ec;
  if (fs::exists(paths.results_jsonl, ec)) {
    // A torn last line (the run was killed while writing it) is no record; rebuild already said so.
    read_complete_lines(paths.results_jsonl, [&](const std::string& line, int64_t n) {
      try {
        const json j = json::parse(line);
        if (get<bool>(j, "failure")) d.failing.insert(get<std::string>(j, "descriptor"));
      } catch (const std::exception& e) {
        throw std::runtime_error(paths.results_jsonl.string() + ":" + std::to_string(n) + ": " + e.what());
      }
    });
  } else {
    for (const auto& r : d.summary.failures) d.failing.insert(r.descriptor);
    d.complete_failures = d.summary.failure_count == static_cast<int64_t>(d.summary.failures.size());
  }
  return d;
}

bool ReportDiff::regression() const { return !reasons().empty(); }

std::vector<std::string> ReportDiff::reasons() const {
  std::vector<std::string> r;
  if (!new_failures.empty()) r.push_back(std::to_string(new_failures.size()) + " new failure(s)");
  if (!coverage_lost.empty()) r.push_back(std::to_string(coverage_lost.size()) + " coverage item(s) lost");
  const auto drifted = std::count_if(drift.begin(), drift.end(), [](const DriftRow& d) { return d.regression; });
  if (drifted) r.push_back(std::to_string(drifted) + " operator/dtype accuracy drift(s)");
  if (slowdown) r.push_back("slowdown beyond the allowed fraction");
  return r;
}

ReportDiff diff_reports(const ReportData& base, const ReportData& next, const DiffOptions& opt) {
  ReportDiff d;
  const CampaignSummary& b = base.summary;
  const CampaignSummary& n = next.summary;
  for (const auto& f : next.failing) {
    if (!base.failing.count(f)) d.new_failures.push_back(f);
  }
  for (const auto& f : base.failing) {
    if (!next.failing.count(f)) d.fixed_failures.push_back(f);
  }
  // A NEW with failures beyond those it kept may hide more new ones; a generator error is a harness defect.
  if (!next.complete_failures) d.notes.push_back("NEW has no results.jsonl; only its kept failures were compared");
  if (!base.complete_failures) d.notes.push_back("BASE has no results.jsonl; only its kept failures were compared");
  if (n.generator_errors > b.generator_errors) {
    // Appended: GCC 12 at -O3 reports a false -Wrestrict in "(" + std::string.
    d.new_failures.push_back(std::string("(")
                                 .append(std::to_string(n.generator_errors - b.generator_errors))
                                 .append(" more generator errors)"));
  }

  lost(b.by_op, n.by_op, "operator", &d.coverage_lost);
  lost(b.by_strategy, n.by_strategy, "strategy", &d.coverage_lost);
  lost(b.by_tiling_key, n.by_tiling_key, "tiling key", &d.coverage_lost);
  lost(b.by_error_rule, n.by_error_rule, "rule", &d.coverage_lost);
  // Only outcomes that show something works; a failing outcome that disappears is a fix.
  std::map<std::string, int64_t> good_base, good_next;
  for (Outcome o : {Outcome::Pass, Outcome::ExpectedError}) {
    const std::string k = outcome_name(o);
    if (b.by_outcome.count(k)) good_base[k] = b.by_outcome.at(k);
    if (n.by_outcome.count(k)) good_next[k] = n.by_outcome.at(k);
  }
  lost(good_base, good_next, "outcome", &d.coverage_lost);
  for (const auto& [k, a] : b.accuracy) {
    if (a.cases > 0 && !n.accuracy.count(k)) d.coverage_lost.push_back("compared operator/dtype " + k);
  }

  for (const auto& [k, ba] : b.accuracy) {
    auto it = n.accuracy.find(k);
    if (it == n.accuracy.end()) continue;
    DriftRow row{k, ba.max_ulp, it->second.max_ulp, false};
    const double allowed =
        std::isnan(ba.max_ulp) ? ba.max_ulp : ba.max_ulp + std::max(opt.ulp_drift_abs, opt.ulp_drift_rel * ba.max_ulp);
    row.regression = (std::isnan(row.new_ulp) && !std::isnan(row.base_ulp)) || row.new_ulp > allowed;
    d.drift.push_back(row);
  }

  d.base_cases_per_second = b.cases_per_second;
  d.new_cases_per_second = n.cases_per_second;
  d.slowdown = opt.max_slowdown > 0 && b.cases_per_second > 0 &&
               n.cases_per_second < b.cases_per_second * (1 - opt.max_slowdown);

  if (b.seed != n.seed || b.max_cases != n.max_cases || b.ops != n.ops) {
    d.notes.push_back("the runs differ in seed, case count or operators; coverage and failures compare loosely");
  }
  if (b.stop != StopReason::Completed || n.stop != StopReason::Completed) {
    d.notes.push_back(std::string("stopped early: BASE ") + stop_reason_name(b.stop) + ", NEW " +
                      stop_reason_name(n.stop));
  }
  return d;
}

std::string diff_text(const ReportDiff& d) {
  std::ostringstream os;
  const auto reasons = d.reasons();
  os << "poolcheck report diff: " << (reasons.empty() ? "no regression" : "REGRESSION") << "\n";
  for (const auto& r : reasons) os << "  - " << r << "\n";
  constexpr size_t kShown = 20;  // the JSON and Markdown forms list everything
  auto list = [&](const char* title, const std::vector<std::string>& v) {
    os << title << " (" << v.size() << ")\n";
    for (size_t i = 0; i < v.size() && i < kShown; ++i) os << "  " << v[i] << "\n";
    if (v.size() > kShown) os << "  ... " << v.size() - kShown << " more\n";
  };
  list("new failures", d.new_failures);
  list("fixed failures", d.fixed_failures);
  list("coverage lost", d.coverage_lost);
  os << "accuracy (max ULP, BASE -> NEW)\n";
  for (const auto& r : d.drift) {
    os << "  " << r.key << ": " << fixed(r.base_ulp, 2) << " -> " << fixed(r.new_ulp, 2)
       << (r.regression ? "  DRIFT" : "") << "\n";
  }
  os << "time: " << fixed(d.base_cases_per_second, 1) << " -> " << fixed(d.new_cases_per_second, 1) << " cases/s";
  if (d.base_cases_per_second > 0) {
    os << " (" << fixed(100.0 * (d.new_cases_per_second / d.base_cases_per_second - 1), 1) << "%)";
  }
  os << (d.slowdown ? "  SLOWDOWN" : "") << "\n";
  for (const auto& n : d.notes) os << "note: " << n << "\n";
  return os.str();
}

std::string diff_markdown(const ReportDiff& d) {
  std::ostringstream md;
  const auto reasons = d.reasons();
  md << "# poolcheck report diff: " << (reasons.empty() ? "no regression" : "REGRESSION") << "\n\n";
  for (const auto& r : reasons) md << "- " << r << "\n";
  auto list = [&](const char* title, const std::vector<std::string>& v) {
    md << "\n## " << title << " (" << v.size() << ")\n\n";
    for (const auto& s : v) md << "- `" << markdown_cell(s, 400) << "`\n";
  };
  list("New failures", d.new_failures);
  list("Fixed failures", d.fixed_failures);
  list("Coverage lost", d.coverage_lost);
  md << "\n## Accuracy (max ULP)\n\n| operator/dtype | BASE | NEW | drift |\n|---|---:|---:|:---:|\n";
  for (const auto& r : d.drift) {
    md << "| " << markdown_cell(r.key) << " | " << fixed(r.base_ulp, 2) << " | " << fixed(r.new_ulp, 2) << " | "
       << (r.regression ? "**yes**" : "") << " |\n";
  }
  md << "\n## Time\n\n"
     << fixed(d.base_cases_per_second, 1) << " -> " << fixed(d.new_cases_per_second, 1) << " cases/s"
     << (d.slowdown ? " (**slowdown**)" : "") << "\n";
  for (const auto& n : d.notes) md << "\n> " << markdown_cell(n, 400) << "\n";
  return md.str();
}

json diff_json(const ReportDiff& d) {
  json drift = json::array();
  for (const auto& r : d.drift) {
    drift.push_back({{"key", r.key},
                     {"base_max_ulp", json_number(r.base_ulp)},
                     {"new_max_ulp", json_number(r.new_ulp)},
                     {"regression", r.regression}});
  }
  return {{"regression", d.regression()},
          {"reasons", d.reasons()},
          {"new_failures", d.new_failures},
          {"fixed_failures", d.fixed_failures},
          {"coverage_lost", d.coverage_lost},
          {"accuracy", drift},
          {"time",
           {{"base_cases_per_second", json_number(d.base_cases_per_second)},
            {"new_cases_per_second", json_number(d.new_cases_per_second)},
            {"slowdown", d.slowdown}}},
          {"notes", d.notes}};
}

}  // namespace poolcheck::reports
