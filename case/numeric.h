// The harness's own view of the storage dtypes: rounding a double to fp32/fp16/bf16 (round to nearest,
// ties to even, done once from double) and the bit encodings. Written independently of impl/.
#pragma once

#include <cstdint>

#include "case/case.h"

namespace poolcheck {

// The value `v` becomes when stored as `dt` (integers: truncation toward zero).
double round_to(DType dt, double v);
// Stores round_to(dt, v) at p in dt's encoding; decodes it back.
void encode(DType dt, double v, void* p);
double decode(DType dt, const void* p);

// The harness's one fp16/bf16 codec (encode, decode and the .npy files use it): the bits of round_to(F16/BF16, v)
// (round to nearest, ties to even, once from double; overflow to Inf; NaN a quiet NaN of v's sign), and the
// exact value of any bit pattern.
uint16_t f16_bits(double v);
double f16_value(uint16_t bits);
uint16_t bf16_bits(double v);
double bf16_value(uint16_t bits);

// Unit roundoff (half an ulp relative) and half the smallest subnormal of a floating dtype.
double unit_roundoff(DType dt);
double half_min_subnormal(DType dt);
// Spacing of `dt` values around |v| (the ulp), for error reports.
double ulp_at(DType dt, double v);

}  // namespace poolcheck
