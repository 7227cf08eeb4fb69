// The Ascend 950 max-pooling kernels through the public C API: every tiling key is planned as expected and its
// result equals the oracle's bit for bit (exact-sum data); the deterministic flag changes nothing; the int32
// index-limit knob's rules; and each 950 fault of the catalog is caught by the check its control names.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "case/numeric.h"
#include "regbase/maxpool_call.h"

namespace poolcheck::regbase_test {
namespace {

struct KeyCase {
  const char* name;
  MpCase c;
  int32_t cores = 0;
  int64_t ub = 0;
  int64_t i32_limit = 0;
  const char* strategy;
  uint64_t key;
};

// Each key reached with small tensors: the UB and core knobs push SIMD off the full load, the index limit
// pushes it off SIMD altogether.
std::vector<KeyCase> key_cases() {
  std::vector<KeyCase> v;
  for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
    for (aclDataType it : {ACL_INT32, ACL_INT64}) {
      // Whole planes per tile (NC split).
      v.push_back({"full", {{2, 3, 4, 6, 8}, {2, 2, 2}, {2, 2, 2}, {0, 0, 0}, dt, it}, 0, 0, 0, "SIMD", 2049});
      v.push_back({"full_overlap", {{2, 2, 5, 7, 9}, {3, 3, 3}, {1, 1, 1}, {1, 1, 1}, dt, it}, 0, 0, 0, "SIMD", 2049});
      // Planes too big for the UB, no padding, no overlap: aligned splits.
      v.push_back({"aligned", {{1, 2, 8, 16, 64}, {2, 2, 2}, {2, 2, 2}, {0, 0, 0}, dt, it}, 4, 16384, 0, "SIMD", 1});
      v.push_back(
          {"aligned_gaps", {{1, 1, 9, 10, 70}, {1, 2, 2}, {2, 3, 3}, {0, 0, 0}, dt, it}, 8, 8192, 0, "SIMD", 1});
      // Padding or overlap: the unaligned split with the range check.
      v.push_back(
          {"unaligned_pad", {{2, 2, 8, 12, 20}, {3, 3, 3}, {2, 2, 2}, {1, 1, 1}, dt, it}, 0, 16384, 0, "SIMD", 1025});
      v.push_back({"unaligned_overlap",
                   {{1, 2, 6, 9, 40}, {3, 2, 3}, {1, 1, 2}, {0, 1, 1}, dt, it},
                   3,
                   12288,
                   0,
                   "SIMD",
                   1025});
      // SIMD not capable: the smallest tile does not fit a tiny UB (int32 indexing), or the tensor is above the
      // int32 index limit (int64 indexing).
      v.push_back({"simt", {{1, 3, 5, 6, 7}, {3, 3, 3}, {1, 1, 1}, {1, 1, 1}, dt, it}, 0, 2560, 0, "SIMT", 257});
      v.push_back({"simt_int64", {{2, 2, 5, 6, 7}, {2, 3, 2}, {2, 1, 2}, {1, 1, 0}, dt, it}, 0, 0, 100, "SIMT", 258});
      v.push_back(
          {"simt_ceil", {{1, 2, 5, 7, 6}, {2, 2, 2}, {2, 2, 2}, {0, 0, 0}, dt, it, true}, 5, 0, 419, "SIMT", 258});
    }
  return v;
}

class Regbase : public ::testing::Test {
 protected:
  void SetUp() override { setup_950(); }
  void TearDown() override { setup_950(); }
};

std::string label(const KeyCase& k) { return std::string(k.name) + " " + k.c.describe(); }

TEST_F(Regbase, EveryKeyIsPlannedAsExpectedAndMatchesTheOracle) {
  for (const KeyCase& k : key_cases()) {
    setup_950(k.cores, k.ub);
    ASSERT_EQ(pcEmuSetInt32IndexLimit(k.i32_limit), 0);
    const MpRun r = run_case(k.c, 7);
    ASSERT_EQ(r.plan_status, 0) << label(k) << ": " << r.error;
    EXPECT_STREQ(r.info.strategy, k.strategy) << label(k) << " " << r.info.tilingSummary;
    EXPECT_EQ(r.info.tilingKey, k.key) << label(k) << " " << r.info.tilingSummary;
    EXPECT_EQ(r.info.atomicAdds, 0) << label(k);
    EXPECT_EQ(r.run_status, 0) << label(k) << ": " << r.error;
    EXPECT_TRUE(r.matches()) << label(k) << " " << r.info.tilingSummary;
    EXPECT_LE(r.info.ubHighWater, r.info.ubBytesLimit) << label(k);
    EXPECT_EQ(pcEmuGuardsIntact(), 1);
  }
}

// Random shapes, windows, dtypes, index types and knobs (cores, UB, index limit): every plan runs and equals the
// oracle bit for bit, whatever key the tiling picks; every key is met along the way.
TEST_F(Regbase, RandomCallsMatchTheOracleUnderEveryKnob) {
  std::mt19937_64 rng(2024);
  auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  std::set<uint64_t> keys;
  for (int n = 0; n < 400; ++n) {
    MpCase c;
    c.x = {pick(1, 2), pick(1, 4), pick(1, 7), pick(1, 9), pick(1, 80)};
    for (int a = 0; a < 3; ++a) {
      c.k[a] = pick(1, 3);
      c.s[a] = pick(1, 3);
      c.p[a] = pick(0, c.k[a] / 2);
    }
    c.ceil_mode = pick(0, 1) == 1;
    c.dtype = std::array<aclDataType, 3>{ACL_FLOAT, ACL_FLOAT16, ACL_BF16}[static_cast<size_t>(pick(0, 2))];
    c.index_dtype = pick(0, 1) ? ACL_INT64 : ACL_INT32;
    bool ok = true;
    for (int a = 0; a < 3; ++a) ok &= c.x[2 + a] + 2 * c.p[a] >= c.k[a];
    if (!ok) continue;
    const int64_t elems = c.x[0] * c.x[1] * c.x[2] * c.x[3] * c.x[4];
    const int64_t ubs[] = {0, 2048 + 128, 2560, 4096, 8192, 16384, 65536};
    setup_950(static_cast<int32_t>(pick(0, 64)), ubs[pick(0, 6)]);
    ASSERT_EQ(pcEmuSetInt32IndexLimit(pick(0, 3) == 0 ? pick(1, elems) : 0), 0);
    const MpRun r = run_case(c, static_cast<uint64_t>(n));
    ASSERT_EQ(r.plan_status, 0) << c.describe() << ": " << r.error;
    keys.insert(r.info.tilingKey);
    EXPECT_TRUE(r.matches()) << c.describe() << "\n" << r.info.tilingSummary << "\n" << r.error;
    EXPECT_EQ(r.info.atomicAdds, 0);
  }
  EXPECT_EQ(keys, (std::set<uint64_t>{1, 257, 258, 1025, 2049}));
}

TEST_F(Regbase, ComparisonControlACorruptedIndexFailsTheOracleComparison) {
  // Negative control of the comparison above: one index moved to another element of its window must show as a
  // mismatch (the index check still passes, so only the oracle comparison can see it).
  MpCase c{{1, 1, 4, 4, 4}, {2, 2, 2}, {2, 2, 2}, {0, 0, 0}, ACL_FLOAT, ACL_INT32};
  MpData d = make_data(c, 3);
  MpData wrong = d;
  wrong.idx[0] = d.idx[0] == 0 ? 1 : 0;  // still inside window (0,0,0)
  wrong.grad[0] = 1.5;
  const MpRun r = run_case(c, wrong);
  ASSERT_EQ(r.run_status, 0) << r.error;
  MpRun expected_against_original = run_case(c, d);
  expected_against_original.got = r.got;
  EXPECT_FALSE(expected_against_original.matches()) << "the oracle comparison must see the moved index";
}

TEST_F(Regbase, SeveralPlanesPerTileWithOverlapMatch) {
  // Tiles of several N*C planes whose windows overlap: the interleaved groups keep lanes apart in every plane.
  setup_950(2, 0);
  for (aclDataType it : {ACL_INT32, ACL_INT64}) {
    MpCase c{{3, 5, 3, 4, 5}, {3, 3, 3}, {1, 1, 1}, {1, 1, 1}, ACL_FLOAT16, it};
    const MpRun r = run_case(c, 11);
    EXPECT_EQ(r.info.tilingKey, 2049u) << r.info.tilingSummary;
    EXPECT_TRUE(r.matches()) << r.error;
  }
}

TEST_F(Regbase, DeterministicFlagChangesNothing) {
  for (const KeyCase& k : key_cases()) {
    setup_950(k.cores, k.ub);
    ASSERT_EQ(pcEmuSetInt32IndexLimit(k.i32_limit), 0);
    const MpData d = make_data(k.c, 5);
    aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
    const MpRun a = run_case(k.c, d);
    aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1);
    const MpRun b = run_case(k.c, d);
    aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
    ASSERT_EQ(a.run_status, 0) << label(k);
    ASSERT_EQ(b.run_status, 0) << label(k);
    EXPECT_EQ(a.raw, b.raw) << label(k);
    // Everything the launch reports but the flag itself.
    EXPECT_STREQ(a.info.strategy, b.info.strategy);
    EXPECT_STREQ(a.info.tilingSummary, b.info.tilingSummary);
    EXPECT_EQ(a.info.tilingKey, b.info.tilingKey);
    EXPECT_EQ(a.info.blockDim, b.info.blockDim);
    EXPECT_EQ(a.info.workspaceBytes, b.info.workspaceBytes);
    EXPECT_EQ(a.info.ubHighWater, b.info.ubHighWater);
    EXPECT_EQ(a.info.atomicAdds, 0);
    EXPECT_EQ(b.info.atomicAdds, 0);
    EXPECT_EQ(a.info.gmReadBytes, b.info.gmReadBytes);
    EXPECT_EQ(a.info.gmWriteBytes, b.info.gmWriteBytes);
    EXPECT_EQ(b.info.deterministic, 1);
  }
}

TEST_F(Regbase, DeterminismControlOtherGradientsChangeTheBits) {
  // Negative control: the bitwise comparison above sees a different result (other gradients, same indices).
  const KeyCase k = key_cases()[0];
  const MpData d = make_data(k.c, 5);
  MpData other = d;
  for (double& g : other.grad) g = g == 2.0 ? 1.5 : g + 0.5;
  EXPECT_NE(run_case(k.c, d).raw, run_case(k.c, other).raw);
}

TEST_F(Regbase, IndexLimitKnobAcceptsItsRangeAndRejectsTheRestWithoutEffect) {
  const MpCase c{{1, 2, 4, 4, 4}, {2, 2, 2}, {2, 2, 2}, {0, 0, 0}, ACL_FLOAT, ACL_INT32};  // 128 elements
  setup_950(0, 2048 + 64);  // the smallest SIMD tile (192 bytes) cannot fit: SIMT, whose key shows the index type
  EXPECT_EQ(plan_case(c).info.tilingKey, 257u);
  EXPECT_EQ(pcEmuSetInt32IndexLimit(127), 0);  // one below the element count: int64 indexing
  EXPECT_EQ(plan_case(c).info.tilingKey, 258u);
  EXPECT_EQ(pcEmuSetInt32IndexLimit(128), 0);  // at the limit: still int32
  EXPECT_EQ(plan_case(c).info.tilingKey, 257u);
  EXPECT_EQ(pcEmuSetInt32IndexLimit(1), 0);
  EXPECT_EQ(pcEmuSetInt32IndexLimit(-1), -1);
  EXPECT_EQ(pcEmuSetInt32IndexLimit(INT64_C(2147483648)), -1);  // an int32 index would overflow
  EXPECT_EQ(pcEmuSetInt32IndexLimit(INT64_MIN), -1);
  EXPECT_EQ(plan_case(c).info.tilingKey, 258u) << "a rejected value must leave the limit of 1 in effect";
  EXPECT_EQ(pcEmuSetInt32IndexLimit(INT64_C(2147483647)), 0);
  EXPECT_EQ(plan_case(c).info.tilingKey, 257u);
  EXPECT_EQ(pcEmuSetInt32IndexLimit(1), 0);
  EXPECT_EQ(pcEmuSetInt32IndexLimit(0), 0);  // the default again
  EXPECT_EQ(plan_case(c).info.tilingKey, 257u);
  // SIMD at the default knob values; not capable above the limit.
  setup_950();
  EXPECT_EQ(plan_case(c).info.tilingKey, 2049u);
  EXPECT_EQ(pcEmuSetInt32IndexLimit(127), 0);
  EXPECT_EQ(plan_case(c).info.tilingKey, 258u);
}

TEST_F(Regbase, IndexLimitIsIgnoredOnA2) {
  const MpCase c{{1, 2, 4, 4, 4}, {2, 2, 2}, {2, 2, 2}, {0, 0, 0}, ACL_FLOAT, ACL_INT32};
  pcEmuSetPlatform("Ascend910B");
  const uint64_t before = plan_case(c).info.tilingKey;
  ASSERT_EQ(pcEmuSetInt32IndexLimit(1), 0);
  const MpRun r = plan_case(c);
  EXPECT_EQ(r.plan_status, 0) << r.error;
  EXPECT_EQ(r.info.tilingKey, before);
  EXPECT_STRNE(r.info.strategy, "SIMT");
}

TEST_F(Regbase, SmallUbKnobNeverRefusesSimt) {
  const MpCase c{{1, 2, 6, 6, 70}, {3, 3, 3}, {1, 1, 1}, {1, 1, 1}, ACL_BF16, ACL_INT64};
  setup_950(0, 256);
  const MpRun r = run_case(c, 2);
  EXPECT_STREQ(r.info.strategy, "SIMT");
  EXPECT_TRUE(r.matches()) << r.error;
}

TEST_F(Regbase, StrayIndexIsRefusedByTheIndexCheckForBothIndexTypes) {
  for (aclDataType it : {ACL_INT32, ACL_INT64}) {
    const MpCase c{{1, 1, 4, 4, 4}, {2, 2, 2}, {2, 2, 2}, {0, 0, 0}, ACL_FLOAT, it};
    MpData d = make_data(c, 3);
    d.idx[1] = it == ACL_INT64 ? INT64_C(1) << 33 : 0;  // window (0,0,1) holds neither
    const MpRun r = run_case(c, d);
    EXPECT_EQ(r.run_status, ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(r.error.find("not inside its pooling window"), std::string::npos) << r.error;
  }
}

// --- The 950 faults: each control names the check that must fire. ---

class RegbaseFault : public Regbase {
 protected:
  void TearDown() override {
    pcEmuSetFaults("");
    Regbase::TearDown();
  }
};

TEST_F(RegbaseFault, SimdRangeCheckSkippedFiresTheUbBoundsCheck) {
  // A range-checked tile that scatters its neighbours' argmaxes: the UB tile is addressed relative to its own
  // origin, so a neighbour's element lies before or after the tile buffer: the UB bounds check fires.
  const MpCase c{{1, 2, 6, 9, 40}, {3, 2, 3}, {1, 1, 2}, {0, 1, 1}, ACL_FLOAT, ACL_INT32};
  setup_950(3, 12288);
  ASSERT_TRUE(run_case(c, 4).matches());
  ASSERT_EQ(pcEmuSetFaults("simd_range_check_skipped"), 0);
  const MpRun r = run_case(c, 4);
  EXPECT_EQ(r.info.tilingKey, 1025u);
  EXPECT_EQ(r.run_status, ACLNN_ERR_INNER);
  EXPECT_NE(r.error.find("UB access out of buffer"), std::string::npos) << r.error;
}

TEST_F(RegbaseFault, SimdBatchCollideFiresTheLaneInvariant) {
  // Overlapping windows in one vector: the emulator's no-collision invariant of the gather-add-scatter fires.
  const MpCase c{{2, 2, 5, 7, 9}, {3, 3, 3}, {1, 1, 1}, {1, 1, 1}, ACL_FLOAT, ACL_INT32};
  ASSERT_TRUE(run_case(c, 6).matches());
  ASSERT_EQ(pcEmuSetFaults("simd_batch_collide"), 0);
  const MpRun r = run_case(c, 6);
  EXPECT_EQ(r.info.tilingKey, 2049u);
  EXPECT_EQ(r.run_status, ACLNN_ERR_INNER);
  EXPECT_NE(r.error.find("SIMD lane invariant broken"), std::string::npos) << r.error;
}

TEST_F(RegbaseFault, SimtWindowShortFailsTheOracleComparison) {
  const MpCase c{{1, 3, 5, 6, 7}, {3, 3, 3}, {1, 1, 1}, {1, 1, 1}, ACL_FLOAT, ACL_INT32};
  setup_950(0, 2560);
  ASSERT_TRUE(run_case(c, 8).matches());
  ASSERT_EQ(pcEmuSetFaults("simt_window_short"), 0);
  const MpRun r = run_case(c, 8);
  EXPECT_EQ(r.info.tilingKey, 257u);
  EXPECT_EQ(r.run_status, 0) << r.error;
  EXPECT_FALSE(r.matches()) << "the oracle comparison must fire";
}

TEST_F(RegbaseFault, Int64IndicesReadAsInt32FailTheOracleComparison) {
  for (const bool simt : {false, true}) {
    const MpCase c{{2, 2, 4, 6, 8}, {2, 2, 2}, {2, 2, 2}, {0, 0, 0}, ACL_FLOAT, ACL_INT64};
    setup_950(0, simt ? 2048 + 128 : 0);  // SIMD's smallest tile with INT64 indices takes 256 bytes
    ASSERT_TRUE(run_case(c, 9).matches());
    ASSERT_EQ(pcEmuSetFaults("index_int64_as_int32"), 0);
    const MpRun r = run_case(c, 9);
    EXPECT_EQ(r.info.tilingKey, simt ? 257u : 2049u);
    EXPECT_FALSE(r.matches());
    if (simt) {
      // SIMT compares each misread word with the element's position: gradients go missing or land wrong.
      EXPECT_EQ(r.run_status, 0) << r.error;
      EXPECT_NE(r.got, r.want) << "the oracle comparison must fire";
    } else {
      // SIMD: the high words read as 0 send several lanes of one vector to element 0: the lane invariant.
      EXPECT_EQ(r.run_status, ACLNN_ERR_INNER);
      EXPECT_NE(r.error.find("SIMD lane invariant broken"), std::string::npos) << r.error;
    }
    pcEmuSetFaults("");
  }
}

// Rounding toward zero: the largest storage value not above |v| in magnitude (the value a truncating cast gives).
double truncated(DType dt, double v) {
  const double r = round_to(dt, v);
  if (std::fabs(r) <= std::fabs(v)) return r;
  return r - (r > 0 ? 1 : -1) * ulp_at(dt, std::nextafter(std::fabs(r), 0.0));
}

TEST_F(Regbase, CastRoundsToNearestEvenBitForBit) {
  // Gradients with fractional bits whose fp32 sums are exact but need rounding to fp16/bf16: SIMD and SIMT
  // results equal the oracle's round-to-nearest-even of its exact sum, bit for bit.
  for (aclDataType dt : {ACL_FLOAT16, ACL_BF16})
    for (const int64_t ub : {int64_t{0}, int64_t{2560}}) {
      const MpCase c{{1, 2, 5, 7, 9}, {3, 3, 3}, {1, 1, 1}, {1, 1, 1}, dt, ACL_INT32};
      setup_950(0, ub);
      const DType storage = dt == ACL_BF16 ? DType::BF16 : DType::F16;
      MpData d = make_data(c, 10);
      for (size_t i = 0; i < d.grad.size(); ++i)
        d.grad[i] = round_to(storage, 100.25 + static_cast<double>(i % 37) * 3.25);
      const MpRun r = run_case(c, d);
      EXPECT_STREQ(r.info.strategy, ub ? "SIMT" : "SIMD");
      EXPECT_TRUE(r.matches()) << r.error;
      // Control: a truncating cast would give other bits for some elements of this data.
      int differ = 0;
      std::vector<double> exact(r.want.size(), 0.0);
      for (size_t i = 0; i < d.idx.size(); ++i) {
        const size_t plane = i / (d.out[0] * d.out[1] * d.out[2]);
        exact[plane * static_cast<size_t>(5 * 7 * 9) + static_cast<size_t>(d.idx[i])] += d.grad[i];
      }
      for (size_t i = 0; i < exact.size(); ++i) differ += truncated(storage, exact[i]) != r.got[i];
      EXPECT_GT(differ, 0) << "the data must tell round-to-nearest-even from truncation";
    }
}

}  // namespace
}  // namespace poolcheck::regbase_test
