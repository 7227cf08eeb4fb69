// Property a: impl == oracle within the tolerance model over the whole valid-case distribution, with
// every tiling strategy reached; and its negative control (a wrong implementation must be rejected).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "harness/runner.h"
#include "poolcheck_emu/emu.h"
#include "properties/generators/generators.h"
#include "properties/prop_util.h"

namespace poolcheck {

RC_GTEST_PROP(MaxPool3dGrad, MatchesOracleWithinTolerance, ()) {
  const Case c = *gen::valid_max_pool3d_grad();
  const CaseResult r = run_case(c);
  RC_TAG(r.strategy);
  RC_ASSERT_PASSES(r);
}

TEST(MaxPool3dGradNegativeControl, WrongTapImplementationIsRejected) {
  FaultScope fault("wrong_tap");
  EXPECT_FALSE(quiet_check([] {
    const Case c = *gen::valid_max_pool3d_grad();
    RC_ASSERT_PASSES(run_case(c));
  }));
}

TEST(MaxPool3dGradNegativeControl, SkippedInitIsRejected) {
  FaultScope fault("skip_init");
  EXPECT_FALSE(quiet_check([] {
    const Case c = *gen::valid_max_pool3d_grad();
    RC_ASSERT_PASSES(run_case(c));
  }));
}

TEST(MaxPool3dGradNegativeControl, MissingAtomicsAreCaught) {
  FaultScope fault("no_atomics");
  EXPECT_FALSE(quiet_check([] {
    gen::GenConfig cfg;
    const Case c = *gen::valid_max_pool3d_grad(cfg);
    RC_ASSERT_PASSES(run_case(c));
  }));
}

TEST(MaxPool3dGradNegativeControl, CopyOverrunIsCaught) {
  FaultScope fault("copy_overrun");
  EXPECT_FALSE(quiet_check([] { RC_ASSERT_PASSES(run_case(*gen::valid_max_pool3d_grad())); }));
}

TEST(MaxPool3dGradNegativeControl, UnderestimatedUbModelOverflowsTheUnifiedBuffer) {
  FaultScope fault("ub_model_short");
  EXPECT_FALSE(quiet_check([] { RC_ASSERT_PASSES(run_case(*gen::valid_max_pool3d_grad())); }));
}

}  // namespace poolcheck
