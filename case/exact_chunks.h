// Eight values encoded or decoded at once, for the staging and the read-back of every tensor of every case. Encoding
// with AVX-512 integer and conversion instructions: fp32 and the integer dtypes store any eight values inside int64's
// range (a conversion rounds or truncates as the one-element cast does) and say whether all read back; fp16 and bf16
// store eight values that are all normal numbers of the format (what the fill draws). A group the encoder declines
// is encoded one by one, which decides every other value (rounding, NaN, subnormals, out-of-range integers). Decoding
// fp16: eight finite values through the F16C conversion, which is exact; infinities and NaN one by one. The results are
// the one-by-one codec's, bit for bit.
#pragma once

#include <cstdint>

#include "case/case.h"

namespace poolcheck {

// What an eight-at-once encoder did with its group.
enum class EightEncoded : int8_t {
  Exact,     // stored, and every value reads back bit for bit
  Changed,   // stored as the one-by-one encoding stores it, and at least one value reads back changed
  Declined,  // not stored (out unspecified): the caller encodes the group one by one
};
// Encodes values[0..8) as the dtype into out (8 x its size).
using EncodeEight = EightEncoded (*)(const double* values, uint8_t* out);
// The dtype's eight-at-once encoder, or null where there is none (other dtypes; a CPU without AVX-512F, DQ, VL, BW).
EncodeEight encode_eight_for(DType dt);

// Decodes the eight elements at `in` (dense) into values[0..8) and returns true, or returns false (values then
// unspecified) for a group the one-element decoder must take.
using DecodeEight = bool (*)(const uint8_t* in, double* values);
// The dtype's eight-at-once decoder, or null (the others convert fast enough alone; a CPU without AVX2 and F16C).
DecodeEight decode_eight_for(DType dt);

// The comparison's first look at eight elements: for each lane i, whether round_to(dt, reference[i]) equals impl[i]
// (as `==` compares) with the rounding on its fast path (f32: not NaN; f16/bf16: a normal number that stays finite).
// `zero` gets the lanes where both are zero. Lanes outside the returned mask must be looked at one by one. 0 where
// the CPU or the dtype has no such path.
struct EightCompared {
  uint8_t equal = 0;
  uint8_t zero = 0;
};
using CompareEight = EightCompared (*)(const double* reference, const double* impl);
CompareEight compare_eight_for(DType dt);

}  // namespace poolcheck
