// The isolated executor's side of the protocol: a worker that answers with something other than a result (here
// the worker pool's test worker, which knows none of poolcheck's requests) gives that case a harness-error
// outcome naming the problem, and the executor serves the next case; the real poolcheck-worker is the control.
// Which side failed decides the outcome: an exception of the harness's own code (oracle, adapter, data fill) is
// harness-error, in process and in a worker; a backend that dies on a signal is crash.
#include "worker/isolated_executor.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "backend/backend.h"
#include "backend/bundled_files.h"
#include "case/descriptor.h"
#include "harness/runner.h"
#include "tests/sanitized_build.h"

namespace poolcheck::worker {
namespace {

Case small_case() {
  const ParseResult p = parse_descriptor(
      "op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x1x1x2x2 self=f32:1x1x2x4x4 indices=i32:1x1x1x2x2 "
      "gradInput=f32:1x1x2x4x4 kernelSize=[2,2,2] stride=[2,2,2] padding=[0,0,0] dilation=[1] ceilMode=0 seed=3 "
      "fill=normal");
  EXPECT_TRUE(p.ok) << p.error;
  return p.value;
}

TEST(IsolatedExecutor, AnAnswerThatIsNoResultIsThatCasesHarnessError) {
  IsolationOptions opts;
  opts.worker_executable = ISOLATION_TEST_WORKER;
  IsolatedExecutor exec(opts);
  for (int i = 0; i < 2; ++i) {  // the second case is served too
    const CaseResult r = exec.run(small_case());
    EXPECT_EQ(r.outcome, Outcome::HarnessError);
    EXPECT_TRUE(outcome_is_failure(r.outcome));
    EXPECT_NE(r.message.find("the worker's answer is not a result"), std::string::npos) << r.message;
    EXPECT_EQ(r.expected_status, 0);  // what the spec expects is still reported
  }
}

// Each worker holds `depth` cases, one running and the rest waiting in its pipe; depth 1 is one case per worker.
TEST(IsolatedExecutor, CapacityIsWorkersTimesDepth) {
  IsolationOptions opts;
  opts.workers = 2;
  EXPECT_EQ(IsolatedExecutor(opts).capacity(), 16);
  opts.depth = 1;
  IsolatedExecutor one_each(opts);
  EXPECT_EQ(one_each.capacity(), 2);
  for (uint64_t ticket = 0; ticket < 2; ++ticket) one_each.submit(ticket, small_case(), {});
  for (int i = 0; i < 2; ++i) EXPECT_EQ(one_each.next().second.outcome, Outcome::Pass);
}

TEST(IsolatedExecutor, ControlTheRealWorkerPassesTheCase) {
  IsolatedExecutor exec(IsolationOptions{});
  CaseTensors tensors;
  const CaseResult r = exec.run(small_case(), {}, &tensors);
  EXPECT_EQ(r.outcome, Outcome::Pass) << r.message;
  EXPECT_EQ(tensors.impl.size(), 32u);  // the tensors come back through the pipe when asked for
  EXPECT_EQ(tensors.oracle.size(), 32u);
  EXPECT_TRUE(exec.backend_info().introspection);
}

// small_case's indices (gradOutput 1x1x1x2x2 over a 2x4x4 plane of 32 elements) with one index past the plane.
const std::vector<std::pair<std::string, std::vector<double>>> kIndexPastThePlane{{"indices", {0, 2, 40, 10}}};

// The upstream profile has no index range check (ops-nn's kernel has none), so the call succeeds and the oracle's
// scatter refuses the index: an exception of the oracle, in the worker.
TEST(IsolatedExecutor, AnOracleExceptionInTheWorkerIsAHarnessError) {
  IsolationOptions opts;
  opts.backend.libraries = {UPSTREAM_LIBRARY};
  IsolatedExecutor exec(opts);
  RunOptions run;
  run.host_inputs = &kIndexPastThePlane;
  const CaseResult r = exec.run(small_case(), run);
  EXPECT_EQ(r.outcome, Outcome::HarnessError) << r.message;
  EXPECT_NE(r.message.find("harness exception: oracle: max_pool3d index 40"), std::string::npos) << r.message;
  EXPECT_TRUE(outcome_is_failure(r.outcome));
  // Control: the same worker and case with the generated indices pass.
  EXPECT_EQ(exec.run(small_case()).outcome, Outcome::Pass);
}

// In process too: the oracle's exception is a harness error, not a crash.
TEST(InProcessRun, AnOracleExceptionIsAHarnessError) {
  IsolationOptions opts;
  opts.backend.libraries = {UPSTREAM_LIBRARY};
  backend::configure(opts.backend);
  RunOptions run;
  run.host_inputs = &kIndexPastThePlane;
  const CaseResult r = run_case(small_case(), run);
  EXPECT_EQ(r.outcome, Outcome::HarnessError) << r.message;
  EXPECT_NE(r.message.find("oracle: max_pool3d index 40"), std::string::npos) << r.message;
  EXPECT_EQ(run_case(small_case()).outcome, Outcome::Pass);  // control
}

// A case that lacks a tensor its operator needs (the CLI refuses such a descriptor; here it reaches the runner
// directly) throws in the adapter: harness-error naming the missing argument, in process and in a worker.
TEST(InProcessRun, AnAdapterExceptionIsAHarnessError) {
  Case c = small_case();
  c.tensors.erase(std::remove_if(c.tensors.begin(), c.tensors.end(), [](const auto& t) { return t.first == "self"; }),
                  c.tensors.end());
  const CaseResult in_process = run_case(c);
  EXPECT_EQ(in_process.outcome, Outcome::HarnessError) << in_process.message;
  EXPECT_EQ(in_process.message.rfind("harness exception: ", 0), 0u) << in_process.message;
  IsolatedExecutor exec(IsolationOptions{});
  const CaseResult isolated = exec.run(c);
  EXPECT_EQ(isolated.outcome, Outcome::HarnessError) << isolated.message;
  EXPECT_EQ(exec.run(small_case()).outcome, Outcome::Pass);  // control: the complete case
}

// A backend that dies on a signal stays a crash (the segfaulting test backend: gradInput's innermost extent 3).
TEST(IsolatedExecutor, ABackendSignalStaysACrash) {
  const ParseResult p = parse_descriptor(
      "op=maxpool3d_grad soc=Ascend910B gradOutput=f32:10x2x1x2 self=f32:10x3x2x3 indices=i32:10x2x1x2 "
      "gradInput=f32:10x3x2x3:off=1 kernelSize=[2,2,2] stride=[] padding=[0,0,0] dilation=[1] ceilMode=1 cores=3 "
      "ub=6144 seed=2408 fill=normal");
  ASSERT_TRUE(p.ok) << p.error;
  IsolationOptions opts;
  opts.backend.libraries = {SEGFAULT_LIBRARY};
  IsolatedExecutor exec(opts);
  const CaseResult r = exec.run(p.value);
  EXPECT_EQ(r.outcome, Outcome::Crash) << r.message;
#ifdef POOLCHECK_TEST_SANITIZED
  const char* death = "exited with status";
#else
  const char* death = "signal";
#endif
  EXPECT_NE(r.message.find(death), std::string::npos) << r.message;
  EXPECT_EQ(IsolatedExecutor(IsolationOptions{}).run(p.value).outcome, Outcome::Pass);  // control: the library
}

// The worker's host-thread count for one call's blocks: a value outside [1, 1024] stops the worker at start-up
// with a message naming the option and the value, which the pool's start-up error carries; 1 is the control.
TEST(PoolcheckWorker, AHostThreadCountOutsideItsRangeIsRefusedByName) {
  isolation::PoolOptions po;
  for (const char* bad : {"0", "2000", "two"}) {
    isolation::WorkerCommand cmd{backend::bundled_worker(), {"--host-threads", bad}, {}};
    try {
      isolation::WorkerPool pool(cmd, po);
      ADD_FAILURE() << "a worker with --host-threads " << bad << " started";
    } catch (const std::runtime_error& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(std::string("--host-threads '") + bad + "' is not a whole number in [1, 1024]"),
                std::string::npos)
          << what;
    }
  }
  isolation::WorkerCommand good{backend::bundled_worker(), {"--host-threads", "1"}, {}};
  isolation::WorkerPool pool(good, po);
  EXPECT_EQ(pool.workers(), 1);
}

}  // namespace
}  // namespace poolcheck::worker
