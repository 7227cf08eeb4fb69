// Max pooling on Ascend950 (the regbase SIMD and SIMT kernels):
//   - every 950 key matches the oracle (a property steered to SIMD and SIMT, with a key tally);
//   - tiling invariance: the same case on Ascend910B and on Ascend950 agrees within the tolerance model, and bit
//     for bit where both runs are deterministic and the sums cannot depend on their order;
//   - the deterministic flag makes no difference on Ascend950 (bits and launch info);
//   - INT64 and INT32 indices give the same bits on Ascend950 when the plan is the same (the index width enters
//     SIMD's UB budget and may move a tile boundary, which may reorder fp32 sums: then within tolerance).
// Each property has a negative control that names the check it expects to fire.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "case/descriptor.h"
#include "case/summary.h"
#include "generators/generators.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"
#include "properties/prop_util.h"
#include "properties/regbase_checks.h"

namespace poolcheck {
namespace {

using regbase_checks::RunResult;

constexpr const char* k950 = "Ascend950";

gen::GenConfig steered(Strategy strategy, const std::string& feature = "") {
  gen::GenConfig cfg;
  cfg.target.platform = k950;
  cfg.target.strategy = strategy;
  cfg.target.feature = feature;
  return cfg;
}

// A case drawn for Ascend950 and steered to one of its strategies, any feature.
rc::Gen<Case> steered_950_case() {
  return rc::gen::exec([] {
    const Strategy strategy = *rc::gen::element(Strategy::SIMD, Strategy::SIMT);
    const std::string feature = *rc::gen::elementOf(gen::features("maxpool3d_grad"));
    return *gen::maxpool3d_grad::valid(steered(strategy, feature));
  });
}

// ---- the int32 index limit knob through the runner ----

// A case's i32limit reaches the backend (below the element count: SIMT's int64 kernel), the next case without one
// runs with the platform's limit again, and the determinism rerun of a deterministic case keeps the case's limit
// (the last launch, the rerun's, is still SIMT/258). Control: the same case without the limit never runs 258.
TEST(MaxPool3dGradRegbase, IndexLimitKnobIsAppliedPerCaseAndKeptByTheRerun) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetInt32IndexLimit, "the int32 index limit knob");
  const std::string line =
      "op=maxpool3d_grad soc=Ascend950 gradOutput=f32:1x2x2x2x2 self=f32:1x2x4x4x4 indices=i64:1x2x2x2x2 "
      "gradInput=f32:1x2x4x4x4 kernelSize=[2] stride=[2] padding=[0] dilation=[1] ceilMode=0 det=1 seed=3 "
      "fill=normal";
  const ParseResult limited = parse_runnable_case(line + " i32limit=127");  // 128 elements
  ASSERT_TRUE(limited.ok) << limited.error;
  const CaseResult a = run_case(limited.value);
  ASSERT_EQ(a.outcome, Outcome::Pass) << a.message;
  EXPECT_EQ(tiling_key_label(a), "SIMT/258");
  ASSERT_EQ(a.rerun.check, RerunCheck::Bitwise);
  pcEmuLaunchInfo last{};
  ASSERT_EQ(backend::api().pcEmuLastLaunch(&last), 0);
  EXPECT_EQ(last.tilingKey, 258u) << "the rerun ran without the case's limit";
  const ParseResult plain = parse_runnable_case(line);
  ASSERT_TRUE(plain.ok) << plain.error;
  const CaseResult b = run_case(plain.value);
  ASSERT_EQ(b.outcome, Outcome::Pass) << b.message;
  EXPECT_NE(b.tiling_key, 258u) << "the previous case's limit leaked into this one";
  EXPECT_EQ(b.strategy, "SIMD");
}

// A limit no descriptor can carry (past INT32_MAX: an int32 index would overflow) set on a Case directly is refused
// by the backend and reported as a harness error naming the knob, its value and its range, not run.
TEST(MaxPool3dGradRegbase, AnIndexLimitPastInt32IsAHarnessError) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetInt32IndexLimit, "the int32 index limit knob");
  Case c = gen::sample(gen::maxpool3d_grad::valid(steered(Strategy::SIMT)), 5, 20);
  c.int32_index_limit = kMaxInt32IndexLimit + 1;
  const CaseResult r = run_case(c);
  EXPECT_EQ(r.outcome, Outcome::HarnessError) << r.message;
  EXPECT_NE(r.message.find("i32limit=2147483648"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("[0, 2147483647]"), std::string::npos) << r.message;
}

// ---- every key against the oracle ----

RC_GTEST_PROP(MaxPool3dGradRegbase, SteeredCasesMatchTheOracle, ()) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetPlatform, "running Ascend950 cases");
  const Case c = *steered_950_case();
  const CaseResult r = run_case(c);
  RC_TAG(tiling_key_label(r));
  RC_ASSERT_PASSES(r);
}

// The steered stream reaches all five keys, each matching the oracle, and each strategy steered to is the one
// that ran. Counted over a fixed sample.
TEST(MaxPool3dGradRegbase, SteeredStreamReachesEveryKey) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuLastLaunch, "counting the tiling keys reached");
  std::map<std::string, int> keys;
  for (const Strategy strategy : {Strategy::SIMD, Strategy::SIMT}) {
    for (uint64_t i = 0; i < 120; ++i) {
      const Case c = gen::sample(gen::maxpool3d_grad::valid(steered(strategy)), 7000 + i, static_cast<int>(i % 100));
      const CaseResult r = run_case(c);
      ASSERT_FALSE(outcome_is_failure(r.outcome)) << r.message << "\n" << r.descriptor;
      EXPECT_EQ(r.strategy, strategy_name(strategy))
          << "steered to " << strategy_name(strategy) << ": " << r.descriptor;
      keys[tiling_key_label(r)]++;
    }
  }
  for (const char* want : {"SIMD/2049", "SIMD/1", "SIMD/1025", "SIMT/257", "SIMT/258"})
    EXPECT_GT(keys[want], 0) << want;
}

// The controls of the key property: each 950 fault of the catalog on the steered stream, rejected by the check
// its control names and no other (prop_util.h, Check).

// SIMT's window end one short: the last window that reaches an element is skipped and its gradient lost.
TEST(MaxPool3dGradRegbaseNegativeControl, ShortSimtWindowFailsTheOracleComparison) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("simt_window_short");
  expect_only_rejected_by(tally_rejections(gen::maxpool3d_grad::valid(steered(Strategy::SIMT)), 7000, 200),
                          Check::OracleComparison);
}

// SIMD without the range check: a split tile scatters the indices of its neighbours' elements too, past its UB
// tile (the UB buffer bounds) or onto an element of its own it does not own (the oracle comparison).
TEST(MaxPool3dGradRegbaseNegativeControl, SkippedSimdRangeCheckTripsTheUbBufferBounds) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("simd_range_check_skipped");
  const Rejections t = tally_rejections(gen::maxpool3d_grad::valid(steered(Strategy::SIMD)), 7000, 300);
  expect_rejected_by(t, Check::UbBounds, {Check::OracleComparison});
}

// Overlapping grad positions in one vector: two lanes scatter into one element, which the emulator's lane
// invariant refuses (wrong-error) before any value is written.
TEST(MaxPool3dGradRegbaseNegativeControl, CollidingSimdLanesTripTheLaneInvariant) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("simd_batch_collide");
  expect_only_rejected_by(
      tally_rejections(gen::maxpool3d_grad::valid(steered(Strategy::SIMD, gen::kFeatureOverlap)), 7000, 200),
      Check::LaneInvariant);
}

// INT64 indices read as INT32: SIMT compares the misread words with each element's position, so gradients go
// missing or land wrong (the oracle comparison); SIMD sends several lanes to element 0 (the lane invariant) or
// past its tile (the UB buffer bounds).
TEST(MaxPool3dGradRegbaseNegativeControl, Int64IndicesReadAsInt32AreRejected) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("index_int64_as_int32");
  for (const Strategy strategy : {Strategy::SIMT, Strategy::SIMD}) {
    const Rejections t =
        tally_rejections(gen::maxpool3d_grad::valid(steered(strategy, gen::kFeatureInt64Indices)), 7000, 150);
    if (strategy == Strategy::SIMT)
      expect_only_rejected_by(t, Check::OracleComparison);
    else
      expect_rejected_by(t, Check::LaneInvariant, {Check::OracleComparison, Check::UbBounds});
  }
}

// ---- tiling invariance across platforms ----

// The same case on Ascend910B (INT32 indices, as A2 requires) and on Ascend950.
RC_GTEST_PROP(MaxPool3dGradRegbase, SameCaseOnAscend910BAndAscend950Agrees, ()) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetPlatform, "running one case on two platforms");
  gen::GenConfig cfg;
  cfg.target.platform = "Ascend910B";
  Case a2 = *gen::maxpool3d_grad::valid(cfg);
  const RunResult on_a2 = regbase_checks::run(a2);
  Case on950 = a2;
  on950.platform = k950;
  const RunResult on_950 = regbase_checks::run(on950);
  RC_ASSERT_PASSES(on_a2.r);
  RC_ASSERT_PASSES(on_950.r);
  const bool bitwise = regbase_checks::bitwise_across_platforms(a2, on_a2);
  RC_TAG(bitwise ? "bitwise" : "tolerance", on_a2.r.strategy + " vs " + on_950.r.strategy);
  if (const auto v = regbase_checks::invariance_violation(on_a2.t, on_950.t, bitwise))
    RC_FAIL(*v + "\n  A2: " + on_a2.r.descriptor + "\n  950: " + on_950.r.descriptor);
}

// Controls of the invariance check itself: one element a unit in the last place off in a bitwise comparison, and
// one element beyond twice its bound in a tolerance comparison, are named ("invariance:").
TEST(MaxPool3dGradRegbaseNegativeControl, InvarianceCheckNamesAChangedElement) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetPlatform, "running one case on two platforms");
  const Case c = gen::sample(gen::maxpool3d_grad::valid(steered(Strategy::SIMD)), 31, 40);
  const RunResult a = regbase_checks::run(c);
  ASSERT_EQ(a.r.outcome, Outcome::Pass) << a.r.message << "\n" << a.r.descriptor;
  EXPECT_FALSE(regbase_checks::invariance_violation(a.t, a.t, true)) << "a run agrees with itself";
  size_t at = 0;
  while (at < a.t.impl.size() && !(std::isfinite(a.t.impl[at]) && a.t.impl[at] != 0)) ++at;
  ASSERT_LT(at, a.t.impl.size()) << "a nonzero element to change: " << a.r.descriptor;
  CaseTensors ulp_off = a.t;
  ulp_off.impl[at] = std::nextafter(ulp_off.impl[at], INFINITY);
  const auto bit = regbase_checks::invariance_violation(a.t, ulp_off, true);
  ASSERT_TRUE(bit.has_value());
  EXPECT_EQ(bit->rfind("invariance: ", 0), 0u) << *bit;
  EXPECT_NE(bit->find("element " + std::to_string(at)), std::string::npos) << *bit;
  // Within the bounds the tolerance comparison accepts what the bitwise one refuses.
  size_t multi = 0;
  while (multi < a.t.bound.size() && !(a.t.bound[multi] > 0 && std::isfinite(a.t.impl[multi]))) ++multi;
  if (multi < a.t.bound.size()) {
    CaseTensors within = a.t;
    within.impl[multi] += a.t.bound[multi] / 2;
    EXPECT_FALSE(regbase_checks::invariance_violation(a.t, within, false)) << "half a bound is within the tolerance";
    EXPECT_TRUE(regbase_checks::invariance_violation(a.t, within, true).has_value());
  }
  CaseTensors far = a.t;
  far.impl[at] += 3 * far.bound[at] + std::fabs(far.impl[at]);
  const auto tol = regbase_checks::invariance_violation(a.t, far, false);
  ASSERT_TRUE(tol.has_value());
  EXPECT_EQ(tol->rfind("invariance: ", 0), 0u) << *tol;
}

// ---- the deterministic flag on Ascend950 ----

RC_GTEST_PROP(MaxPool3dGradRegbase, DeterministicFlagChangesNothingOnAscend950, ()) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuLastLaunch, "comparing launch information");
  Case c = *steered_950_case();
  c.deterministic = false;
  Case det = c;
  det.deterministic = true;
  const RunResult plain = regbase_checks::run(c), with_flag = regbase_checks::run(det);
  RC_ASSERT_PASSES(plain.r);
  RC_ASSERT_PASSES(with_flag.r);
  RC_TAG(tiling_key_label(plain.r));
  if (const auto v = regbase_checks::same_run(plain, with_flag)) RC_FAIL(*v + "\n  " + plain.r.descriptor);
}

// Control: on Ascend910B the flag does change the plan of some overlapping cases (D kept whole, no atomics), and
// the same comparison names the launch information that differs ("launch:").
TEST(MaxPool3dGradRegbaseNegativeControl, DeterministicFlagOnAscend910BChangesSomePlans) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuLastLaunch, "comparing launch information");
  gen::GenConfig cfg;
  cfg.target.platform = "Ascend910B";
  cfg.target.strategy = Strategy::Normal;
  cfg.target.feature = gen::kFeatureOverlap;
  std::optional<std::string> named;
  for (uint64_t i = 0; i < 300 && !named; ++i) {
    Case c = gen::sample(gen::maxpool3d_grad::valid(cfg), 8000 + i, static_cast<int>(i % 100));
    c.deterministic = false;
    Case det = c;
    det.deterministic = true;
    named = regbase_checks::same_run(regbase_checks::run(c), regbase_checks::run(det));
  }
  ASSERT_TRUE(named.has_value()) << "no A2 case whose plan the flag changes";
  EXPECT_EQ(named->rfind("launch: ", 0), 0u) << *named;
}

// ---- INT64 and INT32 indices on Ascend950 ----

// The same bits when the index width leaves the plan as it is (and when no element sums more than two gradients);
// where it moves a tile boundary (it enters SIMD's UB budget), within the tolerance model.
RC_GTEST_PROP(MaxPool3dGradRegbase, Int64AndInt32IndicesGiveTheSameResult, ()) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetPlatform, "running Ascend950 cases");
  const Case c = *steered_950_case();
  Case i32 = c, i64 = c;
  i32.tensor_mut("indices").dtype = DType::I32;
  i64.tensor_mut("indices").dtype = DType::I64;
  const RunResult a = regbase_checks::run(i32), b = regbase_checks::run(i64);
  RC_ASSERT_PASSES(a.r);
  RC_ASSERT_PASSES(b.r);
  const bool same_plan = regbase_checks::same_plan_but_index_width(a.r, b.r);
  const bool bitwise = same_plan || regbase_checks::at_most_two_terms(i32);
  RC_TAG(same_plan ? "same plan: " + tiling_key_label(a.r)
                   : std::string(bitwise ? "other plan, two terms at most" : "other plan, within tolerance"));
  if (const auto v = regbase_checks::index_dtype_violation(a.t, b.t, bitwise)) RC_FAIL(*v + "\n  " + a.r.descriptor);
}

// Most comparisons are bitwise under the same plan, on every key: the property does not fall back to the
// tolerance comparison wholesale.
TEST(MaxPool3dGradRegbase, IndexDtypeComparisonsAreMostlyBitwiseOnEveryKey) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuLastLaunch, "comparing plans");
  std::map<std::string, int> same_plan;
  int other = 0;
  for (uint64_t i = 0; i < 200; ++i) {
    const Case c = gen::sample(steered_950_case(), 9300 + i, static_cast<int>(i % 100));
    Case i32 = c, i64 = c;
    i32.tensor_mut("indices").dtype = DType::I32;
    i64.tensor_mut("indices").dtype = DType::I64;
    const RunResult a = regbase_checks::run(i32), b = regbase_checks::run(i64);
    if (regbase_checks::same_plan_but_index_width(a.r, b.r))
      same_plan[tiling_key_label(a.r)]++;
    else
      ++other;
  }
  for (const char* key : {"SIMD/2049", "SIMD/1", "SIMD/1025", "SIMT/257", "SIMT/258"})
    EXPECT_GT(same_plan[key], 0) << key;
  EXPECT_LT(other, 50) << "the index width moved the plan in " << other << " of 200 cases";
}

// Control: the INT64 run given other gradOutput data (one gradient changed by 1) is told apart by the same check
// ("index dtype:"), so the check does compare the outputs.
TEST(MaxPool3dGradRegbaseNegativeControl, IndexDtypeCheckSeesAChangedGradient) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetPlatform, "running Ascend950 cases");
  for (uint64_t i = 0; i < 20; ++i) {
    Case c = gen::sample(gen::maxpool3d_grad::valid(steered(i % 2 ? Strategy::SIMD : Strategy::SIMT)), 9100 + i, 50);
    c.fill = FillKind::Normal;
    Case i32 = c, i64 = c;
    i32.tensor_mut("indices").dtype = DType::I32;
    i64.tensor_mut("indices").dtype = DType::I64;
    const RunResult a = regbase_checks::run(i32);
    const RunResult b = regbase_checks::run_with_changed_gradient(i64);
    ASSERT_EQ(a.r.outcome, Outcome::Pass) << a.r.message << "\n" << a.r.descriptor;
    ASSERT_EQ(b.r.outcome, Outcome::Pass) << b.r.message << "\n" << b.r.descriptor;
    const auto v = regbase_checks::index_dtype_violation(a.t, b.t, true);
    ASSERT_TRUE(v.has_value()) << b.r.descriptor;
    EXPECT_EQ(v->rfind("index dtype: ", 0), 0u) << *v;
  }
}

}  // namespace
}  // namespace poolcheck
