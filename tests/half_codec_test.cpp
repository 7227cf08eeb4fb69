// The harness's one fp16/bf16 codec (harness/numeric.h: f16_bits/f16_value and bf16_bits/bf16_value, which
// encode/decode and the .npy files use), exhaustively: all 65536 patterns of each format decoded against the IEEE
// definition written out here, and encoded back, plus every midpoint between neighbouring values (round to
// nearest, ties to even), the overflow threshold, NaN and the subnormals. A truncating and a ties-away encoder
// are the negative controls the same checks must reject. Then the emulator's own conversions (impl/common/half.h,
// the library under test) against the harness codec.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "case/numeric.h"
#include "common/half.h"

namespace {

using poolcheck::bf16_bits;
using poolcheck::bf16_value;
using poolcheck::f16_bits;
using poolcheck::f16_value;

struct Format16 {
  const char* name;
  int ebits;  // exponent bits
  int mbits;  // stored mantissa bits
  uint16_t (*encode)(double);
  double (*decode)(uint16_t);
};
const Format16 kF16{"f16", 5, 10, f16_bits, f16_value};
const Format16 kBf16{"bf16", 8, 7, bf16_bits, bf16_value};

uint16_t exp_mask(const Format16& f) { return static_cast<uint16_t>(((1u << f.ebits) - 1) << f.mbits); }
uint16_t inf_bits(const Format16& f) { return exp_mask(f); }
bool is_nan_bits(const Format16& f, uint16_t h) {
  return (h & exp_mask(f)) == exp_mask(f) && (h & ((1u << f.mbits) - 1)) != 0;
}

// The IEEE 754 value of a pattern: sign, biased exponent, hidden bit unless the exponent field is 0.
double ieee_value(const Format16& f, uint16_t h) {
  const bool negative = (h >> 15) & 1u;
  const int e = (h >> f.mbits) & ((1 << f.ebits) - 1);
  const int m = h & ((1 << f.mbits) - 1);
  const int bias = (1 << (f.ebits - 1)) - 1;
  double mag;
  if (e == (1 << f.ebits) - 1)
    mag = m ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  else if (e == 0)
    mag = std::ldexp(m, 1 - bias - f.mbits);
  else
    mag = std::ldexp((1 << f.mbits) + m, e - bias - f.mbits);
  return negative ? -mag : mag;
}

bool same_value(double want, double got) {
  return std::isnan(want) ? std::isnan(got) : want == got && std::signbit(want) == std::signbit(got);
}

int64_t decode_mismatches(const Format16& f, double (*decode)(uint16_t)) {
  int64_t bad = 0;
  for (uint32_t h = 0; h < 65536; ++h) bad += !same_value(ieee_value(f, static_cast<uint16_t>(h)), decode(h));
  return bad;
}

// Every check of an encoder, counted: each non-NaN value encodes to its own pattern; a NaN to a NaN of its
// sign; at the midpoint of two neighbours (of either sign) to the one with the even mantissa, and a double ulp
// either side of it to the nearer one. The neighbour above the largest finite value is 2^(emax+1), where
// rounding overflows to Inf.
int64_t encode_mismatches(const Format16& f, const std::function<uint16_t(double)>& encode) {
  int64_t bad = 0;
  for (uint32_t h = 0; h < 65536; ++h) {
    const auto bits = static_cast<uint16_t>(h);
    const double v = ieee_value(f, bits);
    if (std::isnan(v)) {
      const uint16_t got = encode(v);
      bad += !is_nan_bits(f, got) || (got >> 15) != (h >> 15);
    } else {
      bad += encode(v) != bits;
    }
  }
  const int emax = (1 << (f.ebits - 1)) - 1;
  for (uint16_t lo = 0; lo < inf_bits(f); ++lo) {  // positive finite patterns are ordered like their values
    const auto hi = static_cast<uint16_t>(lo + 1);
    const double a = ieee_value(f, lo);
    const double b = hi == inf_bits(f) ? std::ldexp(1.0, emax + 1) : ieee_value(f, hi);
    const double mid = (a + b) / 2;  // exact: a and b have at most mbits + 2 significant bits
    const uint16_t even = (lo & 1u) == 0 ? lo : hi;
    for (const double sign : {1.0, -1.0}) {
      const uint16_t s = sign < 0 ? 0x8000 : 0;
      bad += encode(sign * mid) != (even | s);
      bad += encode(sign * std::nextafter(mid, 0.0)) != (lo | s);
      bad += encode(sign * std::nextafter(mid, 2 * b)) != (hi | s);
    }
  }
  return bad;
}

// The nearest pattern by search over the ordered positive patterns: toward zero, or ties away from zero. The
// rounding modes the controls must tell apart from ties-to-even.
enum class Rounding { TowardZero, TiesAway };
uint16_t rounded_by(const Format16& f, double v, Rounding mode) {
  if (std::isnan(v)) return static_cast<uint16_t>((std::signbit(v) ? 0x8000 : 0) | inf_bits(f) | 1u);
  const uint16_t s = std::signbit(v) ? 0x8000 : 0;
  const double a = std::fabs(v);
  uint16_t lo = 0;
  for (uint16_t step = 0x4000; step; step >>= 1)  // largest finite-or-Inf pattern whose value is <= a
    if (lo + step <= inf_bits(f) && ieee_value(f, static_cast<uint16_t>(lo + step)) <= a) lo += step;
  if (mode == Rounding::TowardZero || lo == inf_bits(f) || ieee_value(f, lo) == a) return lo | s;
  const int emax = (1 << (f.ebits - 1)) - 1;
  const auto hi = static_cast<uint16_t>(lo + 1);
  const double b = hi == inf_bits(f) ? std::ldexp(1.0, emax + 1) : ieee_value(f, hi);
  return (a - ieee_value(f, lo) < b - a ? lo : hi) | s;
}

TEST(HalfCodec, EveryHalfPatternDecodesToItsIeeeValue) { EXPECT_EQ(decode_mismatches(kF16, f16_value), 0); }

TEST(HalfCodec, EveryBf16PatternDecodesToItsIeeeValue) { EXPECT_EQ(decode_mismatches(kBf16, bf16_value), 0); }

TEST(HalfCodec, HalfEncodesEveryValueAndMidpointToNearestEven) { EXPECT_EQ(encode_mismatches(kF16, f16_bits), 0); }

TEST(HalfCodec, Bf16EncodesEveryValueAndMidpointToNearestEven) { EXPECT_EQ(encode_mismatches(kBf16, bf16_bits), 0); }

TEST(HalfCodec, TheRunnersEncodeAndDecodeAreThisCodec) {
  for (uint32_t u = 0; u < 65536; ++u) {
    const auto h = static_cast<uint16_t>(u);
    uint16_t f = 0, b = 0;
    poolcheck::encode(poolcheck::DType::F16, ieee_value(kF16, h), &f);
    poolcheck::encode(poolcheck::DType::BF16, ieee_value(kBf16, h), &b);
    ASSERT_TRUE(is_nan_bits(kF16, h) ? is_nan_bits(kF16, f) : f == h) << std::hex << h;
    ASSERT_TRUE(is_nan_bits(kBf16, h) ? is_nan_bits(kBf16, b) : b == h) << std::hex << h;
    ASSERT_TRUE(same_value(ieee_value(kF16, h), poolcheck::decode(poolcheck::DType::F16, &h))) << std::hex << h;
    ASSERT_TRUE(same_value(ieee_value(kBf16, h), poolcheck::decode(poolcheck::DType::BF16, &h))) << std::hex << h;
  }
}

TEST(HalfCodecNegativeControl, TheChecksRejectOtherRoundingsAndAWrongDecode) {
  // The search-based encoder itself is right with ties to even replaced: it must differ only at midpoints.
  for (const Format16* f : {&kF16, &kBf16}) {
    const int64_t toward_zero =
        encode_mismatches(*f, [f](double v) { return rounded_by(*f, v, Rounding::TowardZero); });
    const int64_t ties_away = encode_mismatches(*f, [f](double v) { return rounded_by(*f, v, Rounding::TiesAway); });
    EXPECT_GT(toward_zero, 65536) << f->name;  // every upper midpoint and every value just below an upper one
    EXPECT_GT(ties_away, 1000) << f->name;     // half the midpoints
    EXPECT_LT(ties_away, toward_zero) << f->name;
  }
  // A decode that flushes subnormals to zero.
  EXPECT_EQ(decode_mismatches(kF16,
                              [](uint16_t h) {
                                return (h & 0x7C00u) == 0 && (h & 0x3FFu) != 0 ? ((h & 0x8000u) ? -0.0 : 0.0)
                                                                               : f16_value(h);
                              }),
            2 * 1023);
}

// --- The emulator's conversions (branch-free for vectorised rows) against the harness codec. ---

// fp32 patterns: a coarse sweep of all 2^32 plus +-256 patterns around each place where rounding changes.
std::vector<uint32_t> float_patterns() {
  std::vector<uint32_t> out;
  for (uint64_t u = 0; u <= 0xffffffffu; u += 4099) out.push_back(static_cast<uint32_t>(u));
  const uint32_t edges[] = {0x00000000u, 0x33000000u, 0x33800000u, 0x38800000u, 0x387fe000u, 0x3f801000u,
                            0x3f803000u, 0x477fe000u, 0x477ff000u, 0x7f7f8000u, 0x7f800000u, 0x3f808000u};
  for (uint32_t e : edges)
    for (uint32_t sign : {0u, 0x80000000u})
      for (int d = -256; d <= 256; ++d) out.push_back(sign | static_cast<uint32_t>(static_cast<int64_t>(e) + d));
  return out;
}

// Narrowing mismatches of `narrow` against the reference `want` (NaN must stay NaN, any payload).
int64_t narrowing_mismatches(const std::function<uint16_t(float)>& narrow, uint16_t (*want)(double),
                             double (*widen)(uint16_t)) {
  int64_t bad = 0;
  for (uint32_t u : float_patterns()) {
    const float f = pcemu::bits_float(u);
    const uint16_t got = narrow(f);
    if (std::isnan(f) ? !std::isnan(widen(got)) : got != want(static_cast<double>(f))) ++bad;
  }
  return bad;
}

uint16_t truncating_f16(float f) {  // drops the low mantissa bits: wrong on every inexact value
  const uint32_t u = pcemu::float_bits(f);
  const uint32_t abs = u & 0x7fffffffu;
  if (abs < 0x38800000u || abs >= 0x47800000u) return pcemu::float_to_half(f);
  return static_cast<uint16_t>(((u >> 16) & 0x8000u) | ((abs - 0x38000000u) >> 13));
}

TEST(EmulatorHalfCodec, EveryHalfWidensExactly) {
  EXPECT_EQ(decode_mismatches(kF16, [](uint16_t h) { return static_cast<double>(pcemu::half_to_float(h)); }), 0);
}

TEST(EmulatorHalfCodec, EveryBf16WidensExactly) {
  EXPECT_EQ(decode_mismatches(kBf16, [](uint16_t h) { return static_cast<double>(pcemu::bf16_to_float(h)); }), 0);
}

TEST(EmulatorHalfCodec, NarrowingToHalfRoundsToNearestEven) {
  EXPECT_EQ(narrowing_mismatches(pcemu::float_to_half, f16_bits, f16_value), 0);
}

TEST(EmulatorHalfCodec, NarrowingToBf16RoundsToNearestEven) {
  EXPECT_EQ(narrowing_mismatches(pcemu::float_to_bf16, bf16_bits, bf16_value), 0);
}

TEST(EmulatorHalfCodecNegativeControl, TruncationIsRejected) {
  EXPECT_GT(narrowing_mismatches(truncating_f16, f16_bits, f16_value), 1000);
}

}  // namespace
