// aclnnAvgPool3dBackward's tiling statement on hand-built calls (ops/avgpool3d_grad/tiling_oracle.cpp): the op_api's
// reshapes (TransGrad2CDHW's deterministic groups, the NCDHW routes for only-T windows and 12 <= N*C < 256, the
// channels-last transpose otherwise) worked out by hand, upstream's op_host tiling-test rows as calls where one
// reaches them, the SoCs, and controls: a wrong reported field or key is a disagreement naming it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ops/avgpool3d_grad/view.h"
#include "tiling_oracle/expected_tiling.h"
#include "tiling_oracle/operator_statements.h"

namespace poolcheck::tiling_oracle {
namespace {

using Dims = std::vector<int64_t>;

// A call: gradOutput `y`, self and output `x` (both CDHW or both NCDHW), kernel and stride lists as given
// (an empty stride list: the kernel), no padding.
Case call(const std::string& soc, const Dims& x, const Dims& y, const Dims& k, const Dims& s, DType dt = DType::F32,
          bool deterministic = false) {
  Case c;
  c.op = "avgpool3d_grad";
  c.platform = soc;
  c.deterministic = deterministic;
  namespace names = ::poolcheck::avgpool3d_grad;
  TensorArg grad;
  grad.dtype = dt;
  grad.shape = y;
  TensorArg self = grad;
  self.shape = x;
  c.tensors = {{names::kGradOutput, grad}, {names::kSelf, self}, {names::kOutput, self}};
  c.arrays = {{names::kKernelSize, {true, k}}, {names::kStride, {true, s}}, {names::kPadding, {true, {0}}}};
  names::Edit e(c);
  e.set_ceil_mode(false);
  e.set_count_include_pad(true);
  e.set_divisor_override(0);
  return c;
}

ExpectedTiling decided(const Case& c) {
  const TilingVerdict v = expected_tiling(c);
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

// "" when the statement's decision for `c` is Vector/`key` with these summary words (the campaign's comparison).
std::string disagreement_with(const Case& c, uint64_t key, const std::string& summary) {
  return tiling_disagreement(decided(c), "Vector", key, summary);
}

// The NCDHW routes are stated: upstream's key and cores.
void expect_ncdhw(const Case& c, uint64_t key, const std::string& cores) {
  const ExpectedTiling e = decided(c);
  EXPECT_EQ(e.key, key) << summary_of(e);
  EXPECT_EQ(decision_value(e, "blockDim"), cores) << summary_of(e);
}

// ---- NDHWC: the channels-last transpose (N*C outside [12, 256), not only T) ----

// gradOutput 2x150x2x3x4 fp32, k = s = 2: N*C 300 channels last, N*D*H*W = 1*2*3*4 = 24 positions (the depth
// counts). 300 of 22016 fit: cAlign 304, cLine 22016 / 304 = 72; 24 cores, one item each.
TEST(AvgPool3dEntryTiling, ChannelsLastWithDepth) {
  EXPECT_EQ(disagreement_with(call("Ascend910B", {2, 150, 4, 6, 8}, {2, 150, 2, 3, 4}, {2}, {2}), 2000,
                              "Vector key=2000 blockDim=24 channels=300 cCount=300 cAlign=304 cNum=1 cTail=300 "
                              "cLine=72 items=24 perCore=1 lastCore=1 compute=0 atomics=false fp32ws=false"),
            "");
}

// Deterministic mode: TransGrad2CDHW splits N*C = 300 into 30 groups (the largest divisor up to 48 cores) of 10
// channels; with overlap (k 2, s 1) one core per group: 30 cores, 30 * 27 = 810 positions, 27 a core; 10 fp32
// align to 16, cLine 1376. Default mode: one group, 27 cores.
TEST(AvgPool3dEntryTiling, DeterministicGroupsOneCoreEach) {
  const Dims x{1, 300, 4, 4, 4}, y{1, 300, 3, 3, 3};
  EXPECT_EQ(disagreement_with(call("Ascend910B", x, y, {2}, {1}, DType::F32, true), 2000,
                              "Vector key=2000 blockDim=30 channels=10 cCount=10 cAlign=16 cNum=1 cTail=10 "
                              "cLine=1376 items=810 perCore=27 lastCore=27 compute=0 atomics=true fp32ws=false"),
            "");
  EXPECT_EQ(decision_value(decided(call("Ascend910B", x, y, {2}, {1})), "blockDim"), "27");
  EXPECT_EQ(decision_value(decided(call("Ascend910B", x, y, {2}, {1})), "channels"), "300");
  // The cores knob sets the groups: 7 cores give 6 groups of 50.
  Case seven = call("Ascend910B", x, y, {2}, {1}, DType::F32, true);
  seven.cores = 7;
  EXPECT_EQ(decision_value(decided(seven), "blockDim"), "6");
  EXPECT_EQ(decision_value(decided(seven), "channels"), "50");
}

// fp16 with overlap on D alone (k (2, 2, 2), s (1, 2, 2)): ubPart 3, 29344 channels; 256 channels align to 256,
// cLine 114; the fp32 workspace and atomics.
TEST(AvgPool3dEntryTiling, Fp16OverlapOnDepthAlone) {
  const ExpectedTiling e =
      decided(call("Ascend910_93", {256, 4, 4, 4}, {256, 3, 2, 2}, {2, 2, 2}, {1, 2, 2}, DType::F16));
  EXPECT_EQ(e.key, 1000u);
  EXPECT_EQ(decision_value(e, "cLine"), "114");
  EXPECT_EQ(decision_value(e, "atomics"), "true");
  EXPECT_EQ(decision_value(e, "fp32ws"), "true");
  EXPECT_EQ(decision_value(e, "blockDim"), "12");
}

// Ascend950: the same route on 64 cores and a 245760-byte UB.
TEST(AvgPool3dEntryTiling, Ascend950SameRouteItsNumbers) {
  const ExpectedTiling e = decided(call("Ascend950", {1, 300, 8, 8, 8}, {1, 300, 4, 4, 4}, {2}, {}));
  EXPECT_EQ(e.key, 2000u);
  EXPECT_EQ(decision_value(e, "blockDim"), "64");
  EXPECT_EQ(decision_value(e, "cLine"), "92");  // 28160 / 304
}

// ---- The NCDHW routes ----

// CheckEnableBlock: 12 <= N*C < 256 takes the NCDHW block template; isOnlyT whatever N*C. Cores: min(cores, tasks),
// the tasks every gradient element (block) or the (N*C, Do) planes (only T).
TEST(AvgPool3dEntryTiling, NcdhwRoutesAreStatedWithUpstreamsKeyAndCores) {
  const Dims k{2}, s{2};
  expect_ncdhw(call("Ascend910B", {12, 4, 4, 4}, {12, 2, 2, 2}, k, s), 5000, "48");
  expect_ncdhw(call("Ascend910B", {1, 255, 4, 4, 4}, {1, 255, 2, 2, 2}, k, s), 5000, "48");
  expect_ncdhw(call("Ascend910B", {1, 300, 4, 4, 4}, {1, 300, 2, 4, 4}, {2, 1, 1}, {2, 1, 1}), 3000, "48");
  expect_ncdhw(call("Ascend950", {1, 300, 4, 4, 4}, {1, 300, 2, 4, 4}, {2, 1, 1}, {2, 1, 1}, DType::BF16), 4000, "64");
  // Controls: just outside the block range the call is channels-last and stated.
  EXPECT_EQ(decided(call("Ascend910B", {11, 4, 4, 4}, {11, 2, 2, 2}, k, s)).key, 2000u);
  EXPECT_EQ(decided(call("Ascend910B", {1, 256, 4, 4, 4}, {1, 256, 2, 2, 2}, k, s)).key, 2000u);
  EXPECT_TRUE(tiling_thresholds(call("Ascend910B", {12, 4, 4, 4}, {12, 2, 2, 2}, k, s)).empty());
}

// ---- Upstream's op_host tiling test (48 cores, UB 196608) ----

// Rows 0, 1, 3 hand AvgPool3DGrad the NDHWC grad (1, 16, 1, 1, 1) with ksize 4, strides 1: the call gradOutput
// 1x16x1x1 (C = 1, Do = 16) from self 1x19x4x4 reaches exactly that gradient (self's D is not read by the
// channels-last tiling). Rows 4 and 5 are calls as they stand (self 1x16x8x8x8): NCDHW, 3000 and 5000 on 48 cores.
TEST(AvgPool3dEntryUpstream, EveryOpHostTilingTestRowThroughTheCall) {
  auto row = [](DType dt, bool deterministic) {
    Case c = call("Ascend910B", {1, 19, 4, 4}, {1, 16, 1, 1}, {4}, {1}, dt, deterministic);
    c.cores = 48;
    c.ub_bytes = 196608;
    return c;
  };
  EXPECT_EQ(disagreement_with(row(DType::F32, false), 2000,
                              "Vector key=2000 blockDim=16 channels=1 cCount=1 cAlign=8 cNum=1 cTail=1 cLine=2752 "
                              "items=16 perCore=1 lastCore=1 compute=0 atomics=true fp32ws=false"),
            "");
  EXPECT_EQ(disagreement_with(row(DType::F16, false), 1000,
                              "Vector key=1000 blockDim=16 channels=1 cCount=1 cAlign=16 cNum=1 cTail=1 cLine=1834 "
                              "items=16 perCore=1 lastCore=1 compute=0 atomics=true fp32ws=true"),
            "");
  EXPECT_EQ(disagreement_with(row(DType::F32, true), 2000,
                              "Vector key=2000 blockDim=1 channels=1 cCount=1 cAlign=8 cNum=1 cTail=1 cLine=2752 "
                              "items=16 perCore=16 lastCore=16 compute=0 atomics=true fp32ws=false"),
            "");
  expect_ncdhw(call("Ascend910B", {1, 16, 8, 8, 8}, {1, 16, 4, 8, 8}, {2, 1, 1}, {2, 1, 1}), 3000, "48");
  expect_ncdhw(call("Ascend910B", {1, 16, 8, 8, 8}, {1, 16, 4, 4, 4}, {2}, {2}), 5000, "48");
}

// ---- SoCs, empty calls, thresholds ----

TEST(AvgPool3dEntryTiling, NoKernelNoDecision) {
  for (const Case& c : {call("Ascend310P", {1, 300, 4, 4, 4}, {1, 300, 2, 2, 2}, {2}, {2}),
                        call("Ascend910", {1, 300, 4, 4, 4}, {1, 300, 2, 2, 2}, {2}, {2}),
                        call("Ascend910B", {0, 300, 4, 4, 4}, {0, 300, 2, 2, 2}, {2}, {2})}) {
    const TilingVerdict v = expected_tiling(c);
    EXPECT_FALSE(v.expected.has_value()) << c.platform;
    EXPECT_FALSE(v.unstated) << c.platform;
    EXPECT_FALSE(v.no_decision.empty());
  }
  EXPECT_TRUE(tiling_thresholds(call("Ascend310P", {1, 300, 4, 4, 4}, {1, 300, 2, 2, 2}, {2}, {2})).empty());
}

// Default mode states both knobs' thresholds, deterministic mode only the UB's (the groups follow the cores).
TEST(AvgPool3dEntryThresholds, CoresOnlyOutsideDeterministicMode) {
  const Dims x{1, 300, 4, 6, 8}, y{1, 300, 2, 3, 4};
  const std::vector<Threshold> plain = tiling_thresholds(call("Ascend910B", x, y, {2}, {2}));
  ASSERT_EQ(plain.size(), 2u);
  EXPECT_EQ(plain[1].knob, Knob::Cores);
  EXPECT_EQ(plain[1].value, 24);
  const std::vector<Threshold> det = tiling_thresholds(call("Ascend910B", x, y, {2}, {2}, DType::F32, true));
  ASSERT_EQ(det.size(), 1u);
  EXPECT_EQ(det[0].knob, Knob::UbBytes);
}

// ---- Controls ----

// A reported decision with one layer's cores, or the NCDHW template's key, is a disagreement naming it.
TEST(AvgPool3dEntryControl, AWrongFieldOrKeyIsADisagreement) {
  const Case c = call("Ascend910B", {2, 150, 4, 6, 8}, {2, 150, 2, 3, 4}, {2}, {2});
  std::string one_layer = summary_of(decided(c));
  one_layer.replace(one_layer.find("blockDim=24"), 11, "blockDim=12");
  EXPECT_EQ(disagreement_with(c, 2000, one_layer), "blockDim: expected 24, reported 12");
  const std::string block = disagreement_with(c, 5000, "Vector key=5000 blockDim=24");
  EXPECT_NE(block.find("key: expected 2000, reported 5000"), std::string::npos) << block;
}

}  // namespace
}  // namespace poolcheck::tiling_oracle
