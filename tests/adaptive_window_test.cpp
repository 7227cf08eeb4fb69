// The implementation's adaptive window formula stays exact where a float formula fails, for sizes far
// beyond what could be allocated (only the arithmetic is exercised).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ops/adaptive_avgpool3d_grad/problem.h"
#include "ops/adaptive_avgpool3d_grad/scaled_div.h"
#include "ops/adaptive_avgpool3d_grad/step_floor.h"

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

// The index walk of the SIMT kernels' misses: runs of consecutive indices, repeats, steps back and jumps.
std::vector<int64_t> index_walk() {
  std::vector<int64_t> walk;
  for (int64_t i = 0; i < 300; ++i) walk.push_back(i);
  for (int64_t i : {299, 299, 5, 6, 7, 7, 100, 50, 51, 0, 1, 0, 1000, 1001, 1002, 3, 2, 1}) walk.push_back(i);
  return walk;
}

// The first position of the walk where `f` is not scaled_div(i, a, b, c); -1 if none.
int64_t first_step_mismatch(StepFloor f, int64_t a, int64_t b, int64_t c) {
  const std::vector<int64_t> walk = index_walk();
  for (size_t k = 0; k < walk.size(); ++k)
    if (f.at(walk[k]) != scaled_div(walk[k], a, b, c)) return static_cast<int64_t>(k);
  return -1;
}

TEST(AdaptiveWindow, StepFloorGivesScaledDivAlongAnyWalk) {
  for (const int64_t a : {0, 1, 2, 3, 7, 16, 65535, 65536, 1000003})
    for (const int64_t c : {1, 2, 3, 4, 7, 16, 65535, 65536})
      for (const int64_t b : {int64_t{0}, c - 1, a + c - 1, 2 * c + 5})
        EXPECT_EQ(first_step_mismatch(StepFloor(a, b, c), a, b, c), -1) << "a " << a << " b " << b << " c " << c;
}

// Negative control: the comparison above must catch a sequence that is off by one in its offset. floor(3i / 4)
// and floor((3i + 1) / 4) first differ at i = 1, the walk's second position.
TEST(AdaptiveWindow, ControlAStepFloorWithAWrongOffsetIsCaught) {
  EXPECT_EQ(first_step_mismatch(StepFloor(3, 1, 4), 3, 0, 4), 1);
}

}  // namespace
}  // namespace pcemu::adaptive
