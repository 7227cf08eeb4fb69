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
  return ReportPaths{dir / "results.jsonl", dir / "summary.json", dir / "summary.md", dir / "junit.xml",
                     dir / "report.html"};
}

ReportWriter::ReportWriter(const std::filesystem::path& dir) : paths_(report_paths(dir)) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw std::runtime_error("cannot create report directory " + dir.string() + ": " + ec.message());
  jsonl_ = std::make_unique<JsonlWriter>(paths_.results_jsonl);
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

const ReportPaths& ReportWriter::finish(const CampaignSummary& s, const RulesByOp& rules_by_op) {
  if (!jsonl_) throw std::logic_error("ReportWriter::finish called twice");
  jsonl_->commit();
  jsonl_.reset();
  write_summary_files(paths_, s, rules_by_op);
  return paths_;
}

}  // namespace poolcheck::reports
