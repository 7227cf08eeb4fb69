// Where a verified case's CPU goes: the stages of the default campaign (`poolcheck run --cases 20000`, seed 1), each
// timed over the same cases, a sample of the campaign's own (every 25th of its 20,000: every operator, valid and
// invalid, the heavy long-axis and threshold cases in their share), so the figures add up to a case and show which
// stage a change made cheaper. items_per_second counts the sample's cases (all of them, valid or not, for every
// stage; all 20,000 for generation), so 1e6 / items_per_second is a stage's microseconds per campaign case.
//   stage/generation      drawing the cases: the scheduler, the generators, the campaign's bookkeeping
//   stage/fill            the input values of the valid cases (data fill, indices from the forward pass)
//   stage/plan            validation and tiling: GetWorkspaceSize only, through the public C API
//   stage/kernel          the emulated call alone: both phases through the public C API on staged tensors
//   stage/oracle          the scalar oracle over the valid cases' inputs
//   stage/compare         the oracle comparison of an output against the oracle (a passing one)
//   stage/protocol        the worker round trip's encoding: request out and in, reply out and in (no pipe)
//   stage/round_trip      one request to a live worker process and its answer through the pipes (a backend-info
//                         request, so the figure is the pipe, the framing and the worker's wake-up, not a case)
//   stage/result_line     the results.jsonl line of each result
//   stage/case_once       a whole case in this process without the second run (fill, both phases, the
//                         emulated kernel, every check, the comparison)
//   stage/case            the same with the second run the campaign gives; minus case_once: the rerun's price
// The cases come from run_campaign itself (its case seam), so the set is the campaign's and not an imitation.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "bench/bench_env.h"
#include "campaign/campaign.h"
#include "case/numeric.h"
#include "harness/compare.h"
#include "harness/op_adapter.h"
#include "harness/plan_only.h"
#include "harness/runner.h"
#include "harness/staging.h"
#include "reports/jsonl_writer.h"
#include "worker/isolated_executor.h"
#include "worker/protocol.h"

namespace {

using namespace poolcheck;

constexpr int64_t kCampaignCases = 20000;  // the campaign whose cases are sampled
constexpr int64_t kStride = 25;            // every 25th of them is in the set

CampaignOptions default_campaign() {
  CampaignOptions opt;
  opt.max_cases = kCampaignCases;
  opt.seed = 1;
  opt.handle_sigint = false;
  return opt;
}

// The campaign's cases and their results (run once, in this process), drawn through the campaign's seam.
struct CaseSet {
  std::vector<Case> cases;
  std::vector<CaseResult> results;
  std::vector<size_t> valid;  // indices of cases the spec expects to succeed
};

const CaseSet& case_set() {
  static const CaseSet set = [] {
    CaseSet s;
    CampaignOptions opt = default_campaign();
    int64_t drawn = 0;
    opt.run_case_fn = [&s, &drawn](const Case& c) {
      if (drawn++ % kStride != 0) return planned_result(c);  // the schedule does not depend on results
      s.cases.push_back(c);
      CaseResult r = run_case(c);
      if (r.expected_status == 0) s.valid.push_back(s.cases.size() - 1);
      s.results.push_back(r);
      return r;
    };
    run_campaign(opt);
    return s;
  }();
  return set;
}

void generation(benchmark::State& state) {
  for (auto _ : state) {
    CampaignOptions opt = default_campaign();
    opt.run_case_fn = [](const Case& c) { return planned_result(c); };
    benchmark::DoNotOptimize(run_campaign(opt));
  }
  state.SetItemsProcessed(kCampaignCases * state.iterations());
}

void fill(benchmark::State& state) {
  const CaseSet& s = case_set();
  for (auto _ : state)
    for (size_t i : s.valid) benchmark::DoNotOptimize(find_adapter(s.cases[i].op)->make_inputs(s.cases[i]));
  state.SetItemsProcessed(static_cast<int64_t>(s.cases.size()) * state.iterations());
}

void plan(benchmark::State& state) {
  const CaseSet& s = case_set();
  for (auto _ : state)
    for (const Case& c : s.cases) benchmark::DoNotOptimize(plan_only(c));
  state.SetItemsProcessed(static_cast<int64_t>(s.cases.size()) * state.iterations());
}

void oracle(benchmark::State& state) {
  const CaseSet& s = case_set();
  std::vector<HostValues> inputs;
  for (size_t i : s.valid) inputs.push_back(find_adapter(s.cases[i].op)->make_inputs(s.cases[i]));
  for (auto _ : state)
    for (size_t k = 0; k < s.valid.size(); ++k) {
      const Case& c = s.cases[s.valid[k]];
      benchmark::DoNotOptimize(find_adapter(c.op)->oracle(c, inputs[k]));
    }
  state.SetItemsProcessed(static_cast<int64_t>(s.cases.size()) * state.iterations());
}

void compare(benchmark::State& state) {
  const CaseSet& s = case_set();
  std::vector<std::pair<OracleResult, std::vector<double>>> judged;  // the oracle and an output that passes it
  for (size_t i : s.valid) {
    const Case& c = s.cases[i];
    const OpAdapter& op = *find_adapter(c.op);
    OracleResult o = op.oracle(c, op.make_inputs(c));
    std::vector<double> out;  // the oracle's values as the output dtype holds them
    for (double x : o.exact) out.push_back(round_to(c.tensor(op.output)->dtype, x));
    judged.emplace_back(std::move(o), std::move(out));
  }
  int64_t failed = 0;
  for (auto _ : state)
    for (size_t k = 0; k < s.valid.size(); ++k) {
      const Case& c = s.cases[s.valid[k]];
      CaseResult r;
      compare_with_oracle(c, *find_adapter(c.op), judged[k].first, judged[k].second, &r, nullptr);
      failed += r.outcome == Outcome::Fail;
    }
  if (failed > 0) state.SkipWithError("the oracle's own values failed the comparison");
  state.SetItemsProcessed(static_cast<int64_t>(s.cases.size()) * state.iterations());
}

void protocol(benchmark::State& state) {
  const CaseSet& s = case_set();
  for (auto _ : state)
    for (size_t i = 0; i < s.cases.size(); ++i) {
      worker::CaseRequest req;
      req.descriptor = s.results[i].descriptor;
      const worker::Request in = worker::decode_request(worker::encode_case_request(req));
      benchmark::DoNotOptimize(parse_descriptor(in.case_request.descriptor));
      benchmark::DoNotOptimize(worker::decode_case_reply(worker::encode_case_reply(s.results[i], nullptr)));
    }
  state.SetItemsProcessed(static_cast<int64_t>(s.cases.size()) * state.iterations());
}

// Manual time: only the two phases are timed; the backend's knobs, the fill and the staging are set up untimed
// before each call, the output freshly filled each time.
void kernel(benchmark::State& state) {
  const CaseSet& s = case_set();
  ensure_runtime();
  // One stream for the process, as the runner keeps (the harness's backend table has no destroy call).
  static const aclrtStream stream = [] {
    aclrtStream made = nullptr;
    backend::api().aclrtCreateStream(&made);
    return made;
  }();
  for (auto _ : state) {
    double seconds = 0;
    for (size_t i : s.valid) {
      const Case& c = s.cases[i];
      const OpAdapter& op = *find_adapter(c.op);
      CaseResult unused;
      configure_backend(c, &unused);
      HostValues inputs = op.make_inputs(c);
      DeviceCase d;
      upload(c, op, &inputs, &d);
      const auto t0 = std::chrono::steady_clock::now();
      benchmark::DoNotOptimize(call_two_phases(op, c, d.h, stream));
      seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    state.SetIterationTime(seconds);
  }
  state.SetItemsProcessed(static_cast<int64_t>(s.cases.size()) * state.iterations());
}

void round_trip(benchmark::State& state) {
  const CaseSet& s = case_set();
  worker::IsolationOptions iso;
  iso.workers = 1;
  worker::IsolatedExecutor worker(iso);
  for (auto _ : state)
    for (size_t i = 0; i < s.cases.size(); ++i) benchmark::DoNotOptimize(worker.backend_info());
  state.SetItemsProcessed(static_cast<int64_t>(s.cases.size()) * state.iterations());
}

void result_line(benchmark::State& state) {
  const CaseSet& s = case_set();
  for (auto _ : state)
    for (const CaseResult& r : s.results) benchmark::DoNotOptimize(reports::result_line(r));
  state.SetItemsProcessed(static_cast<int64_t>(s.cases.size()) * state.iterations());
}

void whole_case(benchmark::State& state, bool rerun) {
  const CaseSet& s = case_set();
  RunOptions opt;
  opt.rerun = rerun;
  int64_t failures = 0;
  for (auto _ : state)
    for (const Case& c : s.cases) failures += outcome_is_failure(run_case(c, opt).outcome);
  if (failures > 0) state.SkipWithError("a case of the default campaign failed");
  state.SetItemsProcessed(static_cast<int64_t>(s.cases.size()) * state.iterations());
}

}  // namespace

int main(int argc, char** argv) {
  setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0);  // refused calls are expected; keep the output readable
  // One host thread, as in a campaign's worker: there the cases, not one call's blocks, keep the cores busy. The
  // harness loads the emulated library at its first call, which reads this then.
  setenv("POOLCHECK_EMU_HOST_THREADS", "1", 0);
  bench::setup_bench_env();

  const auto add = [](const char* name, auto fn) {
    benchmark::RegisterBenchmark(name, fn)->Unit(benchmark::kMillisecond);
  };
  add("stage/generation", generation);
  add("stage/fill", fill);
  add("stage/plan", plan);
  benchmark::RegisterBenchmark("stage/kernel", kernel)->Unit(benchmark::kMillisecond)->UseManualTime();
  add("stage/oracle", oracle);
  add("stage/compare", compare);
  add("stage/protocol", protocol);
  // Two processes take part: the wall time of the exchange, not this thread's CPU.
  benchmark::RegisterBenchmark("stage/round_trip", round_trip)->Unit(benchmark::kMillisecond)->UseRealTime();
  add("stage/result_line", result_line);
  add("stage/case_once", [](benchmark::State& st) { whole_case(st, false); });
  add("stage/case", [](benchmark::State& st) { whole_case(st, true); });
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
