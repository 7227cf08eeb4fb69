// aclnnAdaptiveAvgPool2dBackward's tiling statement on hand-built cases: each route of the op_api, each arch35
// template with its key and fields worked out by hand from ops-nn's op_host/arch35 tiling (the rule cited beside
// each), upstream's own arch35 tiling-test rows, and controls: a wrong reported decision is a disagreement naming
// the field, and the knobs move the decision.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ops/adaptive_avgpool2d_grad/family.h"
#include "tiling_oracle/expected_tiling.h"
#include "tiling_oracle/operator_statements.h"

namespace poolcheck::tiling_oracle {
namespace {

using Dims = std::vector<int64_t>;

// A valid call: self (and out) of `x`, gradOutput of `y`, both CHW or both NCHW.
Case call(const std::string& soc, const Dims& x, const Dims& y, DType dt = DType::F32, int32_t cores = 0,
          int64_t ub = 0) {
  Case c;
  c.op = "adaptive_avgpool2d_grad";
  c.platform = soc;
  c.cores = cores;
  c.ub_bytes = ub;
  TensorArg grad;
  grad.dtype = dt;
  grad.shape = y;
  TensorArg self = grad;
  self.shape = x;
  c.tensors = {{"gradOutput", grad}, {"self", self}, {"out", self}};
  return c;
}

ExpectedTiling decided(const Case& c) {
  const TilingVerdict v = expected_tiling(c);
  if (!v.expected) ADD_FAILURE() << "no decision: " << v.no_decision;
  return v.expected.value_or(ExpectedTiling{});
}

// The decision as the emulator's summary would spell it, the words the statement states.
std::string summary_of(const ExpectedTiling& e) {
  std::string s = strategy_name(e.strategy);
  s += " key=" + std::to_string(e.key);
  for (const TilingField& f : e.fields) s += " " + f.name + "=" + f.value;
  return s;
}

// "" when the statement's decision for `c` is `strategy`/`key` with these summary words (a summary in the
// emulator's words: every stated field must be among them, with the value given).
std::string disagreement_with(const Case& c, Strategy strategy, uint64_t key, const std::string& summary) {
  return tiling_disagreement(decided(c), strategy_name(strategy), key, summary);
}

// ---- Routes (aclnn_adaptive_avg_pool2d_backward.cpp) ----

// DoAdapativeAvgPool2DBackward: a 1x1 gradOutput takes Fill x Mul before any SoC test; the statement states it on
// Ascend 950 itself (poolcheck's AllOne keys, 900 + 10 * dtype) and through the family elsewhere.
TEST(Adaptive2dTilingRoutes, OneByOneGradOutputIsFillMulOnEverySoc) {
  const ExpectedTiling on950 = decided(call("Ascend950", {2, 3, 7, 5}, {2, 3, 1, 1}, DType::F16));
  EXPECT_EQ(on950.strategy, Strategy::AllOne);
  EXPECT_EQ(on950.key, 910u);
  EXPECT_EQ(disagreement_with(call("Ascend950", {2, 3, 7, 5}, {2, 3, 1, 1}, DType::BF16), Strategy::AllOne, 920,
                              "AllOne key=920 atomics=false fp32ws=false"),
            "");
  for (const char* soc : {"Ascend910B", "Ascend910_93", "Ascend910", "Ascend310P"}) {
    const ExpectedTiling e = decided(call(soc, {3, 7, 5}, {3, 1, 1}));
    EXPECT_EQ(e.strategy, Strategy::AllOne) << soc;
    EXPECT_EQ(e.key, 900u) << soc;
  }
}

// Atlas A2/A3 (ASCEND910B..ASCEND910E): the 3-D kernel with a depth of one, so the family's decision on the lifted
// case, General for N*C = 6 fp32 planes (key 0: small N*C).
TEST(Adaptive2dTilingRoutes, AtlasA2A3IsTheFamilysStatementOnTheLiftedCase) {
  for (const char* soc : {"Ascend910B", "Ascend910_93"}) {
    const Case c = call(soc, {2, 3, 7, 5}, {2, 3, 3, 4});
    const ExpectedTiling e = decided(c);
    EXPECT_EQ(e.strategy, Strategy::General) << soc;
    EXPECT_EQ(e.key, 0u) << soc;
    const TilingVerdict family = expected_tiling(with_depth_axis(c, ::poolcheck::adaptive_avgpool2d_grad::family()));
    ASSERT_TRUE(family.expected.has_value()) << family.no_decision;
    EXPECT_EQ(describe(e), describe(*family.expected)) << soc;
  }
}

// The Atlas training/inference series run two BatchMatMul: known, not stated.
TEST(Adaptive2dTilingRoutes, AssistMatmulIsUnstatedWithItsReason) {
  for (const char* soc : {"Ascend910", "Ascend310P"}) {
    const TilingVerdict v = expected_tiling(call(soc, {2, 3, 7, 5}, {2, 3, 3, 4}, DType::F16));
    EXPECT_FALSE(v.expected.has_value()) << soc;
    EXPECT_TRUE(v.unstated) << soc;
    EXPECT_NE(v.no_decision.find("BatchMatMul"), std::string::npos) << v.no_decision;
  }
  // Control: a 1x1 gradOutput on the same SoCs is stated (Fill x Mul comes first).
  EXPECT_TRUE(expected_tiling(call("Ascend910", {2, 3, 7, 5}, {2, 3, 1, 1}, DType::F16)).expected.has_value());
}

// An empty tensor returns before any kernel; a SoC without the entry point gets no decision either, and neither is
// "unstated".
TEST(Adaptive2dTilingRoutes, NoKernelNoDecision) {
  for (const Case& c :
       {call("Ascend950", {2, 0, 7, 5}, {2, 0, 3, 4}), call("Ascend310B", {2, 3, 7, 5}, {2, 3, 3, 4})}) {
    const TilingVerdict v = expected_tiling(c);
    EXPECT_FALSE(v.expected.has_value()) << c.platform;
    EXPECT_FALSE(v.unstated) << c.platform;
    EXPECT_FALSE(v.no_decision.empty());
  }
}

// The statement states no knob thresholds on Ascend 950 (no threshold words for the arch35 rules yet), the
// family's on A2/A3.
TEST(Adaptive2dTilingRoutes, ThresholdsOnlyOnTheFamilyRoute) {
  EXPECT_TRUE(tiling_thresholds(call("Ascend950", {1, 3, 9, 301}, {1, 3, 2, 2})).empty());
  EXPECT_TRUE(tiling_thresholds(call("Ascend910", {2, 3, 7, 5}, {2, 3, 3, 4})).empty());
  EXPECT_FALSE(tiling_thresholds(call("Ascend910B", {2, 3, 7, 5}, {2, 3, 3, 4})).empty());
}

// ---- BigKernel (adaptive_avg_pool2d_grad_big_kernel_tiling.cpp), 64 cores, UB 245760 ----

// self 1x3x9x301, gradOutput 1x3x2x2 fp32. IsCapable: windows ceil(9/2) x ceil(301/2) = 5 x 151 >= 256, 151 > 256/4/2.
// TrySplitNC: 3 tiles of whole planes < 64 cores, with one plane too. SplitUnalignDHW: H tiles 2..9 (rows 5, 3,
// 3, 2, 2, 2, 2, 1: at most 27 tiles), then W tiles: 2 (151 columns, 54 tiles), 3 (101 columns, 81 tiles >= 64;
// region 2x2 fp32 = 16 B -> 32, tile 1 x 104 fp32 = 416 B, fits) -> stop. 81 tiles: 2 a core, 41 cores, the last 1.
TEST(Adaptive2dTilingBig, SplitsHThenWUntilEveryCoreHasATile) {
  EXPECT_EQ(disagreement_with(call("Ascend950", {1, 3, 9, 301}, {1, 3, 2, 2}), Strategy::BigKernel, 18,
                              "BigKernel key=18 blockDim=41 nc=3 x=9x301 y=2x2 planes=1/1x3 h=1/1x9 w=101/99x3 "
                              "tiles=81 perCore=2 lastCore=1 bufs=32/416/0 ub=2688/245760"),
            "");
}

// self 1x256x16x512, gradOutput 1x256x1x2 fp32: windows 16 x 256. TrySplitNC: ceil(256/64) = 4 whole planes need
// 2 * (96 + 4*16*512*4) = 262336 B > 245760 - 4096; one plane fits and gives 256 tiles, so the bisection takes the
// most planes that fit and leave >= 64 tiles: 3 (196800 B, 86 tiles; 4 do not fit). 86 tiles: 2 a core, 43 cores.
TEST(Adaptive2dTilingBig, TheMostWholePlanesThatFitAndFeedEveryCore) {
  EXPECT_EQ(disagreement_with(call("Ascend950", {1, 256, 16, 512}, {1, 256, 1, 2}), Strategy::BigKernel, 18,
                              "BigKernel key=18 blockDim=43 nc=256 x=16x512 y=1x2 planes=3/1x86 h=16/16x1 "
                              "w=512/512x1 tiles=86 perCore=2 lastCore=2 bufs=96/98304/0"),
            "");
}

// The UB knob is the UB the tiling reads: at 65536 B (61440 left) even one whole plane (65600 B) does not fit, so
// SplitUnalignDHW halves H: 8 rows, 2 * (32 + 8*512*4) = 32832 B, 512 tiles: 8 a core on all 64.
TEST(Adaptive2dTilingBig, TheUbKnobMovesTheSplit) {
  EXPECT_EQ(disagreement_with(call("Ascend950", {1, 256, 16, 512}, {1, 256, 1, 2}, DType::F32, 0, 65536),
                              Strategy::BigKernel, 18,
                              "BigKernel key=18 blockDim=64 planes=1/1x256 h=8/8x2 w=512/512x1 tiles=512 perCore=8 "
                              "lastCore=8 bufs=32/16384/0 nc=256 x=16x512 y=1x2"),
            "");
}

// GetTilingKey: int64 offsets once N*C*H*W passes INT32_MAX (65536 x 65536 = 2^32 elements) -> INDEX_DTYPE 2, key 34.
TEST(Adaptive2dTilingBig, Int64OffsetsPastInt32Max) {
  const ExpectedTiling e = decided(call("Ascend950", {1, 1, 65536, 65536}, {1, 1, 2, 3}));
  EXPECT_EQ(e.strategy, Strategy::BigKernel);
  EXPECT_EQ(e.key, 34u);
}

// ---- NchwSmallKernel (adaptive_avg_pool2d_grad_nchw_small_kernel_tiling.cpp) ----

// self 1x4096x5x7, gradOutput 1x4096x4x8 fp32 (windows 2x1): TrySplitNC takes whole planes, 64 a tile. Region
// ceil(5*4/5)+1 = 5 rows of ceil(7*8/7)+1 = 9 columns padded to 16: 64*5*16 = 5120 elements (20480 B; the fp32
// transpose buffer the same, larger than the tile); tile 5 x 8 = 40 padded to 48: 64*48*4 = 12288 B; doubled
// 106496 <= 245760 - 4608, and 4096/64 = 64 tiles feed the 64 cores.
TEST(Adaptive2dTilingSmall, WholePlanesAVectorATile) {
  EXPECT_EQ(disagreement_with(call("Ascend950", {1, 4096, 5, 7}, {1, 4096, 4, 8}), Strategy::NchwSmallKernel, 17,
                              "NchwSmallKernel key=17 blockDim=64 nc=4096 x=5x7 y=4x8 planes=64/64x64 h=5/5x1 "
                              "w=7/7x1 tiles=64 perCore=1 lastCore=1 bufs=20480/20480/12288 ub=108288/245760"),
            "");
}

// self 128x4x8 (CHW), gradOutput 128x4x8 fp32: whole planes give 2 tiles. The search (32 elements a plane) tries
// planes 64..128 by 16: only 1x1 tiles of 64..112 planes reach 64 tiles; 64 planes pay no padding, no short last
// vector and no partial register, so they win. Region 2x2 padded to 2x8: 64*16 = 1024 elements in each buffer.
TEST(Adaptive2dTilingSmall, TheScoredSearchPrefersWholeVectors) {
  EXPECT_EQ(disagreement_with(call("Ascend950", {128, 4, 8}, {128, 4, 8}), Strategy::NchwSmallKernel, 17,
                              "NchwSmallKernel key=17 blockDim=64 nc=128 x=4x8 y=4x8 planes=64/64x2 h=1/1x4 w=1/1x8 "
                              "tiles=64 perCore=1 lastCore=1 bufs=4096/4096/4096"),
            "");
}

// self 1x128x500x500, gradOutput 1x128x400x400 fp32 (windows 2x2; 250000 elements a plane: no search).
// ApplyCoarseFallback: rows shrink by 2 from 500 while nothing fits, to 2; then columns by 2 from 500: 68 and 66
// need 2 * (43008 + 43008 + 36864) = 245760 B > 241152, 64 needs 2 * (43008 + 43008 + 32768) = 237568 B (region 3
// rows of 53 -> 56 columns, 64 planes; tile 2 x 64 = 128) -> stop. 2 x 250 x 8 = 4000 tiles: 63 a core, 64 cores,
// the last 31.
TEST(Adaptive2dTilingSmall, CoarseFallbackPastTheSearchLimit) {
  EXPECT_EQ(disagreement_with(call("Ascend950", {1, 128, 500, 500}, {1, 128, 400, 400}), Strategy::NchwSmallKernel, 17,
                              "NchwSmallKernel key=17 blockDim=64 nc=128 x=500x500 y=400x400 planes=64/64x2 "
                              "h=2/2x250 w=64/52x8 tiles=4000 perCore=63 lastCore=31 bufs=43008/43008/32768"),
            "");
}

// IsCapable's thresholds, each on both sides from a capable case (self 1x128x8x8, gradOutput 1x128x8x8 fp32).
TEST(Adaptive2dTilingSmall, CapabilityThresholds) {
  auto strategy = [](const Dims& x, const Dims& y, DType dt = DType::F32) {
    return decided(call("Ascend950", x, y, dt)).strategy;
  };
  EXPECT_EQ(strategy({1, 128, 8, 8}, {1, 128, 8, 8}), Strategy::NchwSmallKernel);
  EXPECT_EQ(strategy({1, 127, 8, 8}, {1, 127, 8, 8}), Strategy::SIMT);  // N*C < 128
  EXPECT_EQ(strategy({1, 128, 8, 7}, {1, 128, 8, 7}), Strategy::SIMT);  // Wo < 8 (fp32)
  EXPECT_EQ(strategy({1, 128, 8, 16}, {1, 128, 8, 16}, DType::F16), Strategy::NchwSmallKernel);
  EXPECT_EQ(strategy({1, 128, 8, 15}, {1, 128, 8, 15}, DType::BF16), Strategy::SIMT);  // Wo < 16 (fp16/bf16)
  EXPECT_EQ(strategy({1, 128, 1, 16}, {1, 128, 1, 16}), Strategy::NchwSmallKernel);    // Ho*Wo = 16
  EXPECT_EQ(strategy({1, 128, 1, 15}, {1, 128, 1, 15}), Strategy::SIMT);               // Ho*Wo = 15 < 16
  // Windows 15 x 17 = 255 stay small; 16 x 16 = 256 do not (and 16 <= 32 columns keeps BigKernel out too).
  EXPECT_EQ(strategy({1, 128, 30, 136}, {1, 128, 2, 8}), Strategy::NchwSmallKernel);
  EXPECT_EQ(strategy({1, 128, 32, 128}, {1, 128, 2, 8}), Strategy::SIMT);
  // prefer-SIMT resizes: x 4x taller than y with x at most 4 columns (and no wider than y) ...
  EXPECT_EQ(strategy({1, 128, 64, 4}, {1, 128, 16, 8}), Strategy::SIMT);
  EXPECT_EQ(strategy({1, 128, 64, 5}, {1, 128, 16, 8}), Strategy::NchwSmallKernel);
  // ... or x grown in both axes by x3 in area or more, with windows <= 7 and at most 700 planes.
  EXPECT_EQ(strategy({1, 128, 16, 16}, {1, 128, 8, 8}), Strategy::SIMT);             // area x4, 128 planes
  EXPECT_EQ(strategy({1, 701, 16, 16}, {1, 701, 8, 8}), Strategy::NchwSmallKernel);  // 701 planes
}

// GetTilingKey: int64 only where N*C*H*W passes INT32_MAX (upstream's fp32_small_kernel_int64_tiling_key row);
// SIMT also for H*Ho past it: self 1x1x50000x1, gradOutput 1x1x50000x1 has 50000 elements but H*Ho = 2.5e9.
TEST(Adaptive2dTilingSimt, KeysAndBlocks) {
  // 1x4x16x16 from 1x4x8x8 (upstream's tiling_key_simt_kernel_nchw_fp32): 1024 elements, one block.
  EXPECT_EQ(disagreement_with(call("Ascend950", {1, 4, 16, 16}, {1, 4, 8, 8}), Strategy::SIMT, 19,
                              "SIMT key=19 blockDim=1 nc=4 x=16x16 y=8x8 variant=Nchw ub=0/245760"),
            "");
  // 102400 elements: 100 blocks of 1024 threads, at most one a core: 64, and 40 with the cores knob.
  EXPECT_EQ(decision_value(decided(call("Ascend950", {1, 4, 160, 160}, {1, 4, 8, 8})), "blockDim"), "64");
  EXPECT_EQ(decision_value(decided(call("Ascend950", {1, 4, 160, 160}, {1, 4, 8, 8}, DType::F32, 40)), "blockDim"),
            "40");
  const ExpectedTiling tall = decided(call("Ascend950", {1, 1, 50000, 1}, {1, 1, 50000, 1}));
  EXPECT_EQ(tall.strategy, Strategy::SIMT);
  EXPECT_EQ(tall.key, 35u);
  EXPECT_EQ(decided(call("Ascend950", {1, 1, 46341, 46341}, {1, 1, 46341, 46340})).key, 35u);  // 2147488281 elements
}

// ---- Upstream's arch35 tiling-test rows (tests/ut/op_host/arch35/test_adaptive_avg_pool2d_grad_tiling.cpp):
// 40 cores, UB 196608; y_grad is gradOutput, x is self. ----

struct UpstreamRow {
  const char* name;
  Dims y, x;
  DType dt;
  uint64_t key;  // 0: the row asserts only "not the small kernel"
};

const std::vector<UpstreamRow>& upstream_rows() {
  constexpr DType f32 = DType::F32, f16 = DType::F16;
  static const std::vector<UpstreamRow> rows{
      {"tiling_key_simt_kernel_nchw_fp32", {1, 4, 8, 8}, {1, 4, 16, 16}, f32, 19},
      {"tiling_key_simt_kernel_chw_fp16", {4, 8, 8}, {4, 16, 16}, f16, 19},
      {"tiling_key_big_kernel_nchw_fp32_large_w_window", {1, 128, 16, 1}, {1, 128, 16, 512}, f32, 18},
      {"tiling_key_big_kernel_nchw_fp16_large_w_window", {1, 128, 16, 1}, {1, 128, 16, 1024}, f16, 18},
      {"tiling_key_big_kernel_chw_fp32_large_w_window", {128, 16, 1}, {128, 16, 512}, f32, 18},
      {"fp32_try_split_nc_success_high_axis_tail_aligned", {1, 2560, 4, 8}, {1, 2560, 5, 7}, f32, 17},
      {"fp32_try_split_nc_success_high_axis_tail_unaligned", {1, 2603, 4, 8}, {1, 2603, 5, 7}, f32, 17},
      {"fp16_try_split_nc_success_input_w_boundary_16", {1, 5131, 4, 16}, {1, 5131, 2, 7}, f16, 17},
      {"fp32_split_h_to_limit_and_tail_aligned", {1, 128, 7, 19}, {1, 128, 31, 23}, f32, 17},
      {"fp32_split_h_non_aligned_tail", {1, 128, 7, 19}, {1, 128, 53, 23}, f32, 17},
      {"fp32_split_h_then_split_w_non_aligned_tail", {1, 128, 5, 19}, {1, 128, 11, 29}, f32, 19},
      {"fp32_split_h_then_split_w_aligned_tail", {1, 128, 5, 19}, {1, 128, 11, 30}, f32, 19},
      {"fp32_split_w_high_axis_tail_unaligned", {1, 193, 5, 17}, {1, 193, 7, 23}, f32, 17},
      {"fp16_split_w_branch", {1, 257, 5, 16}, {1, 257, 11, 31}, f16, 19},
      {"chw_fp32_small_kernel_split_hw", {257, 7, 19}, {257, 13, 29}, f32, 17},
      {"chw_fp16_small_kernel_split_hw", {521, 5, 16}, {521, 17, 31}, f16, 17},
      {"fp32_ygrad_spatial_larger_than_x_spatial", {1, 256, 97, 113}, {1, 256, 17, 19}, f32, 17},
      {"fp32_kernel_product_255_still_small_kernel", {1, 2560, 3, 8}, {1, 2560, 43, 129}, f32, 17},
      {"fp32_small_kernel_int64_tiling_key", {1, 32768, 397, 113}, {1, 32768, 541, 139}, f32, 33},
      {"fp32_random_irregular_shape_01", {1, 384, 9, 37}, {1, 384, 71, 83}, f32, 17},
      {"fp16_random_irregular_shape_02", {1, 640, 13, 29}, {1, 640, 41, 67}, f16, 17},
      {"fp32_nc_barely_above_threshold", {1, 129, 6, 23}, {1, 129, 19, 47}, f32, 17},
      {"fp16_nc_barely_above_threshold", {1, 129, 7, 16}, {1, 129, 23, 37}, f16, 17},
      {"reject_kernel_product_equal_256", {1, 256, 4, 8}, {1, 256, 61, 121}, f32, 0},
      {"reject_nc_less_than_128", {1, 127, 4, 8}, {1, 127, 5, 7}, f32, 0},
      {"reject_grad_input_window_area_less_than_16", {1, 128, 1, 15}, {1, 128, 3, 17}, f32, 0},
      {"reject_fp32_input_w_less_than_8", {1, 128, 4, 7}, {1, 128, 7, 11}, f32, 0},
      {"reject_fp16_input_w_less_than_16", {1, 128, 4, 15}, {1, 128, 7, 23}, f16, 0},
      {"reject_initial_limit_buffer_exceeds_ub", {1, 128, 409, 2049}, {1, 128, 7, 17}, f32, 0},
      {"reject_chw_nc_less_than_128", {63, 11, 19}, {63, 23, 31}, f32, 0},
      {"reject_chw_fp16_input_w_less_than_16", {256, 7, 15}, {256, 19, 23}, f16, 0},
      {"reject_large_h_kernel_only", {1, 320, 2, 31}, {1, 320, 600, 37}, f32, 0},
      {"reject_large_w_kernel_only", {1, 320, 11, 2}, {1, 320, 17, 600}, f32, 0},
      {"fp32_irregular_prime_like_01", {1, 211, 11, 23}, {1, 211, 37, 59}, f32, 17},
      {"fp32_irregular_prime_like_02", {1, 337, 17, 31}, {1, 337, 43, 71}, f32, 17},
      {"fp32_irregular_prime_like_03", {1, 719, 19, 41}, {1, 719, 73, 97}, f32, 17},
      {"fp16_irregular_prime_like_04", {1, 333, 11, 17}, {1, 333, 31, 43}, f16, 17},
      {"fp16_irregular_prime_like_05", {1, 777, 13, 19}, {1, 777, 47, 61}, f16, 17},
      {"fp32_non_power_of_two_wide_input", {1, 191, 8, 47}, {1, 191, 29, 211}, f32, 17},
      {"fp16_non_power_of_two_wide_input", {1, 263, 9, 53}, {1, 263, 35, 199}, f16, 17},
      {"fp32_tall_shape", {1, 401, 23, 9}, {1, 401, 151, 17}, f32, 17},
      {"fp16_tall_shape", {1, 529, 29, 16}, {1, 529, 173, 31}, f16, 17},
      {"chw_fp32_irregular_01", {383, 13, 23}, {383, 47, 89}, f32, 17},
      {"chw_fp16_irregular_02", {769, 17, 29}, {769, 67, 101}, f16, 17},
  };
  return rows;
}

TEST(Adaptive2dTilingUpstream, EveryArch35TilingTestRowGetsItsKey) {
  for (const UpstreamRow& row : upstream_rows()) {
    const ExpectedTiling e = decided(call("Ascend950", row.x, row.y, row.dt, 40, 196608));
    if (row.key == 0) {
      EXPECT_NE(e.strategy, Strategy::NchwSmallKernel) << row.name;
      EXPECT_TRUE(e.key != 17 && e.key != 33) << row.name << ": " << describe(e);
    } else {
      EXPECT_EQ(e.key, row.key) << row.name << ": " << describe(e);
    }
    EXPECT_NE(decision_value(e, "blockDim"), "0") << row.name;
  }
}

// ---- Controls ----

// A deliberately wrong reported decision is a disagreement naming what differs: the template and key, then one
// split field with both values.
TEST(Adaptive2dTilingControl, AWrongReportedDecisionIsADisagreement) {
  const Case c = call("Ascend950", {1, 3, 9, 301}, {1, 3, 2, 2});
  const std::string wrong_template =
      disagreement_with(c, Strategy::NchwSmallKernel, 17, summary_of(decided(c)) + " ub=2688/245760");
  EXPECT_NE(wrong_template.find("strategy: expected BigKernel, reported NchwSmallKernel"), std::string::npos)
      << wrong_template;
  EXPECT_NE(wrong_template.find("key: expected 18, reported 17"), std::string::npos) << wrong_template;
  const std::string wrong_split =
      tiling_disagreement(decided(c), "BigKernel", 18,
                          "BigKernel key=18 blockDim=41 nc=3 x=9x301 y=2x2 planes=1/1x3 h=1/1x9 w=64/45x5 tiles=81 "
                          "perCore=2 lastCore=1 bufs=32/416/0");
  EXPECT_EQ(wrong_split, "w: expected 101/99x3, reported 64/45x5");
  // An int32 key where upstream needs int64 offsets.
  const std::string narrow =
      disagreement_with(call("Ascend950", {1, 1, 50000, 1}, {1, 1, 50000, 1}), Strategy::SIMT, 19, "SIMT key=19");
  EXPECT_NE(narrow.find("key: expected 35, reported 19"), std::string::npos) << narrow;
  // A SIMT report for a small-kernel case names the template and the missing split fields.
  const std::string simt = disagreement_with(call("Ascend950", {1, 4096, 5, 7}, {1, 4096, 4, 8}), Strategy::SIMT, 19,
                                             "SIMT key=19 blockDim=64 nc=4096 x=5x7 y=4x8");
  EXPECT_NE(simt.find("strategy: expected NchwSmallKernel, reported SIMT"), std::string::npos) << simt;
  EXPECT_NE(simt.find("planes: expected 64/64x64, not in the summary"), std::string::npos) << simt;
}

}  // namespace
}  // namespace poolcheck::tiling_oracle
