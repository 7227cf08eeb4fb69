#include "oracle/pooled_size.h"

#include <limits>

namespace poolcheck::oracle {

namespace {

// Client values may be anywhere in int64 (the API bounds kernel, stride and padding only from below), so the
// formula runs on 128 bits, where I + 2p + s and (O-1)*s cannot wrap.
__extension__ using Int128 = __int128;

// Floor division for a positive divisor: C++ '/' truncates toward zero, which would turn e.g. -1/3 into 0
// instead of -1 and make an impossible pooling look valid.
Int128 floor_div(Int128 numerator, Int128 divisor) {
  Int128 quotient = numerator / divisor;
  if ((numerator % divisor) != 0 && numerator < 0) {
    quotient -= 1;
  }
  return quotient;
}

}  // namespace

int64_t pooled_size(int64_t in, int64_t kernel, int64_t stride, int64_t pad, int64_t dilation, bool ceil_mode) {
  const Int128 effective_kernel = Int128{dilation} * (Int128{kernel} - 1) + 1;
  Int128 numerator = Int128{in} + 2 * Int128{pad} - effective_kernel;
  if (ceil_mode) {
    numerator += Int128{stride} - 1;  // turns the floor division into a ceil division
  }
  Int128 out = floor_div(numerator, stride) + 1;
  if (ceil_mode && (out - 1) * stride >= Int128{in} + pad) {
    out -= 1;  // the last window would start in the right padding; PyTorch drops it
  }
  if (out > std::numeric_limits<int64_t>::max()) {
    return std::numeric_limits<int64_t>::max();  // no tensor has that many positions; the callers' shape check fails
  }
  if (out < 0) {
    return 0;
  }
  return static_cast<int64_t>(out);
}

}  // namespace poolcheck::oracle
