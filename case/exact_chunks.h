// Eight values encoded at once, for the staging of every tensor of every case: where every one of the eight reads
// back exactly as given (what the fill's values do), their encodings come from one pass of AVX-512 integer and
// conversion instructions; otherwise the caller encodes them one by one, which decides every other value (rounding,
// NaN, zeros, subnormals, out-of-range integers) as before. The bytes written are the one-by-one encoding's.
#pragma once

#include <cstdint>

#include "case/case.h"

namespace poolcheck {

// Writes the encodings of values[0..8) as the dtype into out (8 x its size) and returns true when all eight read
// back bit for bit; false (out then unspecified) when one does not.
using EncodeExact8 = bool (*)(const double* values, uint8_t* out);
// The dtype's eight-at-once encoder, or null where there is none (other dtypes; a CPU without AVX-512F and DQ).
EncodeExact8 encode_exact8_for(DType dt);

}  // namespace poolcheck
