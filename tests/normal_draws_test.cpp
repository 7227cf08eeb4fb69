// The batched normal draws (case/normal_draws.h) against drawing one value at a time with SplitMix64::normal(),
// written out here as the definition: every dtype the fill rounds to, every monotone map the fill uses, many seeds,
// lengths that end inside a chunk and inside a group of lanes, each lane width the CPU has, and the special fill's
// normals among NaN and infinities. The values must be identical to the bit, and the generator must be left where
// the one-at-a-time loop leaves it. Negative controls: a draw that errs by more than the bound it is used with must
// be caught by the same bit comparison.
#include "case/normal_draws.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
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

const poolcheck::NormalLanes kLanes[] = {poolcheck::NormalLanes::Scalar, poolcheck::NormalLanes::Four,
                                         poolcheck::NormalLanes::Eight};
const char* lanes_name(poolcheck::NormalLanes lanes) {
  return lanes == poolcheck::NormalLanes::Eight  ? "eight lanes"
         : lanes == poolcheck::NormalLanes::Four ? "four lanes"
                                                 : "scalar";
}

// Every width this CPU has (the campaign takes the widest; the others run where it lacks AVX-512 or AVX2).
TEST(NormalDraws, BatchedValuesAreTheOneAtATimeValuesToTheBit) {
  const size_t lengths[] = {0, 1, 3, 4, 5, 7, 8, 9, 255, 256, 257, 1000, 20000};
  size_t compared = 0;
  for (poolcheck::NormalLanes lanes : kLanes) {
    if (!poolcheck::normal_lanes_supported(lanes)) continue;
    const auto draw = [lanes](SplitMix64& rng, size_t n, NormalChunk* out) {
      poolcheck::draw_normal_chunk(rng, n, out, lanes);
    };
    for (uint64_t seed = 1; seed <= 12; ++seed)
      for (DType dt : kDtypes)
        for (const Map& m : kMaps)
          for (size_t n : lengths) {
            uint64_t next_batched = 0;
            const auto got = batched(seed, dt, n, m, draw, poolcheck::kNormalDrawsRelError, &next_batched);
            const auto want = one_at_a_time(seed, dt, n, m);
            ASSERT_EQ(differing(got, want), 0u)
                << lanes_name(lanes) << " seed " << seed << " map " << m.name << " n " << n;
            SplitMix64 rng(seed);
            for (size_t i = 0; i < 2 * n; ++i) rng.next();
            EXPECT_EQ(next_batched, rng.next())
                << lanes_name(lanes) << ": the batch consumed the generator differently, n " << n;
            compared += n;
          }
  }
  EXPECT_GT(compared, 4'000'000u);
}

// The bound itself, measured with room to spare: each width's vector functions err 64 times below it.
TEST(NormalDraws, VectorValuesStayWellInsideTheirBound) {
  for (poolcheck::NormalLanes lanes : kLanes) {
    if (!poolcheck::normal_lanes_supported(lanes)) continue;
    SplitMix64 rng(7);
    NormalChunk chunk;
    double worst = 0;
    for (int k = 0; k < 8000; ++k) {
      poolcheck::draw_normal_chunk(rng, poolcheck::kNormalChunk, &chunk, lanes);
      for (size_t i = 0; i < chunk.n; ++i) {
        const double exact = SplitMix64::normal_of(chunk.u1[i], chunk.u2[i]);
        if (exact != 0) worst = std::fmax(worst, std::fabs(chunk.approx[i] - exact) / std::fabs(chunk.approx[i]));
      }
    }
    EXPECT_LE(worst, poolcheck::kNormalDrawsRelError / 64) << lanes_name(lanes) << ": worst relative error " << worst;
  }
}

// The special fill's mix: one draw picks NaN, inf or -inf (one in 40 each), else the element is a normal draw.
std::optional<double> special_pick(SplitMix64& rng) {
  const int64_t pick = rng.below(40);
  if (pick < 3) return pick == 0 ? std::nan("") : pick == 1 ? HUGE_VAL : -HUGE_VAL;
  return std::nullopt;
}
std::vector<double> special_one_at_a_time(uint64_t seed, DType dt, size_t n) {
  SplitMix64 rng(seed);
  std::vector<double> v(n);
  for (auto& x : v) {
    const auto picked = special_pick(rng);
    x = poolcheck::round_to(dt, picked ? *picked : rng.normal());
  }
  return v;
}
template <class Approximate>
std::vector<double> special_batched(uint64_t seed, DType dt, size_t n, Approximate approximate, double bound,
                                    uint64_t* next = nullptr) {
  SplitMix64 rng(seed);
  std::vector<double> v(n);
  poolcheck::rounded_normals_or(rng, dt, v.data(), n, special_pick, approximate, bound);
  if (next) *next = rng.next();
  return v;
}

TEST(NormalDraws, NormalsAmongOtherValuesAreTheOneAtATimeValuesToTheBit) {
  size_t compared = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed)
    for (DType dt : kDtypes)
      for (size_t n : {size_t{0}, size_t{1}, size_t{7}, size_t{256}, size_t{300}, size_t{20000}}) {
        uint64_t next_batched = 0;
        const auto got = special_batched(
            seed, dt, n, [](NormalChunk* c) { poolcheck::approximate_normals(c); }, poolcheck::kNormalDrawsRelError,
            &next_batched);
        const auto want = special_one_at_a_time(seed, dt, n);
        ASSERT_EQ(differing(got, want), 0u) << "seed " << seed << " n " << n;
        SplitMix64 rng(seed);
        for (size_t i = 0; i < n; ++i)
          if (!special_pick(rng)) rng.normal();
        EXPECT_EQ(next_batched, rng.next()) << "the batch consumed the generator differently, n " << n;
        compared += n;
      }
  EXPECT_GT(compared, 900'000u);
}

// Negative control: an approximation 2^-30 off is caught by the same bit comparison; an honest bound mends it.
TEST(NormalDraws, NegativeControlANormalAmongOtherValuesOutsideItsBoundIsCaught) {
  const auto skewed = [](NormalChunk* c) {
    poolcheck::approximate_normals(c);
    for (size_t i = 0; i < c->n; ++i) c->approx[i] *= 1.0 + 0x1p-30;
  };
  const auto want = special_one_at_a_time(3, DType::F32, 20000);
  EXPECT_GT(differing(special_batched(3, DType::F32, 20000, skewed, poolcheck::kNormalDrawsRelError), want), 0u);
  EXPECT_EQ(differing(special_batched(3, DType::F32, 20000, skewed, 0x1p-28), want), 0u);
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

// The fill's maps as data (NormalMap): groups of eight draws are decided at once with AVX-512 where the CPU has it,
// the other lanes and the tails one by one. Maps that push values past fp16's range and into its subnormals make
// lanes leave the fast rounding, so both sides of each group are exercised.
const poolcheck::NormalMap kNormalMaps[] = {
    {},
    {poolcheck::NormalMap::Form::Scale, 0.0, 1000.0},
    {poolcheck::NormalMap::Form::Affine, 0.37, 2.5e-3},
    {poolcheck::NormalMap::Form::Affine, -3.0, -0.25},
    {poolcheck::NormalMap::Form::Scale, 0.0, 3.0e4},
    {poolcheck::NormalMap::Form::Affine, 1e-6, 2e-5},
};

std::vector<double> mapped_one_at_a_time(uint64_t seed, DType dt, size_t n, const poolcheck::NormalMap& m) {
  SplitMix64 rng(seed);
  std::vector<double> v(n);
  for (auto& x : v) x = poolcheck::round_to(dt, m(rng.normal()));
  return v;
}

template <class Draw>
std::vector<double> mapped_batched(uint64_t seed, DType dt, size_t n, const poolcheck::NormalMap& m, Draw draw,
                                   double bound) {
  SplitMix64 rng(seed);
  std::vector<double> v(n);
  poolcheck::rounded_normals(rng, dt, v.data(), n, m, draw, bound);
  return v;
}

TEST(NormalDraws, MappedDrawsDecidedEightAtATimeAreTheOneAtATimeValues) {
  const auto draw = [](SplitMix64& rng, size_t n, NormalChunk* out) { poolcheck::draw_normal_chunk(rng, n, out); };
  size_t compared = 0;
  for (uint64_t seed = 1; seed <= 8; ++seed)
    for (DType dt : kDtypes)
      for (const poolcheck::NormalMap& m : kNormalMaps)
        for (size_t n : {size_t{0}, size_t{7}, size_t{8}, size_t{9}, size_t{257}, size_t{20000}}) {
          const auto got = mapped_batched(seed, dt, n, m, draw, poolcheck::kNormalDrawsRelError);
          ASSERT_EQ(differing(got, mapped_one_at_a_time(seed, dt, n, m)), 0u)
              << "seed " << seed << " dtype " << static_cast<int>(dt) << " scale " << m.scale << " n " << n;
          compared += n;
        }
  EXPECT_GT(compared, 3'000'000u);
}

// Negative control for the eight-at-once decision: a draw off by more than the bound it is used with is caught by
// the same bit comparison, in every dtype the decision rounds to (an error the dtype's rounding can see: 2^-30 for
// f32, 2^-12 for the 16-bit formats), and an honest bound mends it.
TEST(NormalDraws, NegativeControlAMappedDrawOutsideItsBoundIsCaught) {
  const poolcheck::NormalMap ranged{poolcheck::NormalMap::Form::Affine, 0.37, 2.5e-3};
  for (DType dt : {DType::F32, DType::F16, DType::BF16}) {
    const double skew = dt == DType::F32 ? 0x1p-30 : 0x1p-12;
    const auto skewed = [skew](SplitMix64& rng, size_t n, NormalChunk* out) {
      poolcheck::draw_normal_chunk(rng, n, out);
      for (size_t i = 0; i < out->n; ++i) out->approx[i] *= 1.0 + skew;
    };
    for (const poolcheck::NormalMap& m : {poolcheck::NormalMap{}, ranged}) {
      const auto want = mapped_one_at_a_time(3, dt, 20000, m);
      EXPECT_GT(differing(mapped_batched(3, dt, 20000, m, skewed, poolcheck::kNormalDrawsRelError), want), 0u)
          << "dtype " << static_cast<int>(dt) << " scale " << m.scale;
      EXPECT_EQ(differing(mapped_batched(3, dt, 20000, m, skewed, 4 * skew), want), 0u);
    }
  }
}

}  // namespace
