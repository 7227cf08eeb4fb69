// The isolated executor's side of the protocol: a worker that answers with something other than a result (here
// the worker pool's test worker, which knows none of poolcheck's requests) gives that case a crash outcome naming
// the problem, and the executor serves the next case; the real poolcheck-worker is the control.
#include "worker/isolated_executor.h"

#include <gtest/gtest.h>

#include "case/descriptor.h"

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

TEST(IsolatedExecutor, AnAnswerThatIsNoResultIsThatCasesCrash) {
  IsolationOptions opts;
  opts.worker_executable = ISOLATION_TEST_WORKER;
  IsolatedExecutor exec(opts);
  for (int i = 0; i < 2; ++i) {  // the second case is served too
    const CaseResult r = exec.run(small_case());
    EXPECT_EQ(r.outcome, Outcome::Crash);
    EXPECT_NE(r.message.find("the worker's answer is not a result"), std::string::npos) << r.message;
    EXPECT_EQ(r.expected_status, 0);  // what the spec expects is still reported
  }
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

}  // namespace
}  // namespace poolcheck::worker
