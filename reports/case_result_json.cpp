#include "reports/case_result_json.h"

#include <optional>
#include <stdexcept>

#include "case/descriptor.h"
#include "case/summary.h"
#include "reports/json_fields.h"
#include "reports/json_number.h"

namespace poolcheck::reports {

using nlohmann::json;

json result_to_json(const CaseResult& r) {
  json j;
  j["descriptor"] = r.descriptor;
  j["op"] = r.c.op;
  j["platform"] = r.c.platform;
  j["outcome"] = outcome_name(r.outcome);
  j["failure"] = outcome_is_failure(r.outcome);
  j["expected"] = {{"status", r.expected_status}, {"phase", phase_name(r.expected_phase)}, {"rule", r.expected_rule}};
  j["observed"] = {{"status", r.observed_status}, {"phase", phase_name(r.observed_phase)}};
  if (!r.target.empty()) j["target"] = r.target;
  if (!r.source.empty()) j["source"] = r.source;
  j["tiling"] = {{"known", r.tiling_known},
                 {"strategy", r.strategy},
                 {"key", r.tiling_key},
                 {"label", tiling_key_label(r)},
                 {"text", r.tiling},
                 {"block_dim", r.block_dim},
                 {"atomics", r.atomics},
                 {"ub_high_water", r.ub_high_water},
                 {"workspace_bytes", r.workspace_bytes}};
  if (!r.tiling_expected.empty()) j["tiling"]["expected"] = r.tiling_expected;
  j["error"] = {{"elements", r.err.elements},
                {"mismatches", r.err.mismatches},
                {"max_abs", json_number(r.err.max_abs_err)},
                {"max_ulp", json_number(r.err.max_ulp_err)},
                {"max_bound_ratio", json_number(r.err.max_bound_ratio)},
                {"max_rel", json_number(r.err.max_rel_err)},
                {"worst_index", r.err.worst_index}};
  if (r.rerun.check != RerunCheck::None)
    j["rerun"] = {{"check", rerun_check_name(r.rerun.check)},
                  {"knobs", r.rerun.knobs},
                  {"failed", r.rerun.failed},
                  {"first_diff", r.rerun.first_diff},
                  {"first_bits", r.rerun.first_bits},
                  {"second_bits", r.rerun.second_bits}};
  j["seconds"] = json_number(r.seconds);
  j["message"] = r.message;
  return j;
}

namespace {

double get_number(const json& j, const char* name) {
  try {
    return number_from_json(field(j, name));
  } catch (const std::exception& e) {
    throw std::invalid_argument(std::string("field '") + name + "': " + e.what());
  }
}

// A phase word of the call-phase vocabulary; `where` names the field in the error.
Phase phase_of(const json& j, const char* where) {
  std::string error;
  const std::optional<Phase> p = parse_phase_token(get<std::string>(j, "phase"), &error);
  if (!p) throw std::invalid_argument(std::string("field '") + where + "': " + error);
  return *p;
}

}  // namespace

CaseResult result_from_json(const json& j) {
  CaseResult r;
  r.descriptor = get<std::string>(j, "descriptor");
  auto parsed = parse_descriptor(r.descriptor);
  if (!parsed.ok) throw std::invalid_argument("field 'descriptor': " + parsed.error);
  r.c = parsed.value;
  std::string error;
  const std::optional<Outcome> outcome = parse_outcome_token(get<std::string>(j, "outcome"), &error);
  if (!outcome) throw std::invalid_argument("field 'outcome': " + error);
  r.outcome = *outcome;
  const json& e = field(j, "expected");
  r.expected_status = get<int32_t>(e, "status");
  r.expected_phase = phase_of(e, "expected.phase");
  r.expected_rule = get<std::string>(e, "rule");
  const json& o = field(j, "observed");
  r.observed_status = get<int32_t>(o, "status");
  r.observed_phase = phase_of(o, "observed.phase");
  if (j.contains("target")) r.target = get<std::string>(j, "target");
  if (j.contains("source")) r.source = get<std::string>(j, "source");
  const json& t = field(j, "tiling");
  r.tiling_known = get<bool>(t, "known");
  r.strategy = get<std::string>(t, "strategy");
  r.tiling_key = get<uint64_t>(t, "key");
  r.tiling = get<std::string>(t, "text");
  r.block_dim = get<int32_t>(t, "block_dim");
  r.atomics = t.value("atomics", false);  // absent in results written before it was recorded
  r.ub_high_water = get<int64_t>(t, "ub_high_water");
  r.workspace_bytes = get<int64_t>(t, "workspace_bytes");
  if (t.contains("expected")) r.tiling_expected = get<std::string>(t, "expected");  // only when the oracle was asked
  const json& er = field(j, "error");
  r.err.elements = get<int64_t>(er, "elements");
  r.err.mismatches = get<int64_t>(er, "mismatches");
  r.err.max_abs_err = get_number(er, "max_abs");
  r.err.max_ulp_err = get_number(er, "max_ulp");
  r.err.max_bound_ratio = get_number(er, "max_bound_ratio");
  r.err.worst_index = get<int64_t>(er, "worst_index");
  if (er.contains("max_rel")) r.err.max_rel_err = get_number(er, "max_rel");  // absent before format 1.1
  if (j.contains("rerun")) {                                                  // only for a case that ran twice
    const json& re = field(j, "rerun");
    const std::optional<RerunCheck> check = parse_rerun_check_token(get<std::string>(re, "check"), &error);
    if (!check) throw std::invalid_argument("field 'rerun.check': " + error);
    r.rerun.check = *check;
    r.rerun.knobs = get<std::string>(re, "knobs");
    r.rerun.failed = get<bool>(re, "failed");
    r.rerun.first_diff = get<int64_t>(re, "first_diff");
    r.rerun.first_bits = get<uint64_t>(re, "first_bits");
    r.rerun.second_bits = get<uint64_t>(re, "second_bits");
  }
  r.seconds = get_number(j, "seconds");
  r.message = get<std::string>(j, "message");
  return r;
}

}  // namespace poolcheck::reports
