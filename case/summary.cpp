#include "case/summary.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <tuple>

namespace poolcheck {

const char* stop_reason_name(StopReason r) {
  switch (r) {
    case StopReason::Completed:
      return "completed";
    case StopReason::TimeBudget:
      return "time-budget";
    case StopReason::Interrupted:
      return "interrupted";
    case StopReason::Killed:
      return "killed";
  }
  return "completed";
}

std::string tiling_key_label(const CaseResult& r) {
  if (!r.tiling_known || r.strategy.empty()) return "";
  return r.strategy + "/" + std::to_string(r.tiling_key);
}

std::vector<std::pair<std::string, int64_t>> ordered_tiling_keys(const std::map<std::string, int64_t>& by_key) {
  std::vector<std::pair<std::string, int64_t>> v(by_key.begin(), by_key.end());
  auto split = [](const std::string& label) {
    const auto slash = label.rfind('/');
    std::string name = label.substr(0, slash);
    uint64_t key = 0;
    bool numeric = slash != std::string::npos && slash + 1 < label.size();
    for (size_t i = slash + 1; numeric && i < label.size(); ++i) {
      if (label[i] < '0' || label[i] > '9')
        numeric = false;
      else
        key = key * 10 + static_cast<uint64_t>(label[i] - '0');
    }
    return std::make_tuple(name, numeric ? 0 : 1, key, label);
  };
  std::sort(v.begin(), v.end(), [&](const auto& a, const auto& b) { return split(a.first) < split(b.first); });
  return v;
}

size_t ulp_bucket(double max_ulp) {
  if (!(max_ulp <= kUlpBucketEdges[std::size(kUlpBucketEdges) - 1])) return kUlpBuckets - 1;
  size_t b = 0;
  while (max_ulp > kUlpBucketEdges[b]) ++b;
  return b;
}

std::string ulp_bucket_label(size_t bucket) {
  auto edge = [](double v) {
    std::ostringstream os;
    os << v;
    return os.str();
  };
  if (bucket == 0) return "0";
  // Appended: GCC 12 at -O3 reports a false -Wrestrict in ">" + std::string.
  if (bucket + 1 >= kUlpBuckets) return std::string(">").append(edge(kUlpBucketEdges[std::size(kUlpBucketEdges) - 1]));
  return std::string("<=").append(edge(kUlpBucketEdges[bucket]));
}

void AccuracyStats::add(const ErrorStats& e) {
  ++cases;
  // std::max would drop a NaN; a NaN error must stay visible.
  auto worst = [](double a, double b) { return std::isnan(a) || std::isnan(b) ? std::nan("") : std::max(a, b); };
  max_ulp = worst(max_ulp, e.max_ulp_err);
  max_rel = worst(max_rel, e.max_rel_err);
  max_bound_ratio = worst(max_bound_ratio, e.max_bound_ratio);
  ++ulp_histogram[ulp_bucket(e.max_ulp_err)];
}

void AccuracyStats::merge(const AccuracyStats& o) {
  cases += o.cases;
  max_ulp = std::isnan(o.max_ulp) ? o.max_ulp : std::max(max_ulp, o.max_ulp);
  max_rel = std::isnan(o.max_rel) ? o.max_rel : std::max(max_rel, o.max_rel);
  max_bound_ratio = std::isnan(o.max_bound_ratio) ? o.max_bound_ratio : std::max(max_bound_ratio, o.max_bound_ratio);
  ulp_histogram.resize(kUlpBuckets, 0);
  for (size_t i = 0; i < kUlpBuckets && i < o.ulp_histogram.size(); ++i) ulp_histogram[i] += o.ulp_histogram[i];
}

const char* output_dtype_name(const CaseResult& r) {
  // Every entry point's output is its last tensor argument (the aclnn convention: outputs after inputs).
  return r.c.tensors.empty() ? "?" : dtype_name(r.c.tensors.back().second.dtype);
}

std::string accuracy_key(const CaseResult& r) { return r.c.op + "/" + output_dtype_name(r); }

std::vector<CoverageTarget> CampaignSummary::never_hit() const {
  std::vector<CoverageTarget> out;
  for (const auto& t : coverage)
    if (t.measured && t.hits == 0) out.push_back(t);
  return out;
}

int64_t CampaignSummary::replay_still_failing() const {
  return std::count_if(replayed.begin(), replayed.end(), [](const ReplayedCase& c) { return c.still_failing(); });
}

void CampaignSummary::add(const CaseResult& r, size_t keep) {
  ++cases;
  ++by_outcome[outcome_name(r.outcome)];
  ++by_op[r.c.op];
  const std::string key = tiling_key_label(r);
  if (!key.empty()) {
    ++by_strategy[r.strategy];
    ++by_tiling_key[key];
  }
  if (r.err.elements > 0) accuracy[accuracy_key(r)].add(r.err);
  if (r.outcome == Outcome::ExpectedError) ++by_error_rule[r.expected_rule.empty() ? "(none)" : r.expected_rule];
  if (!r.target.empty()) ++by_target[r.target];
  if (r.outcome == Outcome::UnsupportedAllowed) allowed_unsupported.push_back(r.descriptor);
  if (outcome_is_failure(r.outcome)) {
    ++failure_count;
    if (failures.size() < keep) failures.push_back(r);
  }
}

std::vector<int> CampaignSummary::missing_shards() const {
  std::vector<int> missing;
  if (merged_shards.empty()) return missing;
  for (int k = 0; k < shard_count; ++k) {
    if (std::find(merged_shards.begin(), merged_shards.end(), k) == merged_shards.end()) missing.push_back(k);
  }
  return missing;
}

std::string CampaignSummary::one_line() const {
  std::ostringstream os;
  os.setf(std::ios::fixed);
  os.precision(1);
  os << cases << " cases in " << seconds << "s (" << cases_per_second << "/s)";
  if (stop != StopReason::Completed) os << " [" << stop_reason_name(stop) << "]";
  os << ":";
  bool first = true;
  for (Outcome o : kAllOutcomes) {
    auto it = by_outcome.find(outcome_name(o));
    if (it == by_outcome.end() || it->second == 0) continue;
    os << (first ? " " : ", ") << outcome_name(o) << " " << it->second;
    first = false;
  }
  if (first) os << " none";
  if (!by_tiling_key.empty()) {
    os << " | tiling";
    first = true;
    for (const auto& [k, n] : ordered_tiling_keys(by_tiling_key)) {
      os << (first ? " " : ", ") << k << " " << n;
      first = false;
    }
  }
  os << " | failures " << failure_count;
  if (!allowed_unsupported.empty()) os << " | unsupported allowed " << allowed_unsupported.size();
  if (generator_errors) os << " | generator errors " << generator_errors;
  return os.str();
}

}  // namespace poolcheck
