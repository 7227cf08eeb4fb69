// AdaptiveAvgPool2dBackward properties: impl == the family's reference (through the depth-one lift) on every route
// (the family's kernels on A2/A3, the arch35 templates on Ascend950, the assist matmuls on the Atlas training and
// inference series, Fill x Mul for a 1x1 gradOutput), every failure path, gradient conservation, determinism and
// coverage; each with a negative control naming the check that must fire.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "aclnn/acl_meta.h"
#include "generators/generators.h"
#include "harness/compare.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"
#include "ops/adaptive_avgpool2d_grad/spec.h"
#include "properties/prop_util.h"

namespace poolcheck {

namespace {

constexpr const char* kOp = "adaptive_avgpool2d_grad";

}  // namespace

RC_GTEST_PROP(AdaptiveAvgPool2dGrad, MatchesOracleWithinTolerance, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  const Case c = *gen::adaptive_avgpool2d_grad::valid();
  const CaseResult r = run_case(c);
  RC_TAG(r.strategy, c.platform);
  RC_ASSERT_PASSES(r);
}

RC_GTEST_PROP(AdaptiveAvgPool2dGradFailurePaths, EachRuleGetsItsStatusAndLeavesOutUntouched, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  check_rule(kOp, (*rc::gen::elementOf(spec::adaptive_avgpool2d_grad::operator_spec().rules)).id);
}

TEST(AdaptiveAvgPool2dGradFailurePaths, EveryRuleIsExercised) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  for (const auto& rule : spec::adaptive_avgpool2d_grad::operator_spec().rules)
    EXPECT_TRUE(quiet_check([&] { check_rule(kOp, rule.id); }, 25)) << rule.id;
}

RC_GTEST_PROP(AdaptiveAvgPool2dGradMetamorphic, GradientSumIsConserved, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  check_conservation(*gen::adaptive_avgpool2d_grad::valid());
}

RC_GTEST_PROP(AdaptiveAvgPool2dGradMetamorphic, DeterministicModeIsBitwiseReproducible, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  Case c = *gen::adaptive_avgpool2d_grad::valid();
  c.deterministic = true;
  CaseTensors a, b;
  RC_ASSERT_PASSES(run_case(c, {}, &a));
  RC_ASSERT_PASSES(run_case(c, {}, &b));
  for (size_t i = 0; i < a.impl.size(); ++i)
    RC_ASSERT(a.impl[i] == b.impl[i] || (std::isnan(a.impl[i]) && std::isnan(b.impl[i])));
}

TEST(AdaptiveAvgPool2dGradCoverage, GeneratorReachesEveryRouteKeyPlatformAndForm) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuLastLaunch, "counting the tiling strategies reached");
  std::map<std::string, int> seen;
  for (uint64_t i = 0; i < 1500; ++i) {
    const Case c = gen::sample(gen::adaptive_avgpool2d_grad::valid(), 11000 + i, static_cast<int>(i % 100));
    const CaseResult r = run_case(c);
    ASSERT_FALSE(outcome_is_failure(r.outcome)) << r.message << "\n" << r.descriptor;
    const auto& self = *c.tensor("self");
    seen["strategy " + r.strategy]++;
    seen["key " + std::to_string(r.tiling_key)]++;
    seen["platform " + c.platform]++;
    seen[std::string("dtype ") + dtype_name(self.dtype)]++;
    seen[std::string("format ") + format_name(self.format)]++;
    seen[self.shape.size() == 3 ? "3-D" : "4-D"]++;
  }
  for (const char* want : {"strategy AllOne",
                           "strategy General",
                           "strategy BigKernel",
                           "strategy NchwSmallKernel",
                           "strategy SIMT",
                           "strategy AssistMatmul",
                           "key 900",
                           "key 910",
                           "key 920",
                           "key 0",
                           "key 1",
                           "key 17",
                           "key 18",
                           "key 19",
                           "key 35",
                           "platform Ascend910B",
                           "platform Ascend910_93",
                           "platform Ascend950",
                           "platform Ascend910",
                           "platform Ascend310P",
                           "dtype f32",
                           "dtype f16",
                           "dtype bf16",
                           "format ND",
                           "format NCHW",
                           "format NCL",
                           "3-D",
                           "4-D"})
    EXPECT_GT(seen[want], 0) << want;
}

// Every route's kernel with a gradient one element off: only the oracle comparison can reject it (the race
// shadow off).
TEST(AdaptiveAvgPool2dGradNegativeControl, WrongTapFailsTheOracleComparison) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope scope("wrong_tap");
  EmulatorChecksOff race_shadow_off;
  expect_only_rejected_by(tally_rejections(gen::adaptive_avgpool2d_grad::valid(), 1000, 300), Check::OracleComparison);
}

// The law on its own: windows ending one element early lose part of each gradient.
TEST(AdaptiveAvgPool2dGradNegativeControl, ConservationAloneRejectsShortWindows) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope scope("adaptive_floor_end");
  const auto why = quiet_failure([] {
    const ConservationRun run = run_for_conservation(*gen::adaptive_avgpool2d_grad::valid());
    RC_PRE(run.r.observed_status == 0);
    if (const auto v = conservation_violation(run.grad_output, run.t)) RC_FAIL(*v);
  });
  ASSERT_TRUE(why.has_value()) << "conservation held for every run with the windows cut short";
  EXPECT_TRUE(has_line_starting(*why, "conservation:")) << *why;
}

// The assist-matmul route's FLOAT16 term error is what its three FLOAT16 roundings need, and no looser than the
// check can notice: the emulator's result for the case its tests pin (tests/emulator_adaptive2d_test.cpp) passes
// with it, and the same result judged with the family's fp32 terms fails the oracle comparison.
TEST(AdaptiveAvgPool2dGradNegativeControl, AssistMatmulFp16NeedsItsTermError) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  Case c = spec::adaptive_avgpool2d_grad::make_case({"Ascend910", DType::F16, false, 1, 5, {9, 7}, {4, 3}, Format::ND});
  for (uint64_t seed = 0; seed < 40; ++seed) {
    c.seed = seed;
    CaseTensors t;
    const CaseResult r = run_case(c, {}, &t);
    ASSERT_EQ(r.outcome, Outcome::Pass) << r.message << "\n" << r.descriptor;
    const OpAdapter& op = *find_adapter(kOp);
    OracleResult family_terms = op.oracle(c, op.make_inputs(c));
    family_terms.term_error = {3 * std::ldexp(1.0, -24), std::ldexp(1.0, -148)};
    CaseResult judged;
    compare_with_oracle(c, op, family_terms, t.impl, &judged, nullptr);
    if (judged.outcome == Outcome::Fail) return;  // the control fired: the family's terms are too tight here
  }
  ADD_FAILURE() << "40 FLOAT16 assist-matmul results met the family's fp32 term error: the route's row is unproven";
}

}  // namespace poolcheck
