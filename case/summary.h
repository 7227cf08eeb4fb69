// The summary of a campaign: counts by outcome, operator, tiling key and rule, accuracy per operator and
// dtype, the failures kept and the failure-database replays. Plain data the campaign folds results into and
// the reports read and write.
#pragma once

#include <cstdint>
#include <iterator>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "case/result.h"

namespace poolcheck {

// Every outcome, in declaration order (for tables that list all of them).
inline constexpr Outcome kAllOutcomes[] = {Outcome::Pass,        Outcome::Fail,
                                           Outcome::Mistrusted,  Outcome::ExpectedError,
                                           Outcome::WrongError,  Outcome::UnexpectedSuccess,
                                           Outcome::Unsupported, Outcome::Crash,
                                           Outcome::Timeout,     Outcome::UnsupportedAllowed,
                                           Outcome::WrongTiling, Outcome::HarnessError};

// Buckets of the per-case max ULP error histogram: [0] exact, then <= 0.5, 1, 2, 4, 8, 16, 64, 256, > 256.
inline constexpr double kUlpBucketEdges[] = {0, 0.5, 1, 2, 4, 8, 16, 64, 256};
inline constexpr size_t kUlpBuckets = std::size(kUlpBucketEdges) + 1;
size_t ulp_bucket(double max_ulp);            // NaN/inf go to the last bucket
std::string ulp_bucket_label(size_t bucket);  // "0", "<=0.5", ..., ">256"

// Accuracy of the compared (executed, valid) cases of one "op/dtype".
struct AccuracyStats {
  int64_t cases = 0;
  double max_ulp = 0;
  double max_rel = 0;
  double max_bound_ratio = 0;
  std::vector<int64_t> ulp_histogram = std::vector<int64_t>(kUlpBuckets, 0);  // cases per kUlpBucketEdges bucket
  void add(const ErrorStats& e);
  void merge(const AccuracyStats& o);
};
// "maxpool3d_grad/f16": the operator and the dtype of its output (gradInput).
std::string accuracy_key(const CaseResult& r);
// The dtype of the case's output ("?" for a case without tensors): the second half of accuracy_key.
const char* output_dtype_name(const CaseResult& r);

// A failure-database case replayed before the campaign.
struct ReplayedCase {
  std::string id;
  std::string descriptor;
  Outcome outcome = Outcome::Pass;
  std::string message;
  bool still_failing() const { return outcome_is_failure(outcome); }
};

// Killed: the run ended without writing its summary, which `report rebuild` then made from results.jsonl.
enum class StopReason : int8_t { Completed, TimeBudget, Interrupted, Killed };
const char* stop_reason_name(StopReason r);  // "completed" | "time-budget" | "interrupted" | "killed"

// One coverage target of a campaign and its hits. Kinds: "rule", "variant" (a rule's mutation class), "dtype",
// "feature", "key" (a tiling key the spec's strategy notes list; unmeasured against a backend that reports none).
struct CoverageTarget {
  std::string kind;
  std::string op;
  std::string name;
  int64_t hits = 0;
  bool measured = true;
  bool operator==(const CoverageTarget&) const = default;
};

struct CampaignSummary {
  // The run's parameters, for the reports.
  std::vector<std::string> ops;
  uint64_t seed = 1;
  int64_t max_cases = 0;
  double max_seconds = 0;
  double invalid_fraction = 0;
  int shard_index = 0;
  int shard_count = 1;
  std::vector<int> merged_shards;  // a merge of shard summaries: the shard indices combined (else empty)
  std::string backend;             // the libraries the cases ran against ("" when not known)

  StopReason stop = StopReason::Completed;
  int64_t cases = 0;                                  // results recorded (generator errors excluded)
  int64_t generator_errors = 0;                       // cases the generator could not produce (a harness defect)
  std::vector<std::string> generator_error_messages;  // first few
  double seconds = 0;
  double cases_per_second = 0;

  std::map<std::string, int64_t> by_outcome;      // outcome_name -> count
  std::map<std::string, int64_t> by_op;           // operator -> count
  std::map<std::string, int64_t> by_strategy;     // executed cases with known tiling
  std::map<std::string, int64_t> by_tiling_key;   // "Normal/100"
  std::map<std::string, int64_t> by_error_rule;   // rule id of ExpectedError outcomes
  std::map<std::string, int64_t> by_target;       // CaseResult::target labels
  std::vector<CoverageTarget> coverage;           // every target of the schedule (campaign/coverage.h)
  int64_t failure_count = 0;                      // results with outcome_is_failure
  std::vector<CaseResult> failures;               // the first max_failures_kept of them
  std::vector<std::string> allowed_unsupported;   // descriptors of every unsupported-allowed result
  std::map<std::string, AccuracyStats> accuracy;  // accuracy_key -> errors of the compared cases
  std::vector<ReplayedCase> replayed;             // the failure database, run first (not counted in `cases`)

  // Fold one result into the counts (and the failure list, up to `keep`).
  void add(const CaseResult& r, size_t keep = 1000);
  int64_t replay_still_failing() const;
  // Measured coverage targets without a hit.
  std::vector<CoverageTarget> never_hit() const;
  // Failures, generator errors or failure-database cases that still fail.
  bool failed() const { return failure_count > 0 || generator_errors > 0 || replay_still_failing() > 0; }
  // For a merge: shard indices in [0, shard_count) that were not combined.
  std::vector<int> missing_shards() const;
  // One line: "2000 cases in 3.1s (645.2/s): pass 1400, expected-error 500 | tiling Normal/0 900, ... | failures 0",
  // then "| unsupported allowed N" when the run allowed refusals"
  std::string one_line() const;
};

// "Normal/100", or "" when the tiling is unknown.
std::string tiling_key_label(const CaseResult& r);
// Tiling-key counts in display order: by strategy name, then numerically by key (CutK/51 before CutK/151).
std::vector<std::pair<std::string, int64_t>> ordered_tiling_keys(const std::map<std::string, int64_t>& by_key);

}  // namespace poolcheck
