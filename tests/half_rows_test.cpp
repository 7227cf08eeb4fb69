// The emulator's fp16 row conversions (impl/common/half_rows.h) against its scalar conversions (half.h, which
// half_codec_test checks against IEEE): every half pattern decoded, and the floats around every rounding
// decision of every exponent encoded, in rows whose lengths leave tails and put NaNs inside groups of eight.
// Both paths are checked where the host has F16C (force_scalar_half_rows), so a fresh machine without it still
// tests the row code. The controls: a row converter that truncates, and one that lets F16C keep a NaN's
// payload, must each fail the same comparison.
#include "common/half_rows.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "common/half.h"

namespace {

using pcemu::bits_float;
using pcemu::float_bits;

using HalvesFn = std::function<void(const float*, uint16_t*, int64_t)>;

// Encoding inputs: for each sign and exponent, the 13 low mantissa bits (where fp32 -> fp16 rounds) under four
// patterns of the high ones: all 8192 of them where the result is an fp16 subnormal, normal or the overflow edge
// (fp32 exponents 100-143), every 61st elsewhere (zeros, NaNs with payloads, infinities); then random floats.
std::vector<float> encoding_inputs() {
  std::vector<float> in;
  for (uint32_t sign = 0; sign < 2; ++sign)
    for (uint32_t exp = 0; exp < 256; ++exp)
      for (uint32_t high : {0u, 1u, 0x155u, 0x3ffu})
        for (uint32_t low = 0; low < (1u << 13); low += (exp >= 100 && exp <= 143 ? 1u : 61u))
          in.push_back(bits_float(sign << 31 | exp << 23 | high << 13 | low));
  std::mt19937 rng(7);
  for (int i = 0; i < 100000; ++i) in.push_back(bits_float(static_cast<uint32_t>(rng())));
  return in;
}

// The first element whose encoding differs from float_to_half, as text; empty when all agree. Rows of a few
// lengths cover the group-of-eight body and the tail.
std::string first_encoding_mismatch(const HalvesFn& halves) {
  const std::vector<float> in = encoding_inputs();
  std::vector<uint16_t> out(in.size());
  for (size_t at = 0, len = 1; at < in.size(); at += len, len = len % 67 + 1)
    halves(in.data() + at, out.data() + at, static_cast<int64_t>(std::min(len, in.size() - at)));
  for (size_t i = 0; i < in.size(); ++i)
    if (out[i] != pcemu::float_to_half(in[i]))
      return "float bits " + std::to_string(float_bits(in[i])) + ": row gives " + std::to_string(out[i]) +
             ", float_to_half " + std::to_string(pcemu::float_to_half(in[i]));
  return "";
}

// Every one of the 65536 half patterns decoded by rows (in two phases, so each pattern lands in a group once
// with neighbours and once in a tail); the first that differs from half_to_float, as text.
std::string first_decoding_mismatch() {
  std::vector<uint16_t> in(1 << 16);
  for (uint32_t h = 0; h < in.size(); ++h) in[h] = static_cast<uint16_t>(h);
  for (size_t skew : {size_t{0}, size_t{5}}) {
    std::vector<float> out(in.size());
    pcemu::floats_from_halves(in.data(), out.data(), static_cast<int64_t>(skew));
    pcemu::floats_from_halves(in.data() + skew, out.data() + skew, static_cast<int64_t>(in.size() - skew));
    for (uint32_t h = 0; h < in.size(); ++h)
      if (float_bits(out[h]) != float_bits(pcemu::half_to_float(static_cast<uint16_t>(h))))
        return "half " + std::to_string(h) + ": row gives float bits " + std::to_string(float_bits(out[h]));
  }
  return "";
}

// Runs `check` on each path this host has: F16C (when present) and the scalar one.
void on_each_path(const std::function<void(const std::string&)>& check) {
  const bool before = pcemu::force_scalar_half_rows(false);
  check(pcemu::half_rows_path());
  pcemu::force_scalar_half_rows(true);
  EXPECT_STREQ(pcemu::half_rows_path(), "scalar");
  check("scalar");
  pcemu::force_scalar_half_rows(before);
}

TEST(HalfRows, EncodingMatchesTheScalarConversionBitForBit) {
  on_each_path([](const std::string& path) {
    EXPECT_EQ(first_encoding_mismatch(pcemu::halves_from_floats), "") << "path " << path;
  });
}

TEST(HalfRows, DecodingMatchesTheScalarConversionForAllPatterns) {
  on_each_path([](const std::string& path) { EXPECT_EQ(first_decoding_mismatch(), "") << "path " << path; });
}

TEST(HalfRows, RoundingInPlaceIsTheEncodeDecodeRoundTrip) {
  on_each_path([](const std::string& path) {
    std::vector<float> x = encoding_inputs();
    const std::vector<float> in = x;
    pcemu::round_floats_to_half(x.data(), static_cast<int64_t>(x.size()));
    size_t bad = 0;
    for (size_t i = 0; i < x.size(); ++i)
      bad += float_bits(x[i]) != float_bits(pcemu::half_to_float(pcemu::float_to_half(in[i])));
    EXPECT_EQ(bad, 0u) << "path " << path;
  });
}

// Negative control: a truncating row encoder (round toward zero) must fail the encoding comparison.
TEST(HalfRows, ControlTruncatingEncoderIsCaught) {
  const HalvesFn truncating = [](const float* src, uint16_t* dst, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      const uint32_t u = float_bits(src[i]);
      const uint32_t abs = u & 0x7fffffffu;
      uint16_t h = pcemu::float_to_half(src[i]);
      if (abs >= 0x38800000u && abs < 0x477fe000u)
        h = static_cast<uint16_t>((u >> 16 & 0x8000u) | ((abs - 0x38000000u) >> 13));
      dst[i] = h;
    }
  };
  EXPECT_NE(first_encoding_mismatch(truncating), "");
}

// Negative control: an encoder that keeps a NaN's payload (as F16C alone does) must fail the comparison too.
TEST(HalfRows, ControlPayloadKeepingNanIsCaught) {
  const HalvesFn keeps_payload = [](const float* src, uint16_t* dst, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      const uint32_t u = float_bits(src[i]);
      dst[i] = (u & 0x7fffffffu) > 0x7f800000u
                   ? static_cast<uint16_t>((u >> 16 & 0x8000u) | 0x7e00u | (u >> 13 & 0x1ffu))
                   : pcemu::float_to_half(src[i]);
    }
  };
  EXPECT_NE(first_encoding_mismatch(keeps_payload), "");
}

}  // namespace
