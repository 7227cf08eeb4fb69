// The emulator's fp16/bf16 conversions (impl/common/half.h, branch-free for vectorised rows) against the
// harness's own codec (case/npy.cpp, written from the IEEE definition over doubles): every half and
// bf16 pattern, and a sweep of fp32 patterns dense around every rounding boundary. A truncating
// converter is the negative control the same comparison must reject.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "common/half.h"
#include "case/npy.h"

namespace {

using poolcheck::npy::bf16_bits_to_double;
using poolcheck::npy::double_to_bf16_bits;
using poolcheck::npy::double_to_f16_bits;
using poolcheck::npy::f16_bits_to_double;

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

bool same_value(double want, float got) {
  return std::isnan(want) ? std::isnan(got) : want == static_cast<double>(got);
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

TEST(HalfCodec, EveryHalfWidensExactly) {
  for (uint32_t h = 0; h < 65536; ++h)
    ASSERT_TRUE(
        same_value(f16_bits_to_double(static_cast<uint16_t>(h)), pcemu::half_to_float(static_cast<uint16_t>(h))))
        << "half 0x" << std::hex << h;
}

TEST(HalfCodec, EveryBf16WidensExactly) {
  for (uint32_t h = 0; h < 65536; ++h)
    ASSERT_TRUE(
        same_value(bf16_bits_to_double(static_cast<uint16_t>(h)), pcemu::bf16_to_float(static_cast<uint16_t>(h))))
        << "bf16 0x" << std::hex << h;
}

TEST(HalfCodec, NarrowingToHalfRoundsToNearestEven) {
  EXPECT_EQ(narrowing_mismatches(pcemu::float_to_half, double_to_f16_bits, f16_bits_to_double), 0);
}

TEST(HalfCodec, NarrowingToBf16RoundsToNearestEven) {
  EXPECT_EQ(narrowing_mismatches(pcemu::float_to_bf16, double_to_bf16_bits, bf16_bits_to_double), 0);
}

TEST(HalfCodec, NegativeControlTruncationIsRejected) {
  EXPECT_GT(narrowing_mismatches(truncating_f16, double_to_f16_bits, f16_bits_to_double), 1000);
}

}  // namespace
