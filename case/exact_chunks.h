// Eight values encoded or decoded at once, for the staging and the read-back of every tensor of every case. Encoding:
// where every one of the eight reads back exactly as given (what the fill's values do), their encodings come from one
// pass of AVX-512 integer and conversion instructions; otherwise the caller encodes them one by one, which decides
// every other value (rounding, NaN, zeros, subnormals, out-of-range integers) as before. Decoding fp16: eight finite
// values through the F16C conversion, which is exact; infinities and NaN one by one. The results are the one-by-one
// codec's, bit for bit.
#pragma once

#include <cstdint>

#include "case/case.h"

namespace poolcheck {

// Writes the encodings of values[0..8) as the dtype into out (8 x its size) and returns true when all eight read
// back bit for bit; false (out then unspecified) when one does not.
using EncodeExact8 = bool (*)(const double* values, uint8_t* out);
// The dtype's eight-at-once encoder, or null where there is none (other dtypes; a CPU without AVX-512F and DQ).
EncodeExact8 encode_exact8_for(DType dt);

// Decodes the eight elements at `in` (dense) into values[0..8) and returns true, or returns false (values then
// unspecified) for a group the one-element decoder must take.
using DecodeEight = bool (*)(const uint8_t* in, double* values);
// The dtype's eight-at-once decoder, or null (the others convert fast enough alone; a CPU without AVX2 and F16C).
DecodeEight decode_eight_for(DType dt);

}  // namespace poolcheck
