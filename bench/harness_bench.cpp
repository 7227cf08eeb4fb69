// Harness throughput: verified cases per second of the default campaign (`poolcheck run`: seed 1,
// 2000 cases, a quarter invalid) for each operator:
//   harness/<op>          in this process (--in-process), single-threaded as one campaign runs; also per second
//                         of the process's CPU time (all threads), which a machine shared with other jobs does
//                         not skew; <op> "all" is the default campaign over every operator;
//   harness_isolated/<op>  the same campaign in worker processes, two per core (the default of `poolcheck run`),
//                         worker start-up included; harness_isolated_1worker/<op> with a single worker;
//   harness_sharded/<op>  on all cores the way a user runs it there: `poolcheck run --shard k/N` in N
//                         processes at once (N = the bench thread count), process start-up included;
//   harness_boundary/<op> the in-process campaign with every valid case a boundary case (GenConfig::boundary):
//                         the cost of boundary-heavy shapes, from which a campaign's share of them is priced.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "bench/bench_env.h"
#include "campaign/campaign.h"
#include "generators/generators.h"
#include "worker/isolated_executor.h"

namespace {

double process_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  auto sec = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6; };
  return sec(u.ru_utime) + sec(u.ru_stime);
}

// `workers` 0: in this process; else that many worker processes, started inside the timed region. `boundary`:
// every valid case drawn from the boundary generators (through the campaign's case seam, in the stream's order).
void campaign(benchmark::State& state, const std::string& op, int workers, bool boundary) {
  poolcheck::CampaignOptions opt;
  if (op != "all") opt.ops = {op};
  opt.handle_sigint = false;
  if (boundary) {
    poolcheck::gen::GenConfig cfg;
    cfg.boundary = true;
    opt.make_case = [cfg](const std::string& o, bool invalid, uint64_t seed, int size) {
      return poolcheck::gen::sample(invalid ? poolcheck::gen::invalid_case(o) : poolcheck::gen::valid_case(o, cfg),
                                    seed, size);
    };
  }
  int64_t cases = 0, failures = 0;
  const double cpu0 = process_cpu_seconds();
  for (auto _ : state) {
    std::unique_ptr<poolcheck::worker::IsolatedExecutor> isolated;
    if (workers > 0) {
      poolcheck::worker::IsolationOptions iso;
      iso.workers = workers;
      isolated = std::make_unique<poolcheck::worker::IsolatedExecutor>(iso);
      opt.executor = isolated.get();
    }
    const auto summary = poolcheck::run_campaign(opt);
    cases += summary.cases;
    failures += summary.failure_count;
  }
  if (failures > 0) state.SkipWithError("the campaign reported failures");
  state.counters["cases_per_second"] = benchmark::Counter(static_cast<double>(cases), benchmark::Counter::kIsRate);
  state.counters["cases_per_cpu_second"] = static_cast<double>(cases) / (process_cpu_seconds() - cpu0);
  state.SetItemsProcessed(cases);
}

#ifndef POOLCHECK_CLI
#error "POOLCHECK_CLI is the path of the poolcheck executable"
#endif

// Starts `poolcheck run` for shard `k` of `n` with its stdout and stderr discarded; -1 if it cannot start.
pid_t start_shard(const std::string& op, int k, int n, const std::string& dir) {
  const std::string shard = std::to_string(k) + "/" + std::to_string(n);
  std::vector<std::string> args{POOLCHECK_CLI,     "run", "--op",         op, "--shard", shard,
                                "--no-failure-db", "-q",  "--report-dir", dir};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t io;
  posix_spawn_file_actions_init(&io);
  posix_spawn_file_actions_addopen(&io, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&io, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, POOLCHECK_CLI, &io, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&io);
  return rc == 0 ? pid : -1;
}

void sharded(benchmark::State& state, const std::string& op) {
  const int n = poolcheck::bench::bench_threads();
  const auto root = std::filesystem::temp_directory_path() / ("poolcheck-harness-bench-" + std::to_string(getpid()));
  int64_t cases = 0;
  for (auto _ : state) {
    std::vector<pid_t> pids;
    for (int k = 0; k < n; ++k) pids.push_back(start_shard(op, k, n, (root / std::to_string(k)).string()));
    bool ok = true;
    for (pid_t pid : pids) {  // every started shard is waited for, even after one has failed
      int status = 0;
      const bool passed = pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
      ok = ok && passed;
    }
    if (!ok) {
      state.SkipWithError("a shard failed to run or reported failures");
      break;
    }
    for (int k = 0; k < n; ++k) {
      std::ifstream in(root / std::to_string(k) / "summary.json");
      cases += nlohmann::json::parse(in).value("cases", int64_t{0});
    }
  }
  std::filesystem::remove_all(root);
  state.counters["cases_per_second"] = benchmark::Counter(static_cast<double>(cases), benchmark::Counter::kIsRate);
  state.counters["processes"] = n;
  state.SetItemsProcessed(cases);
}

}  // namespace

int main(int argc, char** argv) {
  setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0);  // refused calls are expected; keep the output readable
  poolcheck::bench::setup_bench_env();
  std::vector<std::string> ops = poolcheck::gen::operators();
  ops.push_back("all");
  const int cores = poolcheck::bench::bench_threads();
  for (const auto& op : ops) {
    benchmark::RegisterBenchmark(("harness/" + op).c_str(), campaign, op, 0, false)
        ->UseRealTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("harness_boundary/" + op).c_str(), campaign, op, 0, true)
        ->UseRealTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
    for (const auto& [kind, w] : {std::pair{"harness_isolated/", 2 * cores}, std::pair{"harness_isolated_1worker/", 1}})
      benchmark::RegisterBenchmark((kind + op).c_str(), campaign, op, w, false)
          ->UseRealTime()
          ->Iterations(1)
          ->Unit(benchmark::kMillisecond);
    if (op == "all") continue;  // sharding "all" is what the rows above do per operator
    benchmark::RegisterBenchmark(("harness_sharded/" + op).c_str(), sharded, op)
        ->UseRealTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
