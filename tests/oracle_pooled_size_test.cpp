// The oracles' output-size formula (oracle/pooled_size.h) against hand-derived sizes and against a direct
// count of the windows it describes; formulas with one rule left out are the negative controls the same
// comparison must reject.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>

#include "oracle/pooled_size.h"

namespace poolcheck::oracle {
namespace {

using SizeFormula = std::function<int64_t(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil)>;

// The windows themselves, counted one by one: window o starts at o*s - p in the padded input and spans
// d*(k-1)+1 elements. Floor mode keeps the windows that end inside the padded input; ceil mode also keeps a
// last partial one, as long as it starts inside the input or the left padding.
int64_t counted_windows(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil) {
  const int64_t span = d * (k - 1) + 1;
  int64_t n = 0;
  for (int64_t o = 0; o * s < in + 2 * p; ++o) {
    const int64_t start = o * s;  // in padded coordinates
    const bool whole = start + span <= in + 2 * p;
    const bool partial_ok = ceil && start < in + p && start - s + span < in + 2 * p;
    if (whole || partial_ok) ++n;
  }
  return n;
}

// Parameter combinations where the formula and the count disagree (sizes < 1 count as 0 windows).
int64_t disagreements(const SizeFormula& formula) {
  int64_t bad = 0;
  for (int64_t in = 1; in <= 12; ++in)
    for (int64_t k = 1; k <= 5; ++k)
      for (int64_t s = 1; s <= 4; ++s)
        for (int64_t p = 0; p <= k / 2; ++p)  // beyond k/2 (refused by the spec) whole windows lie in padding
          for (int64_t d = 1; d <= 3; ++d)
            for (bool ceil : {false, true})
              if (std::max<int64_t>(0, formula(in, k, s, p, d, ceil)) != counted_windows(in, k, s, p, d, ceil)) ++bad;
  return bad;
}

TEST(OraclePooledSize, HandDerivedSizes) {
  EXPECT_EQ(pooled_size(5, 2, 2, 0, 1, false), 2);  // (5-2)/2+1
  EXPECT_EQ(pooled_size(5, 2, 2, 0, 1, true), 3);   // ceil(3/2)+1; the last window starts at 4 < 5
  EXPECT_EQ(pooled_size(7, 3, 1, 0, 2, false), 3);  // dilation 2: the window spans 5
  EXPECT_EQ(pooled_size(4, 3, 2, 1, 1, true), 3);   // ceil(3/2)+1; the last window starts at 4 < 4+1
  // ceil(5/3)+1 = 3, but window 2 would start at 6 >= 5+1 (in the right padding): dropped.
  EXPECT_EQ(pooled_size(5, 2, 3, 1, 1, true), 2);
  // num = 2-4 = -2: floor(-2/3) = -1 gives 0 windows; a truncating division would give 0 and so 1 window.
  EXPECT_EQ(pooled_size(2, 4, 3, 0, 1, false), 0);
}

TEST(OraclePooledSize, EqualsTheNumberOfWindows) { EXPECT_EQ(disagreements(pooled_size), 0); }

TEST(OraclePooledSizeNegativeControl, EachLeftOutRuleIsNoticed) {
  const SizeFormula no_dropped_window = [](int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil) {
    const int64_t num = in + 2 * p - (d * (k - 1) + 1) + (ceil ? s - 1 : 0);
    return (num >= 0 ? num / s : -((-num + s - 1) / s)) + 1;
  };
  const SizeFormula truncating_division = [](int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil) {
    int64_t out = (in + 2 * p - (d * (k - 1) + 1) + (ceil ? s - 1 : 0)) / s + 1;
    if (ceil && (out - 1) * s >= in + p) --out;
    return out;
  };
  const SizeFormula no_dilation = [](int64_t in, int64_t k, int64_t s, int64_t p, int64_t, bool ceil) {
    return pooled_size(in, k, s, p, 1, ceil);
  };
  EXPECT_GT(disagreements(no_dropped_window), 0);
  EXPECT_GT(disagreements(truncating_division), 0);
  EXPECT_GT(disagreements(no_dilation), 0);
}

}  // namespace
}  // namespace poolcheck::oracle
