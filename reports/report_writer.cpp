#include "reports/report_writer.h"

#include <stdexcept>
#include <system_error>

#include "reports/atomic_file.h"
#include "reports/html_report.h"
#include "reports/junit_xml.h"
#include "reports/markdown_summary.h"
#include "reports/summary_json.h"

namespace poolcheck::reports {

ReportPaths report_paths(const std::filesystem::path& dir) {
  return ReportPaths{dir / "results.jsonl", dir / "summary.json", dir / "summary.md",
                     dir / "junit.xml",     dir / "report.html",  dir / "run.json"};
}

ReportWriter::ReportWriter(const std::filesystem::path& dir, int64_t keep_results_bytes) : paths_(report_paths(dir)) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw std::runtime_error("cannot create report directory " + dir.string() + ": " + ec.message());
  for (const auto& stale :
       {paths_.run_json, paths_.summary_json, paths_.summary_md, paths_.junit_xml, paths_.report_html}) {
    std::filesystem::remove(stale, ec);
    if (ec) throw std::runtime_error("cannot remove " + stale.string() + ": " + ec.message());
  }
  jsonl_ = std::make_unique<JsonlWriter>(paths_.results_jsonl, keep_results_bytes);
}

void ReportWriter::start(const CampaignSummary& parameters, const std::string& cases_file, int64_t until_covered) {
  if (!jsonl_) throw std::logic_error("ReportWriter::start after finish");
  run_ = run_record_now(parameters);
  run_->cases_file = cases_file;
  run_->until_covered = until_covered;
  write_run_json(paths_.run_json, *run_);
}

void ReportWriter::add(const CaseResult& r) {
  if (!jsonl_) throw std::logic_error("ReportWriter::add after finish");
  jsonl_->add(r);
}

void write_summary_files(const ReportPaths& paths, const CampaignSummary& s, const RulesByOp& rules_by_op) {
  write_file_atomic(paths.summary_json,
                    summary_to_json(s).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
  write_file_atomic(paths.summary_md, summary_markdown(s));
  write_file_atomic(paths.junit_xml, summary_junit_xml(s));
  write_report_html(paths.report_html.parent_path(), s, rules_by_op);
}

void write_run_json(const std::filesystem::path& path, const RunRecord& r) {
  write_file_atomic(path, run_to_json(r).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

const ReportPaths& ReportWriter::finish(const CampaignSummary& s, const RulesByOp& rules_by_op) {
  if (!jsonl_) throw std::logic_error("ReportWriter::finish called twice");
  jsonl_->close();
  jsonl_.reset();
  if (run_) {
    run_->finished = true;
    run_->stop = s.stop;
    run_->seconds = s.seconds;
    write_run_json(paths_.run_json, *run_);
  }
  write_summary_files(paths_, s, rules_by_op);
  return paths_;
}

}  // namespace poolcheck::reports
