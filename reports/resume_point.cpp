#include "reports/resume_point.h"

#include <fstream>
#include <stdexcept>

#include "reports/case_result_json.h"
#include "reports/jsonl_reader.h"
#include "reports/report_writer.h"
#include "reports/results_reader.h"

namespace poolcheck::reports {

namespace fs = std::filesystem;

ResumePoint read_resume_point(const fs::path& dir) {
  const ReportPaths paths = report_paths(dir);
  std::error_code ec;
  for (const fs::path& p : {paths.run_json, paths.results_jsonl})
    if (!fs::is_regular_file(p, ec))
      throw std::invalid_argument("--resume " + dir.string() + ": no " + p.filename().string() +
                                  " (only a directory a run wrote its reports to can be resumed)");
  ResumePoint out;
  std::ifstream in(paths.run_json);
  try {
    out.run = run_from_json(nlohmann::json::parse(in));
  } catch (const std::exception& e) {
    throw std::invalid_argument(paths.run_json.string() + ": " + e.what());
  }
  std::optional<TornLine> torn;
  try {
    torn = read_results(paths.results_jsonl, [&](const CaseResult& r, int64_t) { out.done.push_back(r); });
  } catch (const MalformedResultLine& e) {
    throw std::invalid_argument(e.what());  // a resume of that directory is a usage error
  }
  out.complete_bytes = static_cast<int64_t>(fs::file_size(paths.results_jsonl));
  if (torn) {
    out.complete_bytes -= static_cast<int64_t>(torn->bytes);
    out.warnings.push_back(torn_line_warning(paths.results_jsonl, *torn));
  }
  return out;
}

}  // namespace poolcheck::reports
