// Unit tests for the scalar adaptive_avg_pool3d oracle against HAND-COMPUTED expectations (research notes §4.1
// window examples and §4.5 goldens G-A1..G-A4, measured on torch 1.13). Expected values are written as literal
// fractions or integers, never produced by the oracle itself. The index arithmetic of adaptive_window is also
// checked for exactness on huge sizes against independent __int128 arithmetic, without allocating tensors.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "case/rng.h"
#include "oracle/adaptive_avgpool3d_grad.h"
#include "tests/oracle_test_support.h"

namespace {

using poolcheck::SplitMix64;
using poolcheck::oracle::adaptive_avg_pool3d_backward;
using poolcheck::oracle::adaptive_avg_pool3d_forward;
using poolcheck::oracle::adaptive_window;
using poolcheck::oracle::AdaptiveScatterResult;

using Dims = std::array<int64_t, 3>;
using Window = std::array<int64_t, 2>;
using Grid = std::vector<std::vector<double>>;
__extension__ typedef __int128 Int128;  // GCC/Clang extension, used only as independent reference arithmetic

constexpr double kTol = 1e-14;
constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

// Every window of an axis, in output order.
std::vector<Window> all_windows(int64_t in, int64_t out) {
  std::vector<Window> windows;
  for (int64_t o = 0; o < out; ++o) {
    windows.push_back(adaptive_window(o, in, out));
  }
  return windows;
}

// Compares `rows` (one D-slice of a plane, row-major) against a literal grid starting at `offset`.
void expect_slice_near(const std::vector<double>& actual, size_t offset, const Grid& expected, double tol = kTol) {
  size_t pos = offset;
  for (size_t r = 0; r < expected.size(); ++r) {
    for (size_t c = 0; c < expected[r].size(); ++c) {
      SCOPED_TRACE(::testing::Message() << "offset " << offset << " row " << r << " col " << c);
      ASSERT_LT(pos, actual.size());
      EXPECT_NEAR(actual[pos], expected[r][c], tol);
      ++pos;
    }
  }
}

void expect_all_near(const std::vector<double>& actual, size_t expected_size, double value, double tol = kTol) {
  ASSERT_EQ(actual.size(), expected_size);
  for (size_t i = 0; i < actual.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "element " << i);
    EXPECT_NEAR(actual[i], value, tol);
  }
}

std::vector<double> ones(size_t count) { return std::vector<double>(count, 1.0); }

// ---------------------------------------------------------------------------------------------------------------
// Independent reference arithmetic for adaptive_window (128-bit, the formulas of research notes §4.1).

Int128 reference_start(int64_t o, int64_t in, int64_t out) {
  return (static_cast<Int128>(o) * static_cast<Int128>(in)) / static_cast<Int128>(out);
}

// end_index(a, b, c) = 1 + ((a + 1) * c - 1) / b, which equals ceil((a+1)*c / b) for positive sizes.
Int128 reference_end(int64_t o, int64_t in, int64_t out) {
  return 1 + (static_cast<Int128>(o + 1) * static_cast<Int128>(in) - 1) / static_cast<Int128>(out);
}

// The pre-2022 PyTorch formula in float32: floor((float)(a*c) / b), ceil((float)((a+1)*c) / b).
int64_t float32_end(int64_t o, int64_t in, int64_t out) {
  return static_cast<int64_t>(std::ceil(static_cast<float>((o + 1) * in) / static_cast<float>(out)));
}

// A double-based formula, converted to Int128 so that results near 2^63 can be represented.
Int128 double_start(int64_t o, int64_t in, int64_t out) {
  return static_cast<Int128>(std::floor(static_cast<double>(o) * static_cast<double>(in) / static_cast<double>(out)));
}
Int128 double_end(int64_t o, int64_t in, int64_t out) {
  return static_cast<Int128>(
      std::ceil(static_cast<double>(o + 1) * static_cast<double>(in) / static_cast<double>(out)));
}

// Checks one window against the 128-bit reference, plus the range invariant 0 <= start < end <= in.
void expect_matches_reference(int64_t o, int64_t in, int64_t out) {
  SCOPED_TRACE(::testing::Message() << "o=" << o << " in=" << in << " out=" << out);
  const Window w = adaptive_window(o, in, out);
  EXPECT_TRUE(static_cast<Int128>(w[0]) == reference_start(o, in, out)) << "start " << w[0];
  EXPECT_TRUE(static_cast<Int128>(w[1]) == reference_end(o, in, out)) << "end " << w[1];
  EXPECT_GE(w[0], 0);
  EXPECT_LT(w[0], w[1]);
  EXPECT_LE(w[1], in);
}

// A size in [1, INT64_MAX] with a random bit width, so that small, medium and near-INT64_MAX sizes all occur.
int64_t random_size(SplitMix64& rng) {
  const uint64_t shift = 1 + rng.next() % 63;  // 1..63: the result is below 2^63
  const uint64_t value = rng.next() >> shift;
  return value == 0 ? 1 : static_cast<int64_t>(value);
}

using poolcheck::oracle_test::dot;
using poolcheck::oracle_test::pseudo_random;

// ---------------------------------------------------------------------------------------------------------------
// adaptive_window: small hand-computed examples (§4.1).

TEST(OracleAdaptiveWindow, In5Out3) {
  // floor(0)=0, ceil(5/3)=2; floor(5/3)=1, ceil(10/3)=4; floor(10/3)=3, ceil(15/3)=5.
  EXPECT_EQ(all_windows(5, 3), (std::vector<Window>{{0, 2}, {1, 4}, {3, 5}}));
}

TEST(OracleAdaptiveWindow, In7Out4) {
  // Starts floor(0, 7/4, 14/4, 21/4) = 0,1,3,5; ends ceil(7/4, 14/4, 21/4, 28/4) = 2,4,6,7.
  EXPECT_EQ(all_windows(7, 4), (std::vector<Window>{{0, 2}, {1, 4}, {3, 6}, {5, 7}}));
}

TEST(OracleAdaptiveWindow, In2Out3Upsampling) {
  // Starts floor(0, 2/3, 4/3) = 0,0,1; ends ceil(2/3, 4/3, 6/3) = 1,2,2.
  EXPECT_EQ(all_windows(2, 3), (std::vector<Window>{{0, 1}, {0, 2}, {1, 2}}));
}

TEST(OracleAdaptiveWindow, In10Out4) {
  // Starts floor(0, 10/4, 20/4, 30/4) = 0,2,5,7; ends ceil(10/4, 20/4, 30/4, 40/4) = 3,5,8,10.
  EXPECT_EQ(all_windows(10, 4), (std::vector<Window>{{0, 3}, {2, 5}, {5, 8}, {7, 10}}));
}

TEST(OracleAdaptiveWindow, In3Out7Upsampling) {
  // Starts floor(3o/7) for o=0..6: 0,0,0,1,1,2,2. Ends ceil(3(o+1)/7): 1,1,2,2,3,3,3.
  EXPECT_EQ(all_windows(3, 7), (std::vector<Window>{{0, 1}, {0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}, {2, 3}}));
}

TEST(OracleAdaptiveWindow, IdentityGlobalAndSingleInput) {
  // in == out: every window is the single element [o, o+1).
  EXPECT_EQ(all_windows(4, 4), (std::vector<Window>{{0, 1}, {1, 2}, {2, 3}, {3, 4}}));
  // out == 1: the whole axis.
  EXPECT_EQ(adaptive_window(0, 9, 1), (Window{0, 9}));
  EXPECT_EQ(adaptive_window(0, kInt64Max, 1), (Window{0, kInt64Max}));
  // in == 1: every output reads the only input.
  EXPECT_EQ(all_windows(1, 3), (std::vector<Window>{{0, 1}, {0, 1}, {0, 1}}));
  EXPECT_EQ(adaptive_window(kInt64Max - 1, 1, kInt64Max), (Window{0, 1}));
  // in == 2 * out: disjoint windows of two.
  EXPECT_EQ(all_windows(6, 3), (std::vector<Window>{{0, 2}, {2, 4}, {4, 6}}));
}

// ---------------------------------------------------------------------------------------------------------------
// adaptive_window: exactness on huge sizes (no tensors allocated).

TEST(OracleAdaptiveWindow, In16777166Out3BeatsFloat32Formula) {
  // 16777166 = 3 * 5592388 + 2, so floor(16777166/3) = 5592388 and ceil = 5592389;
  // 2 * 16777166 = 33554332 = 3 * 11184777 + 1, so floor(33554332/3) = 11184777 and ceil = 11184778.
  EXPECT_EQ(adaptive_window(0, 16777166, 3), (Window{0, 5592389}));
  EXPECT_EQ(adaptive_window(1, 16777166, 3), (Window{5592388, 11184778}));
  EXPECT_EQ(adaptive_window(2, 16777166, 3), (Window{11184777, 16777166}));
  // The old float32 formula ends window 1 one element early (33554332/3 rounds to 11184777.0f); this confirms the
  // example really distinguishes the two formulas (research notes §4.1, measured on torch 1.13).
  EXPECT_EQ(float32_end(1, 16777166, 3), 11184777);
}

struct HugeCase {
  int64_t o;
  int64_t in;
  int64_t out;
  int64_t start;  // hand-derived, see the comment of each row
  int64_t end;
  bool double_start_wrong;  // the double-based floor(o*in/out) gets the start wrong
  bool double_end_wrong;    // the double-based ceil((o+1)*in/out) gets the end wrong
};

TEST(OracleAdaptiveWindow, ConstructedCasesWhereDoubleArithmeticIsWrong) {
  constexpr int64_t k2p53 = int64_t{1} << 53;
  const std::vector<HugeCase> cases = {
      // in = 2^53 + 1 is not a double (it rounds to 2^53). 2^53 = 2 mod 3, so in = 3q with q = 3002399751580331 and
      // the out=3 windows are exactly [0,q), [q,2q), [2q,3q).
      {1, k2p53 + 1, 3, 3002399751580331, 6004799503160662, true, true},
      {2, k2p53 + 1, 3, 6004799503160662, 9007199254740993, true, true},
      // out=2: window 0 ends at ceil((2^53+1)/2) = 2^52 + 1; window 1 starts at 2^52 and ends at 2^53 + 1.
      {0, k2p53 + 1, 2, 0, 4503599627370497, false, true},
      {1, k2p53 + 1, 2, 4503599627370496, 9007199254740993, false, true},
      // (2^20-1)(2^40+1)/2^20 = 2^40 - 2^20 + 1 - 2^-20: floor is 2^40 - 2^20, but the product 2^60 - 2^40 + 2^20 - 1
      // loses its last bit in double, giving exactly 2^40 - 2^20 + 1.
      {(1 << 20) - 1, (int64_t{1} << 40) + 1, 1 << 20, 1099510579200, 1099511627777, true, false},
      // Same construction one size down: (2^30-1)(2^33+1)/2^30 = 2^33 - 7 - 2^-30, floor 2^33 - 8.
      {(1 << 30) - 1, (int64_t{1} << 33) + 1, 1 << 30, 8589934584, 8589934593, true, false},
      // in = 2^62 - 1 = 3 (mod 5), 4*in = 2 (mod 5): start = (2^64 - 6)/5; the last window ends at in, which is not a
      // double (it rounds to 2^62).
      {4, (int64_t{1} << 62) - 1, 5, 3689348814741910322, 4611686018427387903, true, true},
      // in = INT64_MAX: start = floor((2^63-1)/2) = 2^62 - 1, end = 2^63 - 1; double gives 2^62 and 2^63.
      {1, kInt64Max, 2, 4611686018427387903, kInt64Max, true, true},
      // (2^31+1)(2^62+1)/2^32 = 2^61 + 2^30 + 1/2 + 2^-32: ceil 2^61 + 2^30 + 1; double drops the 2^-32 and the 1/2
      // becomes exact, so its ceil is one lower. The start 2^31(2^62+1)/2^32 = 2^61 + 1/2 floors to 2^61 either way.
      {int64_t{1} << 31, (int64_t{1} << 62) + 1, int64_t{1} << 32, 2305843009213693952, 2305843010287435777, false,
       true},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const HugeCase& c = cases[i];
    SCOPED_TRACE(::testing::Message() << "case " << i << ": o=" << c.o << " in=" << c.in << " out=" << c.out);
    // The hand-derived literals agree with 128-bit arithmetic ...
    ASSERT_TRUE(reference_start(c.o, c.in, c.out) == c.start);
    ASSERT_TRUE(reference_end(c.o, c.in, c.out) == c.end);
    // ... the double formula really fails where claimed (so the case is discriminating) ...
    ASSERT_TRUE(c.double_start_wrong || c.double_end_wrong);
    EXPECT_EQ(double_start(c.o, c.in, c.out) != c.start, c.double_start_wrong);
    EXPECT_EQ(double_end(c.o, c.in, c.out) != c.end, c.double_end_wrong);
    // ... and the oracle is exact.
    EXPECT_EQ(adaptive_window(c.o, c.in, c.out), (Window{c.start, c.end}));
  }
}

TEST(OracleAdaptiveWindow, MatchesInt128ReferenceNearHalfAndFullInt64Range) {
  constexpr int64_t kHalf = kInt64Max / 2;
  const std::vector<int64_t> inputs = {kHalf - 1, kHalf, kHalf + 1, kHalf + 12345, kHalf + 3, kInt64Max - 1, kInt64Max};
  size_t checked = 0;
  for (const int64_t in : inputs) {
    std::vector<int64_t> outputs = {1, 2, 3, 7, 1000003, 2147483647, in / 3, in / 2, in - 1, in, kInt64Max};
    if (in < kInt64Max) {
      outputs.push_back(in + 1);  // upsampling by one
    }
    for (const int64_t out : outputs) {
      for (const int64_t o : {int64_t{0}, int64_t{1}, int64_t{2}, out / 3, out / 2, out - 2, out - 1}) {
        if (o < 0 || o >= out) {
          continue;
        }
        expect_matches_reference(o, in, out);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 400u);
}

TEST(OracleAdaptiveWindow, MatchesInt128ReferenceRandomSizes) {
  SplitMix64 rng(20240917u);
  for (int i = 0; i < 20000; ++i) {
    const int64_t in = random_size(rng);
    const int64_t out = random_size(rng);
    const int64_t o = static_cast<int64_t>(rng.next() % static_cast<uint64_t>(out));
    expect_matches_reference(o, in, out);
    if (::testing::Test::HasFailure()) {
      break;  // one reported mismatch is enough
    }
  }
}

TEST(OracleAdaptiveWindow, ConsecutiveWindowsCoverTheAxisWithoutGaps) {
  // start(o+1) <= end(o), starts and ends non-decreasing, first start 0, last end in; on mid-size axes.
  for (const auto& [in, out] : std::vector<std::array<int64_t, 2>>{{5, 3}, {3, 7}, {97, 13}, {13, 97}, {1, 9}}) {
    SCOPED_TRACE(::testing::Message() << "in=" << in << " out=" << out);
    const std::vector<Window> w = all_windows(in, out);
    ASSERT_EQ(w.size(), static_cast<size_t>(out));
    EXPECT_EQ(w.front()[0], 0);
    EXPECT_EQ(w.back()[1], in);
    for (size_t o = 0; o + 1 < w.size(); ++o) {
      EXPECT_LE(w[o + 1][0], w[o][1]);
      EXPECT_LE(w[o][0], w[o + 1][0]);
      EXPECT_LE(w[o][1], w[o + 1][1]);
    }
  }
}

TEST(OracleAdaptiveWindow, RejectsInvalidArguments) {
  ASSERT_NO_THROW(adaptive_window(0, 1, 1));  // baseline
  EXPECT_THROW(adaptive_window(0, 0, 1), std::invalid_argument);
  EXPECT_THROW(adaptive_window(0, -5, 3), std::invalid_argument);
  EXPECT_THROW(adaptive_window(0, std::numeric_limits<int64_t>::min(), 3), std::invalid_argument);
  EXPECT_THROW(adaptive_window(0, 5, 0), std::invalid_argument);
  EXPECT_THROW(adaptive_window(0, 5, -3), std::invalid_argument);
  EXPECT_THROW(adaptive_window(-1, 5, 3), std::invalid_argument);
  EXPECT_THROW(adaptive_window(3, 5, 3), std::invalid_argument);  // o == out
  EXPECT_THROW(adaptive_window(4, 5, 3), std::invalid_argument);
  EXPECT_THROW(adaptive_window(kInt64Max, kInt64Max, kInt64Max), std::invalid_argument);
  EXPECT_THROW(adaptive_window(std::numeric_limits<int64_t>::min(), 5, 3), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------------------------
// Backward goldens (§4.5, gradOutput = ones unless stated).

TEST(OracleAdaptiveBackward, GA1_3x5x7_to_2x3x4) {
  const AdaptiveScatterResult b = adaptive_avg_pool3d_backward(ones(24), 1, {3, 5, 7}, {2, 3, 4});
  ASSERT_EQ(b.grad_input.size(), 105u);
  const Grid d0 = {
      {1.0 / 8, 5.0 / 24, 1.0 / 12, 1.0 / 6, 1.0 / 12, 5.0 / 24, 1.0 / 8},
      {5.0 / 24, 25.0 / 72, 5.0 / 36, 5.0 / 18, 5.0 / 36, 25.0 / 72, 5.0 / 24},
      {1.0 / 12, 5.0 / 36, 1.0 / 18, 1.0 / 9, 1.0 / 18, 5.0 / 36, 1.0 / 12},
      {5.0 / 24, 25.0 / 72, 5.0 / 36, 5.0 / 18, 5.0 / 36, 25.0 / 72, 5.0 / 24},
      {1.0 / 8, 5.0 / 24, 1.0 / 12, 1.0 / 6, 1.0 / 12, 5.0 / 24, 1.0 / 8},
  };
  const Grid d1 = {
      {2.0 / 8, 10.0 / 24, 2.0 / 12, 2.0 / 6, 2.0 / 12, 10.0 / 24, 2.0 / 8},
      {10.0 / 24, 50.0 / 72, 10.0 / 36, 10.0 / 18, 10.0 / 36, 50.0 / 72, 10.0 / 24},
      {2.0 / 12, 10.0 / 36, 2.0 / 18, 2.0 / 9, 2.0 / 18, 10.0 / 36, 2.0 / 12},
      {10.0 / 24, 50.0 / 72, 10.0 / 36, 10.0 / 18, 10.0 / 36, 50.0 / 72, 10.0 / 24},
      {2.0 / 8, 10.0 / 24, 2.0 / 12, 2.0 / 6, 2.0 / 12, 10.0 / 24, 2.0 / 8},
  };
  {
    SCOPED_TRACE("d=0");
    expect_slice_near(b.grad_input, 0, d0);
  }
  {
    SCOPED_TRACE("d=1 (doubled)");
    expect_slice_near(b.grad_input, 35, d1);
  }
  {
    SCOPED_TRACE("d=2 (same as d=0)");
    expect_slice_near(b.grad_input, 70, d0);
  }
}

TEST(OracleAdaptiveBackward, GA2_2x2x2_to_3x3x3) {
  // Per axis (in=2, out=3) the windows are [0,1),[0,2),[1,2): each input gets 1 + 1/2 = 3/2; (3/2)^3 = 27/8.
  const AdaptiveScatterResult b = adaptive_avg_pool3d_backward(ones(27), 1, {2, 2, 2}, {3, 3, 3});
  expect_all_near(b.grad_input, 8, 27.0 / 8);
}

TEST(OracleAdaptiveBackward, GA3_1x3x1_to_1x2x1) {
  const AdaptiveScatterResult b = adaptive_avg_pool3d_backward(ones(2), 1, {1, 3, 1}, {1, 2, 1});
  ASSERT_EQ(b.grad_input.size(), 3u);
  expect_slice_near(b.grad_input, 0, {{1.0 / 2}, {1.0}, {1.0 / 2}});
}

TEST(OracleAdaptiveBackward, GA4_1x3x5_to_1x2x3_WithGradient1To6) {
  const AdaptiveScatterResult b = adaptive_avg_pool3d_backward({1, 2, 3, 4, 5, 6}, 1, {1, 3, 5}, {1, 2, 3});
  ASSERT_EQ(b.grad_input.size(), 15u);
  expect_slice_near(b.grad_input, 0,
                    {
                        {1.0 / 4, 7.0 / 12, 1.0 / 3, 13.0 / 12, 3.0 / 4},
                        {5.0 / 4, 29.0 / 12, 7.0 / 6, 41.0 / 12, 9.0 / 4},
                        {1.0, 11.0 / 6, 5.0 / 6, 7.0 / 3, 3.0 / 2},
                    });
}

TEST(OracleAdaptiveBackward, OneByOneByOneOutputSpreadsEvenly) {
  // Input 2x3x4 = 24 elements, two planes with g = 6 and g = -12: every input gets g/24.
  const AdaptiveScatterResult b = adaptive_avg_pool3d_backward({6.0, -12.0}, 2, {2, 3, 4}, {1, 1, 1});
  ASSERT_EQ(b.grad_input.size(), 48u);
  for (size_t i = 0; i < 48; ++i) {
    SCOPED_TRACE(::testing::Message() << "element " << i);
    EXPECT_NEAR(b.grad_input[i], i < 24 ? 1.0 / 4 : -1.0 / 2, kTol);
    EXPECT_NEAR(b.abs_sum[i], i < 24 ? 1.0 / 4 : 1.0 / 2, kTol);
    EXPECT_EQ(b.contributors[i], 1);
  }
}

TEST(OracleAdaptiveBackward, UpsamplingAlongOneAxis) {
  // W: in=2, out=3, windows [0,1) k=1, [0,2) k=2, [1,2) k=1. g = 1, 2, 3:
  //   input 0 gets 1/1 + 2/2 = 2; input 1 gets 2/2 + 3/1 = 4.
  const AdaptiveScatterResult b = adaptive_avg_pool3d_backward({1, 2, 3}, 1, {1, 1, 2}, {1, 1, 3});
  expect_slice_near(b.grad_input, 0, {{2.0, 4.0}});
  EXPECT_EQ(b.contributors, (std::vector<int32_t>{2, 2}));
}

TEST(OracleAdaptiveBackward, UpsamplingFromSingleElement) {
  // A 1x1x1 input read by all 8 output cells, each window of size 1: it receives 1+2+...+8 = 36.
  const AdaptiveScatterResult b = adaptive_avg_pool3d_backward({1, 2, 3, 4, 5, 6, 7, 8}, 1, {1, 1, 1}, {2, 2, 2});
  expect_all_near(b.grad_input, 1, 36.0);
  EXPECT_EQ(b.contributors, (std::vector<int32_t>{8}));
}

TEST(OracleAdaptiveBackward, UpsamplingOnEveryAxisWithOnes) {
  // Input 1x2x3 -> output 2x3x4. With ones the result is a product of per-axis factors f(i) = sum over windows
  // covering i of 1/k:
  //   D (in 1, out 2): both windows [0,1), f = 2.
  //   H (in 2, out 3): windows [0,1),[0,2),[1,2): f = 3/2, 3/2.
  //   W (in 3, out 4): windows [0,1),[0,2),[1,3),[2,3) (k 1,2,2,1): f = 1 + 1/2, 1/2 + 1/2, 1/2 + 1 = 3/2, 1, 3/2.
  // So every row is 2 * 3/2 * (3/2, 1, 3/2) = (9/2, 3, 9/2).
  const AdaptiveScatterResult b = adaptive_avg_pool3d_backward(ones(24), 1, {1, 2, 3}, {2, 3, 4});
  ASSERT_EQ(b.grad_input.size(), 6u);
  expect_slice_near(b.grad_input, 0, {{9.0 / 2, 3.0, 9.0 / 2}, {9.0 / 2, 3.0, 9.0 / 2}});
  // Contributors: D 2 * H 2 * W (2, 2, 2) = 8 for every element.
  EXPECT_EQ(b.contributors, (std::vector<int32_t>(6, 8)));
}

TEST(OracleAdaptiveBackward, ContributorsAndAbsSumWithSignedGradient) {
  // G-A4 shape (1x3x5 -> 1x2x3) with gradient [[1,-2,3],[-4,5,-6]].
  // H windows [0,2),[1,3) (k 2); W windows [0,2) k2, [1,4) k3, [3,5) k2. Deltas:
  //   row oh=0: 1/4, -2/6 = -1/3, 3/4;  row oh=1: -4/4 = -1, 5/6, -6/4 = -3/2.
  // h=0 sees only oh=0: (1/4, 1/4-1/3, -1/3, -1/3+3/4, 3/4) = (1/4, -1/12, -1/3, 5/12, 3/4).
  // h=2 sees only oh=1: (-1, -1+5/6, 5/6, 5/6-3/2, -3/2) = (-1, -1/6, 5/6, -2/3, -3/2).
  // h=1 sees both: the sum of the two rows above.
  const AdaptiveScatterResult b = adaptive_avg_pool3d_backward({1, -2, 3, -4, 5, -6}, 1, {1, 3, 5}, {1, 2, 3});
  expect_slice_near(b.grad_input, 0,
                    {
                        {1.0 / 4, -1.0 / 12, -1.0 / 3, 5.0 / 12, 3.0 / 4},
                        {-3.0 / 4, -1.0 / 4, 1.0 / 2, -1.0 / 4, -3.0 / 4},
                        {-1.0, -1.0 / 6, 5.0 / 6, -2.0 / 3, -3.0 / 2},
                    });
  // |delta| are the G-A4 deltas, so abs_sum is exactly the G-A4 golden.
  expect_slice_near(b.abs_sum, 0,
                    {
                        {1.0 / 4, 7.0 / 12, 1.0 / 3, 13.0 / 12, 3.0 / 4},
                        {5.0 / 4, 29.0 / 12, 7.0 / 6, 41.0 / 12, 9.0 / 4},
                        {1.0, 11.0 / 6, 5.0 / 6, 7.0 / 3, 3.0 / 2},
                    });
  // Coverage counts H (1, 2, 1) times W (1, 2, 1, 2, 1).
  EXPECT_EQ(b.contributors, (std::vector<int32_t>{1, 2, 1, 2, 1, 2, 4, 2, 4, 2, 1, 2, 1, 2, 1}));
}

TEST(OracleAdaptiveBackward, PlanesAreIndependent) {
  // G-A3 shape (1x3x1 -> 1x2x1, windows [0,2),[1,3), k=2), three planes.
  //   plane 0, g = (1, 1):  (1/2, 1, 1/2)
  //   plane 1, g = (2, -4): (1, 1 - 2, -2) = (1, -1, -2)
  //   plane 2, g = (0, 0):  zeros, and still two contributors in the middle.
  const AdaptiveScatterResult b = adaptive_avg_pool3d_backward({1, 1, 2, -4, 0, 0}, 3, {1, 3, 1}, {1, 2, 1});
  ASSERT_EQ(b.grad_input.size(), 9u);
  expect_slice_near(b.grad_input, 0, {{1.0 / 2, 1.0, 1.0 / 2}, {1.0, -1.0, -2.0}, {0.0, 0.0, 0.0}});
  expect_slice_near(b.abs_sum, 0, {{1.0 / 2, 1.0, 1.0 / 2}, {1.0, 3.0, 2.0}, {0.0, 0.0, 0.0}});
  EXPECT_EQ(b.contributors, (std::vector<int32_t>{1, 2, 1, 1, 2, 1, 1, 2, 1}));
}

TEST(OracleAdaptiveBackward, ZeroPlanesGiveEmptyResults) {
  const AdaptiveScatterResult b = adaptive_avg_pool3d_backward({}, 0, {3, 5, 7}, {2, 3, 4});
  EXPECT_TRUE(b.grad_input.empty());
  EXPECT_TRUE(b.abs_sum.empty());
  EXPECT_TRUE(b.contributors.empty());
  EXPECT_TRUE(adaptive_avg_pool3d_forward({}, 0, {3, 5, 7}, {2, 3, 4}).empty());
}

TEST(OracleAdaptiveBackward, ThrowsOnInvalidArguments) {
  const std::vector<double> g6 = ones(6);
  ASSERT_NO_THROW(adaptive_avg_pool3d_backward(g6, 1, {1, 3, 5}, {1, 2, 3}));                      // baseline
  EXPECT_THROW(adaptive_avg_pool3d_backward(g6, 2, {1, 3, 5}, {1, 2, 3}), std::invalid_argument);  // needs 12
  EXPECT_THROW(adaptive_avg_pool3d_backward(ones(5), 1, {1, 3, 5}, {1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(adaptive_avg_pool3d_backward(ones(7), 1, {1, 3, 5}, {1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(adaptive_avg_pool3d_backward(g6, -1, {1, 3, 5}, {1, 2, 3}), std::invalid_argument);
  for (int axis = 0; axis < 3; ++axis) {
    SCOPED_TRACE(::testing::Message() << "axis " << axis);
    Dims bad_in = {1, 3, 5};
    bad_in[axis] = 0;
    EXPECT_THROW(adaptive_avg_pool3d_backward(g6, 1, bad_in, {1, 2, 3}), std::invalid_argument);
    bad_in[axis] = -2;
    EXPECT_THROW(adaptive_avg_pool3d_backward(g6, 1, bad_in, {1, 2, 3}), std::invalid_argument);
    Dims bad_out = {1, 2, 3};
    bad_out[axis] = 0;
    EXPECT_THROW(adaptive_avg_pool3d_backward({}, 1, {1, 3, 5}, bad_out), std::invalid_argument);
    bad_out[axis] = -1;
    EXPECT_THROW(adaptive_avg_pool3d_backward(g6, 1, {1, 3, 5}, bad_out), std::invalid_argument);
  }
  // Element counts that overflow int64 are rejected before anything is allocated.
  EXPECT_THROW(adaptive_avg_pool3d_backward(g6, 1, {kInt64Max, 2, 1}, {1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(adaptive_avg_pool3d_backward(g6, 1, {1, 3, 5}, {kInt64Max, 2, 1}), std::invalid_argument);
  EXPECT_THROW(adaptive_avg_pool3d_backward({}, kInt64Max, {1, 3, 5}, {1, 1, 1}), std::invalid_argument);
  EXPECT_THROW(adaptive_avg_pool3d_backward({}, kInt64Max / 2, {1, 1, 1}, {1, 1, 3}), std::invalid_argument);
  // Sizes are validated even when there is nothing to compute.
  EXPECT_THROW(adaptive_avg_pool3d_backward({}, 0, {1, 0, 5}, {1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(adaptive_avg_pool3d_backward({}, 0, {1, 3, 5}, {1, 2, 0}), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------------------------
// Forward.

TEST(OracleAdaptiveForward, GA4ShapeHandComputed) {
  // Plane 0: x[h][w] = 5h + w on 3x5; plane 1: the same plus 100. A window mean is 5*mean(h) + mean(w).
  //   H windows [0,2) mean 1/2, [1,3) mean 3/2; W windows [0,2) mean 1/2, [1,4) mean 2, [3,5) mean 7/2.
  //   Row 0: 5/2 + (1/2, 2, 7/2) = (3, 9/2, 6); row 1: 15/2 + ... = (8, 19/2, 11).
  std::vector<double> x(30);
  for (size_t i = 0; i < 15; ++i) {
    x[i] = static_cast<double>(i);
    x[i + 15] = static_cast<double>(i) + 100.0;
  }
  const std::vector<double> f = adaptive_avg_pool3d_forward(x, 2, {1, 3, 5}, {1, 2, 3});
  ASSERT_EQ(f.size(), 12u);
  expect_slice_near(f, 0, {{3.0, 9.0 / 2, 6.0}, {8.0, 19.0 / 2, 11.0}});
  expect_slice_near(f, 6, {{103.0, 209.0 / 2, 106.0}, {108.0, 219.0 / 2, 111.0}});
}

TEST(OracleAdaptiveForward, GlobalMeanAndUpsampling) {
  // 1x1x1 output: the mean of 0..23 is 23/2.
  std::vector<double> x(24);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = static_cast<double>(i);
  }
  const std::vector<double> mean = adaptive_avg_pool3d_forward(x, 1, {2, 3, 4}, {1, 1, 1});
  expect_all_near(mean, 1, 23.0 / 2);
  // W: in=2 (values 2, 6), out=3: windows [0,1), [0,2), [1,2) -> 2, 4, 6.
  const std::vector<double> up = adaptive_avg_pool3d_forward({2.0, 6.0}, 1, {1, 1, 2}, {1, 1, 3});
  expect_slice_near(up, 0, {{2.0, 4.0, 6.0}});
  // D: in=3 (values 1, 2, 4 along depth), out=2: windows [0,2), [1,3) -> 3/2, 3.
  const std::vector<double> depth = adaptive_avg_pool3d_forward({1.0, 2.0, 4.0}, 1, {3, 1, 1}, {2, 1, 1});
  expect_slice_near(depth, 0, {{3.0 / 2}, {3.0}});
}

TEST(OracleAdaptiveForward, ThrowsOnInvalidInput) {
  const std::vector<double> x15 = ones(15);
  ASSERT_NO_THROW(adaptive_avg_pool3d_forward(x15, 1, {1, 3, 5}, {1, 2, 3}));                      // baseline
  EXPECT_THROW(adaptive_avg_pool3d_forward(x15, 2, {1, 3, 5}, {1, 2, 3}), std::invalid_argument);  // needs 30
  EXPECT_THROW(adaptive_avg_pool3d_forward(ones(14), 1, {1, 3, 5}, {1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(adaptive_avg_pool3d_forward(x15, -1, {1, 3, 5}, {1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(adaptive_avg_pool3d_forward(x15, 1, {1, 3, 5}, {1, 0, 3}), std::invalid_argument);
  EXPECT_THROW(adaptive_avg_pool3d_forward(x15, 1, {1, 3, 5}, {1, 2, -3}), std::invalid_argument);
  EXPECT_THROW(adaptive_avg_pool3d_forward(x15, 1, {0, 3, 5}, {1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(adaptive_avg_pool3d_forward(x15, 1, {1, 3, 5}, {kInt64Max, kInt64Max, 1}), std::invalid_argument);
  EXPECT_THROW(adaptive_avg_pool3d_forward({}, 0, {1, 3, 0}, {1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(adaptive_avg_pool3d_forward({}, 0, {1, 3, 5}, {0, 2, 3}), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------------------------
// Adjoint identity <forward(x), g> == <x, backward(g)>.

struct AdjointCase {
  int64_t planes;
  Dims in_dims;
  Dims out_dims;
  uint32_t seed;
};

TEST(OracleAdaptiveAdjoint, ForwardAndBackwardAreAdjoint) {
  const std::vector<AdjointCase> cases = {
      {1, {3, 5, 7}, {2, 3, 4}, 21u},   // G-A1 shape, overlapping windows
      {2, {2, 2, 2}, {3, 3, 3}, 22u},   // upsampling on every axis
      {3, {4, 6, 5}, {4, 3, 5}, 23u},   // identity / exact halving / identity
      {2, {5, 7, 9}, {3, 4, 5}, 24u},   // non-divisible on every axis
      {1, {3, 2, 11}, {5, 7, 4}, 25u},  // mixed up- and downsampling
      {2, {6, 4, 3}, {1, 1, 1}, 26u},   // global average
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const AdjointCase& c = cases[i];
    SCOPED_TRACE(::testing::Message() << "case " << i);
    const auto in_count = static_cast<size_t>(c.planes * c.in_dims[0] * c.in_dims[1] * c.in_dims[2]);
    const auto out_count = static_cast<size_t>(c.planes * c.out_dims[0] * c.out_dims[1] * c.out_dims[2]);
    const std::vector<double> x = pseudo_random(in_count, c.seed);
    const std::vector<double> g = pseudo_random(out_count, c.seed * 7u + 1u);
    const std::vector<double> fx = adaptive_avg_pool3d_forward(x, c.planes, c.in_dims, c.out_dims);
    const AdaptiveScatterResult bg = adaptive_avg_pool3d_backward(g, c.planes, c.in_dims, c.out_dims);
    const double lhs = dot(fx, g);
    const double rhs = dot(x, bg.grad_input);
    EXPECT_NEAR(lhs, rhs, 1e-12);
    EXPECT_GT(std::fabs(lhs), 1e-6);  // a trivially zero product would make the identity meaningless
  }
}

}  // namespace
