// The runner's second run of a valid case: deterministic mode must give the same bits under another core count,
// UB size and block schedule; the default mode with atomics must stay within tolerance on both runs. Negative
// control: the det_ignored fault (deterministic mode tiled like the default mode) is rejected by the bitwise
// determinism check and by nothing else; the same fault leaves default-mode cases alone (no false alarm).
#include <gtest/gtest.h>

#include <string>

#include "generators/generators.h"
#include "harness/runner.h"
#include "properties/prop_util.h"

namespace poolcheck {
namespace {

// Valid cases of every operator in the given mode, with data whose fp32 sums round (integer fills sum exactly
// in any order, so no order could show in the bits).
rc::Gen<Case> valid_in_mode(bool deterministic) {
  return rc::gen::exec([deterministic] {
    const auto ops = gen::operators();
    Case c = *gen::valid_case(*rc::gen::elementOf(ops));
    c.deterministic = deterministic;
    if (c.fill == FillKind::Ints || c.fill == FillKind::Ties) c.fill = FillKind::Normal;
    return c;
  });
}

bool used_atomics(const CaseResult& r) { return r.tiling_known && r.atomics; }

constexpr int kCases = 400;

TEST(DeterminismRerun, DeterministicCasesAgreeBitwiseUnderOtherKnobs) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetSchedule, "varying the block schedule");
  int with_atomics = 0;
  const Rejections t = tally_rejections(valid_in_mode(true), 500, kCases, [&](const CaseResult& r) {
    EXPECT_EQ(r.rerun.check, RerunCheck::Bitwise) << r.descriptor;
    with_atomics += used_atomics(r);
    return true;
  });
  EXPECT_EQ(t.rejected(), 0) << t.describe();
  EXPECT_GT(with_atomics, 0) << "no deterministic case used atomics: the check saw no accumulation order";
}

TEST(DeterminismRerun, DefaultModeCasesWithAtomicsPassTheOracleOnBothRuns) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetSchedule, "varying the block schedule");
  const Rejections t = tally_rejections(valid_in_mode(false), 900, kCases, [](const CaseResult& r) {
    if (!used_atomics(r)) {
      EXPECT_EQ(r.rerun.check, RerunCheck::None) << "a default-mode case without atomics runs once: " << r.descriptor;
      return false;
    }
    EXPECT_EQ(r.rerun.check, RerunCheck::Tolerance) << r.descriptor;
    return true;
  });
  EXPECT_GT(t.runs, 0) << "no default-mode case used atomics";
  EXPECT_EQ(t.rejected(), 0) << t.describe();
}

TEST(DeterminismRerun, TheSecondRunsKnobsFollowFromTheCase) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetSchedule, "varying the block schedule");
  Case c = gen::sample(valid_in_mode(true), 77, 50);
  const CaseResult a = run_case(c), b = run_case(c);
  ASSERT_FALSE(a.rerun.knobs.empty()) << a.message;
  EXPECT_EQ(a.rerun.knobs, b.rerun.knobs) << "the same case must get the same second run";
  EXPECT_NE(a.rerun.knobs.find("cores="), std::string::npos) << a.rerun.knobs;
  EXPECT_NE(a.rerun.knobs.find("schedule=0x"), std::string::npos) << a.rerun.knobs;
  // The knobs differ from the case's own.
  EXPECT_EQ(a.rerun.knobs.find("cores=" + std::to_string(c.cores) + " "), std::string::npos) << a.rerun.knobs;
  EXPECT_EQ(a.rerun.knobs.find("ub=" + std::to_string(c.ub_bytes) + " "), std::string::npos) << a.rerun.knobs;
  RunOptions once;
  once.rerun = false;
  EXPECT_EQ(run_case(c, once).rerun.check, RerunCheck::None) << "RunOptions::rerun off runs the case once";
}

// The fault makes deterministic mode split overlapping work over several cores with atomic adds, so the bits
// depend on which core adds first: the second run (other cores, another schedule) must see it, and only the
// determinism check may fire (each run alone is still within tolerance of the oracle).
TEST(DeterminismRerunNegativeControl, IgnoredDeterminismIsRejectedByTheBitwiseCheck) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("det_ignored");
  // The tiling oracle sees the default mode's tiling first (a wrong decision for deterministic mode); without it
  // the bitwise second run must catch the fault on its own.
  const Rejections t = tally_rejections(valid_in_mode(true), 500, kCases, used_atomics, without_tiling_oracle());
  ASSERT_GT(t.runs, 0) << "no deterministic case used atomics under the fault";
  expect_only_rejected_by(t, Check::Determinism);
  const auto it = t.example.find(Check::Determinism);
  ASSERT_NE(it, t.example.end()) << t.describe();
  const CaseResult& r = it->second;
  // The failure says which run, with which knobs, where, and both values' bits.
  EXPECT_TRUE(r.message.rfind("second run (cores=", 0) == 0 || r.message.rfind("third run (cores=", 0) == 0)
      << r.message;
  EXPECT_NE(r.message.find("(element " + std::to_string(r.rerun.first_diff) + ")"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("first 0x"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("second 0x"), std::string::npos) << r.message;
  EXPECT_NE(r.rerun.first_bits, r.rerun.second_bits);
  EXPECT_TRUE(r.rerun.failed);
}

// With the tiling oracle on (as every campaign runs), the same fault is seen as a wrong tiling decision: the
// default mode's split for a deterministic case; the bitwise check may see it first on a rerun.
TEST(DeterminismRerunNegativeControl, WithTheTilingOracleOnIgnoredDeterminismIsAWrongTiling) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("det_ignored");
  const Rejections t = tally_rejections(valid_in_mode(true), 500, kCases, used_atomics);
  ASSERT_GT(t.runs, 0) << "no deterministic case used atomics under the fault";
  expect_rejected_by(t, Check::TilingOracle, {Check::Determinism});
}

// The same fault in default mode changes nothing: default-mode cases with atomics still pass both runs.
TEST(DeterminismRerunNegativeControl, TheFaultRaisesNoAlarmOnDefaultModeCases) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("det_ignored");
  const Rejections t = tally_rejections(valid_in_mode(false), 900, kCases, used_atomics);
  ASSERT_GT(t.runs, 0) << "no default-mode case used atomics";
  EXPECT_EQ(t.rejected(), 0) << t.describe();
}

// A first run that already failed keeps its own classification: no second run is made over it. (A wrong tap
// that the first run's knobs hide, e.g. on an all-zero gradient, may still show in the second run.)
TEST(DeterminismRerunNegativeControl, AFailedFirstRunIsNotRunAgain) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("skip_init");
  int failed_first = 0;
  const Rejections t = tally_rejections(valid_in_mode(true), 500, 100, [&](const CaseResult& r) {
    if (outcome_is_failure(r.outcome) && !r.rerun.failed) {
      ++failed_first;
      EXPECT_EQ(r.rerun.check, RerunCheck::None) << "a failed first run was run again: " << r.message;
      EXPECT_EQ(r.message.find("second run"), std::string::npos) << r.message;
    }
    return true;
  });
  EXPECT_GT(failed_first, 0) << t.describe();
}

}  // namespace
}  // namespace poolcheck
