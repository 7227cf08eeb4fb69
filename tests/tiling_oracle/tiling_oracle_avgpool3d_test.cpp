// AvgPool3DGrad's vector tiling statement (ops/avgpool2d_grad/tiling_oracle_family.h), the one both average entry
// points state through: splits worked out by hand from ops-nn's op_host/avg_pool_3d_grad_tiling.cpp (the rule cited
// beside each), every row of upstream's own tiling test (tests/ut/op_host/test_avgpool3d_backward_tiling.cpp:
// 48 cores, UB 196608, the key asserted), the knob thresholds, and controls: a wrong reported field or key is a
// disagreement of the campaign's comparison (tiling_disagreement), naming it.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "ops/avgpool2d_grad/tiling_oracle_family.h"
#include "tiling_oracle/expected_tiling.h"

namespace poolcheck::tiling_oracle {
namespace {

using avgpool_family::GradCall;
using Axes = std::array<int64_t, 3>;

// The op_host's platform numbers: upstream's test's, or a SoC's (A2/A3: 48 cores, 196608; 950: 64, 245760).
PlatformNumbers platform(int32_t cores = 48, int64_t ub = 196608, const char* soc = "Ascend910B") {
  PlatformNumbers p;
  p.soc = soc;
  p.vector_cores = cores;
  p.ub_bytes = ub;
  return p;
}

// A launch: grad (n, out..., c) NDHWC or (n, c, out...) NCDHW, the original input's D/H/W, ksize, strides.
GradCall launch(DType dt, bool channels_last, int64_t n, int64_t c, Axes out, Axes in, Axes k, Axes s) {
  GradCall g;
  g.dtype = dt;
  g.channels_last = channels_last;
  g.n = n;
  g.c = c;
  g.out = out;
  g.in = in;
  g.k = k;
  g.s = s;
  return g;
}

ExpectedTiling decided(const GradCall& g, const PlatformNumbers& p = platform(), bool deterministic = false) {
  const TilingVerdict v = avgpool_family::expected_tiling(g, p, deterministic);
  if (!v.expected) ADD_FAILURE() << "no decision: " << v.no_decision;
  return v.expected.value_or(ExpectedTiling{});
}

// The decision in the emulator's summary words (strategy, key, then each stated field).
std::string summary_of(const ExpectedTiling& e) {
  std::string s = strategy_name(e.strategy);
  s += " key=" + std::to_string(e.key);
  for (const TilingField& f : e.fields) s += " " + f.name + "=" + f.value;
  return s;
}

// "" when the statement's decision is `key` with these summary words (the campaign's comparison).
std::string disagreement_with(const ExpectedTiling& e, uint64_t key, const std::string& summary) {
  return tiling_disagreement(e, "Vector", key, summary);
}

// ---- NDHWC: Tiling4CParam, CalcCoreNumAndDetermineFlag, SetTilingKey ----

// grad (1, 2, 3, 4, 16) fp32, k = s = 2: no overlap. ubPart 2: (196608 - 20480) / 2 = 88064 B = 22016 channels;
// 16 fit: cAlign 16 (8 fp32 a block), cLine 22016 / 16 = 1376. Positions N*D*H*W = 24: 24 cores, one item each.
TEST(AvgPool3dFamilyTiling, DepthCountsAmongThePositions) {
  const GradCall g = launch(DType::F32, true, 1, 16, {2, 3, 4}, {4, 6, 8}, {2, 2, 2}, {2, 2, 2});
  EXPECT_EQ(disagreement_with(decided(g), 2000,
                              "Vector key=2000 blockDim=24 channels=16 cCount=16 cAlign=16 cNum=1 cTail=16 "
                              "cLine=1376 items=24 perCore=1 lastCore=1 compute=0 atomics=false fp32ws=false"),
            "");
}

// Overlap along D alone (kD 2 > sD 1, H and W 2/2) still makes isOverlap_: fp16 with overlap takes ubPart 3:
// 176128 / 3 = 58709 -> 58688 B = 29344 channels; 100 fp16 align to 112, cLine 29344 / 112 = 262. The fp32
// workspace and atomics follow. 27 positions, 27 cores.
TEST(AvgPool3dFamilyTiling, OverlapAlongDepthAloneIsAnOverlap) {
  const GradCall g = launch(DType::F16, true, 1, 100, {3, 3, 3}, {4, 6, 6}, {2, 2, 2}, {1, 2, 2});
  EXPECT_EQ(disagreement_with(decided(g), 1000,
                              "Vector key=1000 blockDim=27 channels=100 cCount=100 cAlign=112 cNum=1 cTail=100 "
                              "cLine=262 items=27 perCore=1 lastCore=1 compute=0 atomics=true fp32ws=true"),
            "");
  // Control: the same call without overlap on D has none.
  GradCall no = g;
  no.s = {2, 2, 2};
  EXPECT_EQ(decision_value(decided(no), "atomics"), "false");
}

// The UB parts: 30000 channels against 22016 (fp32, ubPart 2: 88064 B), 22016 (fp16 without overlap, ubPart 4:
// 44032 B) and 29344 (bf16 with overlap, ubPart 3: 58688 B). Chunks of the maximum, the tail the rest; one row a
// pass. 3 positions, 2 chunks each: 6 items on 3 cores.
TEST(AvgPool3dFamilyTiling, Fp16AndFp32UbParts) {
  const Axes out{1, 1, 3}, in{2, 2, 6};
  const ExpectedTiling f32 = decided(launch(DType::F32, true, 1, 30000, out, in, {2, 2, 2}, {2, 2, 2}));
  EXPECT_EQ(disagreement_with(f32, 2000,
                              "Vector key=2000 blockDim=3 channels=30000 cCount=22016 cAlign=22016 cNum=2 "
                              "cTail=7984 cLine=1 items=6 perCore=2 lastCore=2 compute=0 atomics=false fp32ws=false"),
            "");
  const ExpectedTiling f16 = decided(launch(DType::F16, true, 1, 30000, out, in, {2, 2, 2}, {2, 2, 2}));
  EXPECT_EQ(disagreement_with(f16, 1000,
                              "Vector key=1000 blockDim=3 channels=30000 cCount=22016 cAlign=22016 cNum=2 "
                              "cTail=7984 cLine=1 items=6 perCore=2 lastCore=2 compute=0 atomics=false fp32ws=false"),
            "");
  const ExpectedTiling bf16 = decided(launch(DType::BF16, true, 1, 30000, out, {2, 2, 4}, {2, 2, 2}, {2, 2, 1}));
  EXPECT_EQ(disagreement_with(bf16, 1000,
                              "Vector key=1000 blockDim=3 channels=30000 cCount=29344 cAlign=29344 cNum=2 "
                              "cTail=656 cLine=1 items=6 perCore=2 lastCore=2 compute=0 atomics=true fp32ws=true"),
            "");
}

// Deterministic mode with overlap: coreNum = min(cores, gradDim0). The 3-D op_api's deterministic reshape hands
// (4, 2, 2, 2, 8): 4 cores, 32 positions, 8 items each; fp32 cLine 22016 / 8 = 2752.
TEST(AvgPool3dFamilyTiling, DeterministicOverlapOneCorePerLeadingSlice) {
  const GradCall g = launch(DType::F32, true, 4, 8, {2, 2, 2}, {3, 3, 3}, {2, 2, 2}, {1, 1, 1});
  EXPECT_EQ(disagreement_with(decided(g, platform(), true), 2000,
                              "Vector key=2000 blockDim=4 channels=8 cCount=8 cAlign=8 cNum=1 cTail=8 cLine=2752 "
                              "items=32 perCore=8 lastCore=8 compute=0 atomics=true fp32ws=false"),
            "");
  // Control: default mode spreads the 32 positions over 32 cores.
  EXPECT_EQ(decision_value(decided(g), "blockDim"), "32");
}

// Ascend950 runs the same tiling on its numbers: 16 fp32 channels at 64 positions are 64 cores and
// (245760 - 20480) / 2 / 4 = 28160 channels a pass, cLine 1760; on A2's 48 cores the last takes 17 items.
TEST(AvgPool3dFamilyTiling, Ascend950NumbersOnly) {
  const GradCall g = launch(DType::F32, true, 1, 16, {4, 4, 4}, {8, 8, 8}, {2, 2, 2}, {2, 2, 2});
  const ExpectedTiling on950 = decided(g, platform(64, 245760, "Ascend950"));
  EXPECT_EQ(disagreement_with(on950, 2000,
                              "Vector key=2000 blockDim=64 cLine=1760 items=64 perCore=1 lastCore=1 "
                              "channels=16 cCount=16 cAlign=16 cNum=1 cTail=16 compute=0 "
                              "atomics=false fp32ws=false"),
            "");
  const ExpectedTiling onA2 = decided(g);
  EXPECT_EQ(decision_value(onA2, "blockDim"), "48");
  EXPECT_EQ(decision_value(onA2, "cLine"), "1376");
  EXPECT_EQ(decision_value(onA2, "lastCore"), "17");
}

// The UB knob: 65536 B leaves 45056, fp32 half of it 22528 B = 5632 channels; 6000 channels take 2 chunks.
TEST(AvgPool3dFamilyTiling, TheUbKnobSizesTheChunks) {
  const GradCall g = launch(DType::F32, true, 1, 6000, {1, 2, 2}, {2, 4, 4}, {2, 2, 2}, {2, 2, 2});
  const ExpectedTiling e = decided(g, platform(3, 65536));
  EXPECT_EQ(decision_value(e, "cCount"), "5632");
  EXPECT_EQ(decision_value(e, "cTail"), "368");
  EXPECT_EQ(decision_value(e, "blockDim"), "3");
  EXPECT_EQ(decision_value(e, "perCore"), "2");
  EXPECT_EQ(decision_value(e, "lastCore"), "4");
}

// ---- NCDHW: Tiling4HWParam (only T) and Tiling4Block ----

// Only T: kH = sH = kW = sW = 1. Keys 3000 fp32, 4000 fp16/bf16; cores min(cores, N*C*Do), and with overlap in
// deterministic mode min(cores, N*C).
TEST(AvgPool3dFamilyTiling, OnlyTKeysAndCores) {
  const GradCall g = launch(DType::BF16, false, 1, 4, {5, 8, 8}, {6, 8, 8}, {2, 1, 1}, {1, 1, 1});
  const ExpectedTiling e = decided(g);
  EXPECT_EQ(e.key, 4000u);
  EXPECT_EQ(decision_value(e, "blockDim"), "20");
  EXPECT_EQ(decision_value(decided(g, platform(), true), "blockDim"), "4");
}

// The block template goes scatter when 64 planes of one input row of min(kW, W) elements do not fit the UB
// left (BasicBlockComputerUbSize(1, 1, 1, 1, 1, wi)): fp32 (max(8, a8) + a8 + 8) * 64 * 4 B, with a8 = wi
// aligned to 8: 336 needs 174080 <= 176128 (normal, 5000), 337 (aligned 344) 178176 (scatter, 6000). fp16
// without overlap: (max(16, a16) + a16 + 16) * 64 * 2 + 512: 672 fits, 673 (688) does not.
TEST(AvgPool3dFamilyTiling, BlockScatterWhenOneRowOf64PlanesOverflows) {
  auto key = [](DType dt, int64_t kw) {
    return decided(launch(dt, false, 1, 16, {1, 1, 1}, {1, 1, 800}, {1, 1, kw}, {1, 1, kw})).key;
  };
  EXPECT_EQ(key(DType::F32, 336), 5000u);
  EXPECT_EQ(key(DType::F32, 337), 6000u);
  EXPECT_EQ(key(DType::F16, 672), 5000u);
  EXPECT_EQ(key(DType::F16, 673), 6000u);
  // min(kW, W): an input narrower than the kernel keeps the row short.
  EXPECT_EQ(decided(launch(DType::F32, false, 1, 16, {1, 1, 1}, {1, 1, 300}, {1, 1, 500}, {1, 1, 500})).key, 5000u);
}

// ---- Upstream's op_host tiling test, every row (48 cores, UB 196608, keys asserted) ----

// Rows 0, 1, 3: data_format NDHWC, grad (1, 16, 1, 1, 1) = N 1, D 16, H 1, W 1, C 1, original input
// (1, 16, 4, 4, 4), ksize 4, strides 1 (overlap). 16 positions; row 3 is deterministic: min(48, gradDim0) = 1.
// Rows 4, 5: NCDHW. Row 4: grad (1, 16, 4, 8, 8), ksize (2, 1, 1) = strides: only T, 3000. Row 5: grad
// (1, 16, 4, 4, 4), ksize = strides 2: the block template, wi 2 fits: 5000.
TEST(AvgPool3dFamilyUpstream, EveryOpHostTilingTestRowGetsItsKey) {
  const Axes k4{4, 4, 4}, s1{1, 1, 1}, in4{4, 4, 4}, in8{8, 8, 8};
  const GradCall row0 = launch(DType::F32, true, 1, 1, {16, 1, 1}, in4, k4, s1);
  const GradCall row1 = launch(DType::F16, true, 1, 1, {16, 1, 1}, in4, k4, s1);
  const GradCall row4 = launch(DType::F32, false, 1, 16, {4, 8, 8}, in8, {2, 1, 1}, {2, 1, 1});
  const GradCall row5 = launch(DType::F32, false, 1, 16, {4, 4, 4}, in8, {2, 2, 2}, {2, 2, 2});
  EXPECT_EQ(disagreement_with(decided(row0), 2000,
                              "Vector key=2000 blockDim=16 channels=1 cCount=1 cAlign=8 cNum=1 cTail=1 cLine=2752 "
                              "items=16 perCore=1 lastCore=1 compute=0 atomics=true fp32ws=false"),
            "");
  EXPECT_EQ(disagreement_with(decided(row1), 1000,
                              "Vector key=1000 blockDim=16 channels=1 cCount=1 cAlign=16 cNum=1 cTail=1 cLine=1834 "
                              "items=16 perCore=1 lastCore=1 compute=0 atomics=true fp32ws=true"),
            "");
  EXPECT_EQ(disagreement_with(decided(row0, platform(), true), 2000,
                              "Vector key=2000 blockDim=1 items=16 perCore=16 lastCore=16 cLine=2752 channels=1 "
                              "cCount=1 cAlign=8 cNum=1 cTail=1 compute=0 atomics=true fp32ws=false"),
            "");
  EXPECT_EQ(disagreement_with(decided(row4), 3000, "Vector key=3000 blockDim=48"), "");
  EXPECT_EQ(disagreement_with(decided(row5), 5000, "Vector key=5000 blockDim=48"), "");
}

// ---- Thresholds ----

// Each stated threshold flips what it names between value - step and value, and one step above stays on the
// value's side: UB 255 holds 16 fp32 channels ((255 - 127) / 2 = 64 B), 254 only 8; 24 cores reach the 24
// positions.
TEST(AvgPool3dFamilyThresholds, EachFlipsWhatItNames) {
  const GradCall g = launch(DType::F32, true, 1, 16, {2, 3, 4}, {4, 6, 8}, {2, 2, 2}, {2, 2, 2});
  const std::vector<Threshold> ts = avgpool_family::tiling_thresholds(g, platform(), false);
  ASSERT_EQ(ts.size(), 2u);
  EXPECT_EQ(ts[0].knob, Knob::UbBytes);
  EXPECT_EQ(ts[0].value, 255);
  EXPECT_EQ(ts[1].knob, Knob::Cores);
  EXPECT_EQ(ts[1].value, 24);
  for (const Threshold& t : ts) {
    auto at = [&](int64_t v) {
      const PlatformNumbers p = t.knob == Knob::UbBytes ? platform(48, v) : platform(static_cast<int32_t>(v));
      return decision_value(decided(g, p), t.changes);
    };
    const int64_t step = knob_step(t.knob);
    EXPECT_NE(at(t.value), at(t.value - step)) << rule_name(t.rule);
    EXPECT_EQ(at(t.value), at(t.value + step)) << rule_name(t.rule);
  }
  // The depth axis counts: 2 x 3 x 4 positions, not the 3 x 4 of one layer.
  EXPECT_EQ(avgpool_family::tiling_thresholds(g, platform(), true).size(), 2u);  // no overlap: both kept
  GradCall overlap = g;
  overlap.s = {1, 2, 2};
  EXPECT_EQ(avgpool_family::tiling_thresholds(overlap, platform(), true).size(), 1u);  // gradDim0 cores
  GradCall planes = g;
  planes.channels_last = false;
  EXPECT_TRUE(avgpool_family::tiling_thresholds(planes, platform(), false).empty());
}

// ---- Controls ----

// The campaign's comparison reports a wrong field with both values, and a wrong key or template by its key.
TEST(AvgPool3dFamilyControl, AWrongFieldOrKeyIsADisagreement) {
  const GradCall g = launch(DType::F32, true, 1, 16, {2, 3, 4}, {4, 6, 8}, {2, 2, 2}, {2, 2, 2});
  const ExpectedTiling e = decided(g);
  std::string wrong = summary_of(e);
  wrong.replace(wrong.find("blockDim=24"), 11, "blockDim=12");  // the cores of one layer (3 x 4)
  EXPECT_EQ(disagreement_with(e, 2000, wrong), "blockDim: expected 24, reported 12");
  const std::string cast_key = disagreement_with(e, 1000, summary_of(e));
  EXPECT_NE(cast_key.find("key: expected 2000, reported 1000"), std::string::npos) << cast_key;
  // Upstream's row 5 answered with the channels-last key.
  const ExpectedTiling row5 = decided(launch(DType::F32, false, 1, 16, {4, 4, 4}, {8, 8, 8}, {2, 2, 2}, {2, 2, 2}));
  const std::string channels_last = disagreement_with(row5, 2000, "Vector key=2000 blockDim=48");
  EXPECT_NE(channels_last.find("key: expected 5000, reported 2000"), std::string::npos) << channels_last;
  // A scatter block reported as normal.
  const ExpectedTiling scatter =
      decided(launch(DType::F32, false, 1, 16, {1, 1, 1}, {1, 1, 800}, {1, 1, 337}, {1, 1, 337}));
  EXPECT_EQ(disagreement_with(scatter, 5000, "Vector key=5000 blockDim=16"), "key: expected 6000, reported 5000");
}

// No work, no decision: an empty gradient, or a UB left that holds no 32-byte block of channels.
TEST(AvgPool3dFamilyControl, NoDecisionWithoutWork) {
  const TilingVerdict empty = avgpool_family::expected_tiling(
      launch(DType::F32, true, 1, 0, {1, 1, 1}, {2, 2, 2}, {2, 2, 2}, {2, 2, 2}), platform(), false);
  EXPECT_FALSE(empty.expected.has_value());
  EXPECT_NE(empty.no_decision.find("empty"), std::string::npos) << empty.no_decision;
  const TilingVerdict tiny = avgpool_family::expected_tiling(
      launch(DType::F32, true, 1, 8, {1, 1, 1}, {2, 2, 2}, {2, 2, 2}, {2, 2, 2}), platform(48, 64), false);
  EXPECT_FALSE(tiny.expected.has_value());
  EXPECT_NE(tiny.no_decision.find("32-byte"), std::string::npos) << tiny.no_decision;
}

}  // namespace
}  // namespace poolcheck::tiling_oracle
