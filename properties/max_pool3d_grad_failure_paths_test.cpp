// Property b: every documented (and chosen) failure path. For each rule, cases violating exactly that rule
// get exactly its status in its phase, and gradInput stays untouched; plus its negative control.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/generators.h"
#include "harness/runner.h"
#include "ops/maxpool3d_grad/spec.h"
#include "properties/prop_util.h"

namespace poolcheck {

constexpr const char* kOp = "maxpool3d_grad";

RC_GTEST_PROP(MaxPool3dGradFailurePaths, EachRuleGetsItsStatusAndLeavesGradInputUntouched, ()) {
  const auto& rules = spec::maxpool3d_grad::operator_spec().rules;
  const auto& rule = *rc::gen::elementOf(rules);
  check_rule(kOp, rule.id, true);
}

// Every rule, one by one, with its own case budget, so a rarely drawn rule is never skipped.
TEST(MaxPool3dGradFailurePaths, EveryRuleIsExercised) {
  for (const auto& rule : spec::maxpool3d_grad::operator_spec().rules) {
    SCOPED_TRACE(rule.id);
    EXPECT_TRUE(quiet_check([&] { check_rule(kOp, rule.id, true); }, 25)) << rule.id;
  }
}

TEST(MaxPool3dGradFailurePathsNegativeControl, MissingPaddingCheckIsRejected) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("skip_pad_check");
  EXPECT_FALSE(quiet_check([] { check_rule(kOp, "MP.PADDING.VALUE", true); }, 50));
}

}  // namespace poolcheck
