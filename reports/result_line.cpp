#include "reports/result_line.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

#include "case/summary.h"
#include "reports/json_text.h"

namespace poolcheck::reports {

namespace {

class LineWriter {
 public:
  explicit LineWriter(std::string* out) : out_(out) {}

  void raw(std::string_view s) { out_->append(s); }
  // `"name":`; names are plain ASCII literals.
  void key(std::string_view name) {
    out_->push_back('"');
    out_->append(name);
    out_->append("\":");
  }
  void string(std::string_view s) { append_json_string(s, out_); }
  void boolean(bool b) { out_->append(b ? "true" : "false"); }
  template <typename Int>
  void integer(Int v) {
    char buffer[24];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    out_->append(buffer, end);
  }
  // reports::json_number's form: a finite double as the serializer prints it, the others as strings.
  void number(double v) {
    if (std::isnan(v)) return string("NaN");
    if (std::isinf(v)) return string(v > 0 ? "Infinity" : "-Infinity");
    char buffer[64];  // the serializer's own shortest round-trip form, which dump() writes for a finite double
    char* end = nlohmann::detail::to_chars(buffer, buffer + sizeof buffer, v);
    out_->append(buffer, end);
  }

 private:
  std::string* out_;
};

}  // namespace

// Keys in std::map order within each object, as nlohmann's default object type sorts them.
void append_result_line(const CaseResult& r, std::string* out) {
  LineWriter w(out);
  w.raw("{");
  w.key("descriptor"), w.string(r.descriptor);
  w.raw(","), w.key("error"), w.raw("{");
  w.key("elements"), w.integer(r.err.elements);
  w.raw(","), w.key("max_abs"), w.number(r.err.max_abs_err);
  w.raw(","), w.key("max_bound_ratio"), w.number(r.err.max_bound_ratio);
  w.raw(","), w.key("max_rel"), w.number(r.err.max_rel_err);
  w.raw(","), w.key("max_ulp"), w.number(r.err.max_ulp_err);
  w.raw(","), w.key("mismatches"), w.integer(r.err.mismatches);
  w.raw(","), w.key("worst_index"), w.integer(r.err.worst_index);
  w.raw("},"), w.key("expected"), w.raw("{");
  w.key("phase"), w.string(phase_name(r.expected_phase));
  w.raw(","), w.key("rule"), w.string(r.expected_rule);
  w.raw(","), w.key("status"), w.integer(r.expected_status);
  w.raw("},"), w.key("failure"), w.boolean(outcome_is_failure(r.outcome));
  w.raw(","), w.key("message"), w.string(r.message);
  w.raw(","), w.key("observed"), w.raw("{");
  w.key("phase"), w.string(phase_name(r.observed_phase));
  w.raw(","), w.key("status"), w.integer(r.observed_status);
  w.raw("},"), w.key("op"), w.string(r.c.op);
  w.raw(","), w.key("outcome"), w.string(outcome_name(r.outcome));
  w.raw(","), w.key("platform"), w.string(r.c.platform);
  if (r.rerun.check != RerunCheck::None) {
    w.raw(","), w.key("rerun"), w.raw("{");
    w.key("check"), w.string(rerun_check_name(r.rerun.check));
    w.raw(","), w.key("failed"), w.boolean(r.rerun.failed);
    w.raw(","), w.key("first_bits"), w.integer(r.rerun.first_bits);
    w.raw(","), w.key("first_diff"), w.integer(r.rerun.first_diff);
    w.raw(","), w.key("knobs"), w.string(r.rerun.knobs);
    w.raw(","), w.key("second_bits"), w.integer(r.rerun.second_bits);
    w.raw("}");
  }
  w.raw(","), w.key("seconds"), w.number(r.seconds);
  if (!r.source.empty()) w.raw(","), w.key("source"), w.string(r.source);
  if (!r.target.empty()) w.raw(","), w.key("target"), w.string(r.target);
  w.raw(","), w.key("tiling"), w.raw("{");
  w.key("atomics"), w.boolean(r.atomics);
  w.raw(","), w.key("block_dim"), w.integer(r.block_dim);
  if (!r.tiling_expected.empty()) w.raw(","), w.key("expected"), w.string(r.tiling_expected);
  w.raw(","), w.key("key"), w.integer(r.tiling_key);
  w.raw(","), w.key("known"), w.boolean(r.tiling_known);
  w.raw(","), w.key("label"), w.string(tiling_key_label(r));
  w.raw(","), w.key("strategy"), w.string(r.strategy);
  w.raw(","), w.key("text"), w.string(r.tiling);
  w.raw(","), w.key("ub_high_water"), w.integer(r.ub_high_water);
  w.raw(","), w.key("workspace_bytes"), w.integer(r.workspace_bytes);
  w.raw("}}\n");
}

}  // namespace poolcheck::reports
