// fp16 / bf16 storage types of the emulated NPU: conversions with round-to-nearest-even, written for
// the implementation only (the harness and the oracle have their own).
#pragma once

#include <cstdint>
#include <cstring>

namespace pcemu {

inline uint32_t float_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

inline float bits_float(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

inline float half_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1fu;
  uint32_t mant = h & 0x3ffu;
  if (exp == 0x1f) return bits_float(sign | 0x7f800000u | (mant << 13));  // inf / nan keep payload
  if (exp != 0) return bits_float(sign | ((exp + 112u) << 23) | (mant << 13));
  if (mant == 0) return bits_float(sign);
  // Subnormal: value = mant * 2^-24, exact in fp32.
  const float v = static_cast<float>(mant) * 5.9604644775390625e-8f;
  return sign ? -v : v;
}

// Round-to-nearest-even from fp32 (Ascend CAST_RINT / CAST_NONE for narrowing both round this way).
inline uint16_t float_to_half(float f) {
  const uint32_t u = float_bits(f);
  const uint16_t sign = static_cast<uint16_t>((u >> 16) & 0x8000u);
  const uint32_t abs = u & 0x7fffffffu;
  if (abs >= 0x7f800000u) return sign | (abs > 0x7f800000u ? 0x7e00u : 0x7c00u);  // nan (quiet) / inf
  if (abs >= 0x477ff000u) return sign | 0x7c00u;                                  // rounds to >= 65520: overflow to inf
  if (abs < 0x38800000u) {               // below the smallest normal half: subnormal or zero
    if (abs < 0x33000000u) return sign;  // below half of the smallest subnormal: zero
    const uint32_t exp = abs >> 23;
    const uint32_t mant = (abs & 0x7fffffu) | 0x800000u;
    const uint32_t shift = 126u - exp;  // bits to drop to land on 2^-24 units
    uint32_t q = mant >> shift;
    const uint32_t rem = mant & ((1u << shift) - 1u), halfway = 1u << (shift - 1u);
    if (rem > halfway || (rem == halfway && (q & 1u))) ++q;
    return sign | static_cast<uint16_t>(q);
  }
  uint32_t q = (abs - 0x38000000u) >> 13;  // rebias exponent 127 -> 15, keep 10 mantissa bits
  const uint32_t rem = abs & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (q & 1u))) ++q;
  return sign | static_cast<uint16_t>(q);
}

inline float bf16_to_float(uint16_t b) { return bits_float(static_cast<uint32_t>(b) << 16); }

inline uint16_t float_to_bf16(float f) {
  const uint32_t u = float_bits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((u >> 16) | 0x40u);  // quiet nan
  const uint32_t lsb = (u >> 16) & 1u;
  return static_cast<uint16_t>((u + 0x7fffu + lsb) >> 16);
}

// HF32 (Ascend cube "HFloat32"): fp32's sign and 8-bit exponent with 11 mantissa bits; fp32 -> hf32
// rounds to nearest even (SetHF32 transMode 0). The value is kept in an fp32 container.
inline float round_to_hf32(float f) {
  uint32_t u = float_bits(f);
  if ((u & 0x7f800000u) == 0x7f800000u) return f;  // inf / nan unchanged
  const uint32_t lsb = (u >> 12) & 1u;
  u += 0x7ffu + lsb;
  u &= ~0xfffu;
  return bits_float(u);
}

}  // namespace pcemu
