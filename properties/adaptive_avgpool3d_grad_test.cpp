// AdaptiveAvgPool3dBackward properties: impl == oracle on every documented platform and path, every
// failure path, gradient conservation (it always holds: each gradient is spread evenly over its window),
// determinism, knob invariance and coverage; with negative controls.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <map>

#include "aclnn/acl_meta.h"
#include "generators/generators.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"
#include "ops/adaptive_avgpool3d_grad/spec.h"
#include "properties/prop_util.h"

namespace poolcheck {

namespace {

constexpr const char* kOp = "adaptive_avgpool3d_grad";

void conservation() { check_conservation(*gen::adaptive_avgpool3d_grad::valid()); }

}  // namespace

RC_GTEST_PROP(AdaptiveAvgPool3dGrad, MatchesOracleWithinTolerance, ()) {
  const Case c = *gen::adaptive_avgpool3d_grad::valid();
  const CaseResult r = run_case(c);
  RC_TAG(r.strategy, c.platform);
  RC_ASSERT_PASSES(r);
}

RC_GTEST_PROP(AdaptiveAvgPool3dGradFailurePaths, EachRuleGetsItsStatusAndLeavesOutUntouched, ()) {
  check_rule(kOp, (*rc::gen::elementOf(spec::adaptive_avgpool3d_grad::operator_spec().rules)).id);
}

TEST(AdaptiveAvgPool3dGradFailurePaths, EveryRuleIsExercised) {
  for (const auto& rule : spec::adaptive_avgpool3d_grad::operator_spec().rules)
    EXPECT_TRUE(quiet_check([&] { check_rule(kOp, rule.id); }, 25)) << rule.id;
}

RC_GTEST_PROP(AdaptiveAvgPool3dGradMetamorphic, GradientSumIsConserved, ()) { conservation(); }

RC_GTEST_PROP(AdaptiveAvgPool3dGradMetamorphic, DeterministicModeIsBitwiseReproducible, ()) {
  check_deterministic_repeat(*gen::adaptive_avgpool3d_grad::valid());
}

RC_GTEST_PROP(AdaptiveAvgPool3dGradMetamorphic, ResultDoesNotDependOnCoresOrUbSize, ()) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetKnobs, "varying the tiling knobs");
  Case c = *gen::adaptive_avgpool3d_grad::valid();
  Case other = c;
  other.cores = *rc::gen::element<int32_t>(0, 1, 2, 5, 16);
  other.ub_bytes = *rc::gen::element<int64_t>(0, 65536, 2048, 512);
  other.deterministic = *rc::gen::arbitrary<bool>();
  CaseTensors a, b;
  RC_ASSERT_PASSES(run_case(c, {}, &a));
  RC_ASSERT_PASSES(run_case(other, {}, &b));
  // Both within tolerance of the oracle; between themselves within the sum of the two bounds.
  for (size_t i = 0; i < a.impl.size(); ++i)
    if (std::isfinite(a.impl[i])) RC_ASSERT(std::fabs(a.impl[i] - b.impl[i]) <= a.bound[i] + b.bound[i]);
}

TEST(AdaptiveAvgPool3dGradCoverage, GeneratorReachesEveryPathKeyAndPlatform) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuLastLaunch, "counting the tiling strategies reached");
  std::map<std::string, int> seen;
  for (uint64_t i = 0; i < 1500; ++i) {
    const Case c = gen::sample(gen::adaptive_avgpool3d_grad::valid(), 7000 + i, static_cast<int>(i % 100));
    const CaseResult r = run_case(c);
    ASSERT_FALSE(outcome_is_failure(r.outcome)) << r.message << "\n" << r.descriptor;
    seen["path " + r.strategy]++;
    seen["key " + std::to_string(r.tiling_key)]++;
    seen["soc " + c.platform]++;
    seen[c.tensor("self")->shape.size() == 4 ? "4-D" : "5-D"]++;
    const auto& in = c.tensor("self")->shape;
    const auto& out = c.tensor("gradOutput")->shape;
    const size_t rr = in.size();
    bool up = false, divisible = true;
    for (size_t a = rr - 3; a < rr; ++a) {
      up = up || out[a] > in[a];
      divisible = divisible && in[a] % out[a] == 0;
    }
    if (up) seen["upsampling"]++;
    seen[divisible ? "divisible" : "non-divisible"]++;
  }
  for (const char* want :
       {"path AllOne",      "path General",  "key 0",          "key 1",   "key 10",  "key 11",
        "key 20",           "key 21",        "key 900",        "key 910", "key 920", "soc Ascend910B",
        "soc Ascend910_93", "soc Ascend910", "soc Ascend310P", "4-D",     "5-D",     "upsampling",
        "divisible",        "non-divisible"})
    EXPECT_GT(seen[want], 0) << want;
}

// With the race shadow off, only the oracle comparison can reject a shifted tap (fail, elements beyond their
// bound).
TEST(AdaptiveAvgPool3dGradNegativeControl, WrongTapFailsTheOracleComparison) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope scope("wrong_tap");
  EmulatorChecksOff race_shadow_off;
  expect_only_rejected_by(tally_rejections(gen::adaptive_avgpool3d_grad::valid(), 1000, 300), Check::OracleComparison);
}

TEST(AdaptiveAvgPool3dGradNegativeControl, SkippedInitFailsTheOracleComparison) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope scope("skip_init");
  expect_only_rejected_by(tally_rejections(gen::adaptive_avgpool3d_grad::valid(), 1000, 300), Check::OracleComparison);
}

// Plain stores where atomics are needed: the race shadow refuses the launch (wrong-error, 361001 in Execute),
// except where one block overwrites its own sum, which the oracle comparison rejects.
TEST(AdaptiveAvgPool3dGradNegativeControl, MissingAtomicsTripTheRaceShadow) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope scope("no_atomics");
  const Rejections t = tally_rejections(gen::adaptive_avgpool3d_grad::valid(), 1000, 300);
  expect_rejected_by(t, Check::RaceShadow, {Check::OracleComparison});
  if (t.example.count(Check::RaceShadow)) {
    EXPECT_EQ(t.example.at(Check::RaceShadow).observed_status, ACLNN_ERR_RUNTIME_ERROR);
  }
}

TEST(AdaptiveAvgPool3dGradNegativeControl, MissingAtomicsFailTheOracleComparisonWithoutTheRaceShadow) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope scope("no_atomics");
  EmulatorChecksOff race_shadow_off;
  expect_only_rejected_by(tally_rejections(gen::adaptive_avgpool3d_grad::valid(), 1000, 300), Check::OracleComparison);
}

// The law on its own, without the oracle comparison in front of it (which would reject these runs first):
// unwritten output keeps the device's NaN bytes.
TEST(AdaptiveAvgPool3dGradNegativeControl, ConservationAloneRejectsASkippedInit) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope scope("skip_init");
  const auto why = quiet_failure([] {
    const ConservationRun run = run_for_conservation(*gen::adaptive_avgpool3d_grad::valid());
    RC_PRE(run.r.observed_status == 0);
    if (const auto v = conservation_violation(run.grad_output, run.t)) RC_FAIL(*v);
  });
  ASSERT_TRUE(why.has_value()) << "conservation held for every run with the init skipped";
  EXPECT_TRUE(has_line_starting(*why, "conservation:")) << *why;
}

}  // namespace poolcheck
