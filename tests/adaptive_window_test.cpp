// The implementation's adaptive window formula stays exact where a float formula fails, for sizes far
// beyond what could be allocated (only the arithmetic is exercised).
#include <gtest/gtest.h>

#include <cmath>

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

}  // namespace
}  // namespace pcemu::adaptive
