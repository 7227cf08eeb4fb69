// A view's element offsets (dense order) against their definition: element (i0, ..., ik) of a view with strides s
// and storage offset b lives at b + i0*s0 + ... + ik*sk. The definition below finds each element's coordinates by
// division, the library walks rows; they must agree for every rank, size and stride pattern.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <utility>
#include <vector>

#include "case/case.h"
#include "case/numeric.h"
#include "case/rng.h"

namespace poolcheck {
namespace {

// The offsets as a plain vector, to compare with one.
std::vector<int64_t> as_vector(const ElementOffsets& offsets) { return {offsets.begin(), offsets.end()}; }

std::vector<int64_t> offsets_by_definition(const TensorArg& t, const std::vector<int64_t>& strides) {
  int64_t count = 1;
  for (const int64_t d : t.shape) count *= d;
  std::vector<int64_t> out;
  for (int64_t flat = 0; flat < count; ++flat) {
    int64_t rest = flat, at = t.offset;
    for (size_t d = t.shape.size(); d-- > 0;) {
      at += rest % t.shape[d] * strides[d];
      rest /= t.shape[d];
    }
    out.push_back(at);
  }
  return out;
}

// Views of rank 0 to 5, sizes 0 to 4 per axis, strides from 0 (broadcast) to 9 in any order, offsets 0 to 5.
std::vector<TensorArg> views() {
  std::vector<TensorArg> out;
  SplitMix64 rng(20261127);
  for (int k = 0; k < 3000; ++k) {
    TensorArg t;
    t.dtype = DType::F32;
    const int rank = static_cast<int>(rng.below(6));
    for (int d = 0; d < rank; ++d) t.shape.push_back(rng.below(5));
    if (rng.below(4) != 0)  // else contiguous
      for (int d = 0; d < rank; ++d) t.strides.push_back(rng.below(10));
    t.offset = rng.below(6);
    out.push_back(t);
  }
  return out;
}

TEST(ViewOffsets, EveryViewsOffsetsAreItsDefinition) {
  for (const TensorArg& t : views()) {
    const std::vector<int64_t> strides = effective_strides(t);
    EXPECT_EQ(as_vector(view_element_offsets(t)), offsets_by_definition(t, strides))
        << "rank " << t.shape.size() << ", offset " << t.offset;
  }
}

// Whether the offsets rise, decided from the strides, is what the offsets themselves say, for every view (the 0 and
// 1 extents, zero strides and permutations above give both answers).
TEST(ViewOffsets, RisingIsDecidedAsTheOffsetsSay) {
  int rising = 0, not_rising = 0;
  for (const TensorArg& t : views()) {
    const std::vector<int64_t> offs = offsets_by_definition(t, effective_strides(t));
    const bool want = std::adjacent_find(offs.begin(), offs.end(), std::greater_equal<>()) == offs.end();
    (want ? rising : not_rising)++;
    EXPECT_EQ(view_offsets_rise(t), want) << "rank " << t.shape.size();
  }
  EXPECT_GT(rising, 100);
  EXPECT_GT(not_rising, 100);
}

// Negative control: the same comparison fails for a view whose last two strides are exchanged in the definition.
TEST(ViewOffsets, NegativeControlExchangedStridesAreCaught) {
  TensorArg t;
  t.dtype = DType::F32;
  t.shape = {2, 3, 4};
  t.strides = {40, 1, 5};
  std::vector<int64_t> exchanged = t.strides;
  std::swap(exchanged[1], exchanged[2]);
  EXPECT_NE(as_vector(view_element_offsets(t)), offsets_by_definition(t, exchanged));
  EXPECT_EQ(as_vector(view_element_offsets(t)), offsets_by_definition(t, t.strides));
}

// with_rounding's one-dtype rounding is round_to, bit for bit, for every dtype and values of every class.
TEST(WithRounding, EachDtypesRoundingIsRoundTo) {
  SplitMix64 rng(7);
  std::vector<double> values = {0.0, -0.0, 1.0, 0x1p-30, 65504.0, 65520.0, 1e300, -1e-300, 3.5, -2.5};
  for (int k = 0; k < 20000; ++k)
    values.push_back(rng.normal() * std::ldexp(1.0, static_cast<int>(rng.below(80)) - 40));
  values.push_back(std::numeric_limits<double>::infinity());
  values.push_back(std::numeric_limits<double>::quiet_NaN());
  for (const DType dt : {DType::F32, DType::F16, DType::BF16, DType::F64, DType::I32, DType::I8}) {
    with_rounding(dt, [&](auto round) {
      for (const double v : values) {
        const double a = round(v), b = round_to(dt, v);
        EXPECT_TRUE(std::memcmp(&a, &b, sizeof a) == 0) << dtype_name(dt) << " " << v << ": " << a << " vs " << b;
      }
    });
  }
}

// Negative control: the comparison above tells fp16's rounding from bf16's.
TEST(WithRounding, NegativeControlAnotherDtypesRoundingIsCaught) {
  const double v = 1.0 + 0x1p-9;  // an fp16 value that bf16 rounds to 1
  with_rounding(DType::BF16, [&](auto round) {
    const double a = round(v), b = round_to(DType::F16, v);
    EXPECT_FALSE(std::memcmp(&a, &b, sizeof a) == 0);
  });
}

}  // namespace
}  // namespace poolcheck
