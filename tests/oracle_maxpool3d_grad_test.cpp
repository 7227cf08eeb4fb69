// Unit tests for the scalar max_pool3d oracle against HAND-COMPUTED goldens (research notes §1.2 table and
// §3.4 examples G-M1..G-M7, measured on torch 1.13). Expected values are literals, never produced by the oracle.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

#include "oracle/maxpool3d_grad.h"

namespace {

using poolcheck::oracle::index_in_window;
using poolcheck::oracle::max_pool3d_backward;
using poolcheck::oracle::max_pool3d_forward;
using poolcheck::oracle::MaxPoolForward;
using poolcheck::oracle::Pool3dParams;
using poolcheck::oracle::pooled_dims;
using poolcheck::oracle::ScatterResult;

using Dims = std::array<int64_t, 3>;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

Pool3dParams make_params(Dims kernel, Dims stride, Dims padding, Dims dilation, bool ceil_mode) {
  Pool3dParams p;
  p.kernel = kernel;
  p.stride = stride;
  p.padding = padding;
  p.dilation = dilation;
  p.ceil_mode = ceil_mode;
  return p;
}

// Parameters that pool along a single axis with (k, s, p, d) and leave the other two axes untouched (k=s=1).
Pool3dParams single_axis_params(int axis, int64_t k, int64_t s, int64_t pad, int64_t d, bool ceil_mode) {
  Pool3dParams p = make_params({1, 1, 1}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, ceil_mode);
  p.kernel[axis] = k;
  p.stride[axis] = s;
  p.padding[axis] = pad;
  p.dilation[axis] = d;
  return p;
}

// Runs one §1.2 table row on every axis (the other axes have size 1 and a trivial window, so their output is 1).
// expected_out == 0 means "error" (nullopt).
void expect_table_row(int64_t in, int64_t k, int64_t s, int64_t pad, int64_t d, bool ceil_mode, int64_t expected_out) {
  for (int axis = 0; axis < 3; ++axis) {
    SCOPED_TRACE(::testing::Message() << "axis=" << axis << " I=" << in << " k=" << k << " s=" << s << " p=" << pad
                                      << " d=" << d << " ceil=" << ceil_mode);
    Dims in_dims = {1, 1, 1};
    in_dims[axis] = in;
    const std::optional<Dims> out = pooled_dims(in_dims, single_axis_params(axis, k, s, pad, d, ceil_mode));
    if (expected_out == 0) {
      EXPECT_FALSE(out.has_value());
      continue;
    }
    ASSERT_TRUE(out.has_value());
    Dims expected = {1, 1, 1};
    expected[axis] = expected_out;
    EXPECT_EQ(*out, expected);
  }
}

// Compares doubles exactly, treating NaN == NaN and requiring the same sign of infinity.
void expect_same_doubles(const std::vector<double>& actual, const std::vector<double>& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "element " << i);
    if (std::isnan(expected[i])) {
      EXPECT_TRUE(std::isnan(actual[i])) << "actual " << actual[i];
    } else {
      EXPECT_EQ(actual[i], expected[i]);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// pooled_dims: every row of the §1.2 table.

TEST(OraclePooledDims, Row_I5_k2_s2_p1_ceil_dropsWindowStartingInRightPad) { expect_table_row(5, 2, 2, 1, 1, true, 3); }

TEST(OraclePooledDims, Row_I6_k3_s2_p1_ceilAndFloor) {
  expect_table_row(6, 3, 2, 1, 1, true, 4);
  expect_table_row(6, 3, 2, 1, 1, false, 3);
}

TEST(OraclePooledDims, Row_I5_k3_s2_p1_ceil) { expect_table_row(5, 3, 2, 1, 1, true, 3); }

TEST(OraclePooledDims, Row_I4_k3_s2_p0_ceil) { expect_table_row(4, 3, 2, 0, 1, true, 2); }

TEST(OraclePooledDims, Row_I7_k2_s3_p0_ceilAndFloor) {
  expect_table_row(7, 2, 3, 0, 1, true, 3);
  expect_table_row(7, 2, 3, 0, 1, false, 2);
}

TEST(OraclePooledDims, Row_I5_k3_s3_p1_ceil_dropsLastWindow) { expect_table_row(5, 3, 3, 1, 1, true, 2); }

TEST(OraclePooledDims, Row_I1_k4_s3_p1_floorIsErrorBecauseDivisionRoundsDown) {
  // num = -1: floor(-1/3) = -1 -> O = 0 -> rejected (truncating division would wrongly give 1).
  expect_table_row(1, 4, 3, 1, 1, false, 0);
}

TEST(OraclePooledDims, Row_I1_k4_s3_p1_ceilGivesOne) { expect_table_row(1, 4, 3, 1, 1, true, 1); }

TEST(OraclePooledDims, Row_I1_k2_s3_p1_d3_ceilGivesOne) { expect_table_row(1, 2, 3, 1, 3, true, 1); }

TEST(OraclePooledDims, Row_I10_k3_s4_p1_d2_ceilAndFloor) {
  expect_table_row(10, 3, 4, 1, 2, true, 3);
  expect_table_row(10, 3, 4, 1, 2, false, 2);
}

TEST(OraclePooledDims, MixedAxesAreIndependent) {
  // D: row (6,3,2,1,1) ceil -> 4; H: row (5,3,3,1,1) ceil -> 2; W: row (10,3,4,1,2) ceil -> 3.
  const Pool3dParams p = make_params({3, 3, 3}, {2, 3, 4}, {1, 1, 1}, {1, 1, 2}, true);
  const std::optional<Dims> out = pooled_dims({6, 5, 10}, p);
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(*out, (Dims{4, 2, 3}));
}

// ---------------------------------------------------------------------------------------------------------------
// pooled_dims: parameter rejection (the control that invalid inputs are not silently accepted).

TEST(OraclePooledDims, RejectsInvalidParametersOnEveryAxis) {
  for (int axis = 0; axis < 3; ++axis) {
    SCOPED_TRACE(::testing::Message() << "axis=" << axis);
    const Dims in_dims = {4, 4, 4};
    Pool3dParams p = make_params({2, 2, 2}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, false);
    ASSERT_TRUE(pooled_dims(in_dims, p).has_value());  // the baseline is valid, so each rejection is meaningful

    Pool3dParams bad = p;
    bad.kernel[axis] = 0;
    EXPECT_FALSE(pooled_dims(in_dims, bad).has_value()) << "k=0";
    bad = p;
    bad.kernel[axis] = -1;
    EXPECT_FALSE(pooled_dims(in_dims, bad).has_value()) << "k=-1";
    bad = p;
    bad.stride[axis] = 0;
    EXPECT_FALSE(pooled_dims(in_dims, bad).has_value()) << "s=0";
    bad = p;
    bad.stride[axis] = -2;
    EXPECT_FALSE(pooled_dims(in_dims, bad).has_value()) << "s=-2";
    bad = p;
    bad.dilation[axis] = 0;
    EXPECT_FALSE(pooled_dims(in_dims, bad).has_value()) << "d=0";
    bad = p;
    bad.padding[axis] = -1;
    EXPECT_FALSE(pooled_dims(in_dims, bad).has_value()) << "p=-1";

    // An empty input axis is invalid even when padding alone would give a positive size: with k=1, p=1 the
    // formula gives O = (0 + 2 - 0 - 1)/1 + 1 = 2, so only the explicit input-size check can reject it.
    Dims empty_in = in_dims;
    empty_in[axis] = 0;
    Pool3dParams pad_only = single_axis_params(axis, 1, 1, 1, 1, false);
    EXPECT_FALSE(pooled_dims(empty_in, pad_only).has_value()) << "input size 0";
    Dims negative_in = in_dims;
    negative_in[axis] = -3;
    EXPECT_FALSE(pooled_dims(negative_in, pad_only).has_value()) << "input size -3";
  }
}

// Kernel, stride and padding are int64 without an upper bound: the size formula and the windows are exact for
// huge values (no wrap, no walk over the padding one step at a time).
TEST(OraclePooledDims, HugeStrideKernelAndPaddingAreExact) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  expect_table_row(2, 1, 22147483648, 0, 1, false, 1);
  expect_table_row(5, 2, kMax, 1, 1, true, 1);
  expect_table_row(3, kMax, 1, kMax / 2, 1, false, 3);      // I + 2p - k = I - 1
  expect_table_row(3, kMax, 1, kMax / 2 - 2, 1, false, 0);  // control: one less padding and nothing fits
}

TEST(OracleForward, HugeKernelWindowCoversTheWholeAxis) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  // W = 3, k = INT64_MAX, p = k/2, s = 1: three windows, each covering all of W (their padding is ~2^62 wide).
  const Pool3dParams p = make_params({1, 1, kMax}, {1, 1, 1}, {0, 0, kMax / 2}, {1, 1, 1}, false);
  const MaxPoolForward f = max_pool3d_forward({1, 5, 2}, 1, {1, 1, 3}, p);
  EXPECT_EQ(f.out_dims, (Dims{1, 1, 3}));
  EXPECT_EQ(f.indices, (std::vector<int64_t>{1, 1, 1}));
  expect_same_doubles(f.values, {5, 5, 5});
}

TEST(OraclePooledDims, RejectsKernelLargerThanPaddedInput) {
  // I=3, k=5, p=0: num = 3 - 4 - 1 = -2 -> floor(-2/1) + 1 = -1 < 1.
  EXPECT_FALSE(pooled_dims({3, 1, 1}, single_axis_params(0, 5, 1, 0, 1, false)).has_value());
  // Same with ceil mode: num = -2 + 0 -> still < 1.
  EXPECT_FALSE(pooled_dims({3, 1, 1}, single_axis_params(0, 5, 1, 0, 1, true)).has_value());
}

TEST(OracleForward, ThrowsOnInvalidParameters) {
  const std::vector<double> x(8, 0.0);
  Pool3dParams p = make_params({1, 2, 2}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, false);
  p.stride[2] = 0;
  EXPECT_THROW(max_pool3d_forward(x, 1, {2, 2, 2}, p), std::invalid_argument);
}

TEST(OracleForward, ThrowsWhenInputSizeDoesNotMatchPlanes) {
  const std::vector<double> x(8, 0.0);
  const Pool3dParams p = make_params({1, 2, 2}, {1, 2, 2}, {0, 0, 0}, {1, 1, 1}, false);
  EXPECT_THROW(max_pool3d_forward(x, 2, {2, 2, 2}, p), std::invalid_argument);  // needs 16 values
}

// ---------------------------------------------------------------------------------------------------------------
// G-M1: ties and accumulation. x (1,1,3,3) = [[1,3,3],[3,0,3],[2,3,1]], k=(1,2,2), s=1, p=0.

const std::vector<double> kGM1Input = {1, 3, 3, 3, 0, 3, 2, 3, 1};
const Dims kGM1InDims = {1, 3, 3};
Pool3dParams gm1_params() { return make_params({1, 2, 2}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, false); }

TEST(OracleForward, GM1_TiesPickFirstMaximum) {
  const MaxPoolForward f = max_pool3d_forward(kGM1Input, 1, kGM1InDims, gm1_params());
  EXPECT_EQ(f.out_dims, (Dims{1, 2, 2}));
  expect_same_doubles(f.values, {3, 3, 3, 3});
  EXPECT_EQ(f.indices, (std::vector<int64_t>{1, 1, 3, 5}));
}

TEST(OracleBackward, GM1_OverlappingWindowsAccumulate) {
  const ScatterResult b = max_pool3d_backward({1, 1, 1, 1}, {1, 1, 3, 5}, 1, kGM1InDims, {1, 2, 2});
  expect_same_doubles(b.grad_input, {0, 2, 0, 1, 0, 1, 0, 0, 0});
}

TEST(OracleBackward, GM1_AbsSumAndContributorCounts) {
  // gradOutput [1,-2,3,4] with indices [1,1,3,5]:
  //   element 1 <- 1 + (-2) = -1, |1|+|-2| = 3, 2 contributors; element 3 <- 3; element 5 <- 4.
  const ScatterResult b = max_pool3d_backward({1, -2, 3, 4}, {1, 1, 3, 5}, 1, kGM1InDims, {1, 2, 2});
  expect_same_doubles(b.grad_input, {0, -1, 0, 3, 0, 4, 0, 0, 0});
  expect_same_doubles(b.abs_sum, {0, 3, 0, 3, 0, 4, 0, 0, 0});
  EXPECT_EQ(b.contributors, (std::vector<int32_t>{0, 2, 0, 1, 0, 1, 0, 0, 0}));
}

TEST(OracleWindow, GM1_IndexInWindow) {
  const Pool3dParams p = gm1_params();
  // Output (0,0,0) covers rows 0..1, cols 0..1 -> offsets {0,1,3,4}.
  EXPECT_TRUE(index_in_window(0, {0, 0, 0}, kGM1InDims, p));
  EXPECT_TRUE(index_in_window(1, {0, 0, 0}, kGM1InDims, p));
  EXPECT_TRUE(index_in_window(3, {0, 0, 0}, kGM1InDims, p));
  EXPECT_TRUE(index_in_window(4, {0, 0, 0}, kGM1InDims, p));
  EXPECT_FALSE(index_in_window(2, {0, 0, 0}, kGM1InDims, p));
  EXPECT_FALSE(index_in_window(6, {0, 0, 0}, kGM1InDims, p));
  // Output (0,1,1) covers rows 1..2, cols 1..2 -> offsets {4,5,7,8}; 5 is the golden argmax there.
  EXPECT_TRUE(index_in_window(5, {0, 1, 1}, kGM1InDims, p));
  EXPECT_TRUE(index_in_window(8, {0, 1, 1}, kGM1InDims, p));
  EXPECT_FALSE(index_in_window(3, {0, 1, 1}, kGM1InDims, p));
  EXPECT_FALSE(index_in_window(1, {0, 1, 1}, kGM1InDims, p));
  // Outside the plane is never inside a window.
  EXPECT_FALSE(index_in_window(-1, {0, 0, 0}, kGM1InDims, p));
  EXPECT_FALSE(index_in_window(9, {0, 1, 1}, kGM1InDims, p));
}

// ---------------------------------------------------------------------------------------------------------------
// G-M2: two NaNs. x (1,1,2,3) = [1,nan,5, nan,2,7], k=(1,2,3) (stride = kernel).

TEST(OracleForward, GM2_LastNaNWins) {
  const Pool3dParams p = make_params({1, 2, 3}, {1, 2, 3}, {0, 0, 0}, {1, 1, 1}, false);
  const MaxPoolForward f = max_pool3d_forward({1, kNaN, 5, kNaN, 2, 7}, 1, {1, 2, 3}, p);
  EXPECT_EQ(f.out_dims, (Dims{1, 1, 1}));
  ASSERT_EQ(f.values.size(), 1u);
  EXPECT_TRUE(std::isnan(f.values[0]));
  EXPECT_EQ(f.indices, (std::vector<int64_t>{3}));
}

TEST(OracleBackward, GM2_GradientGoesToLastNaN) {
  const ScatterResult b = max_pool3d_backward({1}, {3}, 1, {1, 2, 3}, {1, 1, 1});
  expect_same_doubles(b.grad_input, {0, 0, 0, 1, 0, 0});
}

// ---------------------------------------------------------------------------------------------------------------
// G-M3: NaN beats larger later values. x (1,1,1,4) = [1,nan,5,9], k=(1,1,2), s=1.

TEST(OracleForward, GM3_NaNBeatsLaterLargerValues) {
  const Pool3dParams p = make_params({1, 1, 2}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, false);
  const MaxPoolForward f = max_pool3d_forward({1, kNaN, 5, 9}, 1, {1, 1, 4}, p);
  EXPECT_EQ(f.out_dims, (Dims{1, 1, 3}));
  expect_same_doubles(f.values, {kNaN, kNaN, 9});
  EXPECT_EQ(f.indices, (std::vector<int64_t>{1, 1, 3}));
}

TEST(OracleBackward, GM3_Scatter) {
  const ScatterResult b = max_pool3d_backward({1, 1, 1}, {1, 1, 3}, 1, {1, 1, 4}, {1, 1, 3});
  expect_same_doubles(b.grad_input, {0, 2, 0, 1});
}

// ---------------------------------------------------------------------------------------------------------------
// G-M4: all -inf window. x (1,1,2,2) all -inf, k=(1,2,2).

TEST(OracleForward, GM4_AllMinusInfKeepsFirstTap) {
  const Pool3dParams p = make_params({1, 2, 2}, {1, 2, 2}, {0, 0, 0}, {1, 1, 1}, false);
  const MaxPoolForward f = max_pool3d_forward({-kInf, -kInf, -kInf, -kInf}, 1, {1, 2, 2}, p);
  EXPECT_EQ(f.out_dims, (Dims{1, 1, 1}));
  expect_same_doubles(f.values, {-kInf});
  EXPECT_EQ(f.indices, (std::vector<int64_t>{0}));
  const ScatterResult b = max_pool3d_backward({1}, f.indices, 1, {1, 2, 2}, f.out_dims);
  expect_same_doubles(b.grad_input, {1, 0, 0, 0});
}

TEST(OracleForward, AllMinusInfWithLeftPaddingKeepsFirstTapInsideInput) {
  // Hand-computed: W=3 all -inf, k=3, s=1, p=1 -> 3 outputs. Windows start at -1,0,1; after skipping the
  // left padding the first taps are 0,0,1.
  const Pool3dParams p = make_params({1, 1, 3}, {1, 1, 1}, {0, 0, 1}, {1, 1, 1}, false);
  const MaxPoolForward f = max_pool3d_forward({-kInf, -kInf, -kInf}, 1, {1, 1, 3}, p);
  EXPECT_EQ(f.out_dims, (Dims{1, 1, 3}));
  expect_same_doubles(f.values, {-kInf, -kInf, -kInf});
  EXPECT_EQ(f.indices, (std::vector<int64_t>{0, 0, 1}));
}

// ---------------------------------------------------------------------------------------------------------------
// G-M5: ceil + padding, 5-D. x = arange(36) shape (1,1,2,3,6), k=(1,2,3), s=(1,2,2), p=(0,1,0), ceil.

TEST(OracleForward, GM5_CeilModeWithPadding) {
  std::vector<double> x(36);
  for (int i = 0; i < 36; ++i) {
    x[i] = i;
  }
  const Pool3dParams p = make_params({1, 2, 3}, {1, 2, 2}, {0, 1, 0}, {1, 1, 1}, true);
  const MaxPoolForward f = max_pool3d_forward(x, 1, {2, 3, 6}, p);
  EXPECT_EQ(f.out_dims, (Dims{2, 2, 3}));
  EXPECT_EQ(f.indices, (std::vector<int64_t>{2, 4, 5, 14, 16, 17, 20, 22, 23, 32, 34, 35}));
  // Values equal the offsets because x = arange.
  expect_same_doubles(f.values, {2, 4, 5, 14, 16, 17, 20, 22, 23, 32, 34, 35});
}

TEST(OracleBackward, GM5_OnesAtArgmaxOffsets) {
  const std::vector<int64_t> idx = {2, 4, 5, 14, 16, 17, 20, 22, 23, 32, 34, 35};
  const ScatterResult b = max_pool3d_backward(std::vector<double>(12, 1.0), idx, 1, {2, 3, 6}, {2, 2, 3});
  std::vector<double> expected(36, 0.0);
  for (int64_t i : {2, 4, 5, 14, 16, 17, 20, 22, 23, 32, 34, 35}) {
    expected[i] = 1.0;
  }
  expect_same_doubles(b.grad_input, expected);
}

TEST(OracleWindow, GM5_ClippedWindows) {
  const Pool3dParams p = make_params({1, 2, 3}, {1, 2, 2}, {0, 1, 0}, {1, 1, 1}, true);
  // Output (0,0,2): h window [-1,1) -> row 0 only; w window [4,7) clipped to [4,6).
  EXPECT_TRUE(index_in_window(5, {0, 0, 2}, {2, 3, 6}, p));
  EXPECT_TRUE(index_in_window(4, {0, 0, 2}, {2, 3, 6}, p));
  EXPECT_FALSE(index_in_window(3, {0, 0, 2}, {2, 3, 6}, p));
  EXPECT_FALSE(index_in_window(11, {0, 0, 2}, {2, 3, 6}, p));  // row 1 is not in that window
  // Output (1,1,0): d=1, rows 1..2, cols 0..2 -> 32 = 18 + 2*6 + 2 is inside, 14 (d=0) is not.
  EXPECT_TRUE(index_in_window(32, {1, 1, 0}, {2, 3, 6}, p));
  EXPECT_FALSE(index_in_window(14, {1, 1, 0}, {2, 3, 6}, p));
}

// ---------------------------------------------------------------------------------------------------------------
// G-M6: two channels. x (2,1,2,2) = [[4,1],[2,3]], [[0,7],[7,1]], k=(1,2,2), gradOutput [10],[20].

TEST(OracleForward, GM6_TwoPlanesIndicesArePerPlane) {
  const Pool3dParams p = make_params({1, 2, 2}, {1, 2, 2}, {0, 0, 0}, {1, 1, 1}, false);
  const MaxPoolForward f = max_pool3d_forward({4, 1, 2, 3, 0, 7, 7, 1}, 2, {1, 2, 2}, p);
  EXPECT_EQ(f.out_dims, (Dims{1, 1, 1}));
  expect_same_doubles(f.values, {4, 7});
  EXPECT_EQ(f.indices, (std::vector<int64_t>{0, 1}));
}

TEST(OracleBackward, GM6_TwoPlanesScatterIntoOwnPlane) {
  const ScatterResult b = max_pool3d_backward({10, 20}, {0, 1}, 2, {1, 2, 2}, {1, 1, 1});
  expect_same_doubles(b.grad_input, {10, 0, 0, 0, 0, 20, 0, 0});
  EXPECT_EQ(b.contributors, (std::vector<int32_t>{1, 0, 0, 0, 0, 1, 0, 0}));
}

TEST(OracleBackward, IndexEqualToPlaneSizeThrowsInsteadOfSpillingIntoNextPlane) {
  // PyTorch would write gradOutput[0] into plane 1 (index 4 in a 4-element plane); the oracle refuses.
  EXPECT_THROW(max_pool3d_backward({10, 20}, {4, 0}, 2, {1, 1, 4}, {1, 1, 1}), std::out_of_range);
}

TEST(OracleBackward, NegativeIndicesThrow) {
  EXPECT_THROW(max_pool3d_backward({10, 20}, {0, -2}, 2, {1, 1, 3}, {1, 1, 1}), std::out_of_range);
  EXPECT_THROW(max_pool3d_backward({10, 20}, {-1, 1}, 2, {1, 1, 3}, {1, 1, 1}), std::out_of_range);
}

// ---------------------------------------------------------------------------------------------------------------
// G-M7: empty windows. x (1,1,1,4) = [0,1,2,3], k=(1,2,1), s=(1,3,1), p=(0,1,0), dil=(1,3,1), ceil.

Pool3dParams gm7_params() { return make_params({1, 2, 1}, {1, 3, 1}, {0, 1, 0}, {1, 3, 1}, true); }

TEST(OracleForward, GM7_EmptyWindowsGiveMinusInfAndOutOfPlaneIndices) {
  const MaxPoolForward f = max_pool3d_forward({0, 1, 2, 3}, 1, {1, 1, 4}, gm7_params());
  EXPECT_EQ(f.out_dims, (Dims{1, 1, 4}));
  expect_same_doubles(f.values, {-kInf, -kInf, -kInf, -kInf});
  EXPECT_EQ(f.indices, (std::vector<int64_t>{8, 9, 10, 11}));
}

TEST(OracleBackward, GM7_OutOfPlaneIndicesThrowOutOfRange) {
  EXPECT_THROW(max_pool3d_backward({1, 1, 1, 1}, {8, 9, 10, 11}, 1, {1, 1, 4}, {1, 1, 4}), std::out_of_range);
}

TEST(OracleWindow, GM7_NoIndexIsInsideAnEmptyWindow) {
  const Pool3dParams p = gm7_params();
  for (int64_t ow = 0; ow < 4; ++ow) {
    for (int64_t index = 0; index < 4; ++index) {
      EXPECT_FALSE(index_in_window(index, {0, 0, ow}, {1, 1, 4}, p)) << "ow=" << ow << " index=" << index;
    }
    EXPECT_FALSE(index_in_window(8 + ow, {0, 0, ow}, {1, 1, 4}, p)) << "golden index of ow=" << ow;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Dilation (hand-computed): W=5, x=[5,9,1,7,3], k=2, d=2, s=1, p=0 -> O = (5-2-1)/1+1 = 3,
// windows {0,2}, {1,3}, {2,4} -> maxima 5@0, 9@1, 3@4.

TEST(OracleForward, DilatedWindowsSkipInBetweenElements) {
  const Pool3dParams p = make_params({1, 1, 2}, {1, 1, 1}, {0, 0, 0}, {1, 1, 2}, false);
  const MaxPoolForward f = max_pool3d_forward({5, 9, 1, 7, 3}, 1, {1, 1, 5}, p);
  EXPECT_EQ(f.out_dims, (Dims{1, 1, 3}));
  expect_same_doubles(f.values, {5, 9, 3});
  EXPECT_EQ(f.indices, (std::vector<int64_t>{0, 1, 4}));
}

TEST(OracleWindow, DilatedWindowContainsOnlyGridTaps) {
  const Pool3dParams p = make_params({1, 1, 2}, {1, 1, 1}, {0, 0, 0}, {1, 1, 2}, false);
  EXPECT_TRUE(index_in_window(0, {0, 0, 0}, {1, 1, 5}, p));
  EXPECT_FALSE(index_in_window(1, {0, 0, 0}, {1, 1, 5}, p));  // between the taps
  EXPECT_TRUE(index_in_window(2, {0, 0, 0}, {1, 1, 5}, p));
  EXPECT_FALSE(index_in_window(3, {0, 0, 0}, {1, 1, 5}, p));
  EXPECT_TRUE(index_in_window(4, {0, 0, 2}, {1, 1, 5}, p));
  EXPECT_FALSE(index_in_window(3, {0, 0, 2}, {1, 1, 5}, p));
}

TEST(OracleWindow, DilatedWindowWithPaddingKeepsDilationGridAfterSkippingPad) {
  // W=6, k=3, d=2, p=2, s=1: output 0 has taps at -2, 0, 2 -> inside the input {0, 2}; output 1 has taps
  // -1, 1, 3 -> {1, 3}.
  const Pool3dParams p = make_params({1, 1, 3}, {1, 1, 1}, {0, 0, 2}, {1, 1, 2}, false);
  EXPECT_TRUE(index_in_window(0, {0, 0, 0}, {1, 1, 6}, p));
  EXPECT_TRUE(index_in_window(2, {0, 0, 0}, {1, 1, 6}, p));
  EXPECT_FALSE(index_in_window(1, {0, 0, 0}, {1, 1, 6}, p));
  EXPECT_FALSE(index_in_window(4, {0, 0, 0}, {1, 1, 6}, p));
  EXPECT_TRUE(index_in_window(1, {0, 0, 1}, {1, 1, 6}, p));
  EXPECT_TRUE(index_in_window(3, {0, 0, 1}, {1, 1, 6}, p));
  EXPECT_FALSE(index_in_window(0, {0, 0, 1}, {1, 1, 6}, p));
  EXPECT_FALSE(index_in_window(2, {0, 0, 1}, {1, 1, 6}, p));
}

TEST(OracleWindow, RejectsInvalidParameters) {
  Pool3dParams p = make_params({1, 1, 2}, {1, 1, 1}, {0, 0, 0}, {1, 1, 0}, false);  // dilation 0
  EXPECT_THROW(index_in_window(0, {0, 0, 0}, {1, 1, 5}, p), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------------------------
// Backward: NaN / Inf propagation and size checks.

TEST(OracleBackward, NaNAndInfPropagate) {
  // G-M1 indices [1,1,3,5]; gradOutput [nan, 1, inf, -inf]:
  //   element 1 <- nan + 1 = nan; element 3 <- inf; element 5 <- -inf.
  const ScatterResult b = max_pool3d_backward({kNaN, 1, kInf, -kInf}, {1, 1, 3, 5}, 1, kGM1InDims, {1, 2, 2});
  expect_same_doubles(b.grad_input, {0, kNaN, 0, kInf, 0, -kInf, 0, 0, 0});
  EXPECT_EQ(b.contributors, (std::vector<int32_t>{0, 2, 0, 1, 0, 1, 0, 0, 0}));
  EXPECT_TRUE(std::isnan(b.abs_sum[1]));
  EXPECT_EQ(b.abs_sum[3], kInf);
  EXPECT_EQ(b.abs_sum[5], kInf);  // |−inf| = +inf
}

TEST(OracleBackward, OppositeInfinitiesAtSameElementGiveNaN) {
  const ScatterResult b = max_pool3d_backward({kInf, -kInf}, {0, 0}, 1, {1, 1, 2}, {1, 1, 2});
  expect_same_doubles(b.grad_input, {kNaN, 0});
  EXPECT_EQ(b.abs_sum[0], kInf);
  EXPECT_EQ(b.contributors[0], 2);
}

TEST(OracleBackward, ThrowsOnSizeMismatch) {
  // out_dims (1,2,2) means 4 entries per plane; give 3.
  EXPECT_THROW(max_pool3d_backward({1, 1, 1}, {0, 0, 0}, 1, kGM1InDims, {1, 2, 2}), std::invalid_argument);
  // grad_output and indices of different lengths.
  EXPECT_THROW(max_pool3d_backward({1, 1, 1, 1}, {0, 0, 0}, 1, kGM1InDims, {1, 2, 2}), std::invalid_argument);
}

}  // namespace
