// A campaign: a deterministic stream of generated cases for the selected operators, run one by one and
// summarised. Case i of the global stream depends only on (seed, i) and the operator list, so a campaign
// can be split into shards (i % shard_count == shard_index) whose union is exactly the unsharded run.
#pragma once

#include <cstdint>
#include <functional>
#include <iterator>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "campaign/scheduler.h"
#include "case/case.h"
#include "case/rng.h"
#include "case/summary.h"
#include "generators/generators.h"
#include "harness/case_list.h"
#include "harness/executor.h"
#include "harness/runner.h"

namespace poolcheck {

struct CampaignOptions {
  std::vector<std::string> ops;  // operator registry names; empty = all (gen::operators())
  uint64_t seed = 1;
  int64_t max_cases = 2000;        // length of the GLOBAL stream; a shard runs the indices of it that it owns
  int64_t until_covered = 0;       // > 0: stop as soon as every coverage target has this many hits
  double max_seconds = 0;          // wall-clock budget for this process; 0 = none
  double invalid_fraction = 0.25;  // share of cases drawn from gen::invalid_case
  int shard_index = 0;
  int shard_count = 1;
  bool progress = false;            // one-line "\r" progress on stderr, only when stderr is a TTY
  bool handle_sigint = true;        // install a SIGINT handler for the duration of the run (see below)
  size_t max_failures_kept = 1000;  // CampaignSummary::failures keeps the first N (all are counted)

  RunOptions run_options;  // passed to run_case

  // Where the cases run (worker processes, or this one); null = run_case in this process. Cases may finish
  // out of order on an executor with several workers; results are still reported in stream order.
  CaseExecutor* executor = nullptr;

  // A case list (`run --cases-file`) instead of the generated stream: case i of the stream is listed[i], and
  // its result names the source. Null = the generated stream.
  const std::vector<ListedCase>* listed = nullptr;

  // The results a killed run of the same campaign finished (`run --resume`): folded into the summary, and the
  // stream goes on after them (this shard's first resumed->size() cases are not run again). Null = from the start.
  const std::vector<CaseResult>* resumed = nullptr;

  // Failure-database cases (id, case) run before the stream; their results go to CampaignSummary::replayed.
  std::vector<std::pair<std::string, Case>> replay;

  // Test seams. Empty = the real thing (gen::sample of gen::valid_case/invalid_case, and run_case).
  std::function<Case(const std::string& op, bool invalid, uint64_t case_seed, int size)> make_case;
  std::function<CaseResult(const Case&)> run_case_fn;
};

// Where case i of a campaign comes from. Pure function of (options, i).
struct CasePlan {
  int64_t index = 0;  // global index in the stream
  std::string op;
  bool invalid = false;
  uint64_t case_seed = 0;  // seed handed to the generator
  int size = 0;            // RapidCheck size for the draws the schedule leaves free, cycling 0..100
  // The scheduler's cell (rule and mutation class, or strategy, dtype and feature), its label and the
  // generator request made from it.
  const ScheduleCell* cell = nullptr;
  std::string label;
  gen::CaseTarget target;
};
CasePlan plan_case(const CampaignOptions& opts, const CaseScheduler& schedule, int64_t index);

// The parameter header run_campaign puts in its summary (no operators = every registered one), for a report
// written before the run ends.
CampaignSummary campaign_parameters(const CampaignOptions& opts);

// Throws std::invalid_argument for bad options (what run_campaign checks first), so a caller can refuse them
// before creating report files.
void check_campaign_options(const CampaignOptions& opts);

// Runs the campaign; `on_result` (may be empty) sees every result in stream order. Throws
// std::invalid_argument for bad options (unknown operator, shard out of range, fraction outside [0,1]).
//
// SIGINT: while running with handle_sigint, the first Ctrl-C asks the loop to stop after the current case
// (the summary says "interrupted" and the caller can still write its reports); a second one terminates
// the process as usual. The previous handler is restored on return.
CampaignSummary run_campaign(const CampaignOptions& opts, const std::function<void(const CaseResult&)>& on_result = {});

// Ask a running campaign (on any thread, or from a signal handler) to stop after its current case; cleared
// when the next campaign starts.
void request_campaign_stop();
bool campaign_stop_requested();

}  // namespace poolcheck
