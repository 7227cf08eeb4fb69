#include "reports/resume_point.h"

#include <fstream>
#include <stdexcept>

#include "reports/case_result_json.h"
#include "reports/jsonl_reader.h"
#include "reports/report_writer.h"

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
  const auto torn = read_complete_lines(paths.results_jsonl, [&](const std::string& line, int64_t n) {
    try {
      out.done.push_back(result_from_json(nlohmann::json::parse(line)));
    } catch (const std::exception& e) {
      throw std::invalid_argument(paths.results_jsonl.string() + ":" + std::to_string(n) +
                                  ": malformed line: " + e.what());
    }
  });
  out.complete_bytes = static_cast<int64_t>(fs::file_size(paths.results_jsonl));
  if (torn) {
    out.complete_bytes -= static_cast<int64_t>(torn->bytes);
    out.warnings.push_back(torn_line_warning(paths.results_jsonl, *torn));
  }
  return out;
}

}  // namespace poolcheck::reports
