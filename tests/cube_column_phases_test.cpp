// The Cube path's phase-major column runs against the tap-by-tap definition of a row's sums: for every
// input column, the products of its taps on the output grid added in ascending kw into a +0.0f sum,
// compared bit for bit.
#include "ops/avgpool2d_grad/cube_column_phases.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstring>
#include <vector>

namespace pcemu::avgpool {
namespace {

struct Axis {
  int64_t W, Wo, k, s, p;
};

// Floor-mode output width, as the avgpool tiling derives it.
int64_t output_width(int64_t W, int64_t k, int64_t s, int64_t p) { return (W + 2 * p - k) / s + 1; }

// Each column's sum by definition; `descending` visits the taps in the wrong order (the negative control).
std::vector<float> by_definition(const Axis& a, const std::vector<std::vector<float>>& rows, bool descending) {
  std::vector<float> sums(static_cast<size_t>(a.W), 0.0f);
  for (const auto& prow : rows)
    for (int64_t iw = 0; iw < a.W; ++iw)
      for (int64_t step = 0; step < a.k; ++step) {
        const int64_t kw = descending ? a.k - 1 - step : step, n = iw + a.p - kw;
        if (n < 0 || n % a.s != 0 || n / a.s >= a.Wo) continue;
        sums[static_cast<size_t>(iw)] = sums[static_cast<size_t>(iw)] + prow[static_cast<size_t>(n / a.s)];
      }
  return sums;
}

std::vector<float> by_phases(const Axis& a, const std::vector<std::vector<float>>& rows) {
  const ColumnPhases phases(a.W, a.Wo, a.k, a.s, a.p);
  std::vector<float> acc(static_cast<size_t>(std::max(a.W, phases.slots())), 0.0f), out(static_cast<size_t>(a.W));
  for (const auto& prow : rows) phases.add_row(prow.data(), acc.data());
  phases.to_columns(acc.data(), out.data());
  return out;
}

bool same_bits(const std::vector<float>& x, const std::vector<float>& y) {
  return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(float)) == 0;
}

// Magnitudes far apart, so that a sum taken in another order rounds differently.
std::vector<float> products(int64_t n, int64_t seed) {
  std::vector<float> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    const int64_t m = (i * 7 + seed * 13) % 5;
    v[static_cast<size_t>(i)] = (m == 0   ? 1e8f
                                 : m == 1 ? -1e8f
                                          : 1.0f + static_cast<float>(i % 3)) *
                                (seed % 2 ? 1 : -1);
  }
  return v;
}

RC_GTEST_PROP(CubeColumnPhases, MatchesTheTapByTapSums, ()) {
  const int64_t k = *rc::gen::inRange<int64_t>(1, 9);
  const int64_t s = *rc::gen::inRange<int64_t>(1, 9);
  const int64_t p = *rc::gen::inRange<int64_t>(0, k / 2 + 1);
  const int64_t W = *rc::gen::inRange<int64_t>(std::max<int64_t>(1, k - 2 * p), 80);
  const Axis a{W, output_width(W, k, s, p), k, s, p};
  const int64_t row_count = *rc::gen::inRange<int64_t>(1, 4);
  std::vector<std::vector<float>> rows;
  for (int64_t r = 0; r < row_count; ++r) rows.push_back(products(a.Wo, r + W));
  RC_ASSERT(same_bits(by_phases(a, rows), by_definition(a, rows, false)));
}

TEST(CubeColumnPhases, OverlappingTapsKeepTheirOrder) {
  // k3 s2 p1 and k3 s1 p1: columns with two and three taps, whose sums depend on the order.
  for (const Axis& a : {Axis{56, 28, 3, 2, 1}, Axis{9, 9, 3, 1, 1}, Axis{7, 3, 3, 2, 0}}) {
    std::vector<std::vector<float>> rows{products(a.Wo, 1), products(a.Wo, 2)};
    EXPECT_TRUE(same_bits(by_phases(a, rows), by_definition(a, rows, false))) << a.W << " k" << a.k << " s" << a.s;
    // Negative control: the comparison catches a reordered sum (taps in descending kw).
    EXPECT_FALSE(same_bits(by_phases(a, rows), by_definition(a, rows, true))) << a.W << " k" << a.k << " s" << a.s;
  }
}

}  // namespace
}  // namespace pcemu::avgpool
