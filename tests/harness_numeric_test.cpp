// The harness's own dtype rounding and the tolerance model, against hand-derived values.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "case/exact_chunks.h"
#include "case/numeric.h"
#include "harness/tolerance.h"

namespace poolcheck {
namespace {

uint16_t bits16(DType dt, double v) {
  uint16_t b = 0;
  encode(dt, v, &b);
  return b;
}

TEST(HarnessNumeric, Fp16RoundsToNearestEvenOnce) {
  EXPECT_EQ(bits16(DType::F16, 1.0), 0x3C00);
  EXPECT_EQ(bits16(DType::F16, 1.0 + std::ldexp(1.0, -11)), 0x3C00);      // tie -> even
  EXPECT_EQ(bits16(DType::F16, 1.0 + 3 * std::ldexp(1.0, -11)), 0x3C02);  // tie -> even (up)
  EXPECT_EQ(bits16(DType::F16, 65504.0), 0x7BFF);
  EXPECT_EQ(bits16(DType::F16, 65520.0), 0x7C00);
  EXPECT_EQ(bits16(DType::F16, -std::ldexp(1.0, -24)), 0x8001);
  EXPECT_EQ(bits16(DType::F16, std::ldexp(1.0, -25)), 0x0000);
  // Rounded once from double: 1 + 2^-11 + 2^-40 is above the tie, so it rounds up (a double rounding
  // through fp32 would also keep it, but 2049/2048 + tiny must not round to even).
  EXPECT_EQ(bits16(DType::F16, 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)), 0x3C01);
  uint16_t b = 0x3555;
  EXPECT_EQ(decode(DType::F16, &b), 0.333251953125);
}

TEST(HarnessNumeric, Bf16AndFp32) {
  EXPECT_EQ(bits16(DType::BF16, 1.0 + std::ldexp(1.0, -8)), 0x3F80);
  EXPECT_EQ(bits16(DType::BF16, 1.0 + 3 * std::ldexp(1.0, -8)), 0x3F82);
  EXPECT_EQ(round_to(DType::F32, 0.1), static_cast<double>(0.1f));
  EXPECT_TRUE(std::isinf(round_to(DType::F32, 1e39)));
  float f = 0;
  encode(DType::F32, -2.5, &f);
  EXPECT_EQ(f, -2.5f);
}

// fp32 rounding is the hardware's double-to-float conversion: IEEE round to nearest even, gradual underflow,
// overflow to infinity (hand-derived ties and boundaries).
TEST(HarnessNumeric, Fp32RoundsToNearestEvenWithGradualUnderflow) {
  EXPECT_EQ(round_to(DType::F32, 1 + 0x1p-24), 1.0);                          // tie -> even (down)
  EXPECT_EQ(round_to(DType::F32, 1 + 3 * 0x1p-24), 1 + 0x1p-22);              // tie -> even (up)
  EXPECT_EQ(round_to(DType::F32, 1 + 0x1p-24 + 0x1p-50), 1 + 0x1p-23);        // above the tie
  EXPECT_EQ(round_to(DType::F32, 1.5 * 0x1p-149), 0x1p-148);                  // subnormal tie -> even
  EXPECT_EQ(round_to(DType::F32, 0x1p-150), 0.0);                             // half the least: to zero
  EXPECT_EQ(round_to(DType::F32, 0x1p-150 * (1 + 0x1p-30)), 0x1p-149);        // above half: the least
  EXPECT_EQ(round_to(DType::F32, 0x1.fffffep127 + 0x1p102), 0x1.fffffep127);  // a quarter ulp (2^104) more
  EXPECT_TRUE(std::isinf(round_to(DType::F32, 0x1.fffffep127 + 0x1p103)));    // the tie: to even, 2^128
  EXPECT_TRUE(std::isnan(round_to(DType::F32, std::numeric_limits<double>::quiet_NaN())));
}

TEST(HarnessNumeric, UlpIsTheSpacingOfTheDtypeAroundAValue) {
  EXPECT_EQ(ulp_at(DType::F32, 1.0), 0x1p-23);
  EXPECT_EQ(ulp_at(DType::F32, 1.999), 0x1p-23);
  EXPECT_EQ(ulp_at(DType::F32, -0.75), 0x1p-24);
  EXPECT_EQ(ulp_at(DType::F16, 1000.0), 0.5);          // [512, 1024): 2^9 with 10 fraction bits
  EXPECT_EQ(ulp_at(DType::BF16, -3.0), 0x1p-6);        // [2, 4): 2^1 with 7 fraction bits
  EXPECT_EQ(ulp_at(DType::F16, 0x1p-20), 0x1p-24);     // an fp16 subnormal: the subnormal spacing
  EXPECT_EQ(ulp_at(DType::F32, 1e-40), 0x1p-149);      // an fp32 subnormal
  EXPECT_EQ(ulp_at(DType::F32, 0x1p-1040), 0x1p-149);  // a double subnormal
}

TEST(Tolerance, SingleContributorIsExactAndCompareSeesOneUlp) {
  EXPECT_EQ(fp32_sum_bound(DType::F16, {1, 3.0, 3.0}), 0.0);
  const Verdict same = compare_element(0.5, 0.5, 0.0);
  EXPECT_TRUE(same.ok);
  const Verdict off = compare_element(std::nextafter(0.5, 1.0), 0.5, 0.0);  // negative control
  EXPECT_FALSE(off.ok);
}

TEST(Tolerance, ManyTermsBoundGrowsWithTermsAndMagnitude) {
  const double b2 = fp32_sum_bound(DType::F32, {2, 2.0, 2.0});
  const double b8 = fp32_sum_bound(DType::F32, {8, 8.0, 8.0});
  EXPECT_GT(b8, b2);
  EXPECT_LT(b8, 1e-5);
  // fp16 output: about an fp16 ulp of the value, never more than two.
  const double b = fp32_sum_bound(DType::F16, {3, 3.0, 1.0});
  EXPECT_GT(b, std::ldexp(1.0, -11));
  EXPECT_LT(b, 2 * std::ldexp(1.0, -10) * 1.5);
  EXPECT_FALSE(compare_element(1.0 + 4 * b, 1.0, b).ok);  // negative control
}

TEST(Tolerance, IntegralTermsAddExactlySoTheBoundIsBitwise) {
  TermError integral;
  integral.integral = true;
  // 3 integer gradients summing to 259 in bf16: fp32 holds every partial sum, so only the final cast rounds.
  EXPECT_EQ(fp32_sum_bound(DType::BF16, {3, 259.0, 259.0}, integral), 0.0);
  const double oracle = round_to(DType::BF16, 259.0);  // 260: the tie goes to the even mantissa
  EXPECT_EQ(oracle, 260.0);
  EXPECT_TRUE(compare_element(260.0, oracle, 0.0).ok);
  // Negative control: a truncating cast gives 258, which the bitwise bound rejects.
  EXPECT_FALSE(compare_element(258.0, oracle, fp32_sum_bound(DType::BF16, {3, 259.0, 259.0}, integral)).ok);
  // Without integrality, or past 2^24 where fp32 partial sums round, the general bound applies (and accepts 258).
  EXPECT_GT(fp32_sum_bound(DType::BF16, {3, 259.0, 259.0}), 2.0);
  EXPECT_GT(fp32_sum_bound(DType::F32, {3, std::ldexp(1.0, 25), std::ldexp(1.0, 25)}, integral), 0.0);
  TermError rounded_terms = integral;
  rounded_terms.rel = std::ldexp(1.0, -24);
  EXPECT_GT(fp32_sum_bound(DType::F32, {3, 259.0, 259.0}, rounded_terms), 0.0);
}

TEST(Tolerance, NanAndInfinityClasses) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(compare_element(nan, nan, 0).ok);
  EXPECT_FALSE(compare_element(1.0, nan, 1e9).ok);
  EXPECT_FALSE(compare_element(nan, 1.0, 1e9).ok);
  EXPECT_TRUE(compare_element(inf, inf, 0).ok);
  EXPECT_FALSE(compare_element(-inf, inf, 0).ok);
  EXPECT_FALSE(compare_element(1e30, inf, 1.0).ok);
}

}  // namespace
}  // namespace poolcheck

namespace {

using poolcheck::DType;

// The element bytes encode(dt, v) gives, one element at a time: the definition the batched codec must meet.
std::vector<uint8_t> encoded_one_by_one(DType dt, const std::vector<double>& values, const std::vector<int64_t>& at,
                                        size_t bytes) {
  std::vector<uint8_t> out(bytes, 0x5A);
  for (size_t i = 0; i < values.size(); ++i)
    poolcheck::encode(dt, values[i], out.data() + at[i] * poolcheck::dtype_size(dt));
  return out;
}

const std::vector<double> kAwkward = {
    0.0, -0.0, 2.7, -2.7, 0.49999, -0.5, 127.0, -128.0, 300.5, 1e9, -1e9, 0x1p62, -0x1p63, 1e300, -1e300, 65504, 1e-40,
    3.14159, NAN, -NAN, INFINITY, -INFINITY, 0x1p63, 1.5e-8,
    // the edges of the 16-bit formats' normal ranges, each side
    0x1p-14, -0x1p-14, 0x1p-15, 0x1.ffcp15, 0x1p16, 0x1p-126, 0x1p-127, 0x1.fep127, -0x1.fep127, 0x1.ff8p15};

}  // namespace

// encode_at/decode_at over a dense run (null offsets) and over scattered offsets, for every dtype the harness
// stores, against encode/decode one element at a time (integers: truncation toward zero, non-finite to 0; the
// floating dtypes rounded once).
TEST(HarnessNumeric, BatchedCodecMatchesTheOneElementCodecDenseAndScattered) {
  const DType dtypes[] = {DType::F32, DType::F16,  DType::BF16, DType::F64, DType::I8,
                          DType::U8,  DType::Bool, DType::I16,  DType::I32, DType::I64};
  const size_t n = kAwkward.size();
  std::vector<int64_t> dense(n), scattered(n);
  for (size_t i = 0; i < n; ++i) {
    dense[i] = static_cast<int64_t>(i);
    scattered[i] = static_cast<int64_t>((i * 7) % n) * 2 + 1;  // a permutation over odd slots
  }
  for (DType dt : dtypes) {
    const size_t bytes = (2 * n + 2) * static_cast<size_t>(poolcheck::dtype_size(dt));
    std::vector<uint8_t> got(bytes, 0x5A);
    poolcheck::encode_at(dt, kAwkward.data(), nullptr, n, got.data());
    EXPECT_EQ(got, encoded_one_by_one(dt, kAwkward, dense, bytes)) << "dense, dtype " << static_cast<int>(dt);
    std::vector<uint8_t> got_scattered(bytes, 0x5A);
    poolcheck::encode_at(dt, kAwkward.data(), scattered.data(), n, got_scattered.data());
    EXPECT_EQ(got_scattered, encoded_one_by_one(dt, kAwkward, scattered, bytes)) << "dtype " << static_cast<int>(dt);
    std::vector<double> back(n), back_scattered(n);
    poolcheck::decode_at(dt, got.data(), nullptr, n, back.data());
    poolcheck::decode_at(dt, got_scattered.data(), scattered.data(), n, back_scattered.data());
    for (size_t i = 0; i < n; ++i) {
      const double want = poolcheck::decode(dt, got.data() + i * poolcheck::dtype_size(dt));
      EXPECT_TRUE(std::memcmp(&back[i], &want, 8) == 0 || (std::isnan(back[i]) && std::isnan(want))) << i;
      EXPECT_TRUE(std::memcmp(&back_scattered[i], &want, 8) == 0 || (std::isnan(back_scattered[i]) && std::isnan(want)))
          << i;
    }
  }
  // Integers by their definition, not only against encode: truncation toward zero, non-finite values stored as 0.
  const std::vector<double> ints = {2.7, -2.7, -0.5, NAN, INFINITY, -INFINITY, 1e12, 1e300};
  std::vector<int64_t> stored(ints.size());
  poolcheck::encode_at(DType::I64, ints.data(), nullptr, ints.size(), reinterpret_cast<uint8_t*>(stored.data()));
  EXPECT_EQ(stored, (std::vector<int64_t>{2, -2, 0, 0, 0, 0, 1000000000000, std::numeric_limits<int64_t>::min()}));
}

// Negative control for the comparison above: an element written one slot off must make the byte images differ.
TEST(HarnessNumeric, NegativeControlAnElementOneSlotOffFailsTheByteComparison) {
  std::vector<int64_t> at = {0, 1, 2, 3}, shifted = {0, 1, 3, 2};
  const std::vector<double> v = {1, 2, 3, 4};
  std::vector<uint8_t> got(16, 0x5A);
  poolcheck::encode_at(DType::F32, v.data(), shifted.data(), v.size(), got.data());
  EXPECT_NE(got, encoded_one_by_one(DType::F32, v, at, 16));
}

// encode_at says whether every element decodes back to its value bit for bit: per element, that is the one-element
// codec's round trip (encode then decode) compared by bits, for every dtype and every awkward value alone. A NaN may
// be reported as changed when it is not (the caller then decodes it), never the other way round.
TEST(HarnessNumeric, EncodeAtSaysWhetherEveryValueReadsBackUnchanged) {
  const DType dtypes[] = {DType::F32, DType::F16,  DType::BF16, DType::F64, DType::I8,
                          DType::U8,  DType::Bool, DType::I16,  DType::I32, DType::I64};
  int exact = 0, inexact = 0;
  for (DType dt : dtypes)
    for (const double v : kAwkward) {
      uint8_t slot[8] = {};
      poolcheck::encode(dt, v, slot);
      const double back = poolcheck::decode(dt, slot);
      const bool want = std::memcmp(&back, &v, 8) == 0;
      (want ? exact : inexact)++;
      const bool said = poolcheck::encode_at(dt, &v, nullptr, 1, slot);
      if (std::isnan(v))
        EXPECT_TRUE(want || !said) << "dtype " << static_cast<int>(dt) << " NaN said unchanged";
      else
        EXPECT_EQ(said, want) << "dtype " << static_cast<int>(dt) << " " << v;
    }
  // Both answers occur, so each side of the comparison is exercised.
  EXPECT_GT(exact, 10);
  EXPECT_GT(inexact, 10);
  // A run is exact only when all of its elements are: one rounded value among exact ones makes it inexact.
  const std::vector<double> run = {1.0, 2.0, 1.0 + 0x1p-30, 4.0};
  std::vector<uint8_t> bytes(run.size() * 2);
  EXPECT_TRUE(poolcheck::encode_at(DType::F16, run.data(), nullptr, 2, bytes.data()));
  EXPECT_FALSE(poolcheck::encode_at(DType::F16, run.data(), nullptr, run.size(), bytes.data()));
  // Signed zero: -0 into an integer reads back as +0, into a float as itself.
  const double negative_zero = -0.0;
  EXPECT_FALSE(poolcheck::encode_at(DType::I32, &negative_zero, nullptr, 1, bytes.data()));
  EXPECT_TRUE(poolcheck::encode_at(DType::F32, &negative_zero, nullptr, 1, bytes.data()));
}

namespace {

// Runs of values each dtype holds exactly (what the fill gives: rounded normals, small and index-sized integers), one
// awkward value dropped in now and then, so that whole groups of eight go through the eight-at-once encoder
// (case/exact_chunks.h) where the CPU has it and groups with one awkward value through the one-by-one codec.
std::vector<double> mostly_exact(DType dt, size_t n, uint64_t seed) {
  std::vector<double> v(n);
  uint64_t s = seed;
  const auto next = [&s] {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return s >> 11;
  };
  for (size_t i = 0; i < n; ++i) {
    const uint64_t r = next();
    if (r % 29 == 0) {
      const double awkward = kAwkward[static_cast<size_t>(next() % kAwkward.size())];
      v[i] = std::isnan(awkward) ? 2.7 : awkward;  // a NaN's flag may differ from its round trip (see above)
    } else if (dt == DType::I8 || dt == DType::U8 || dt == DType::Bool || dt == DType::I16) {
      const int64_t lo = dt == DType::I8 ? -128 : dt == DType::I16 ? -32768 : 0;
      const int64_t span = dt == DType::I8 || dt == DType::U8 ? 256 : dt == DType::Bool ? 2 : 65536;
      v[i] = static_cast<double>(lo + static_cast<int64_t>(next() % static_cast<uint64_t>(span)));
    } else if (dt == DType::I32 || dt == DType::I64 || r % 3 == 0) {
      v[i] = static_cast<double>(static_cast<int64_t>(next() % 200001) - 100000);
    } else {
      v[i] = poolcheck::round_to(dt, (static_cast<double>(next() % 2000001) - 1000000.0) * 1e-3);
    }
  }
  return v;
}

}  // namespace

TEST(HarnessNumeric, EightAtOnceEncodingIsTheOneElementEncodingDenseAndScattered) {
  const DType dtypes[] = {DType::F32,  DType::F16, DType::BF16, DType::I8, DType::U8,
                          DType::Bool, DType::I16, DType::I32,  DType::I64};
  int exact_runs = 0, inexact_runs = 0;
  for (DType dt : dtypes)
    for (size_t n : {0, 7, 8, 9, 16, 63, 64, 65, 1000}) {
      const std::vector<double> v = mostly_exact(dt, n, 7 + n);
      std::vector<int64_t> dense(n), scattered(n);
      for (size_t i = 0; i < n; ++i) {
        dense[i] = static_cast<int64_t>(i);
        scattered[i] = static_cast<int64_t>(n - 1 - i) * 2 + 1;  // reversed, over odd slots
      }
      const size_t bytes = (2 * n + 2) * static_cast<size_t>(poolcheck::dtype_size(dt));
      bool exact_one_by_one = true;
      for (double x : v) {
        uint8_t slot[8] = {};
        poolcheck::encode(dt, x, slot);
        const double back = poolcheck::decode(dt, slot);
        exact_one_by_one &= std::memcmp(&back, &x, 8) == 0;
      }
      std::vector<uint8_t> got(bytes, 0x5A), got_scattered(bytes, 0x5A);
      const bool said = poolcheck::encode_at(dt, v.data(), nullptr, n, got.data());
      const bool said_scattered = poolcheck::encode_at(dt, v.data(), scattered.data(), n, got_scattered.data());
      EXPECT_EQ(got, encoded_one_by_one(dt, v, dense, bytes)) << "dense, dtype " << static_cast<int>(dt) << ", n " << n;
      EXPECT_EQ(got_scattered, encoded_one_by_one(dt, v, scattered, bytes)) << "dtype " << static_cast<int>(dt);
      // Without NaN among them, the flag is the one-by-one round trip's exactly.
      EXPECT_EQ(said, exact_one_by_one) << "dtype " << static_cast<int>(dt) << ", n " << n;
      EXPECT_EQ(said_scattered, exact_one_by_one);
      (exact_one_by_one ? exact_runs : inexact_runs)++;
    }
  EXPECT_GT(exact_runs, 5);  // both answers occur
  EXPECT_GT(inexact_runs, 5);
}

// Negative control for the flag above: one rounded value in the middle of a long exact run must make it inexact,
// whichever group of eight it falls in.
TEST(HarnessNumeric, NegativeControlOneRoundedValueInALongRunIsReported) {
  for (size_t at : {0, 5, 8, 13, 63}) {
    std::vector<double> v(64, 1.5);
    v[at] = 1.0 + 0x1p-30;  // no 16-bit or fp32 value
    std::vector<uint8_t> bytes(64 * 4);
    EXPECT_FALSE(poolcheck::encode_at(DType::F16, v.data(), nullptr, v.size(), bytes.data())) << at;
    EXPECT_FALSE(poolcheck::encode_at(DType::F32, v.data(), nullptr, v.size(), bytes.data())) << at;
    v[at] = 2.5;  // an integer dtype truncates it
    EXPECT_FALSE(poolcheck::encode_at(DType::I32, v.data(), nullptr, v.size(), bytes.data())) << at;
  }
}

// decode_at of fp16 against the one-element decoder, bit for bit, over every bit pattern in order (groups of eight
// finite values take the eight-at-once decoder where the CPU has one; groups with an infinity or NaN do not), dense
// and scattered.
TEST(HarnessNumeric, Fp16DecodeOfEveryBitPatternIsTheOneElementDecode) {
  std::vector<uint16_t> all(65536);
  for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<uint16_t>(i);
  const auto* bytes = reinterpret_cast<const uint8_t*>(all.data());
  std::vector<double> dense(all.size()), scattered(all.size() / 2);
  poolcheck::decode_at(DType::F16, bytes, nullptr, dense.size(), dense.data());
  std::vector<int64_t> odd(scattered.size());
  for (size_t i = 0; i < odd.size(); ++i) odd[i] = static_cast<int64_t>(2 * i + 1);
  poolcheck::decode_at(DType::F16, bytes, odd.data(), odd.size(), scattered.data());
  size_t differing = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    const double want = poolcheck::f16_value(all[i]);
    differing += std::memcmp(&dense[i], &want, 8) != 0;
    if (i % 2 == 1) differing += std::memcmp(&scattered[i / 2], &want, 8) != 0;
  }
  EXPECT_EQ(differing, 0u);
}

// Negative control for the comparison above: the neighbouring pattern's value must differ from each finite one.
TEST(HarnessNumeric, NegativeControlANeighbouringFp16PatternFailsTheBitComparison) {
  std::vector<uint16_t> finite(64);
  for (size_t i = 0; i < finite.size(); ++i) finite[i] = static_cast<uint16_t>(0x3C00 + 7 * i);
  std::vector<double> got(finite.size());
  poolcheck::decode_at(DType::F16, reinterpret_cast<const uint8_t*>(finite.data()), nullptr, got.size(), got.data());
  size_t differing = 0;
  for (size_t i = 0; i < finite.size(); ++i) {
    const double neighbour = poolcheck::f16_value(static_cast<uint16_t>(finite[i] ^ 1));
    differing += std::memcmp(&got[i], &neighbour, 8) != 0;
  }
  EXPECT_EQ(differing, finite.size());
}

// The comparison's eight-at-once look (case/exact_chunks.h) against its definition, element by element: a lane it
// calls equal is one whose reference rounds to the output value (`==`), a lane it calls zero has both at zero, and an
// ordinary rounded value (what a passing kernel gives) is always decided there. References of every kind: exact
// values, values needing rounding, zeros of both signs, NaN, overflow, subnormals.
TEST(HarnessNumeric, EightAtOnceComparisonAgreesWithTheOneElementComparison) {
  for (DType dt : {DType::F32, DType::F16, DType::BF16}) {
    const poolcheck::CompareEight eight = poolcheck::compare_eight_for(dt);
    if (!eight) GTEST_SKIP() << "this CPU has no AVX-512: the comparison goes one element at a time";
    std::vector<double> ref = mostly_exact(dt, 4000, 11), impl(ref.size());
    for (size_t i = 0; i < ref.size(); ++i) {
      ref[i] = i % 13 == 0 ? kAwkward[i % kAwkward.size()] : ref[i] * 1.0000001;  // most need rounding
      impl[i] = poolcheck::round_to(dt, ref[i]);
      if (i % 17 == 0) impl[i] = -impl[i];  // a wrong sign: unequal unless zero
      if (i % 19 == 0) impl[i] = poolcheck::round_to(dt, impl[i] * 1.01);
    }
    size_t equal_lanes = 0, ordinary = 0;
    for (size_t i = 0; i + 8 <= ref.size(); i += 8) {
      const poolcheck::EightCompared seen = eight(ref.data() + i, impl.data() + i);
      for (size_t k = 0; k < 8; ++k) {
        const double r = poolcheck::round_to(dt, ref[i + k]), got = impl[i + k];
        const bool equal = seen.equal >> k & 1, zero = seen.zero >> k & 1;
        if (equal) {
          EXPECT_TRUE(r == got) << "dtype " << static_cast<int>(dt) << " ref " << ref[i + k];
        }
        if (zero) {
          EXPECT_TRUE(r == 0 && got == 0);
        }
        if (equal && r == 0 && got == 0) {
          EXPECT_TRUE(zero);
        }
        const double smallest_normal = dt == DType::F16 ? 0x1p-14 : 0x1p-126;  // of the dtype
        const bool is_ordinary = r == got && std::fabs(r) >= smallest_normal && std::fabs(r) < 1e4;
        if (is_ordinary) {
          ++ordinary;
          EXPECT_TRUE(equal) << "an ordinary equal value left to the one-by-one path: " << r;
        }
        equal_lanes += equal;
      }
    }
    EXPECT_GT(ordinary, 2000u);
    EXPECT_GT(equal_lanes, 2000u);
  }
}

// Negative control: an output one unit in the last place off in one lane must clear that lane's bit, and only it.
TEST(HarnessNumeric, NegativeControlAnOutputOneUlpOffIsNotEqualEightAtOnce) {
  for (DType dt : {DType::F32, DType::F16, DType::BF16}) {
    const poolcheck::CompareEight eight = poolcheck::compare_eight_for(dt);
    if (!eight) GTEST_SKIP() << "this CPU has no AVX-512: the comparison goes one element at a time";
    std::vector<double> ref(8, 1.5), impl(8, 1.5);
    impl[5] = 1.5 + poolcheck::ulp_at(dt, 1.5);
    EXPECT_EQ(eight(ref.data(), impl.data()).equal, 0xFF & ~(1 << 5)) << static_cast<int>(dt);
  }
}
