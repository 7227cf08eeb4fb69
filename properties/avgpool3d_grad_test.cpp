// AvgPool3dBackward properties: impl == oracle under the vector path's tolerance on every SoC the document lists,
// every documented failure path, the conservation law where it holds, determinism and knob invariance, the path,
// SoCs, ranks and formats reached; each with a negative control.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "aclnn/acl_meta.h"
#include "case/descriptor.h"
#include "generators/generators.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"
#include "ops/avgpool3d_grad/spec.h"
#include "properties/prop_util.h"

namespace poolcheck {

namespace {

constexpr const char* kOp = "avgpool3d_grad";

std::vector<double> output_of(const Case& c) {
  CaseTensors t;
  const CaseResult r = run_case(c, {}, &t);
  RC_ASSERT_PASSES(r);
  return t.impl;
}

// Sum of output equals the sum of gradOutput exactly when every window's divisor is the number of real input
// elements it covers: no divisorOverride and countIncludePad off.
void conservation() { check_avg_conservation(*gen::avgpool3d_grad::valid()); }

}  // namespace

RC_GTEST_PROP(AvgPool3dGrad, MatchesOracleWithinTheVectorPathTolerance, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  const Case c = *gen::avgpool3d_grad::valid();
  const CaseResult r = run_case(c);
  RC_TAG(r.strategy);
  RC_ASSERT_PASSES(r);
}

RC_GTEST_PROP(AvgPool3dGradFailurePaths, EachRuleGetsItsStatusAndLeavesOutputUntouched, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  check_rule(kOp, (*rc::gen::elementOf(spec::avgpool3d_grad::operator_spec().rules)).id);
}

TEST(AvgPool3dGradFailurePaths, EveryRuleIsExercised) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  for (const auto& rule : spec::avgpool3d_grad::operator_spec().rules)
    EXPECT_TRUE(quiet_check([&] { check_rule(kOp, rule.id); }, 25)) << rule.id;
}

RC_GTEST_PROP(AvgPool3dGradMetamorphic, GradientSumIsConservedWhenDivisorsCountRealElements, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  conservation();
}

RC_GTEST_PROP(AvgPool3dGradMetamorphic, DeterministicModeIsBitwiseReproducible, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  check_deterministic_repeat(*gen::avgpool3d_grad::valid());
}

RC_GTEST_PROP(AvgPool3dGradMetamorphic, ResultDoesNotDependOnCoresOrUbSizeWithExactSums, ()) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetKnobs, "varying the tiling knobs");
  // Divisor 1 and integer data: every sum is exact, so any tiling gives the same bits.
  Case c = *gen::avgpool3d_grad::valid();
  c.fill = FillKind::Ints;
  c.set_scalar("divisorOverride", 1);
  Case other = c;
  other.cores = *rc::gen::element<int32_t>(0, 1, 2, 5, 16);
  other.ub_bytes = *rc::gen::element<int64_t>(0, 65536, 2048, 512);
  other.deterministic = *rc::gen::arbitrary<bool>();
  const auto a = output_of(c), b = output_of(other);
  RC_ASSERT(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) RC_ASSERT(a[i] == b[i]);
}

TEST(AvgPool3dGradCoverage, GeneratorReachesThePathSocsRanksFormatsAndAttributes) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuLastLaunch, "counting the tiling strategies reached");
  std::map<std::string, int> seen;
  for (uint64_t i = 0; i < 600; ++i) {
    const Case c = gen::sample(gen::avgpool3d_grad::valid(), 7000 + i, static_cast<int>(i % 100));
    const CaseResult r = run_case(c);
    ASSERT_FALSE(outcome_is_failure(r.outcome)) << r.message << "\n" << r.descriptor;
    seen["path " + r.strategy]++;
    seen["key " + std::to_string(r.tiling_key)]++;
    seen[c.platform]++;
    seen[c.tensor("self")->shape.size() == 4 ? "4-D" : "5-D"]++;
    seen[std::string("format ") + format_name(c.tensor("self")->format)]++;
    const int64_t d = c.scalar("divisorOverride").value_or(0);
    seen[d == 0 ? "divisor none" : d < 0 ? "divisor negative" : "divisor positive"]++;
    seen[std::string("ceil ") + (c.scalar("ceilMode") == 1 ? "on" : "off") + ", cip " +
         (c.scalar("countIncludePad") == 1 ? "on" : "off")]++;
    const auto& k = c.array("kernelSize")->values;
    if (k.size() == 3 && (k[0] != k[1] || k[1] != k[2])) seen["unequal kernel axes"]++;
    if (c.array("stride") && !c.array("stride")->present) seen["null stride"]++;
    if (!c.tensor("output")->strides.empty()) seen["strided output"]++;
    if (c.deterministic) seen["deterministic"]++;
  }
  for (const char* want : {"path Vector",
                           "key 1000",
                           "key 2000",
                           "key 3000",
                           "key 4000",
                           "key 5000",
                           "key 6000",
                           "Ascend910B",
                           "Ascend910_93",
                           "Ascend950",
                           "4-D",
                           "5-D",
                           "format ND",
                           "format NCDHW",
                           "divisor none",
                           "divisor negative",
                           "divisor positive",
                           "ceil on, cip on",
                           "ceil on, cip off",
                           "ceil off, cip on",
                           "ceil off, cip off",
                           "unequal kernel axes",
                           "null stride",
                           "strided output",
                           "deterministic"})
    EXPECT_GT(seen[want], 0) << want;
}

// A wrong implementation must fail the oracle comparison: a shifted tap on every route (channels-last, only-T,
// block, scatter) with the race shadow off (so that it cannot answer first), and a skipped zero-init, whose device
// bytes nothing but the comparison looks at.
TEST(AvgPool3dGradNegativeControl, WrongImplementationsFailTheOracleComparison) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  for (uint64_t key : {1000, 2000, 3000, 4000, 5000, 6000}) {
    SCOPED_TRACE("wrong_tap on Vector/" + std::to_string(key));
    FaultScope scope("wrong_tap");
    EmulatorChecksOff off;
    expect_only_rejected_by(tally_rejections(gen::avgpool3d_grad::valid(), 3000, 400,
                                             [key](const CaseResult& r) { return r.tiling_key == key; }),
                            Check::OracleComparison);
  }
  {
    FaultScope scope("skip_init");
    expect_only_rejected_by(tally_rejections(gen::avgpool3d_grad::valid(), 3000, 300), Check::OracleComparison);
  }
}

// Plain stores where atomics are needed: without the race shadow the oracle comparison rejects them.
TEST(AvgPool3dGradNegativeControl, MissingAtomicsFailTheOracleComparisonWithoutTheRaceShadow) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("no_atomics");
  EmulatorChecksOff race_shadow_off;
  expect_only_rejected_by(tally_rejections(gen::avgpool3d_grad::valid(), 1000, 300), Check::OracleComparison);
}

// A library that ignores divisorOverride (dividing by the window's element count instead) is caught by the oracle
// comparison on the cases that set one.
TEST(AvgPool3dGradNegativeControl, DivisorOverrideIgnoredFailsTheOracleComparison) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("divisor_override_ignored");
  expect_only_rejected_by(
      tally_rejections(gen::avgpool3d_grad::valid(), 1000, 300,
                       [](const CaseResult& r) { return r.descriptor.find("divisorOverride=0") == std::string::npos; }),
      Check::OracleComparison);
}

// countIncludePad on with padding breaks conservation: the law must notice when its condition is dropped.
TEST(AvgPool3dGradNegativeControl, ConservationRejectsAWrongDivisorSemantics) {
  POOLCHECK_NEEDS_OPERATOR(kOp);
  expect_avg_conservation_fails_with_padding_counted(gen::avgpool3d_grad::valid());
}

}  // namespace poolcheck
