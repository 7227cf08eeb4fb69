#include "reports/jsonl_writer.h"

#include "reports/case_result_json.h"

namespace poolcheck::reports {

JsonlWriter::JsonlWriter(const std::filesystem::path& path) : file_(std::make_unique<AtomicFile>(path)) {}

void JsonlWriter::add(const CaseResult& r) {
  // dump() escapes control characters, so every record stays on one line; invalid UTF-8 is replaced.
  std::string line = result_to_json(r).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  line.push_back('\n');
  file_->write(line);
  ++lines_;
}

void JsonlWriter::commit() { file_->commit(); }

}  // namespace poolcheck::reports
