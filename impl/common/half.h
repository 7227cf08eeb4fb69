// fp16 / bf16 storage types of the emulated NPU: conversions with round-to-nearest-even, written for
// the implementation only (the harness and the oracle have their own).
#pragma once

#include <cstdint>
#include <cstring>

#include "common/vector_clones.h"

namespace pcemu {

PCEMU_ELEMENT_INLINE uint32_t float_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

PCEMU_ELEMENT_INLINE float bits_float(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

// Branch-free so that row conversions vectorise: the exponent is rebased with an integer add, and
// subnormals (exponent field 0) are scaled exactly by one fp32 subtraction of 2^-14.
PCEMU_ELEMENT_INLINE float half_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t field = static_cast<uint32_t>(h & 0x7fffu) << 13;  // exponent and mantissa in fp32 place
  const uint32_t exp = h & 0x7c00u;
  const uint32_t normal = field + (112u << 23);                                 // rebias 15 -> 127
  const uint32_t special = field + (224u << 23);                                // exponent 31 -> 255: inf / nan
  const float sub = bits_float(field + (113u << 23)) - bits_float(113u << 23);  // mant * 2^-24, exact
  const uint32_t is_special = 0u - static_cast<uint32_t>(exp == 0x7c00u);       // all-ones masks, no branches
  const uint32_t is_sub = 0u - static_cast<uint32_t>(exp == 0);
  const uint32_t mag = (normal & ~(is_special | is_sub)) | (special & is_special) | (float_bits(sub) & is_sub);
  return bits_float(sign | mag);
}

// Round-to-nearest-even from fp32 (Ascend CAST_RINT / CAST_NONE for narrowing both round this way).
// Normal results round with an integer add of the tie-to-even bias; results below the smallest normal
// half let one fp32 addition of 0.5 do the rounding (its ulp is 2^-24, the half subnormal step; the
// default round-to-nearest mode is assumed, as by all of the emulated fp32 arithmetic).
PCEMU_ELEMENT_INLINE uint16_t float_to_half(float f) {
  const uint32_t u = float_bits(f);
  const uint16_t sign = static_cast<uint16_t>((u >> 16) & 0x8000u);
  const uint32_t abs = u & 0x7fffffffu;
  const uint32_t normal = (abs + 0xfffu + ((abs >> 13) & 1u) - 0x38000000u) >> 13;
  const uint32_t sub = float_bits(bits_float(abs) + 0.5f) - 0x3f000000u;
  const uint32_t is_nan = 0u - static_cast<uint32_t>(abs > 0x7f800000u);   // quiet nan
  const uint32_t is_inf = 0u - static_cast<uint32_t>(abs >= 0x477ff000u);  // rounds to >= 65520, or is inf
  const uint32_t is_sub = 0u - static_cast<uint32_t>(abs < 0x38800000u);   // subnormal or zero
  uint32_t mag = (normal & ~is_sub) | (sub & is_sub);
  mag = (mag & ~is_inf) | (0x7c00u & is_inf);
  mag = (mag & ~is_nan) | (0x7e00u & is_nan);
  return static_cast<uint16_t>(sign | mag);
}

PCEMU_ELEMENT_INLINE float bf16_to_float(uint16_t b) { return bits_float(static_cast<uint32_t>(b) << 16); }

PCEMU_ELEMENT_INLINE uint16_t float_to_bf16(float f) {
  const uint32_t u = float_bits(f);
  const uint32_t is_nan = 0u - static_cast<uint32_t>((u & 0x7fffffffu) > 0x7f800000u);  // mask, no branch
  const uint32_t rounded = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;                      // nearest even
  const uint32_t quiet = (u >> 16) | 0x40u;                                             // quiet nan
  return static_cast<uint16_t>((rounded & ~is_nan) | (quiet & is_nan));
}

// HF32 (Ascend cube "HFloat32"): fp32's sign and 8-bit exponent with 11 mantissa bits; fp32 -> hf32
// rounds to nearest even (SetHF32 transMode 0). The value is kept in an fp32 container.
PCEMU_ELEMENT_INLINE float round_to_hf32(float f) {
  const uint32_t u = float_bits(f);
  const uint32_t keep = 0u - static_cast<uint32_t>((u & 0x7f800000u) == 0x7f800000u);  // inf / nan unchanged
  const uint32_t rounded = (u + 0x7ffu + ((u >> 12) & 1u)) & ~0xfffu;                  // nearest even
  return bits_float((rounded & ~keep) | (u & keep));
}

}  // namespace pcemu
