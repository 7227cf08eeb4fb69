// The implementation's adaptive window formula stays exact where a float formula fails, for sizes far
// beyond what could be allocated (only the arithmetic is exercised).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>
#include <vector>

#include "npu/faults.h"
#include "ops/adaptive_avgpool3d_grad/axis_windows.h"
#include "ops/adaptive_avgpool3d_grad/problem.h"

namespace pcemu::adaptive {
namespace {

TEST(AdaptiveWindow, MatchesHandDerivedWindows) {
  EXPECT_EQ(window(0, 5, 3), (std::array<int64_t, 2>{0, 2}));
  EXPECT_EQ(window(1, 5, 3), (std::array<int64_t, 2>{1, 4}));
  EXPECT_EQ(window(2, 5, 3), (std::array<int64_t, 2>{3, 5}));
  EXPECT_EQ(window(1, 2, 3), (std::array<int64_t, 2>{0, 2}));  // upsampling repeats inputs
}

TEST(AdaptiveWindow, ExactWhereFloat32Drifts) {
  // in = 16777166, out = 3: window 1 ends at ceil(2*16777166/3) = 11184778; float32 arithmetic gives 11184777.
  EXPECT_EQ(window(1, 16777166, 3), (std::array<int64_t, 2>{5592388, 11184778}));
  const float f_end = std::ceil(static_cast<float>(2) * static_cast<float>(16777166) / 3.0f);
  EXPECT_NE(static_cast<int64_t>(f_end), 11184778);  // the float formula really is wrong here
}

TEST(AdaptiveWindow, ExactWhereDoubleDrifts) {
  // in = 2^53 + 1, out = 2: floor(in/2) = 2^52 exactly; (double)in rounds to 2^53 and ceil(in/2) drifts.
  const int64_t in = (int64_t{1} << 53) + 1;
  EXPECT_EQ(window(0, in, 2)[1], (int64_t{1} << 52) + 1);
  EXPECT_EQ(window(1, in, 2)[0], int64_t{1} << 52);
  const double d_end = std::ceil(static_cast<double>(in) / 2.0);
  EXPECT_NE(static_cast<int64_t>(d_end), (int64_t{1} << 52) + 1);
}

// The SIMT kernel's walk of one axis: a thread group's run of consecutive x indices (repeated per row), the
// next group of the block a grid stride further on, a wrap back to the axis' start, and a few jumps back.
std::vector<int64_t> group_walk(int64_t in) {
  std::vector<int64_t> walk;
  for (int64_t start = 0; start < in && walk.size() < 20000; start += 3 * 1024 + 17)
    for (int64_t rep = 0; rep < 2; ++rep)
      for (int64_t i = start; i < std::min(in, start + 1300); ++i) walk.push_back(i);
  for (int64_t i : {int64_t{0}, in - 1, in / 2, int64_t{1}, in - 1, int64_t{0}})
    walk.push_back(std::max<int64_t>(i, 0));
  return walk;
}

// The first answer of `t` along the walk that differs from y_range / window() of (in, out) as the tables' callers
// use them ("range", "extent", "inverse", "extents run", "inverses run" and where); "" if none.
std::string first_table_mismatch(AxisWindows t, int64_t in, int64_t out) {
  auto bits = [](float f) { return std::bit_cast<uint32_t>(f); };
  for (const int64_t i : group_walk(in)) {
    const auto want = y_range(i, i + 1, in, out);
    const auto got = t.range(i);
    const std::string at = " at x " + std::to_string(i);
    if (got != want) return "range" + at;
    const int64_t n = want[1] - want[0];
    const float* ext = t.extents_f(want[0], n);
    const float* inv = t.inv_extents_f(want[0], n);
    for (int64_t o = want[0]; o < want[1]; ++o) {
      const auto w = window(o, in, out);
      const float e = static_cast<float>(w[1] - w[0]);
      if (bits(t.extent_f(o)) != bits(e)) return "extent" + at;
      if (bits(t.inv_extent_f(o)) != bits(1.0f / e)) return "inverse" + at;
      if (ext && bits(ext[o - want[0]]) != bits(e)) return "extents run" + at;
      if (inv && bits(inv[o - want[0]]) != bits(1.0f / e)) return "inverses run" + at;
    }
  }
  return "";
}

const std::vector<std::array<int64_t, 2>> kAxes{{1, 1},         {5, 3},         {3, 5},         {7, 7},
                                                {2, 2048},      {2048, 2},      {65536, 65535}, {65536, 32769},
                                                {65535, 65536}, {32769, 65536}, {1, 65535},     {4099, 1023}};

TEST(AdaptiveWindow, AxisTablesGiveTheWindowArithmeticAlongTheKernelsWalk) {
  for (const auto& [in, out] : kAxes)
    for (const int64_t span : {1, 2, 514, 1025, 4096})
      EXPECT_EQ(first_table_mismatch(AxisWindows(in, out, span), in, out), "")
          << "in " << in << " out " << out << " span " << span;
}

TEST(AdaptiveWindow, AxisTablesFollowTheFloorEndFault) {
  ASSERT_TRUE(set_faults("adaptive_floor_end"));
  for (const auto& [in, out] : kAxes)
    EXPECT_EQ(first_table_mismatch(AxisWindows(in, out, 1025), in, out), "") << "in " << in << " out " << out;
  ASSERT_TRUE(set_faults(""));
}

// Negative control: tables built under the floor-end fault, compared with the fault-free windows, must be caught
// by the extent check (the ranges do not depend on the window ends).
TEST(AdaptiveWindow, ControlTablesWithTruncatedWindowEndsAreCaught) {
  ASSERT_TRUE(set_faults("adaptive_floor_end"));
  AxisWindows truncated(5, 3, 1025);
  ASSERT_TRUE(set_faults(""));
  EXPECT_EQ(first_table_mismatch(truncated, 5, 3), "extent at x 0");
}

}  // namespace
}  // namespace pcemu::adaptive
