#include "reports/rebuild.h"

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "reports/case_result_json.h"
#include "reports/jsonl_reader.h"
#include "reports/report_writer.h"
#include "reports/results_reader.h"
#include "reports/run_json.h"

namespace poolcheck::reports {

namespace {

namespace fs = std::filesystem;

RunRecord read_run_json(const fs::path& p) {
  std::ifstream in(p);
  if (!in) throw std::runtime_error("cannot open " + p.string());
  try {
    return run_from_json(nlohmann::json::parse(in));
  } catch (const std::exception& e) {
    throw std::runtime_error(p.string() + ": " + e.what());
  }
}

// Seconds since the epoch of the file's last write, or 0 when unknown.
double mtime_unix(const fs::path& p) {
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return 0;
  return static_cast<double>(st.st_mtim.tv_sec) + static_cast<double>(st.st_mtim.tv_nsec) * 1e-9;
}

}  // namespace

RebuiltRun rebuild_summary(const fs::path& dir) {
  const ReportPaths paths = report_paths(dir);
  RebuiltRun out;
  CampaignSummary& s = out.summary;

  RunRecord run;
  std::error_code ec;
  out.have_run_json = fs::exists(paths.run_json, ec);
  if (out.have_run_json) {
    run = read_run_json(paths.run_json);
    copy_parameters(run.parameters, s);
  } else {
    out.warnings.push_back(paths.run_json.string() +
                           " is missing: seed, case count and shard of the run are unknown (shown as defaults)");
  }

  std::vector<std::string> ops_seen;  // in order of appearance: the campaign's operator order
  double case_seconds = 0;
  const auto torn = read_results(paths.results_jsonl, [&](const CaseResult& r, int64_t) {
    s.add(r);
    ++out.lines;
    case_seconds += r.seconds;
    if (std::find(ops_seen.begin(), ops_seen.end(), r.c.op) == ops_seen.end()) ops_seen.push_back(r.c.op);
  });
  if (torn) out.warnings.push_back(torn_line_warning(paths.results_jsonl, *torn));
  if (!out.have_run_json) s.ops = ops_seen;

  if (run.finished) {
    s.stop = run.stop;
    s.seconds = run.seconds;
  } else {
    s.stop = StopReason::Killed;
    // Wall time up to the last result written; without a start time, the time spent in the cases.
    const double last_write = mtime_unix(paths.results_jsonl);
    s.seconds = out.have_run_json && last_write > run.started_unix ? last_write - run.started_unix : case_seconds;
  }
  s.cases_per_second = s.seconds > 0 ? static_cast<double>(s.cases) / s.seconds : 0;
  return out;
}

}  // namespace poolcheck::reports
