// Harness throughput: verified cases per second of the default campaign (`poolcheck run`: seed 1,
// 2000 cases, a quarter invalid) for each operator, single-threaded as the campaign runs. Also per
// second of the process's CPU time (all threads), which a machine shared with other jobs does not skew.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdlib>

#include "bench/bench_env.h"
#include "harness/campaign.h"
#include "properties/generators/generators.h"

namespace {

double process_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  auto sec = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6; };
  return sec(u.ru_utime) + sec(u.ru_stime);
}

void campaign(benchmark::State& state, const std::string& op) {
  poolcheck::CampaignOptions opt;
  opt.ops = {op};
  opt.handle_sigint = false;
  int64_t cases = 0, failures = 0;
  const double cpu0 = process_cpu_seconds();
  for (auto _ : state) {
    const auto summary = poolcheck::run_campaign(opt);
    cases += summary.cases;
    failures += summary.failure_count;
  }
  if (failures > 0) state.SkipWithError("the campaign reported failures");
  state.counters["cases_per_second"] = benchmark::Counter(static_cast<double>(cases), benchmark::Counter::kIsRate);
  state.counters["cases_per_cpu_second"] = static_cast<double>(cases) / (process_cpu_seconds() - cpu0);
  state.SetItemsProcessed(cases);
}

}  // namespace

int main(int argc, char** argv) {
  setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0);  // refused calls are expected; keep the output readable
  poolcheck::bench::setup_bench_env();
  for (const auto& op : poolcheck::gen::operators())
    benchmark::RegisterBenchmark(("harness/" + op).c_str(), campaign, op)
        ->UseRealTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
