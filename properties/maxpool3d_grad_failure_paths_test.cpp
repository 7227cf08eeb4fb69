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

// Without the padding check a too-large padding gets past it: mostly the pooled-shape check still refuses it with
// the same status (which only the audit's log check can tell apart), but where a later check answers with
// another status the failure-path property must fail by its status comparison (wrong-error for the rule).
TEST(MaxPool3dGradFailurePathsNegativeControl, MissingPaddingCheckFailsTheStatusComparison) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("skip_pad_check");
  const auto why = quiet_failure([] { check_rule(kOp, "MP.PADDING.VALUE", true); }, 100);
  ASSERT_TRUE(why.has_value()) << "the property held under the fault";
  EXPECT_TRUE(has_line_starting(*why, "wrong-error for rule MP.PADDING.VALUE: expected 161002 in GetWorkspaceSize"))
      << *why;
  const Rejections t = tally_rejections(gen::maxpool3d_grad::invalid({}, "MP.PADDING.VALUE"), 1000, 300);
  expect_only_rejected_by(t, Check::OtherWrongError);
  if (t.example.count(Check::OtherWrongError)) {
    const CaseResult& r = t.example.at(Check::OtherWrongError);
    EXPECT_EQ(r.expected_rule, "MP.PADDING.VALUE");
    // Another status, or the same one in another phase (on Ascend950 the index check answers 161002 at execute).
    EXPECT_TRUE(r.observed_status != r.expected_status || r.observed_phase != r.expected_phase)
        << r.observed_status << " in " << phase_name(r.observed_phase);
  }
}

}  // namespace poolcheck
