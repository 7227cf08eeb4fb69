// MaxPool2dWithMaskBackward properties: impl == the family's reference for the argmax the mask gives back, over the
// valid-case distribution on both of the forward's routes (INT32 argmax on A2/A3, lane bits on the Atlas training
// series and for 1x1 kernels), every documented failure path with its status, deterministic mode, every strategy,
// platform and mask layout reached; each with a negative control naming the check that must fire.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "aclnn/acl_meta.h"
#include "case/descriptor.h"
#include "generators/generators.h"
#include "harness/runner.h"
#include "ops/maxpool2d_mask_grad/family.h"
#include "ops/maxpool2d_mask_grad/spec.h"
#include "properties/prop_util.h"

namespace poolcheck {

namespace {

constexpr const char* kOp = "maxpool2d_mask_grad";

const char* layout_of(const Case& c) {
  return maxpool2d_mask_grad::mask_layout_name(*maxpool2d_mask_grad::mask_layout_of(c));
}

// Valid cases on the lane-bit route only: the Atlas training series, or a 1x1 kernel on A2/A3.
rc::Gen<Case> lane_bit_cases() {
  return rc::gen::suchThat(gen::maxpool2d_mask_grad::valid(),
                           [](const Case& c) { return std::string(layout_of(c)) == "lanebits"; });
}

}  // namespace

RC_GTEST_PROP(MaxPool2dMaskGrad, MatchesOracleWithinTolerance, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  const Case c = *gen::maxpool2d_mask_grad::valid();
  const CaseResult r = run_case(c);
  RC_TAG(r.strategy);
  RC_ASSERT_PASSES(r);
}

// The bit-mask kernel on its own (a third of the SoCs and every 1x1 kernel, so a plain draw reaches it less often).
RC_GTEST_PROP(MaxPool2dMaskGrad, LaneBitRouteMatchesOracleWithinTolerance, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  const Case c = *lane_bit_cases();
  const CaseResult r = run_case(c);
  RC_TAG(c.platform);
  RC_ASSERT_PASSES(r);
}

RC_GTEST_PROP(MaxPool2dMaskGradFailurePaths, EachRuleGetsItsStatusAndLeavesGradInputUntouched, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  check_rule(kOp, (*rc::gen::elementOf(spec::maxpool2d_mask_grad::operator_spec().rules)).id);
}

TEST(MaxPool2dMaskGradFailurePaths, EveryRuleIsExercised) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  for (const auto& rule : spec::maxpool2d_mask_grad::operator_spec().rules)
    EXPECT_TRUE(quiet_check([&] { check_rule(kOp, rule.id); }, 25)) << rule.id;
}

RC_GTEST_PROP(MaxPool2dMaskGradMetamorphic, DeterministicModeIsBitwiseReproducible, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  check_deterministic_repeat(*gen::maxpool2d_mask_grad::valid());
}

TEST(MaxPool2dMaskGradCoverage, GeneratorReachesEveryStrategyPlatformAndLayout) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuLastLaunch, "counting the tiling strategies reached");
  std::map<std::string, int> seen;
  for (uint64_t i = 0; i < 1200; ++i) {
    const Case c = gen::sample(gen::maxpool2d_mask_grad::valid(), 5000 + i, static_cast<int>(i % 100));
    const CaseResult r = run_case(c);
    ASSERT_FALSE(outcome_is_failure(r.outcome)) << r.message << "\n" << r.descriptor;
    const auto& self = *c.tensor("self");
    seen["strategy " + r.strategy]++;
    seen["platform " + c.platform]++;
    seen[std::string("dtype ") + dtype_name(self.dtype)]++;
    seen[std::string("mask ") + layout_of(c)]++;
    seen[self.shape.size() == 3 ? "3-D" : "4-D"]++;
    seen[c.scalar("ceilMode") == 1 ? "ceil" : "floor"]++;
    seen[std::string("fill ") + fill_name(c.fill)]++;
    if (!c.tensor("indices")->strides.empty()) seen["strided mask"]++;
    if (self.shape[self.shape.size() - 3] > 16) seen["more than 16 channels"]++;
  }
  for (const char* want :
       {"strategy Normal", "strategy Scatter", "strategy V1Plane", "platform Ascend910B", "platform Ascend910_93",
        "platform Ascend910", "dtype f32", "dtype f16", "dtype bf16", "mask argmax32", "mask lanebits", "3-D", "4-D",
        "ceil", "floor", "fill ties", "strided mask"})
    EXPECT_GT(seen[want], 0) << want;
  EXPECT_EQ(seen["fill special"], 0);  // the document excludes NaN and -Inf input
}

// The family's kernels with a gradient landing one element off: only the oracle comparison can reject it (the
// race shadow off).
TEST(MaxPool2dMaskGradNegativeControl, WrongTapFailsTheOracleComparison) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope scope("wrong_tap");
  EmulatorChecksOff race_shadow_off;
  expect_only_rejected_by(tally_rejections(gen::maxpool2d_mask_grad::valid(), 1000, 300), Check::OracleComparison);
}

// Without the padding bound a padding of kernelSize + 1 gets through validation: the failure-path property must
// fail for the padding rule.
TEST(MaxPool2dMaskGradFailurePathsNegativeControl, MissingPaddingCheckFailsTheFailurePathProperty) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("skip_pad_check");
  const auto why = quiet_failure([] { check_rule(kOp, "MPM.PADDING.VALUE", true); }, 100);
  ASSERT_TRUE(why.has_value()) << "the property held under the fault";
  EXPECT_NE(why->find("MPM.PADDING.VALUE"), std::string::npos) << *why;
}

}  // namespace poolcheck
