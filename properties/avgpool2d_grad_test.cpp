// AvgPool2dBackward properties: impl == oracle under the tolerance model of each precision mode, every
// documented failure path, the conservation law where it holds, determinism and knob invariance, every
// path reached; each with a negative control.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>

#include "aclnn/acl_meta.h"
#include "case/descriptor.h"
#include "generators/generators.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"
#include "ops/avgpool2d_grad/spec.h"
#include "properties/prop_util.h"

namespace poolcheck {

namespace {

std::vector<double> grad_input_of(const Case& c) {
  CaseTensors t;
  const CaseResult r = run_case(c, {}, &t);
  RC_ASSERT_PASSES(r);
  return t.impl;
}

constexpr const char* kOp = "avgpool2d_grad";

// Elements of an all-fp32 run beyond the strict KEEP_DTYPE bound, written here from docs/tolerance.md rather
// than taken from the adapter: each term g/divisor within 3 fp32 roundings (operand, reciprocal, product, with
// an underflow floor of 2^-148), summed in fp32 and rounded once to fp32.
int64_t beyond_strict_fp32_bound(const Case& c, const CaseTensors& t) {
  const double u32 = std::ldexp(1.0, -24);
  const auto* op = find_adapter(c.op);
  const OracleResult o = op->oracle(c, op->make_inputs(c));
  int64_t beyond = 0;
  for (size_t e = 0; e < t.impl.size(); ++e) {
    const double strict = fp32_sum_bound(DType::F32, o.terms_at(e), TermError{3 * u32, std::ldexp(1.0, -148)});
    if (!compare_element(t.impl[e], t.oracle[e], strict).ok) ++beyond;
  }
  return beyond;
}

Case all_fp32(Case c, int64_t cube_math_type) {
  for (auto& [name, t] : c.tensors) t.dtype = DType::F32;
  c.set_scalar("cubeMathType", cube_math_type);
  return c;
}

// Sum of gradInput equals the sum of gradOutput exactly when every window's divisor is the number of
// real input elements it covers: no divisorOverride and countIncludePad off (with it on, a window that
// reaches into padding or past the input divides by more than it spreads over).
void conservation() { check_avg_conservation(*gen::avgpool2d_grad::valid()); }

}  // namespace

RC_GTEST_PROP(AvgPool2dGrad, MatchesOracleWithinTheToleranceOfItsPrecisionMode, ()) {
  const Case c = *gen::avgpool2d_grad::valid();
  const CaseResult r = run_case(c);
  RC_TAG(r.strategy);
  RC_ASSERT_PASSES(r);
}

// The bound is recomputed from the documented model, not taken from the adapter: a widened adapter bound
// cannot let a KEEP_DTYPE result that is only HF32-accurate pass.
RC_GTEST_PROP(AvgPool2dGrad, KeepDtypeFp32MeetsTheStrictFp32Bound, ()) {
  const Case c = all_fp32(*gen::avgpool2d_grad::valid(), 0);
  CaseTensors t;
  RC_ASSERT_PASSES(run_case(c, {}, &t));
  const int64_t beyond = beyond_strict_fp32_bound(c, t);
  if (beyond > 0) RC_FAIL("strict fp32 bound: " + std::to_string(beyond) + " element(s) beyond it");
}

RC_GTEST_PROP(AvgPool2dGradFailurePaths, EachRuleGetsItsStatusAndLeavesGradInputUntouched, ()) {
  check_rule(kOp, (*rc::gen::elementOf(spec::avgpool2d_grad::operator_spec().rules)).id);
}

TEST(AvgPool2dGradFailurePaths, EveryRuleIsExercised) {
  for (const auto& rule : spec::avgpool2d_grad::operator_spec().rules)
    EXPECT_TRUE(quiet_check([&] { check_rule(kOp, rule.id); }, 25)) << rule.id;
}

RC_GTEST_PROP(AvgPool2dGradMetamorphic, GradientSumIsConservedWhenDivisorsCountRealElements, ()) { conservation(); }

RC_GTEST_PROP(AvgPool2dGradMetamorphic, DeterministicModeIsBitwiseReproducible, ()) {
  Case c = *gen::avgpool2d_grad::valid();
  c.deterministic = true;
  const auto a = grad_input_of(c), b = grad_input_of(c);
  for (size_t i = 0; i < a.size(); ++i) RC_ASSERT(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i])));
}

RC_GTEST_PROP(AvgPool2dGradMetamorphic, ResultDoesNotDependOnCoresOrUbSizeBeyondTolerance, ()) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetKnobs, "varying the tiling knobs");
  const Case c = *gen::avgpool2d_grad::valid();
  Case other = c;
  other.cores = *rc::gen::element<int32_t>(0, 1, 2, 5, 16);
  other.ub_bytes = *rc::gen::element<int64_t>(0, 65536, 2048, 512);
  other.deterministic = *rc::gen::arbitrary<bool>();
  // Both runs must pass the oracle comparison; with divisor 1 and integer data the sums are exact and the
  // two results bitwise equal.
  const auto a = grad_input_of(c), b = grad_input_of(other);
  RC_ASSERT(a.size() == b.size());
  Case exact = c;
  exact.fill = FillKind::Ints;
  exact.set_scalar("divisorOverride", 1);
  Case exact_other = exact;
  exact_other.cores = other.cores;
  exact_other.ub_bytes = other.ub_bytes;
  const auto e1 = grad_input_of(exact), e2 = grad_input_of(exact_other);
  for (size_t i = 0; i < e1.size(); ++i) RC_ASSERT(e1[i] == e2[i]);
}

TEST(AvgPool2dGradCoverage, GeneratorReachesEveryPathAndPrecisionMode) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuLastLaunch, "counting the tiling strategies reached");
  std::map<std::string, int> seen;
  for (uint64_t i = 0; i < 1500; ++i) {
    const Case c = gen::sample(gen::avgpool2d_grad::valid(), 5000 + i, static_cast<int>(i % 100));
    const CaseResult r = run_case(c);
    ASSERT_FALSE(outcome_is_failure(r.outcome)) << r.message << "\n" << r.descriptor;
    seen["path " + r.strategy]++;
    seen["key " + std::to_string(r.tiling_key)]++;
    seen[c.tensor("self")->shape.size() == 3 ? "3-D" : "4-D"]++;
    seen["cubeMathType " + std::to_string(c.scalar("cubeMathType").value_or(0))]++;
    const int64_t d = c.scalar("divisorOverride").value_or(0);
    seen[d == 0 ? "divisor none" : d < 0 ? "divisor negative" : d > 255 ? "divisor > 255" : "divisor small"]++;
    seen[std::string("ceil ") + (c.scalar("ceilMode") == 1 ? "on" : "off") + ", cip " +
         (c.scalar("countIncludePad") == 1 ? "on" : "off")]++;
    const auto& pads = c.array("padding")->values;
    const bool padded = std::any_of(pads.begin(), pads.end(), [](int64_t v) { return v > 0; });
    seen[std::string("combo ") + (c.scalar("ceilMode") == 1 ? "ceil" : "floor") +
         (c.scalar("countIncludePad") == 1 ? "/cip" : "/nocip") + (padded ? "/pad" : "/nopad") +
         (d == 0  ? "/none"
          : d > 0 ? "/pos"
                  : "/neg")]++;
    if (c.array("stride") && !c.array("stride")->present) seen["null stride"]++;
    if (!c.tensor("gradInput")->strides.empty()) seen["strided gradInput"]++;
    if (r.tiling.find("cNum=1 ") == std::string::npos && r.strategy == "Vector") seen["channel chunks"]++;
  }
  for (const char* want : {"path Global",
                           "path Cube",
                           "path Vector",
                           "key 1000",
                           "key 2000",
                           "key 7000",
                           "key 7001",
                           "key 7002",
                           "key 8000",
                           "key 8001",
                           "3-D",
                           "4-D",
                           "cubeMathType 0",
                           "cubeMathType 1",
                           "cubeMathType 2",
                           "cubeMathType 3",
                           "divisor none",
                           "divisor negative",
                           "divisor > 255",
                           "divisor small",
                           "ceil on, cip on",
                           "ceil on, cip off",
                           "ceil off, cip on",
                           "ceil off, cip off",
                           "null stride",
                           "strided gradInput",
                           "channel chunks"})
    EXPECT_GT(seen[want], 0) << want;
}

// A wrong implementation on each path must fail the oracle comparison: a shifted tap (Vector, Cube), the naive
// global shortcut that ignores padding (Global), with the race shadow off so that it cannot answer first; and
// a skipped zero-init (Vector), whose device bytes nothing but the comparison looks at.
void expect_oracle_rejects_on(const char* fault, const std::string& path, bool race_shadow) {
  SCOPED_TRACE(std::string(fault) + " on " + path);
  FaultScope scope(fault);
  std::optional<EmulatorChecksOff> off;
  if (!race_shadow) off.emplace();
  expect_only_rejected_by(tally_rejections(gen::avgpool2d_grad::valid(), 3000, 400,
                                           [&](const CaseResult& r) { return r.strategy == path; }),
                          Check::OracleComparison);
}

TEST(AvgPool2dGradNegativeControl, WrongImplementationsFailTheOracleComparisonOnEveryPath) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  expect_oracle_rejects_on("wrong_tap", "Vector", false);
  expect_oracle_rejects_on("wrong_tap", "Cube", false);
  expect_oracle_rejects_on("wrong_tap", "Global", false);
  expect_oracle_rejects_on("skip_init", "Vector", true);
}

// The KEEP_DTYPE fp32 bound is strict enough to reject HF32 arithmetic: results computed with
// cubeMathType=1 (HF32 operands) on the Cube path must break the fp32 bound somewhere.
TEST(AvgPool2dGradNegativeControl, StrictFp32BoundRejectsHf32Results) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuLastLaunch, "selecting Cube-path results by their tiling");
  int64_t beyond = 0;
  for (uint64_t i = 0; i < 300 && beyond == 0; ++i) {
    Case c = all_fp32(gen::sample(gen::avgpool2d_grad::valid(), 9000 + i, 60), 1);
    c.fill = FillKind::Normal;
    CaseTensors t;
    const CaseResult r = run_case(c, {}, &t);
    if (r.strategy != "Cube" || r.outcome != Outcome::Pass) continue;
    beyond += beyond_strict_fp32_bound(c, t);
  }
  EXPECT_GT(beyond, 0);
}

// A result 2^-20 off (relative) is beyond it too, while the same runs unperturbed are within it.
TEST(AvgPool2dGradNegativeControl, StrictFp32BoundRejectsAResultOffBy2ToTheMinus20) {
  int passed = 0;
  int64_t beyond = 0;
  for (uint64_t i = 0; i < 40; ++i) {
    Case c = all_fp32(gen::sample(gen::avgpool2d_grad::valid(), 9500 + i, 60), 0);
    c.fill = FillKind::Normal;
    CaseTensors t;
    if (run_case(c, {}, &t).outcome != Outcome::Pass) continue;
    ++passed;
    EXPECT_EQ(beyond_strict_fp32_bound(c, t), 0) << to_descriptor(c);
    for (double& v : t.impl) v *= 1 + std::ldexp(1.0, -20);
    beyond += beyond_strict_fp32_bound(c, t);
  }
  EXPECT_GT(passed, 0);
  EXPECT_GT(beyond, 0);
}

// Plain stores where atomics are needed: the race shadow refuses the launch (wrong-error, 361001 in Execute),
// except where one block overwrites its own sum, which the oracle comparison rejects.
TEST(AvgPool2dGradNegativeControl, MissingAtomicsTripTheRaceShadow) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("no_atomics");
  const Rejections t = tally_rejections(gen::avgpool2d_grad::valid(), 1000, 300);
  expect_rejected_by(t, Check::RaceShadow, {Check::OracleComparison});
  if (t.example.count(Check::RaceShadow)) {
    EXPECT_EQ(t.example.at(Check::RaceShadow).observed_status, ACLNN_ERR_RUNTIME_ERROR);
  }
}

TEST(AvgPool2dGradNegativeControl, MissingAtomicsFailTheOracleComparisonWithoutTheRaceShadow) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("no_atomics");
  EmulatorChecksOff race_shadow_off;
  expect_only_rejected_by(tally_rejections(gen::avgpool2d_grad::valid(), 1000, 300), Check::OracleComparison);
}

// countIncludePad on with padding breaks conservation: the law (the same check the property calls) must notice
// when its condition is dropped, on runs that pass the oracle comparison.
TEST(AvgPool2dGradNegativeControl, ConservationRejectsAWrongDivisorSemantics) {
  expect_avg_conservation_fails_with_padding_counted(gen::avgpool2d_grad::valid());
}

}  // namespace poolcheck
