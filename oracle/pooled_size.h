// PyTorch's pooling_output_shape for one axis, the one output-size formula every oracle uses.
//
// Like the oracles themselves this includes only the C++ standard library.
#pragma once

#include <cstdint>

namespace poolcheck::oracle {

// Output size of one axis:
//   num = I + 2p - d*(k-1) - 1 (+ (s-1) in ceil mode);  O = floor(num / s) + 1   (floor rounds toward -inf)
//   in ceil mode, if (O-1)*s >= I + p then O = O - 1   (the last window must start inside input or left pad).
// Expects k, s, d >= 1 and p >= 0 (the callers check their own parameter ranges first); any such int64 values
// are computed exactly (a huge stride gives 1). May return values < 1 (0 at least); the callers reject those.
int64_t pooled_size(int64_t in, int64_t kernel, int64_t stride, int64_t pad, int64_t dilation, bool ceil_mode);

}  // namespace poolcheck::oracle
