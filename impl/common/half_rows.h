// fp16 row conversions: the hot casts of the fp16 kernels (gradients in, results out, the Fp16 compute
// round trip). Where the host has F16C they convert eight elements per instruction; every result is the bit
// pattern of the scalar conversions in half.h, NaNs included (a group of eight holding a NaN, whose payload
// F16C would keep or quiet where the scalar code does not, is converted element by element).
#pragma once

#include <cstdint>

namespace pcemu {

// dst[i] = float_to_half(src[i]) for i < n.
void halves_from_floats(const float* src, uint16_t* dst, int64_t n);
// dst[i] = half_to_float(src[i]) for i < n.
void floats_from_halves(const uint16_t* src, float* dst, int64_t n);
// x[i] = half_to_float(float_to_half(x[i])): an fp32 row rounded to fp16 precision in place.
void round_floats_to_half(float* x, int64_t n);

// Which conversion the calls above use on this host ("f16c" or "scalar"), and a switch tests use to run the
// scalar one where F16C exists (returns the previous setting).
const char* half_rows_path();
bool force_scalar_half_rows(bool on);

}  // namespace pcemu
