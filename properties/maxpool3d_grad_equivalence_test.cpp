// Property a: impl == oracle within the tolerance model over the whole valid-case distribution, with
// every tiling strategy reached; and its negative control (a wrong implementation must be rejected).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdio>
#include <map>

#include "aclnn/acl_meta.h"
#include "case/descriptor.h"
#include "generators/generators.h"
#include "harness/runner.h"
#include "ops/maxpool3d_grad/spec.h"
#include "poolcheck_emu/emu.h"
#include "properties/prop_util.h"

namespace poolcheck {

RC_GTEST_PROP(MaxPool3dGrad, MatchesOracleWithinTolerance, ()) {
  const Case c = *gen::maxpool3d_grad::valid();
  const CaseResult r = run_case(c);
  RC_TAG(r.strategy);
  RC_ASSERT_PASSES(r);
}

// ceilMode cases where ceil would add a window that starts in the right padding, which PyTorch drops.
RC_GTEST_PROP(MaxPool3dGrad, CeilModeDroppedLastWindowMatchesOracle, ()) {
  const int64_t k = *rc::gen::inRange<int64_t>(2, 5), s = *rc::gen::inRange<int64_t>(2, 5);
  const int64_t p = *rc::gen::inRange<int64_t>(1, k / 2 + 1);
  // (o-1)*s >= in + p for the ceil size o: choose in so that the padded tail holds a window start.
  const int64_t in = *rc::gen::inRange<int64_t>(std::max<int64_t>(1, k - 2 * p), 12);
  const int64_t span = in + 2 * p - k;
  const int64_t ceil_out = (span + s - 1) / s + 1;
  RC_PRE((ceil_out - 1) * s >= in + p);
  Case c = *gen::maxpool3d_grad::valid();
  const auto& self = c.tensor("self")->shape;
  RC_PRE(self.size() == 5u);
  spec::maxpool3d_grad::CaseParams prm;
  prm.n = self[0];
  prm.c = self[1];
  prm.in_dims = {in, in, in};
  prm.kernel = {k};
  prm.stride = {s};
  prm.padding = {p};
  prm.ceil_mode = true;
  prm.dtype = c.tensor("self")->dtype;
  Case d = spec::maxpool3d_grad::make_case(prm);
  d.seed = c.seed;
  d.cores = c.cores;
  d.ub_bytes = c.ub_bytes;
  RC_ASSERT_PASSES(run_case(d));
}

// The generator reaches every dimension the issue names; counted over a fixed sample of run cases.
TEST(MaxPool3dGradCoverage, GeneratorReachesEveryStrategyAndFeature) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuLastLaunch, "counting the tiling strategies reached");
  std::map<std::string, int> seen;
  for (uint64_t i = 0; i < 1500; ++i) {
    const Case c = gen::sample(gen::maxpool3d_grad::valid(), 1000 + i, static_cast<int>(i % 100));
    const CaseResult r = run_case(c);
    ASSERT_FALSE(outcome_is_failure(r.outcome)) << r.message << "\n" << r.descriptor;
    const auto& self = *c.tensor("self");
    const auto& go = *c.tensor("gradOutput");
    seen["strategy " + r.strategy]++;
    seen[r.atomics ? "atomics" : "no atomics"]++;
    seen["platform " + c.platform]++;
    seen[std::string("indices ") + dtype_name(c.tensor("indices")->dtype)]++;
    seen[self.shape.size() == 4 ? "4-D" : "5-D"]++;
    seen[std::string("dtype ") + dtype_name(self.dtype)]++;
    seen[c.scalar("ceilMode") == 1 ? "ceil" : "floor"]++;
    seen[c.tensor("gradInput")->strides.empty() ? "dense gradInput" : "strided gradInput"]++;
    seen[c.deterministic ? "deterministic" : "default mode"]++;
    seen[std::string("fill ") + fill_name(c.fill)]++;
    const int64_t nc = self.shape.size() == 5 ? self.shape[0] * self.shape[1] : self.shape[0];
    if (nc > 128) seen["N*C > 2 lane blocks"]++;
    const auto& k = c.array("kernelSize")->values;
    const auto& p = c.array("padding")->values;
    if (!p.empty() && p[0] > 0 && p[0] == k[0] / 2) seen["pad = k/2"]++;
    if (c.scalar("ceilMode") == 1) {  // ceil would add a window that starts in the right padding
      const size_t r0 = self.shape.size() - 3;
      for (int a = 0; a < 3; ++a) {
        const int64_t ka = k.size() == 1 ? k[0] : k[static_cast<size_t>(a)];
        const auto& sv = c.array("stride")->values;
        const int64_t sa = sv.empty() ? ka : sv.size() == 1 ? sv[0] : sv[static_cast<size_t>(a)];
        const int64_t pa = p.size() == 1 ? p[0] : p[static_cast<size_t>(a)];
        const int64_t in = self.shape[r0 + static_cast<size_t>(a)], out = go.shape[r0 + static_cast<size_t>(a)];
        if ((in + 2 * pa - ka + sa - 1) / sa + 1 > out) seen["ceil dropped a window"]++;
      }
    }
  }
  for (const char* want : {"strategy Normal",
                           "strategy CutK",
                           "strategy Scatter",
                           "strategy SIMD",
                           "strategy SIMT",
                           "platform Ascend910B",
                           "platform Ascend910_93",
                           "platform Ascend950",
                           "indices i32",
                           "indices i64",
                           "atomics",
                           "no atomics",
                           "4-D",
                           "5-D",
                           "dtype f32",
                           "dtype f16",
                           "dtype bf16",
                           "ceil",
                           "floor",
                           "strided gradInput",
                           "deterministic",
                           "default mode",
                           "fill special",
                           "fill ints",
                           "fill ties",
                           "N*C > 2 lane blocks",
                           "pad = k/2",
                           "ceil dropped a window"})
    EXPECT_GT(seen[want], 0) << want;
}

// The fault controls run a fixed sample of valid cases under an emulator fault and name the check that must
// reject them (prop_util.h, Check); a rejection by any other check fails the control.

// With the race shadow off, nothing but the harness's comparison stands between a shifted tap and a pass:
// outcome fail, elements beyond their bound.
TEST(MaxPool3dGradNegativeControl, WrongTapFailsTheOracleComparison) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("wrong_tap");
  EmulatorChecksOff race_shadow_off;
  expect_only_rejected_by(tally_rejections(gen::maxpool3d_grad::valid(), 1000, 200), Check::OracleComparison);
}

// Unzeroed output keeps the device's bytes: outcome fail by the oracle comparison, and nothing else fires.
TEST(MaxPool3dGradNegativeControl, SkippedInitFailsTheOracleComparison) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("skip_init");
  expect_only_rejected_by(tally_rejections(gen::maxpool3d_grad::valid(), 1000, 200), Check::OracleComparison);
}

// Plain stores where atomics are needed: the race shadow refuses the launch (wrong-error, 361001 in Execute).
// Where one block overwrites its own sum there is no race to see; the oracle comparison rejects those.
TEST(MaxPool3dGradNegativeControl, MissingAtomicsTripTheRaceShadow) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("no_atomics");
  const Rejections t = tally_rejections(gen::maxpool3d_grad::valid(), 1000, 300);
  expect_rejected_by(t, Check::RaceShadow, {Check::OracleComparison});
  if (t.example.count(Check::RaceShadow)) {
    EXPECT_EQ(t.example.at(Check::RaceShadow).observed_status, ACLNN_ERR_RUNTIME_ERROR);
    EXPECT_EQ(t.example.at(Check::RaceShadow).observed_phase, Phase::Execute);
  }
}

// The same fault with the race shadow off: the lost atomic adds fail the oracle comparison on their own.
TEST(MaxPool3dGradNegativeControl, MissingAtomicsFailTheOracleComparisonWithoutTheRaceShadow) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("no_atomics");
  EmulatorChecksOff race_shadow_off;
  expect_only_rejected_by(tally_rejections(gen::maxpool3d_grad::valid(), 1000, 300), Check::OracleComparison);
}

// One element too many in a block's last copy-out: past gradInput's extent the emulator's GM bounds check
// refuses it (wrong-error, 361001, the overrun exactly one element). Inside the extent the extra element lands
// on a neighbour's: a race when the neighbour writes in the same phase, else a wrong value the oracle
// comparison rejects.
TEST(MaxPool3dGradNegativeControl, CopyOverrunTripsTheGmBoundsCheck) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("copy_overrun");
  const Rejections t = tally_rejections(gen::maxpool3d_grad::valid(), 1000, 200);
  expect_rejected_by(t, Check::GmBounds, {Check::RaceShadow, Check::OracleComparison});
  ASSERT_TRUE(t.example.count(Check::GmBounds));
  const CaseResult& r = t.example.at(Check::GmBounds);
  EXPECT_EQ(r.observed_status, ACLNN_ERR_RUNTIME_ERROR);
  // "copy_out out of bounds: elements [B, E) of 'gradInput' whose extent is X" with E = X + 1. (sscanf, not
  // std::regex: GCC 12 reports a -Wmaybe-uninitialized false positive inside it under -fsanitize=address, GCC bug
  // 105616.)
  const auto at = r.message.find("copy_out out of bounds: elements [");
  ASSERT_NE(at, std::string::npos) << r.message;
  long long begin = 0, end = 0, extent = 0;
  ASSERT_EQ(std::sscanf(r.message.c_str() + at,
                        "copy_out out of bounds: elements [%lld, %lld) of 'gradInput' whose extent is %lld", &begin,
                        &end, &extent),
            3)
      << r.message;
  EXPECT_EQ(end, extent + 1) << r.message;
}

// A tiling that under-counts its UB needs: the UB allocator refuses (wrong-error, 561002 in Execute).
TEST(MaxPool3dGradNegativeControl, UnderestimatedUbModelOverflowsTheUnifiedBuffer) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("ub_model_short");
  // Without the tiling oracle, which sees the smaller model's other tiles first, the UB check alone must fire.
  const Rejections t = tally_rejections(gen::maxpool3d_grad::valid(), 1000, 200, {}, without_tiling_oracle());
  expect_only_rejected_by(t, Check::UbOverflow);
  // With it, a case is rejected by one or the other.
  expect_rejected_by(tally_rejections(gen::maxpool3d_grad::valid(), 1000, 200), Check::UbOverflow,
                     {Check::TilingOracle});
  if (t.example.count(Check::UbOverflow)) {
    EXPECT_EQ(t.example.at(Check::UbOverflow).observed_status, ACLNN_ERR_INNER_TILING_ERROR);
    EXPECT_EQ(t.example.at(Check::UbOverflow).observed_phase, Phase::Execute);
  }
}

}  // namespace poolcheck
