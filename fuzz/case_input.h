// Descriptor mode of the operator fuzzers: the input is a case descriptor line (what `poolcheck repro`
// reads), optionally followed by a newline and raw bytes that replace gradOutput's values (4 bytes per
// element as fp32 bit patterns, cycled), so NaN, +-Inf and denormals reach the kernels with the oracle on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"

namespace poolcheck::fuzz {

struct DecodedCase {
  Case c;
  std::vector<uint8_t> data_tail;  // empty: the case's own data fill
};

// Bytes that start like a descriptor ("op=").
bool looks_like_descriptor(const uint8_t* data, size_t size);

// The case when the line parses, names `op`, has the operator's arguments in API order, can be passed
// through the C API (strides of the view's rank, rank <= 8) and stays within the per-input size caps.
std::optional<DecodedCase> decode_case(const std::string& op, const uint8_t* data, size_t size);

// Whether the harness may materialise the case's data (valid and execute-phase cases get real values).
bool data_within_caps(const Case& c);

// gradOutput values from the tail bytes: `n` fp32 bit patterns, cycled over the tail, finite ones clamped
// to +-max_finite: 2^100 keeps fp32 accumulation from overflowing, 2^14 keeps FP16 operands (a documented
// precision mode) finite. Overflow mid-computation is order- and mode-dependent; no oracle predicts it.
std::vector<double> values_from_bytes(const std::vector<uint8_t>& tail, int64_t n, DType dt,
                                      float max_finite = 0x1p100f);

// The bytes of a descriptor-mode input for a case (the seed corpus tool writes these).
std::string encode_case(const Case& c, const std::vector<uint8_t>& data_tail = {});

}  // namespace poolcheck::fuzz
