#include "campaign/campaign.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <deque>
#include <exception>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "campaign/coverage.h"
#include "case/descriptor.h"
#include "generators/generators.h"

namespace poolcheck {

namespace {

std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the stop flag is set from a signal handler");

extern "C" void on_sigint(int) {
  if (g_stop.load()) {
    // Second Ctrl-C: the user really wants out.
    std::signal(SIGINT, SIG_DFL);
    std::raise(SIGINT);
    return;
  }
  g_stop.store(true);
}

// Installs the SIGINT handler for its lifetime and restores the previous one.
class SigintScope {
 public:
  explicit SigintScope(bool enable) : enabled_(enable) {
    if (!enabled_) return;
    struct sigaction sa {};
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    installed_ = sigaction(SIGINT, &sa, &previous_) == 0;
  }
  ~SigintScope() {
    if (installed_) sigaction(SIGINT, &previous_, nullptr);
  }
  SigintScope(const SigintScope&) = delete;
  SigintScope& operator=(const SigintScope&) = delete;

 private:
  bool enabled_ = false;
  bool installed_ = false;
  struct sigaction previous_ {};
};

int64_t shard_case_count(int64_t max_cases, int index, int count) {
  if (max_cases <= index) return 0;
  return (max_cases - index + count - 1) / count;
}

class Progress {
 public:
  Progress(bool wanted, int64_t planned, int shard_index, int shard_count)
      : on_(wanted && ::isatty(STDERR_FILENO) == 1),
        planned_(planned),
        shard_index_(shard_index),
        shard_count_(shard_count) {}

  void update(const CampaignSummary& s, double elapsed, bool force = false) {
    if (!on_) return;
    if (!force && elapsed - last_ < 0.1) return;
    last_ = elapsed;
    auto count = [&](Outcome o) {
      auto it = s.by_outcome.find(outcome_name(o));
      return it == s.by_outcome.end() ? int64_t{0} : it->second;
    };
    std::string shard;
    if (shard_count_ > 1) {  // appended: GCC 12 at -O3 reports a false -Wrestrict in "[" + std::string
      shard.append("[").append(std::to_string(shard_index_)).append("/").append(std::to_string(shard_count_));
      shard.append("] ");
    }
    std::fprintf(stderr,
                 "\r%s%lld/%lld cases  pass %lld  expected-error %lld  failures %lld  %.1f cases/s  %.1fs\033[K",
                 shard.c_str(), static_cast<long long>(s.cases), static_cast<long long>(planned_),
                 static_cast<long long>(count(Outcome::Pass)), static_cast<long long>(count(Outcome::ExpectedError)),
                 static_cast<long long>(s.failure_count + s.generator_errors),
                 elapsed > 0 ? static_cast<double>(s.cases) / elapsed : 0.0, elapsed);
    std::fflush(stderr);
    drawn_ = true;
  }
  void finish() {
    if (on_ && drawn_) {
      std::fprintf(stderr, "\r\033[K");
      std::fflush(stderr);
    }
  }

 private:
  bool on_;
  int64_t planned_;
  int shard_index_, shard_count_;
  double last_ = -1;
  bool drawn_ = false;
};

}  // namespace

CasePlan plan_case(const CampaignOptions& opts, const CaseScheduler& schedule, int64_t index) {
  CasePlan p;
  p.index = index;
  p.case_seed = splitmix64(splitmix64(opts.seed) + static_cast<uint64_t>(index) * kSplitMixGamma);
  const StreamSlot slot = stream_slot(index, opts.invalid_fraction);
  p.invalid = slot.invalid;
  p.size = static_cast<int>(index % 101);
  const CaseScheduler::Pick pick = p.invalid ? schedule.invalid(slot.ordinal) : schedule.valid(slot.ordinal);
  if (!pick.cell) return p;
  p.cell = pick.cell;
  p.op = pick.cell->op;
  p.label = cell_label(*pick.cell);
  p.target.platform = pick.platform;
  p.target.rule = pick.cell->rule;
  p.target.choice = pick.cell->variant + pick.cell->variants * pick.visit;
  p.target.strategy = pick.cell->strategy;
  p.target.dtype = pick.cell->dtype;
  p.target.feature = pick.cell->feature;
  p.target.threshold = pick.cell->threshold;
  return p;
}

void request_campaign_stop() { g_stop.store(true); }
bool campaign_stop_requested() { return g_stop.load(); }

void check_campaign_options(const CampaignOptions& opts) {
  if (opts.shard_count < 1 || opts.shard_index < 0 || opts.shard_index >= opts.shard_count) {
    throw std::invalid_argument("shard " + std::to_string(opts.shard_index) + "/" + std::to_string(opts.shard_count) +
                                " is out of range (need 0 <= K < N)");
  }
  if (!(opts.invalid_fraction >= 0 && opts.invalid_fraction <= 1)) {
    throw std::invalid_argument("invalid fraction must be within [0, 1]");
  }
  if (opts.max_cases < 0) throw std::invalid_argument("max cases must be >= 0");
  if (opts.until_covered < 0) throw std::invalid_argument("until-covered hits must be >= 0");
  if (!(opts.max_seconds >= 0)) throw std::invalid_argument("max seconds must be >= 0");

  if (!opts.make_case) {
    const auto known = gen::operators();
    for (const auto& op : opts.ops) {
      if (std::find(known.begin(), known.end(), op) == known.end()) {
        std::string list;
        for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
        throw std::invalid_argument("unknown operator '" + op + "' (known: " + list + ")");
      }
    }
  }
}

CampaignSummary campaign_parameters(const CampaignOptions& opts) {
  CampaignSummary p;
  p.ops = opts.ops.empty() ? gen::operators() : opts.ops;
  p.seed = opts.seed;
  p.max_cases = opts.listed ? static_cast<int64_t>(opts.listed->size()) : opts.max_cases;
  p.max_seconds = opts.max_seconds;
  p.invalid_fraction = opts.invalid_fraction;
  p.shard_index = opts.shard_index;
  p.shard_count = opts.shard_count;
  return p;
}

CampaignSummary run_campaign(const CampaignOptions& opts, const std::function<void(const CaseResult&)>& on_result) {
  check_campaign_options(opts);
  CampaignSummary s = campaign_parameters(opts);
  const std::vector<std::string>& ops = s.ops;
  if (ops.empty()) throw std::invalid_argument("no operators to run");

  const CaseScheduler schedule(ops, opts.seed);
  // Sampling a generator is a pure function of (target, seed, size).
  auto make = [&](const CasePlan& p) -> Case {
    if (opts.make_case) return opts.make_case(p.op, p.invalid, p.case_seed, p.size);
    gen::GenConfig cfg;
    cfg.target = p.target;
    return gen::sample(p.invalid ? gen::invalid_case(p.op, cfg) : gen::valid_case(p.op, cfg), p.case_seed, p.size);
  };
  InProcessExecutor in_process(opts.run_case_fn);
  CaseExecutor& exec = opts.executor && !opts.run_case_fn ? *opts.executor : in_process;

  g_stop.store(false);
  SigintScope sigint(opts.handle_sigint);
  // Known failures first, so a run that is cut short still says which of them still fail.
  for (const auto& [id, c] : opts.replay) {
    if (g_stop.load()) break;
    CaseResult r;
    try {
      r = exec.run(c, opts.run_options);
    } catch (const std::exception& e) {
      r.outcome = Outcome::HarnessError;
      r.message = std::string("runner threw: ") + e.what();
    }
    if (opts.run_options.allow_unsupported) allow_unsupported(&r);
    s.replayed.push_back(
        ReplayedCase{id, r.descriptor.empty() ? to_descriptor(c) : r.descriptor, r.outcome, r.message});
  }
  const int64_t stream_length = s.max_cases;  // the list's length for a case list
  Progress progress(opts.progress, shard_case_count(stream_length, opts.shard_index, opts.shard_count),
                    opts.shard_index, opts.shard_count);
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };

  // Cases in flight finish in any order; they are folded into the summary in stream order.
  struct Pending {
    int64_t index;
    Case c;
    std::string label, rule;
    bool invalid;
  };
  std::deque<Pending> pending;
  bool coverage_reached = false;
  std::map<int64_t, CaseResult> finished;
  auto deliver_in_order = [&] {
    while (!pending.empty()) {
      const Pending& front = pending.front();
      const auto it = finished.find(front.index);
      if (it == finished.end()) return;
      CaseResult r = std::move(it->second);
      finished.erase(it);
      if (r.descriptor.empty()) r.descriptor = to_descriptor(front.c);
      // Also for an executor or test seam that did not apply the run options itself.
      if (opts.run_options.allow_unsupported) allow_unsupported(&r);
      r.target = with_threshold_placement(result_label(front.label, front.invalid, front.rule, r), front.c);
      if (opts.listed) r.source = (*opts.listed)[static_cast<size_t>(front.index)].source;
      pending.pop_front();
      s.add(r, opts.max_failures_kept);
      // Coverage is counted over the whole target list: every 64 cases is cheap and stops soon enough.
      if (opts.until_covered > 0 && s.cases % 64 == 0 && covered(coverage_targets(s), opts.until_covered))
        coverage_reached = true;
      if (on_result) on_result(r);
      progress.update(s, elapsed());
    }
  };

  int64_t i = opts.shard_index;
  if (opts.resumed) {
    for (const CaseResult& r : *opts.resumed) s.add(r, opts.max_failures_kept);
    i += static_cast<int64_t>(opts.resumed->size()) * opts.shard_count;
  }
  for (;;) {
    bool more = i < stream_length && s.stop == StopReason::Completed && !coverage_reached;
    if (more && g_stop.load()) {
      s.stop = StopReason::Interrupted;
      more = false;
    }
    if (more && opts.max_seconds > 0 && elapsed() >= opts.max_seconds) {
      s.stop = StopReason::TimeBudget;
      more = false;
    }
    if (more && exec.in_flight() < exec.capacity() && opts.listed) {
      const Case& c = (*opts.listed)[static_cast<size_t>(i)].c;
      exec.submit(static_cast<uint64_t>(i), c, opts.run_options);
      pending.push_back(Pending{i, c, "", "", false});
      i += opts.shard_count;
      continue;
    }
    if (more && exec.in_flight() < exec.capacity()) {
      CasePlan plan = plan_case(opts, schedule, i);
      i += opts.shard_count;
      Case c;
      try {
        c = make(plan);
      } catch (const std::exception& e) {
        ++s.generator_errors;
        if (s.generator_error_messages.size() < 20) {
          s.generator_error_messages.push_back(
              "case " + std::to_string(plan.index) + " (" + plan.op + (plan.invalid ? ", invalid" : ", valid") +
              ", seed " + std::to_string(plan.case_seed) + ", size " + std::to_string(plan.size) + "): " + e.what());
        }
        continue;
      }
      exec.submit(static_cast<uint64_t>(plan.index), c, opts.run_options);
      pending.push_back(
          Pending{plan.index, std::move(c), std::move(plan.label), std::move(plan.target.rule), plan.invalid});
      continue;
    }
    if (exec.in_flight() == 0) break;
    auto [ticket, r] = exec.next();
    finished.emplace(static_cast<int64_t>(ticket), std::move(r));
    deliver_in_order();
  }
  progress.finish();
  s.coverage = coverage_targets(s);
  s.seconds = elapsed();
  // A resumed run's rate is that of the cases it ran itself.
  const int64_t ran = s.cases - (opts.resumed ? static_cast<int64_t>(opts.resumed->size()) : 0);
  s.cases_per_second = s.seconds > 0 ? static_cast<double>(ran) / s.seconds : 0;
  return s;
}

}  // namespace poolcheck
