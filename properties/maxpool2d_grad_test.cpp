// MaxPool2dWithIndicesBackward properties: impl == the family's reference (through the depth-one lift) over the
// valid-case distribution, every documented failure path with its status, deterministic mode, every strategy and
// platform reached; each with a negative control naming the check that must fire.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "aclnn/acl_meta.h"
#include "case/descriptor.h"
#include "generators/generators.h"
#include "harness/runner.h"
#include "ops/maxpool2d_grad/spec.h"
#include "properties/prop_util.h"

namespace poolcheck {

namespace {

constexpr const char* kOp = "maxpool2d_grad";

}  // namespace

RC_GTEST_PROP(MaxPool2dGrad, MatchesOracleWithinTolerance, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  const Case c = *gen::maxpool2d_grad::valid();
  const CaseResult r = run_case(c);
  RC_TAG(r.strategy);
  RC_ASSERT_PASSES(r);
}

RC_GTEST_PROP(MaxPool2dGradFailurePaths, EachRuleGetsItsStatusAndLeavesGradInputUntouched, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  check_rule(kOp, (*rc::gen::elementOf(spec::maxpool2d_grad::operator_spec().rules)).id);
}

TEST(MaxPool2dGradFailurePaths, EveryRuleIsExercised) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  for (const auto& rule : spec::maxpool2d_grad::operator_spec().rules)
    EXPECT_TRUE(quiet_check([&] { check_rule(kOp, rule.id); }, 25)) << rule.id;
}

RC_GTEST_PROP(MaxPool2dGradMetamorphic, DeterministicModeIsBitwiseReproducible, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  check_deterministic_repeat(*gen::maxpool2d_grad::valid());
}

TEST(MaxPool2dGradCoverage, GeneratorReachesEveryStrategyPlatformAndForm) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuLastLaunch, "counting the tiling strategies reached");
  std::map<std::string, int> seen;
  for (uint64_t i = 0; i < 1200; ++i) {
    const Case c = gen::sample(gen::maxpool2d_grad::valid(), 3000 + i, static_cast<int>(i % 100));
    const CaseResult r = run_case(c);
    ASSERT_FALSE(outcome_is_failure(r.outcome)) << r.message << "\n" << r.descriptor;
    const auto& self = *c.tensor("self");
    seen["strategy " + r.strategy]++;
    seen["key " + std::to_string(r.tiling_key)]++;
    seen["platform " + c.platform]++;
    seen[std::string("dtype ") + dtype_name(self.dtype)]++;
    seen[std::string("indices ") + dtype_name(c.tensor("indices")->dtype)]++;
    seen[self.shape.size() == 3 ? "3-D" : "4-D"]++;
    seen[c.scalar("ceilMode") == 1 ? "ceil" : "floor"]++;
    seen[std::string("fill ") + fill_name(c.fill)]++;
    if (r.atomics) seen["atomics"]++;
  }
  for (const char* want : {"strategy Normal",
                           "strategy Scatter",
                           "strategy SIMD",
                           "strategy SIMT",
                           "key 0",
                           "key 100",
                           "key 2",
                           "key 102",
                           "platform Ascend910B",
                           "platform Ascend910_93",
                           "platform Ascend950",
                           "dtype f32",
                           "dtype f16",
                           "dtype bf16",
                           "indices i32",
                           "indices i64",
                           "3-D",
                           "4-D",
                           "ceil",
                           "floor",
                           "fill ties",
                           "atomics"})
    EXPECT_GT(seen[want], 0) << want;
  // The document excludes NaN and -Inf input: the family's special fill never reaches this entry point.
  EXPECT_EQ(seen["fill special"], 0);
}

// The family's kernels with a gradient landing one element off: only the oracle comparison can reject it (the
// race shadow off).
TEST(MaxPool2dGradNegativeControl, WrongTapFailsTheOracleComparison) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope scope("wrong_tap");
  EmulatorChecksOff race_shadow_off;
  expect_only_rejected_by(tally_rejections(gen::maxpool2d_grad::valid(), 1000, 300), Check::OracleComparison);
}

// A flat index decoded with the wrong row length: the reference's (h*W + w) decoding must disagree; where the
// wrong position falls past the tensor, the emulator's copy bounds or race shadow refuse the launch first.
TEST(MaxPool2dGradNegativeControl, SwappedIndexAxesFailTheOracleComparison) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope scope("index_axes_swapped");
  const Rejections t = tally_rejections(gen::maxpool2d_grad::valid(), 1000, 300);
  expect_rejected_by(t, Check::OracleComparison, {Check::GmBounds, Check::RaceShadow});
}

// Without the padding bound a padding of kernelSize + 1, whose gradOutput has the pooled size it gives, gets through
// validation: the failure-path property must fail for the padding rule. A window wholly in the padding has no
// forward maximum, so the index check refuses the call at execute (the status comparison: 161002 in another
// phase); where every window still holds an input element the call succeeds (the spec expectation).
TEST(MaxPool2dGradFailurePathsNegativeControl, MissingPaddingCheckFailsTheFailurePathProperty) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("skip_pad_check");
  const auto why = quiet_failure([] { check_rule(kOp, "MP2.PADDING.VALUE", true); }, 100);
  ASSERT_TRUE(why.has_value()) << "the property held under the fault";
  EXPECT_NE(why->find("MP2.PADDING.VALUE"), std::string::npos) << *why;
  const Rejections t = tally_rejections(gen::maxpool2d_grad::invalid({}, "MP2.PADDING.VALUE"), 1000, 300);
  expect_rejected_by(t, Check::OtherWrongError, {Check::SpecExpectation});
}

}  // namespace poolcheck
