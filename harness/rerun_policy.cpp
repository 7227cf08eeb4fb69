#include "harness/rerun_policy.h"

#include <optional>
#include <string>

#include "case/core_counts.h"
#include "case/rng.h"
#include "case/summary.h"
#include "fmt/format.h"
#include "harness/runner.h"

namespace poolcheck {

namespace {

// The second run's knobs: another core count (the same one where the operator's deterministic split reads it) and
// UB size than the case's (from the values the generators
// draw, which the tiling takes for every valid case) and a seeded block schedule, all a function of the case.
struct RerunKnobs {
  int32_t cores = 0;
  int64_t ub_bytes = 0;
  uint64_t schedule = 0;
  std::string text() const { return fmt::format("cores={} ub={} schedule=0x{:x}", cores, ub_bytes, schedule); }
};

template <typename Choices, typename T>
T other_than(const Choices& choices, T current, uint64_t draw) {
  for (size_t k = 0; k < choices.size(); ++k) {
    const T v = choices[(draw + k) % choices.size()];
    if (v != current) return v;
  }
  return current;
}

RerunKnobs rerun_knobs(const Case& c, const OpAdapter& op) {
  const uint64_t h = splitmix64(c.seed ^ 0x7265706561746564ull);
  RerunKnobs k;
  k.cores = c.deterministic && op.deterministic_split_reads_cores ? c.cores : other_than(kDrawnCoreCounts, c.cores, h);
  const std::vector<int64_t>& ub_sizes = op.ub_sizes_on(c.platform);
  k.ub_bytes = ub_sizes.empty() ? c.ub_bytes : other_than(ub_sizes, c.ub_bytes, h >> 16);
  k.schedule = splitmix64(h) | 1;  // never 0, the default schedule
  return k;
}

bool has_knob_control() { return backend::api().pcEmuSetKnobs && backend::api().pcEmuSetSchedule; }

// Sets a later run's knobs (the backend has the emulator's controls); the case's knobs and the previous
// schedule come back when the run ends.
class KnobScope {
 public:
  KnobScope(const Case& c, const RerunKnobs& k) : c_(c) {
    backend::api().pcEmuSetKnobs(k.cores, k.ub_bytes);
    previous_schedule_ = backend::api().pcEmuSetSchedule(k.schedule);
  }
  ~KnobScope() {
    backend::api().pcEmuSetSchedule(previous_schedule_);
    backend::api().pcEmuSetKnobs(c_.cores, c_.ub_bytes);
  }
  KnobScope(const KnobScope&) = delete;
  KnobScope& operator=(const KnobScope&) = delete;

 private:
  const Case& c_;
  uint64_t previous_schedule_ = 0;
};

// A later run of the case under `knobs` (nullptr: the same knobs), judged on its own.
CaseResult run_again(const Case& c, const OpAdapter& op, const spec::Expected& exp, const DeviceCase& d,
                     const Judge& judge, const RerunKnobs* knobs, aclrtStream stream) {
  CaseResult again;
  std::optional<KnobScope> scope;
  // The run is judged as the case with its knobs (the tiling oracle decides for the cores and UB it runs with).
  Case with_knobs = c;
  if (knobs) {
    scope.emplace(c, *knobs);
    with_knobs.cores = knobs->cores;
    with_knobs.ub_bytes = knobs->ub_bytes;
  }
  d.dev.at(op.output)->restore();
  run_once(with_knobs, op, exp, d, judge, stream, &again, nullptr);
  return again;
}

// A rejected later run's findings, folded into the result of a first run that passed; the message names the
// run and its knobs.
void take_rejection(const CaseResult& later, const char* which, const std::string& knobs, CaseResult* r) {
  r->rerun.failed = true;
  r->rerun.first_diff = later.rerun.first_diff;
  r->rerun.first_bits = later.rerun.first_bits;
  r->rerun.second_bits = later.rerun.second_bits;
  r->outcome = later.outcome;
  r->observed_status = later.observed_status;
  r->observed_phase = later.observed_phase;
  if (later.err.elements > 0) r->err = later.err;
  r->message = fmt::format("{} run ({}): {}", which, knobs, later.message);
}

}  // namespace

RerunCheck rerun_check(const Case& c, const spec::Expected& exp, const CaseResult& first) {
  if (exp.code != 0 || (first.outcome != Outcome::Pass && first.outcome != Outcome::Mistrusted))
    return RerunCheck::None;
  if (c.deterministic) return RerunCheck::Bitwise;
  if (first.atomics || !first.tiling_known) return RerunCheck::Tolerance;
  return RerunCheck::None;
}

void rerun(const Case& c, const OpAdapter& op, const spec::Expected& exp, const DeviceCase& d, Judge judge,
           const HostBytes& first_output, RerunCheck check, aclrtStream stream, CaseResult* r) {
  r->rerun.check = check;
  // A later run is compared with the first (bitwise) or with the oracle; its own output is kept by nobody.
  judge.output = nullptr;
  judge.first_output = check == RerunCheck::Bitwise ? &first_output : nullptr;
  if (!has_knob_control()) {
    r->rerun.knobs = "same knobs (the backend has no pcEmu knob or schedule control)";
    const CaseResult second = run_again(c, op, exp, d, judge, nullptr, stream);
    if (outcome_is_failure(second.outcome)) take_rejection(second, "second", r->rerun.knobs, r);
    return;
  }
  const RerunKnobs k2 = rerun_knobs(c, op);
  r->rerun.knobs = k2.text();
  const CaseResult second = run_again(c, op, exp, d, judge, &k2, stream);
  if (!outcome_is_failure(second.outcome)) return;
  const bool other_plan = second.tiling_key != r->tiling_key || second.tiling != r->tiling;
  if (second.rerun.first_diff < 0 || k2.ub_bytes == c.ub_bytes || !other_plan)
    return take_rejection(second, "second", r->rerun.knobs, r);
  RerunKnobs k3 = k2;
  k3.ub_bytes = c.ub_bytes;
  k3.schedule = splitmix64(k2.schedule) | 1;
  r->rerun.knobs = fmt::format("{} (another plan: {}, other bits, not promised across UB sizes), then {}", k2.text(),
                               tiling_key_label(second), k3.text());
  const CaseResult third = run_again(c, op, exp, d, judge, &k3, stream);
  if (outcome_is_failure(third.outcome)) take_rejection(third, "third", k3.text(), r);
}

}  // namespace poolcheck
