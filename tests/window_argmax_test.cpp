// The data fill's window argmax (harness/window_argmax.h) against the oracle's forward pass, which stays the
// definition: thousands of seeded shapes (every axis 1-7 long, kernels 1-4, strides, paddings up to past half the
// kernel, dilations 1-3, ceil mode both ways, several planes) over data made of ties, -inf and NaN as much as of
// ordinary values. Every index must be the oracle's. Negative controls: a rule that lets the last maximum win, and
// one that keeps the first NaN, must each be caught by the same comparison.
#include "harness/window_argmax.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

#include "case/rng.h"
#include "oracle/maxpool3d_grad.h"

namespace {

using poolcheck::PoolWindows3d;
using poolcheck::SplitMix64;
using poolcheck::oracle::Pool3dParams;

struct Problem {
  int64_t planes = 1;
  std::array<int64_t, 3> in{};
  Pool3dParams params{};
  std::array<int64_t, 3> out{};
  std::vector<double> input;
};

// Values from a small set, so windows hold ties, NaN and -inf often; or ordinary distinct values.
double value(SplitMix64& rng, bool tied) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const double kSet[] = {-kInf, -1.0, 0.0, 2.0, 2.0, std::nan(""), kInf};
  if (tied) return kSet[rng.below(7)];
  return rng.uniform() - 0.5;
}

std::optional<Problem> draw(SplitMix64& rng) {
  Problem p;
  p.planes = 1 + static_cast<int64_t>(rng.below(3));
  for (int a = 0; a < 3; ++a) {
    p.in[a] = 1 + static_cast<int64_t>(rng.below(7));
    p.params.kernel[a] = 1 + static_cast<int64_t>(rng.below(4));
    p.params.stride[a] = 1 + static_cast<int64_t>(rng.below(4));
    p.params.dilation[a] = 1 + static_cast<int64_t>(rng.below(3));
    p.params.padding[a] = static_cast<int64_t>(rng.below(static_cast<uint64_t>(p.params.kernel[a]) / 2 + 2));
  }
  p.params.ceil_mode = rng.below(2) == 1;
  const auto out = poolcheck::oracle::pooled_dims(p.in, p.params);
  if (!out) return std::nullopt;
  p.out = *out;
  const bool tied = rng.below(4) != 0;
  p.input.resize(static_cast<size_t>(p.planes * p.in[0] * p.in[1] * p.in[2]));
  for (double& x : p.input) x = value(rng, tied);
  return p;
}

PoolWindows3d windows_of(const Problem& p) {
  return {p.in, p.out, p.params.kernel, p.params.stride, p.params.padding, p.params.dilation};
}

// Problems (of `count` drawn) on which `takes_over` gives another index than the oracle somewhere.
int differing_problems(poolcheck::TakesOver takes_over, int count, int* compared) {
  SplitMix64 rng(0x5eed);
  int differing = 0;
  for (int i = 0; i < count; ++i) {
    const std::optional<Problem> p = draw(rng);
    if (!p) continue;
    ++*compared;
    const auto expected = poolcheck::oracle::max_pool3d_forward(p->input, p->planes, p->in, p->params).indices;
    const auto got = poolcheck::window_argmax(p->input, p->planes, windows_of(*p), takes_over);
    differing += got != expected;
  }
  return differing;
}

TEST(WindowArgmax, EveryIndexIsTheOraclesForward) {
  int compared = 0;
  EXPECT_EQ(differing_problems(&poolcheck::max_pool_takes_over, 20000, &compared), 0);
  EXPECT_GT(compared, 10000);  // most draws are valid shapes
}

// Controls: the same comparison must fire on a rule that is wrong only on ties, and on one wrong only on NaN.
TEST(WindowArgmax, ControlTheLastMaximumWinningIsCaught) {
  int compared = 0;
  const auto last_max = [](double c, double b) { return c >= b || std::isnan(c); };
  EXPECT_GT(differing_problems(last_max, 2000, &compared), 0);
}

TEST(WindowArgmax, ControlTheFirstNanWinningIsCaught) {
  int compared = 0;
  const auto first_nan = [](double c, double b) { return c > b || (std::isnan(c) && !std::isnan(b)); };
  EXPECT_GT(differing_problems(first_nan, 2000, &compared), 0);
}

TEST(WindowArgmax, BadSizesAreNamed) {
  PoolWindows3d w;
  w.in = {2, 2, 2};
  w.out = {1, 1, 1};
  w.kernel = w.stride = {2, 2, 2};
  w.dilation = {1, 1, 1};
  try {
    poolcheck::window_argmax(std::vector<double>(7), 1, w);
    FAIL() << "7 values for one 2x2x2 plane were taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("7 input values for 1 planes of 2x2x2"), std::string::npos) << e.what();
  }
  w.kernel[1] = 0;
  EXPECT_THROW(poolcheck::window_argmax(std::vector<double>(8), 1, w), std::invalid_argument);
}

}  // namespace
