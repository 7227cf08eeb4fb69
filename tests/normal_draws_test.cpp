// The batched normal draws (case/normal_draws.h) against drawing one value at a time with SplitMix64::normal(),
// written out here as the definition: every dtype the fill rounds to, every monotone map the fill uses, many seeds,
// lengths that end inside a chunk and inside a four-lane group. The values must be identical to the bit, and the
// generator must be left where the one-at-a-time loop leaves it. Negative control: a draw that errs by more than the
// bound it is used with must be caught by the same bit comparison.
#include "case/normal_draws.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace {

using poolcheck::DType;
using poolcheck::NormalChunk;
using poolcheck::SplitMix64;

struct Map {
  const char* name;
  double (*apply)(double);
};
const Map kMaps[] = {
    {"identity", [](double y) { return y; }},
    {"large", [](double y) { return y * 1000.0; }},
    {"ranged", [](double y) { return 0.37 + 2.5e-3 * y; }},
    {"decreasing", [](double y) { return -3.0 - 0.25 * y; }},
};
const DType kDtypes[] = {DType::F32, DType::F16, DType::BF16, DType::F64};

std::vector<double> one_at_a_time(uint64_t seed, DType dt, size_t n, const Map& m) {
  SplitMix64 rng(seed);
  std::vector<double> v(n);
  for (auto& x : v) x = poolcheck::round_to(dt, m.apply(rng.normal()));
  return v;
}

template <class Draw>
std::vector<double> batched(uint64_t seed, DType dt, size_t n, const Map& m, Draw draw, double bound,
                            uint64_t* next = nullptr) {
  SplitMix64 rng(seed);
  std::vector<double> v(n);
  poolcheck::rounded_normals(rng, dt, v.data(), n, m.apply, draw, bound);
  if (next) *next = rng.next();
  return v;
}

// Elements whose bits differ.
size_t differing(const std::vector<double>& a, const std::vector<double>& b) {
  size_t d = 0;
  for (size_t i = 0; i < a.size(); ++i) d += std::memcmp(&a[i], &b[i], sizeof(double)) != 0;
  return d;
}

TEST(NormalDraws, BatchedValuesAreTheOneAtATimeValuesToTheBit) {
  const size_t lengths[] = {0, 1, 3, 4, 5, 255, 256, 257, 1000, 20000};
  size_t compared = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed)
    for (DType dt : kDtypes)
      for (const Map& m : kMaps)
        for (size_t n : lengths) {
          uint64_t next_batched = 0;
          const auto got =
              batched(seed, dt, n, m, &poolcheck::draw_normal_chunk, poolcheck::kNormalDrawsRelError, &next_batched);
          const auto want = one_at_a_time(seed, dt, n, m);
          ASSERT_EQ(differing(got, want), 0u) << "seed " << seed << " map " << m.name << " n " << n;
          SplitMix64 rng(seed);
          for (size_t i = 0; i < 2 * n; ++i) rng.next();
          EXPECT_EQ(next_batched, rng.next()) << "the batch consumed the generator differently, n " << n;
          compared += n;
        }
  EXPECT_GT(compared, 4'000'000u);
}

// The bound itself, measured with room to spare: the vector functions' error stays 64 times below it.
TEST(NormalDraws, VectorValuesStayWellInsideTheirBound) {
  SplitMix64 rng(7);
  NormalChunk chunk;
  double worst = 0;
  for (int k = 0; k < 8000; ++k) {
    poolcheck::draw_normal_chunk(rng, poolcheck::kNormalChunk, &chunk);
    for (size_t i = 0; i < chunk.n; ++i) {
      const double exact = SplitMix64::normal_of(chunk.u1[i], chunk.u2[i]);
      if (exact != 0) worst = std::fmax(worst, std::fabs(chunk.approx[i] - exact) / std::fabs(chunk.approx[i]));
    }
  }
  EXPECT_LE(worst, poolcheck::kNormalDrawsRelError / 64) << "worst relative error " << worst;
}

// Negative control: a draw 2^-30 off (far outside the 2^-40 it claims) must be seen by the bit comparison above.
void skewed_draw(SplitMix64& rng, size_t n, NormalChunk* out) {
  poolcheck::draw_normal_chunk(rng, n, out);
  for (size_t i = 0; i < out->n; ++i) out->approx[i] *= 1.0 + 0x1p-30;
}

TEST(NormalDraws, NegativeControlADrawOutsideItsBoundIsCaughtByTheBitComparison) {
  const auto got = batched(3, DType::F32, 20000, kMaps[0], &skewed_draw, poolcheck::kNormalDrawsRelError);
  EXPECT_GT(differing(got, one_at_a_time(3, DType::F32, 20000, kMaps[0])), 0u);
  // With an honest bound the same skewed draw falls back wherever it matters, and the values are exact again.
  const auto honest = batched(3, DType::F32, 20000, kMaps[0], &skewed_draw, 0x1p-28);
  EXPECT_EQ(differing(honest, one_at_a_time(3, DType::F32, 20000, kMaps[0])), 0u);
}

}  // namespace
