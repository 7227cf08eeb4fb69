#include "reports/summary_json.h"

#include <algorithm>
#include <optional>
#include <set>
#include <stdexcept>

#include "reports/case_result_json.h"
#include "reports/json_fields.h"
#include "reports/json_number.h"

namespace poolcheck::reports {

using nlohmann::json;

namespace {

json counts_json(const std::map<std::string, int64_t>& m) {
  json j = json::object();
  for (const auto& [k, v] : m) j[k] = v;
  return j;
}

std::map<std::string, int64_t> counts_from(const json& j, const char* name) {
  const json& o = field(j, name);
  if (!o.is_object()) throw std::invalid_argument(std::string("field '") + name + "' is not an object");
  std::map<std::string, int64_t> m;
  for (auto it = o.begin(); it != o.end(); ++it) {
    if (!it.value().is_number_integer()) {
      throw std::invalid_argument(std::string("field '") + name + "." + it.key() + "' is not an integer");
    }
    m[it.key()] = it.value().get<int64_t>();
  }
  return m;
}

void add_counts(std::map<std::string, int64_t>& into, const std::map<std::string, int64_t>& from) {
  for (const auto& [k, v] : from) into[k] += v;
}

json accuracy_json(const std::map<std::string, AccuracyStats>& m) {
  json j = json::object();
  for (const auto& [k, a] : m) {
    j[k] = {{"cases", a.cases},
            {"max_ulp", json_number(a.max_ulp)},
            {"max_rel", json_number(a.max_rel)},
            {"max_bound_ratio", json_number(a.max_bound_ratio)},
            {"ulp_histogram", a.ulp_histogram}};
  }
  return j;
}

std::map<std::string, AccuracyStats> accuracy_from(const json& j) {
  std::map<std::string, AccuracyStats> m;
  if (!j.is_object()) throw std::invalid_argument("field 'accuracy' is not an object");
  for (auto it = j.begin(); it != j.end(); ++it) {
    AccuracyStats a;
    const json& v = it.value();
    a.cases = get<int64_t>(v, "cases");
    a.max_ulp = number_from_json(field(v, "max_ulp"));
    a.max_rel = number_from_json(field(v, "max_rel"));
    a.max_bound_ratio = number_from_json(field(v, "max_bound_ratio"));
    a.ulp_histogram = get<std::vector<int64_t>>(v, "ulp_histogram");
    a.ulp_histogram.resize(kUlpBuckets, 0);
    m[it.key()] = a;
  }
  return m;
}

json replayed_json(const std::vector<ReplayedCase>& v) {
  json a = json::array();
  for (const auto& c : v) {
    a.push_back({{"id", c.id},
                 {"descriptor", c.descriptor},
                 {"outcome", outcome_name(c.outcome)},
                 {"still_failing", c.still_failing()},
                 {"message", c.message}});
  }
  return a;
}

std::vector<ReplayedCase> replayed_from(const json& j) {
  if (!j.is_array()) throw std::invalid_argument("field 'replayed' is not an array");
  std::vector<ReplayedCase> v;
  for (const auto& e : j) {
    ReplayedCase c;
    c.id = get<std::string>(e, "id");
    c.descriptor = get<std::string>(e, "descriptor");
    std::string error;
    const std::optional<Outcome> outcome = parse_outcome_token(get<std::string>(e, "outcome"), &error);
    if (!outcome) throw std::invalid_argument("replayed: " + error);
    c.outcome = *outcome;
    c.message = get<std::string>(e, "message");
    v.push_back(c);
  }
  return v;
}

int stop_severity(StopReason r) {
  switch (r) {
    case StopReason::Completed:
      return 0;
    case StopReason::TimeBudget:
      return 1;
    case StopReason::Interrupted:
      return 2;
    case StopReason::Killed:
      return 3;
  }
  return 0;
}

}  // namespace

json summary_to_json(const CampaignSummary& s) {
  json j;
  j["tool"] = "poolcheck";
  j["format_version"] = kSummaryFormatVersion;
  j["ok"] = !s.failed() && s.missing_shards().empty();
  parameters_to_json(s, j);
  j["merged_shards"] = s.merged_shards;
  j["missing_shards"] = s.missing_shards();
  j["stop"] = stop_reason_name(s.stop);
  j["cases"] = s.cases;
  j["seconds"] = json_number(s.seconds);
  j["cases_per_second"] = json_number(s.cases_per_second);
  // Every outcome is listed, zero or not, so consumers need no defaults.
  json outcomes = json::object();
  for (Outcome o : kAllOutcomes) {
    auto it = s.by_outcome.find(outcome_name(o));
    outcomes[outcome_name(o)] = it == s.by_outcome.end() ? 0 : it->second;
  }
  for (const auto& [k, v] : s.by_outcome) {
    if (!outcomes.contains(k)) outcomes[k] = v;
  }
  j["outcomes"] = outcomes;
  j["failures"] = s.failure_count;
  j["unsupported_allowed"] = s.allowed_unsupported;  // descriptors: refusals the run was told to allow
  j["generator_errors"] = s.generator_errors;
  j["generator_error_messages"] = s.generator_error_messages;
  j["by_op"] = counts_json(s.by_op);
  j["strategies"] = counts_json(s.by_strategy);
  j["tiling_keys"] = counts_json(s.by_tiling_key);
  j["expected_error_rules"] = counts_json(s.by_error_rule);
  j["targets"] = counts_json(s.by_target);
  json coverage = json::array(), never = json::array();
  for (const auto& t : s.coverage)
    coverage.push_back({{"kind", t.kind}, {"op", t.op}, {"name", t.name}, {"hits", t.hits}, {"measured", t.measured}});
  for (const auto& t : s.never_hit()) never.push_back(t.kind + " " + t.op + " " + t.name);
  j["coverage"] = coverage;
  j["coverage_never_hit"] = never;
  std::vector<std::string> buckets;
  for (size_t b = 0; b < kUlpBuckets; ++b) buckets.push_back(ulp_bucket_label(b));
  j["ulp_buckets"] = buckets;
  j["accuracy"] = accuracy_json(s.accuracy);
  j["replayed"] = replayed_json(s.replayed);
  j["replay_still_failing"] = s.replay_still_failing();
  json failed = json::array();
  for (const auto& r : s.failures) failed.push_back(result_to_json(r));
  j["failed_cases"] = failed;
  return j;
}

void parameters_to_json(const CampaignSummary& s, json& j) {
  j["seed"] = s.seed;
  j["ops"] = s.ops;
  j["max_cases"] = s.max_cases;
  j["max_seconds"] = json_number(s.max_seconds);
  j["invalid_fraction"] = json_number(s.invalid_fraction);
  j["shard"] = {{"index", s.shard_index}, {"count", s.shard_count}};
  j["backend"] = s.backend;
}

void parameters_from_json(const json& j, CampaignSummary& s) {
  s.seed = get<uint64_t>(j, "seed");
  s.ops = get<std::vector<std::string>>(j, "ops");
  s.max_cases = get<int64_t>(j, "max_cases");
  s.max_seconds = number_from_json(field(j, "max_seconds"));
  s.invalid_fraction = number_from_json(field(j, "invalid_fraction"));
  const json& shard = field(j, "shard");
  s.shard_index = get<int>(shard, "index");
  s.shard_count = get<int>(shard, "count");
  s.backend = j.value("backend", "");  // absent in reports written before the backend was recorded
}

bool parse_stop_reason(const std::string& name, StopReason* out) {
  for (StopReason r : {StopReason::Completed, StopReason::TimeBudget, StopReason::Interrupted, StopReason::Killed}) {
    if (name == stop_reason_name(r)) {
      *out = r;
      return true;
    }
  }
  return false;
}

CampaignSummary summary_from_json(const json& j) {
  require_format(j, "summary", kSummaryFormatVersion);
  CampaignSummary s;
  parameters_from_json(j, s);
  s.merged_shards = get<std::vector<int>>(j, "merged_shards");
  const auto stop = get<std::string>(j, "stop");
  if (!parse_stop_reason(stop, &s.stop)) throw std::invalid_argument("field 'stop': unknown '" + stop + "'");
  s.cases = get<int64_t>(j, "cases");
  s.seconds = number_from_json(field(j, "seconds"));
  s.cases_per_second = number_from_json(field(j, "cases_per_second"));
  for (const auto& [k, v] : counts_from(j, "outcomes")) {
    if (v != 0) s.by_outcome[k] = v;
  }
  s.failure_count = get<int64_t>(j, "failures");
  s.generator_errors = get<int64_t>(j, "generator_errors");
  s.generator_error_messages = get<std::vector<std::string>>(j, "generator_error_messages");
  s.by_op = counts_from(j, "by_op");
  s.by_strategy = counts_from(j, "strategies");
  s.by_tiling_key = counts_from(j, "tiling_keys");
  s.by_error_rule = counts_from(j, "expected_error_rules");
  // Added after format 1 first shipped: optional when reading.
  if (j.contains("targets")) s.by_target = counts_from(j, "targets");
  if (j.contains("coverage")) {
    for (const json& t : j.at("coverage")) {
      CoverageTarget c;
      c.kind = get<std::string>(t, "kind");
      c.op = get<std::string>(t, "op");
      c.name = get<std::string>(t, "name");
      c.hits = get<int64_t>(t, "hits");
      c.measured = get<bool>(t, "measured");
      s.coverage.push_back(c);
    }
  }
  if (j.contains("accuracy")) s.accuracy = accuracy_from(j.at("accuracy"));
  if (j.contains("replayed")) s.replayed = replayed_from(j.at("replayed"));
  if (j.contains("unsupported_allowed"))
    s.allowed_unsupported = get<std::vector<std::string>>(j, "unsupported_allowed");
  const json& failed = field(j, "failed_cases");
  if (!failed.is_array()) throw std::invalid_argument("field 'failed_cases' is not an array");
  for (size_t i = 0; i < failed.size(); ++i) {
    try {
      s.failures.push_back(result_from_json(failed[i]));
    } catch (const std::exception& e) {
      throw std::invalid_argument("failed_cases[" + std::to_string(i) + "]: " + e.what());
    }
  }
  return s;
}

CampaignSummary merge_summaries(const std::vector<CampaignSummary>& shards) {
  if (shards.empty()) throw std::invalid_argument("nothing to merge");
  CampaignSummary m;
  const CampaignSummary& first = shards.front();
  m.ops = first.ops;
  m.seed = first.seed;
  m.max_cases = first.max_cases;
  m.max_seconds = first.max_seconds;
  m.invalid_fraction = first.invalid_fraction;
  m.shard_index = 0;
  m.shard_count = first.shard_count;
  m.backend = first.backend;
  std::set<int> seen;
  for (const auto& s : shards) {
    if (s.seed != first.seed || s.ops != first.ops || s.max_cases != first.max_cases ||
        s.shard_count != first.shard_count || s.invalid_fraction != first.invalid_fraction) {
      throw std::invalid_argument("shard " + std::to_string(s.shard_index) + "/" + std::to_string(s.shard_count) +
                                  " belongs to a different campaign (seed, operators, cases, fraction or shard count)");
    }
    const std::vector<int> parts = s.merged_shards.empty() ? std::vector<int>{s.shard_index} : s.merged_shards;
    for (int k : parts) {
      if (k < 0 || k >= first.shard_count || !seen.insert(k).second) {
        throw std::invalid_argument("shard " + std::to_string(k) + " appears twice or is out of range");
      }
    }
    m.cases += s.cases;
    m.generator_errors += s.generator_errors;
    for (const auto& msg : s.generator_error_messages) m.generator_error_messages.push_back(msg);
    m.seconds = std::max(m.seconds, s.seconds);
    add_counts(m.by_outcome, s.by_outcome);
    add_counts(m.by_op, s.by_op);
    add_counts(m.by_strategy, s.by_strategy);
    add_counts(m.by_tiling_key, s.by_tiling_key);
    add_counts(m.by_error_rule, s.by_error_rule);
    add_counts(m.by_target, s.by_target);
    // Coverage targets: the same list in every shard of one campaign; hits add up.
    for (const auto& t : s.coverage) {
      auto it = std::find_if(m.coverage.begin(), m.coverage.end(), [&](const CoverageTarget& x) {
        return x.kind == t.kind && x.op == t.op && x.name == t.name;
      });
      if (it == m.coverage.end()) {
        m.coverage.push_back(t);
      } else {
        it->hits += t.hits;
        it->measured = it->measured || t.measured;
      }
    }
    m.failure_count += s.failure_count;
    m.allowed_unsupported.insert(m.allowed_unsupported.end(), s.allowed_unsupported.begin(),
                                 s.allowed_unsupported.end());
    for (const auto& [k, a] : s.accuracy) m.accuracy[k].merge(a);
    // Every shard replays the same database: keep each case once, the failing verdict if any shard saw one.
    for (const auto& c : s.replayed) {
      auto it = std::find_if(m.replayed.begin(), m.replayed.end(), [&](const ReplayedCase& x) { return x.id == c.id; });
      if (it == m.replayed.end()) {
        m.replayed.push_back(c);
      } else if (c.still_failing() && !it->still_failing()) {
        *it = c;
      }
    }
    m.failures.insert(m.failures.end(), s.failures.begin(), s.failures.end());
    // The merged run is only complete when every shard completed; otherwise keep the most telling reason
    // (a killed shard may have lost cases, an interrupted one stopped early, a time budget was planned).
    if (stop_severity(s.stop) > stop_severity(m.stop)) m.stop = s.stop;
  }
  m.merged_shards.assign(seen.begin(), seen.end());
  m.cases_per_second = m.seconds > 0 ? static_cast<double>(m.cases) / m.seconds : 0;
  return m;
}

}  // namespace poolcheck::reports
