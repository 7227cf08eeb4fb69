// Unit tests for the scalar avg_pool2d oracle against HAND-COMPUTED goldens (research notes §1.2 output-size
// table and §2.4 examples G1..G9, measured on torch 1.13 with gradOutput = ones). Expected values are written as
// literal fractions, never produced by the oracle itself.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

#include "oracle/avgpool2d_grad.h"
#include "tests/oracle_test_support.h"

namespace {

using poolcheck::oracle::avg_pool2d_backward;
using poolcheck::oracle::avg_pool2d_forward;
using poolcheck::oracle::avg_pooled_dims;
using poolcheck::oracle::AvgPool2dParams;
using poolcheck::oracle::AvgScatterResult;

using Dims = std::array<int64_t, 2>;
using Grid = std::vector<std::vector<double>>;

constexpr double kTol = 1e-15;

AvgPool2dParams make_params(Dims kernel, Dims stride, Dims padding, bool ceil_mode, bool count_include_pad,
                            int64_t divisor_override = 0) {
  AvgPool2dParams p;
  p.kernel = kernel;
  p.stride = stride;
  p.padding = padding;
  p.ceil_mode = ceil_mode;
  p.count_include_pad = count_include_pad;
  p.divisor_override = divisor_override;
  return p;
}

// Same kernel / stride / padding on both axes.
AvgPool2dParams square_params(int64_t k, int64_t s, int64_t pad, bool ceil_mode, bool count_include_pad,
                              int64_t divisor_override = 0) {
  return make_params({k, k}, {s, s}, {pad, pad}, ceil_mode, count_include_pad, divisor_override);
}

std::vector<double> flatten(const Grid& grid) {
  std::vector<double> flat;
  for (const std::vector<double>& row : grid) {
    flat.insert(flat.end(), row.begin(), row.end());
  }
  return flat;
}

// Compares a row-major vector (starting at `offset`) against a literal grid, element by element.
void expect_grid_near(const std::vector<double>& actual, const Grid& expected, size_t offset = 0, double tol = kTol) {
  const std::vector<double> flat = flatten(expected);
  ASSERT_GE(actual.size(), offset + flat.size());
  const size_t cols = expected.empty() ? 0 : expected[0].size();
  for (size_t i = 0; i < flat.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "row " << i / cols << " col " << i % cols);
    EXPECT_NEAR(actual[offset + i], flat[i], tol);
  }
}

// Backward of a single plane with gradOutput = ones. The output size must be `expected_out`; it is passed to the
// backward as given, so a wrong size also makes the backward throw (and the test fail).
AvgScatterResult backward_of_ones(Dims in_dims, Dims expected_out, const AvgPool2dParams& p) {
  const std::optional<Dims> out = avg_pooled_dims(in_dims, p);
  EXPECT_TRUE(out.has_value());
  if (out.has_value()) {
    EXPECT_EQ(*out, expected_out);
  }
  const std::vector<double> ones(static_cast<size_t>(expected_out[0] * expected_out[1]), 1.0);
  return avg_pool2d_backward(ones, 1, in_dims, expected_out, p);
}

// Checks one output-size rule on each axis (the other axis has I=1, k=1, s=1, p=0, so its output is 1).
// expected_out == 0 means "invalid" (nullopt).
void expect_size_rule(int64_t in, int64_t k, int64_t s, int64_t pad, bool ceil_mode, int64_t expected_out) {
  for (int axis = 0; axis < 2; ++axis) {
    SCOPED_TRACE(::testing::Message() << "axis=" << axis << " I=" << in << " k=" << k << " s=" << s << " p=" << pad
                                      << " ceil=" << ceil_mode);
    AvgPool2dParams p = square_params(1, 1, 0, ceil_mode, true);
    p.kernel[axis] = k;
    p.stride[axis] = s;
    p.padding[axis] = pad;
    Dims in_dims = {1, 1};
    in_dims[axis] = in;
    const std::optional<Dims> out = avg_pooled_dims(in_dims, p);
    if (expected_out == 0) {
      EXPECT_FALSE(out.has_value());
      continue;
    }
    ASSERT_TRUE(out.has_value());
    Dims expected = {1, 1};
    expected[axis] = expected_out;
    EXPECT_EQ(*out, expected);
  }
}

using poolcheck::oracle_test::dot;
using poolcheck::oracle_test::pseudo_random;

// ---------------------------------------------------------------------------------------------------------------
// avg_pooled_dims: output-size rules (§1.2, dilation 1).

TEST(OracleAvgPooledDims, I5_k2_s2_p1_ceilDropsWindowStartingInRightPad) {
  // num = 5+2-2+1 = 6 -> 6/2+1 = 4; (4-1)*2 = 6 >= 5+1 -> dropped -> 3.
  expect_size_rule(5, 2, 2, 1, true, 3);
  expect_size_rule(5, 2, 2, 1, false, 3);
}

TEST(OracleAvgPooledDims, I1_k4_s3_p1_floorIsInvalidCeilGivesOne) {
  // num = 1+2-4 = -1: floor(-1/3) = -1 -> O = 0 -> invalid (truncating division would wrongly give 1).
  expect_size_rule(1, 4, 3, 1, false, 0);
  // ceil: num = -1+2 = 1 -> 0+1 = 1; (1-1)*3 = 0 < 2 -> kept.
  expect_size_rule(1, 4, 3, 1, true, 1);
}

TEST(OracleAvgPooledDims, MoreTableRows) {
  expect_size_rule(6, 3, 2, 1, true, 4);
  expect_size_rule(6, 3, 2, 1, false, 3);
  expect_size_rule(5, 3, 2, 1, true, 3);
  expect_size_rule(4, 3, 2, 0, true, 2);
  expect_size_rule(4, 3, 2, 0, false, 1);
  expect_size_rule(7, 2, 3, 0, true, 3);
  expect_size_rule(7, 2, 3, 0, false, 2);
  expect_size_rule(5, 3, 3, 1, true, 2);  // ceil gives 3, then the last window is dropped
}

TEST(OracleAvgPooledDims, AxesAreIndependent) {
  // H: (3, k2, s1, p1, ceil) -> 4; W: (4, k3, s2, p1, ceil) -> 3 (the G9 shape).
  const std::optional<Dims> out = avg_pooled_dims({3, 4}, make_params({2, 3}, {1, 2}, {1, 1}, true, true));
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(*out, (Dims{4, 3}));
}

TEST(OracleAvgPooledDims, PadLargerThanHalfKernelIsNotRejectedHere) {
  // PyTorch would reject pad=2 > k/2=0, but by contract that check is the caller's: 1 + 4 - 1 + 1 = 5.
  const std::optional<Dims> out = avg_pooled_dims({1, 1}, square_params(1, 1, 2, false, true));
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(*out, (Dims{5, 5}));
}

TEST(OracleAvgPooledDims, RejectsInvalidParametersOnEachAxis) {
  for (int axis = 0; axis < 2; ++axis) {
    SCOPED_TRACE(::testing::Message() << "axis=" << axis);
    const Dims in_dims = {4, 4};
    const AvgPool2dParams p = square_params(2, 1, 0, false, true);
    ASSERT_TRUE(avg_pooled_dims(in_dims, p).has_value());  // the baseline is valid, so each rejection is meaningful

    AvgPool2dParams bad = p;
    bad.kernel[axis] = 0;
    EXPECT_FALSE(avg_pooled_dims(in_dims, bad).has_value()) << "k=0";
    bad = p;
    bad.kernel[axis] = -1;
    EXPECT_FALSE(avg_pooled_dims(in_dims, bad).has_value()) << "k=-1";
    bad = p;
    bad.stride[axis] = 0;
    EXPECT_FALSE(avg_pooled_dims(in_dims, bad).has_value()) << "s=0";
    bad = p;
    bad.stride[axis] = -2;
    EXPECT_FALSE(avg_pooled_dims(in_dims, bad).has_value()) << "s=-2";
    bad = p;
    bad.padding[axis] = -1;
    EXPECT_FALSE(avg_pooled_dims(in_dims, bad).has_value()) << "p=-1";
    bad = p;
    bad.kernel[axis] = int64_t{1} << 31;  // longer than the padded input: no window fits
    EXPECT_FALSE(avg_pooled_dims(in_dims, bad).has_value()) << "k=2^31";

    // An empty input axis is invalid even though k=1, p=1 alone would give O = 0 + 2 - 1 + 1 = 2.
    AvgPool2dParams pad_only = square_params(1, 1, 1, false, true);
    Dims empty_in = in_dims;
    empty_in[axis] = 0;
    EXPECT_FALSE(avg_pooled_dims(empty_in, pad_only).has_value()) << "input size 0";
    Dims negative_in = in_dims;
    negative_in[axis] = -3;
    EXPECT_FALSE(avg_pooled_dims(negative_in, pad_only).has_value()) << "input size -3";
  }
}

// Kernel, stride and padding are int64 without an upper bound (the API's contract): huge values are computed
// exactly, never wrapped, and a stride past the input leaves one window.
TEST(OracleAvgPooledDims, HugeStrideGivesOneWindow) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  expect_size_rule(2, 1, 22147483648, 0, false, 1);  // the fuzzer's case: stride [2, 22147483648] over W = 2
  expect_size_rule(2, 1, 22147483648, 0, true, 1);
  expect_size_rule(7, 3, kMax, 1, false, 1);
  expect_size_rule(7, 3, kMax, 1, true, 1);
  // Control: the same axis with a stride that fits gives more windows, so the 1 above is the stride's doing.
  expect_size_rule(2, 1, 1, 0, false, 2);
}

TEST(OracleAvgPooledDims, HugeKernelAndPaddingDoNotOverflow) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  // k = INT64_MAX (odd), p = k/2: I + 2p - k = I - 1, so O = I with stride 1 (I + 2p alone is past INT64_MAX).
  expect_size_rule(3, kMax, 1, kMax / 2, false, 3);
  expect_size_rule(3, kMax, 1, kMax / 2, true, 3);
  // Negative control: one less padding and no window fits.
  expect_size_rule(3, kMax, 1, kMax / 2 - 2, false, 0);
}

// The window divisor of such a kernel is past int64 (kH * kW ~ 2^126): count_include_pad divides by it exactly in
// double, so every gradient shrinks to ~1e-38 of itself instead of being divided by a wrapped integer.
TEST(OracleAvgBackward, HugeKernelDividesByTheWholePaddedWindow) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  const AvgPool2dParams p = square_params(kMax, 1, kMax / 2, false, true);
  const AvgScatterResult b = backward_of_ones({1, 1}, {1, 1}, p);
  ASSERT_EQ(b.divisor.size(), 1u);
  // The padded window is clipped to I + p on the right: its extent is (I + 2p) = kMax per axis.
  EXPECT_DOUBLE_EQ(b.divisor[0], static_cast<double>(kMax) * static_cast<double>(kMax));
  EXPECT_DOUBLE_EQ(b.grad_input[0], 1.0 / (static_cast<double>(kMax) * static_cast<double>(kMax)));
  // Control: without count_include_pad the divisor is the one real element.
  const AvgScatterResult real = backward_of_ones({1, 1}, {1, 1}, square_params(kMax, 1, kMax / 2, false, false));
  EXPECT_DOUBLE_EQ(real.divisor[0], 1.0);
}

TEST(OracleAvgBackward, HugeStrideScattersTheOneWindow) {
  // The fuzzer's case on one plane: H 2, W 2, kernel 1, stride (2, 22147483648): one window at (0, 0).
  const AvgScatterResult b =
      backward_of_ones({2, 2}, {1, 1}, make_params({1, 1}, {2, 22147483648}, {0, 0}, false, true));
  expect_grid_near(b.grad_input, {{1, 0}, {0, 0}});
}

TEST(OracleAvgPooledDims, RejectsKernelLargerThanPaddedInput) {
  // I=3, k=5, p=0: num = -2 -> O = -1 (floor) and -1 (ceil, s=1 adds nothing).
  expect_size_rule(3, 5, 1, 0, false, 0);
  expect_size_rule(3, 5, 1, 0, true, 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Goldens G1..G9 (§2.4), gradOutput = ones, one plane.

TEST(OracleAvgBackward, G1_k3_s2_p1_ceil_includePad) {
  const AvgScatterResult b = backward_of_ones({5, 5}, {3, 3}, square_params(3, 2, 1, true, true));
  expect_grid_near(b.grad_input, {{1.0 / 9, 2.0 / 9, 1.0 / 9, 2.0 / 9, 1.0 / 9},
                                  {2.0 / 9, 4.0 / 9, 2.0 / 9, 4.0 / 9, 2.0 / 9},
                                  {1.0 / 9, 2.0 / 9, 1.0 / 9, 2.0 / 9, 1.0 / 9},
                                  {2.0 / 9, 4.0 / 9, 2.0 / 9, 4.0 / 9, 2.0 / 9},
                                  {1.0 / 9, 2.0 / 9, 1.0 / 9, 2.0 / 9, 1.0 / 9}});
  // Every window, even the padded corners, counts the full 3x3 (windows [-1,2), [1,4), [3,6) all end <= I+p).
  expect_grid_near(b.divisor, {{9, 9, 9}, {9, 9, 9}, {9, 9, 9}});
}

TEST(OracleAvgBackward, G2_k3_s2_p1_ceil_excludePad) {
  const AvgScatterResult b = backward_of_ones({5, 5}, {3, 3}, square_params(3, 2, 1, true, false));
  expect_grid_near(b.grad_input, {{1.0 / 4, 5.0 / 12, 1.0 / 6, 5.0 / 12, 1.0 / 4},
                                  {5.0 / 12, 25.0 / 36, 5.0 / 18, 25.0 / 36, 5.0 / 12},
                                  {1.0 / 6, 5.0 / 18, 1.0 / 9, 5.0 / 18, 1.0 / 6},
                                  {5.0 / 12, 25.0 / 36, 5.0 / 18, 25.0 / 36, 5.0 / 12},
                                  {1.0 / 4, 5.0 / 12, 1.0 / 6, 5.0 / 12, 1.0 / 4}});
  // Clipped extents per axis are 2, 3, 2.
  expect_grid_near(b.divisor, {{4, 6, 4}, {6, 9, 6}, {4, 6, 4}});
}

TEST(OracleAvgBackward, G3_I6_ceil_includePad_overhangNotCounted) {
  const AvgScatterResult b = backward_of_ones({6, 6}, {4, 4}, square_params(3, 2, 1, true, true));
  expect_grid_near(b.grad_input, {{1.0 / 9, 2.0 / 9, 1.0 / 9, 2.0 / 9, 1.0 / 9, 5.0 / 18},
                                  {2.0 / 9, 4.0 / 9, 2.0 / 9, 4.0 / 9, 2.0 / 9, 5.0 / 9},
                                  {1.0 / 9, 2.0 / 9, 1.0 / 9, 2.0 / 9, 1.0 / 9, 5.0 / 18},
                                  {2.0 / 9, 4.0 / 9, 2.0 / 9, 4.0 / 9, 2.0 / 9, 5.0 / 9},
                                  {1.0 / 9, 2.0 / 9, 1.0 / 9, 2.0 / 9, 1.0 / 9, 5.0 / 18},
                                  {5.0 / 18, 5.0 / 9, 5.0 / 18, 5.0 / 9, 5.0 / 18, 25.0 / 36}});
  // The last window [5,8) is cut at I+p = 7 before measuring: extent 2, not 3.
  expect_grid_near(b.divisor, {{9, 9, 9, 6}, {9, 9, 9, 6}, {9, 9, 9, 6}, {6, 6, 6, 4}});
}

TEST(OracleAvgBackward, G4_I6_ceil_excludePad) {
  const AvgScatterResult b = backward_of_ones({6, 6}, {4, 4}, square_params(3, 2, 1, true, false));
  expect_grid_near(b.grad_input, {{1.0 / 4, 5.0 / 12, 1.0 / 6, 1.0 / 3, 1.0 / 6, 2.0 / 3},
                                  {5.0 / 12, 25.0 / 36, 5.0 / 18, 5.0 / 9, 5.0 / 18, 10.0 / 9},
                                  {1.0 / 6, 5.0 / 18, 1.0 / 9, 2.0 / 9, 1.0 / 9, 4.0 / 9},
                                  {1.0 / 3, 5.0 / 9, 2.0 / 9, 4.0 / 9, 2.0 / 9, 8.0 / 9},
                                  {1.0 / 6, 5.0 / 18, 1.0 / 9, 2.0 / 9, 1.0 / 9, 4.0 / 9},
                                  {2.0 / 3, 10.0 / 9, 4.0 / 9, 8.0 / 9, 4.0 / 9, 16.0 / 9}});
  // Clipped extents per axis are 2, 3, 3, 1.
  expect_grid_near(b.divisor, {{4, 6, 6, 2}, {6, 9, 9, 3}, {6, 9, 9, 3}, {2, 3, 3, 1}});
}

TEST(OracleAvgBackward, G5_I6_floor_includePad) {
  const AvgScatterResult b = backward_of_ones({6, 6}, {3, 3}, square_params(3, 2, 1, false, true));
  expect_grid_near(b.grad_input, {{1.0 / 9, 2.0 / 9, 1.0 / 9, 2.0 / 9, 1.0 / 9, 1.0 / 9},
                                  {2.0 / 9, 4.0 / 9, 2.0 / 9, 4.0 / 9, 2.0 / 9, 2.0 / 9},
                                  {1.0 / 9, 2.0 / 9, 1.0 / 9, 2.0 / 9, 1.0 / 9, 1.0 / 9},
                                  {2.0 / 9, 4.0 / 9, 2.0 / 9, 4.0 / 9, 2.0 / 9, 2.0 / 9},
                                  {1.0 / 9, 2.0 / 9, 1.0 / 9, 2.0 / 9, 1.0 / 9, 1.0 / 9},
                                  {1.0 / 9, 2.0 / 9, 1.0 / 9, 2.0 / 9, 1.0 / 9, 1.0 / 9}});
}

TEST(OracleAvgBackward, G6_G7_I4_p0_ceil_sameForBothCountIncludePad) {
  for (const bool cip : {true, false}) {
    SCOPED_TRACE(::testing::Message() << "count_include_pad=" << cip);
    const AvgScatterResult b = backward_of_ones({4, 4}, {2, 2}, square_params(3, 2, 0, true, cip));
    expect_grid_near(b.grad_input, {{1.0 / 9, 1.0 / 9, 5.0 / 18, 1.0 / 6},
                                    {1.0 / 9, 1.0 / 9, 5.0 / 18, 1.0 / 6},
                                    {5.0 / 18, 5.0 / 18, 25.0 / 36, 5.0 / 12},
                                    {1.0 / 6, 1.0 / 6, 5.0 / 12, 1.0 / 4}});
    // Last window [2,5) is cut at I+p = 4 -> extent 2 for both modes.
    expect_grid_near(b.divisor, {{9, 6}, {6, 4}});
  }
}

TEST(OracleAvgBackward, G8_DivisorOverrideTwo) {
  // G1 x 9/2; the override wins regardless of count_include_pad.
  for (const bool cip : {true, false}) {
    SCOPED_TRACE(::testing::Message() << "count_include_pad=" << cip);
    const AvgScatterResult b = backward_of_ones({5, 5}, {3, 3}, square_params(3, 2, 1, true, cip, 2));
    expect_grid_near(b.grad_input, {{1.0 / 2, 1.0, 1.0 / 2, 1.0, 1.0 / 2},
                                    {1.0, 2.0, 1.0, 2.0, 1.0},
                                    {1.0 / 2, 1.0, 1.0 / 2, 1.0, 1.0 / 2},
                                    {1.0, 2.0, 1.0, 2.0, 1.0},
                                    {1.0 / 2, 1.0, 1.0 / 2, 1.0, 1.0 / 2}});
    expect_grid_near(b.divisor, {{2, 2, 2}, {2, 2, 2}, {2, 2, 2}});
  }
}

TEST(OracleAvgBackward, NegativeDivisorOverrideNegatesG8) {
  const AvgScatterResult b = backward_of_ones({5, 5}, {3, 3}, square_params(3, 2, 1, true, true, -2));
  expect_grid_near(b.grad_input, {{-1.0 / 2, -1.0, -1.0 / 2, -1.0, -1.0 / 2},
                                  {-1.0, -2.0, -1.0, -2.0, -1.0},
                                  {-1.0 / 2, -1.0, -1.0 / 2, -1.0, -1.0 / 2},
                                  {-1.0, -2.0, -1.0, -2.0, -1.0},
                                  {-1.0 / 2, -1.0, -1.0 / 2, -1.0, -1.0 / 2}});
  expect_grid_near(b.divisor, {{-2, -2, -2}, {-2, -2, -2}, {-2, -2, -2}});
  // |contribution| is 1/2 per window.
  expect_grid_near(b.abs_sum, {{1.0 / 2, 1.0, 1.0 / 2, 1.0, 1.0 / 2},
                               {1.0, 2.0, 1.0, 2.0, 1.0},
                               {1.0 / 2, 1.0, 1.0 / 2, 1.0, 1.0 / 2},
                               {1.0, 2.0, 1.0, 2.0, 1.0},
                               {1.0 / 2, 1.0, 1.0 / 2, 1.0, 1.0 / 2}});
}

TEST(OracleAvgBackward, G9_RectangularKernelAndStride) {
  const AvgScatterResult b =
      backward_of_ones({3, 4}, {4, 3}, make_params({2, 3}, {1, 2}, {1, 1}, /*ceil_mode=*/true, /*cip=*/true));
  expect_grid_near(b.grad_input, {{1.0 / 3, 2.0 / 3, 1.0 / 3, 5.0 / 6},
                                  {1.0 / 3, 2.0 / 3, 1.0 / 3, 5.0 / 6},
                                  {1.0 / 3, 2.0 / 3, 1.0 / 3, 5.0 / 6}});
  // H extents all 2; W extents 3, 3, 2 (last window [3,6) cut at I+p = 5).
  expect_grid_near(b.divisor, {{6, 6, 4}, {6, 6, 4}, {6, 6, 4}, {6, 6, 4}});
}

TEST(OracleAvgBackward, CeilOnlyWindowOverhangsPaddedInput) {
  // I=1, k=4, s=3, p=1, ceil: window [-1,3) is cut at I+p = 2 -> pool_size 3 per axis (not 4); clipped [0,1).
  const AvgScatterResult with_pad = backward_of_ones({1, 1}, {1, 1}, square_params(4, 3, 1, true, true));
  expect_grid_near(with_pad.grad_input, {{1.0 / 9}});
  expect_grid_near(with_pad.divisor, {{9}});
  const AvgScatterResult without_pad = backward_of_ones({1, 1}, {1, 1}, square_params(4, 3, 1, true, false));
  expect_grid_near(without_pad.grad_input, {{1.0}});
  expect_grid_near(without_pad.divisor, {{1}});
}

// ---------------------------------------------------------------------------------------------------------------
// Global average with padding: H=W=10, k=10, s=3, p=1 -> 1x1 output, window [-1,9) on each axis.

TEST(OracleAvgBackward, GlobalAverageWithPadding) {
  for (const bool cip : {true, false}) {
    SCOPED_TRACE(::testing::Message() << "count_include_pad=" << cip);
    const AvgScatterResult b = backward_of_ones({10, 10}, {1, 1}, square_params(10, 3, 1, false, cip));
    const double inside = cip ? 1.0 / 100 : 1.0 / 81;
    ASSERT_EQ(b.grad_input.size(), 100u);
    for (int64_t h = 0; h < 10; ++h) {
      for (int64_t w = 0; w < 10; ++w) {
        SCOPED_TRACE(::testing::Message() << "h=" << h << " w=" << w);
        const double expected = (h < 9 && w < 9) ? inside : 0.0;
        EXPECT_NEAR(b.grad_input[h * 10 + w], expected, kTol);
        EXPECT_EQ(b.contributors[h * 10 + w], (h < 9 && w < 9) ? 1 : 0);
      }
    }
    expect_grid_near(b.divisor, {{cip ? 100.0 : 81.0}});
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Bookkeeping: contributors, abs_sum, several planes.

TEST(OracleAvgBackward, ContributorsAndAbsSumOnG1Shape) {
  // G1 parameters; rows/cols of the input are covered by windows {0}, {0,1}, {1}, {1,2}, {2}.
  const std::vector<double> g = {1, -2, 3, -4, 5, -6, 7, -8, 9};
  const AvgScatterResult b = avg_pool2d_backward(g, 1, {5, 5}, {3, 3}, square_params(3, 2, 1, true, true));
  EXPECT_EQ(b.contributors, (std::vector<int32_t>{1, 2, 1, 2, 1,  //
                                                  2, 4, 2, 4, 2,  //
                                                  1, 2, 1, 2, 1,  //
                                                  2, 4, 2, 4, 2,  //
                                                  1, 2, 1, 2, 1}));
  expect_grid_near(b.grad_input, {{1.0 / 9, -1.0 / 9, -2.0 / 9, 1.0 / 9, 3.0 / 9},
                                  {-3.0 / 9, 0.0, 3.0 / 9, 0.0, -3.0 / 9},
                                  {-4.0 / 9, 1.0 / 9, 5.0 / 9, -1.0 / 9, -6.0 / 9},
                                  {3.0 / 9, 0.0, -3.0 / 9, 0.0, 3.0 / 9},
                                  {7.0 / 9, -1.0 / 9, -8.0 / 9, 1.0 / 9, 9.0 / 9}});
  expect_grid_near(b.abs_sum, {{1.0 / 9, 3.0 / 9, 2.0 / 9, 5.0 / 9, 3.0 / 9},
                               {5.0 / 9, 12.0 / 9, 7.0 / 9, 16.0 / 9, 9.0 / 9},
                               {4.0 / 9, 9.0 / 9, 5.0 / 9, 11.0 / 9, 6.0 / 9},
                               {11.0 / 9, 24.0 / 9, 13.0 / 9, 28.0 / 9, 15.0 / 9},
                               {7.0 / 9, 15.0 / 9, 8.0 / 9, 17.0 / 9, 9.0 / 9}});
}

TEST(OracleAvgBackward, PlanesAreIndependent) {
  // Two planes of G6: plane 0 gets gradOutput 1, plane 1 gets 2 -> plane 1 is twice G6, plane 0 is G6.
  const std::vector<double> g = {1, 1, 1, 1, 2, 2, 2, 2};
  const AvgScatterResult b = avg_pool2d_backward(g, 2, {4, 4}, {2, 2}, square_params(3, 2, 0, true, true));
  ASSERT_EQ(b.grad_input.size(), 32u);
  ASSERT_EQ(b.divisor.size(), 8u);
  expect_grid_near(b.grad_input,
                   {{1.0 / 9, 1.0 / 9, 5.0 / 18, 1.0 / 6},
                    {1.0 / 9, 1.0 / 9, 5.0 / 18, 1.0 / 6},
                    {5.0 / 18, 5.0 / 18, 25.0 / 36, 5.0 / 12},
                    {1.0 / 6, 1.0 / 6, 5.0 / 12, 1.0 / 4}},
                   0);
  expect_grid_near(b.grad_input,
                   {{2.0 / 9, 2.0 / 9, 5.0 / 9, 1.0 / 3},
                    {2.0 / 9, 2.0 / 9, 5.0 / 9, 1.0 / 3},
                    {5.0 / 9, 5.0 / 9, 25.0 / 18, 5.0 / 6},
                    {1.0 / 3, 1.0 / 3, 5.0 / 6, 1.0 / 2}},
                   16);
  expect_grid_near(b.divisor, {{9, 6, 6, 4, 9, 6, 6, 4}});
}

TEST(OracleAvgBackward, WindowsEntirelyInPaddingContributeNothing) {
  // pad 2 > k/2 (PyTorch rejects this; the oracle accepts it): I=1, k=1, s=1, p=2 -> 5x5 outputs, only the
  // centre window [0,1) x [0,1) touches the input. The corner window starts at 2 > I: its clipped extent is
  // 0 (not -1), so with count_include_pad=false its divisor is 0, not (-1)*(-1) = 1.
  std::vector<double> g(25);
  for (size_t i = 0; i < g.size(); ++i) {
    g[i] = static_cast<double>(i + 1);
  }
  const AvgScatterResult excl = avg_pool2d_backward(g, 1, {1, 1}, {5, 5}, square_params(1, 1, 2, false, false));
  expect_grid_near(excl.grad_input, {{13.0}});
  EXPECT_EQ(excl.contributors, (std::vector<int32_t>{1}));
  expect_grid_near(excl.divisor, {{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 1, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}});
  const AvgScatterResult incl = avg_pool2d_backward(g, 1, {1, 1}, {5, 5}, square_params(1, 1, 2, false, true));
  expect_grid_near(incl.grad_input, {{13.0}});
  expect_grid_near(incl.divisor, {{1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}});

  // Forward: the empty windows give 0 (no 0/0 NaN), the centre gives the input.
  for (const bool cip : {true, false}) {
    const std::vector<double> f = avg_pool2d_forward({4.0}, 1, {1, 1}, {5, 5}, square_params(1, 1, 2, false, cip));
    expect_grid_near(f, {{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 4, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}});
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Forward.

TEST(OracleAvgForward, G2ShapeHandComputed) {
  // x = 0..24 on a 5x5 grid, G2 parameters (k3 s2 p1 ceil, exclude pad).
  std::vector<double> x(25);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = static_cast<double>(i);
  }
  const std::vector<double> f = avg_pool2d_forward(x, 1, {5, 5}, {3, 3}, square_params(3, 2, 1, true, false));
  // Top-left window rows {0,1} x cols {0,1}: (0+1+5+6)/4 = 3. Top-middle rows {0,1} x cols {1,2,3}:
  // (1+2+3+6+7+8)/6 = 4.5. Centre rows {1,2,3} x cols {1,2,3}: mean 12. Bottom-right rows {3,4} x cols {3,4}:
  // (18+19+23+24)/4 = 21.
  expect_grid_near(f, {{3.0, 4.5, 6.0}, {10.5, 12.0, 13.5}, {18.0, 19.5, 21.0}});
  // Including the pad divides every window by 9 instead: top-left 12/9, bottom-right 84/9.
  const std::vector<double> fi = avg_pool2d_forward(x, 1, {5, 5}, {3, 3}, square_params(3, 2, 1, true, true));
  EXPECT_NEAR(fi[0], 12.0 / 9, kTol);
  EXPECT_NEAR(fi[8], 84.0 / 9, 1e-14);
}

// ---------------------------------------------------------------------------------------------------------------
// Adjoint identity <forward(x), g> == <x, backward(g)>.

struct AdjointCase {
  int64_t planes;
  Dims in_dims;
  AvgPool2dParams params;
  uint32_t seed;
};

TEST(OracleAvgAdjoint, ForwardAndBackwardAreAdjoint) {
  const std::vector<AdjointCase> cases = {
      {2, {5, 7}, make_params({3, 2}, {2, 3}, {1, 1}, true, false), 11u},
      {3, {6, 6}, square_params(3, 2, 1, true, true), 12u},
      {1, {4, 9}, make_params({4, 3}, {3, 1}, {2, 1}, false, true, -3), 13u},
      {2, {1, 1}, square_params(4, 3, 1, true, true), 14u},
      {1, {3, 3}, square_params(1, 1, 2, false, false), 15u},
      {2, {10, 10}, square_params(10, 3, 1, true, false), 16u},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const AdjointCase& c = cases[i];
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const std::optional<Dims> out = avg_pooled_dims(c.in_dims, c.params);
    ASSERT_TRUE(out.has_value());
    const auto in_count = static_cast<size_t>(c.planes * c.in_dims[0] * c.in_dims[1]);
    const auto out_count = static_cast<size_t>(c.planes * (*out)[0] * (*out)[1]);
    const std::vector<double> x = pseudo_random(in_count, c.seed);
    const std::vector<double> g = pseudo_random(out_count, c.seed * 7u + 1u);
    const std::vector<double> fx = avg_pool2d_forward(x, c.planes, c.in_dims, *out, c.params);
    const AvgScatterResult bg = avg_pool2d_backward(g, c.planes, c.in_dims, *out, c.params);
    const double lhs = dot(fx, g);
    const double rhs = dot(x, bg.grad_input);
    EXPECT_NEAR(lhs, rhs, 1e-12);
    EXPECT_GT(std::fabs(lhs), 1e-6);  // a trivially zero product would make the identity meaningless
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Rejections.

TEST(OracleAvgBackward, ThrowsOnInvalidParameters) {
  AvgPool2dParams p = square_params(2, 2, 0, false, true);
  const std::vector<double> g(4, 1.0);
  ASSERT_NO_THROW(avg_pool2d_backward(g, 1, {4, 4}, {2, 2}, p));  // baseline
  p.stride[1] = 0;
  EXPECT_THROW(avg_pool2d_backward(g, 1, {4, 4}, {2, 2}, p), std::invalid_argument);
  p = square_params(2, 2, -1, false, true);
  EXPECT_THROW(avg_pool2d_backward(g, 1, {4, 4}, {2, 2}, p), std::invalid_argument);
  p = square_params(0, 2, 0, false, true);
  EXPECT_THROW(avg_pool2d_backward(g, 1, {4, 4}, {2, 2}, p), std::invalid_argument);
  // Output size < 1 (I=1, k=4, s=3, p=1, floor).
  EXPECT_THROW(avg_pool2d_backward({1.0}, 1, {1, 1}, {1, 1}, square_params(4, 3, 1, false, true)),
               std::invalid_argument);
}

TEST(OracleAvgBackward, ThrowsOnInconsistentSizes) {
  const AvgPool2dParams p = square_params(3, 2, 1, true, true);  // {5,5} -> {3,3}
  const std::vector<double> g9(9, 1.0);
  ASSERT_NO_THROW(avg_pool2d_backward(g9, 1, {5, 5}, {3, 3}, p));                      // baseline
  EXPECT_THROW(avg_pool2d_backward(g9, 1, {5, 5}, {2, 2}, p), std::invalid_argument);  // wrong out_dims
  EXPECT_THROW(avg_pool2d_backward(g9, 1, {5, 5}, {3, 4}, p), std::invalid_argument);
  EXPECT_THROW(avg_pool2d_backward(g9, 2, {5, 5}, {3, 3}, p), std::invalid_argument);  // needs 18 values
  EXPECT_THROW(avg_pool2d_backward(std::vector<double>(8, 1.0), 1, {5, 5}, {3, 3}, p), std::invalid_argument);
  EXPECT_THROW(avg_pool2d_backward(g9, -1, {5, 5}, {3, 3}, p), std::invalid_argument);
  EXPECT_THROW(avg_pool2d_backward(g9, 1, {0, 5}, {3, 3}, p), std::invalid_argument);
}

TEST(OracleAvgBackward, ZeroPlanesGiveEmptyResults) {
  const AvgScatterResult b = avg_pool2d_backward({}, 0, {5, 5}, {3, 3}, square_params(3, 2, 1, true, true));
  EXPECT_TRUE(b.grad_input.empty());
  EXPECT_TRUE(b.abs_sum.empty());
  EXPECT_TRUE(b.contributors.empty());
  EXPECT_TRUE(b.divisor.empty());
}

TEST(OracleAvgForward, ThrowsOnInvalidInput) {
  const AvgPool2dParams p = square_params(3, 2, 1, true, true);  // {5,5} -> {3,3}
  const std::vector<double> x25(25, 1.0);
  ASSERT_NO_THROW(avg_pool2d_forward(x25, 1, {5, 5}, {3, 3}, p));                      // baseline
  EXPECT_THROW(avg_pool2d_forward(x25, 2, {5, 5}, {3, 3}, p), std::invalid_argument);  // needs 50 values
  EXPECT_THROW(avg_pool2d_forward(x25, 1, {5, 5}, {4, 4}, p), std::invalid_argument);  // wrong out_dims
  EXPECT_THROW(avg_pool2d_forward(x25, -1, {5, 5}, {3, 3}, p), std::invalid_argument);
  AvgPool2dParams bad = p;
  bad.kernel[0] = -3;
  EXPECT_THROW(avg_pool2d_forward(x25, 1, {5, 5}, {3, 3}, bad), std::invalid_argument);
}

}  // namespace
