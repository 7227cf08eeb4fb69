#include "oracle/pooled_size.h"

namespace poolcheck::oracle {

namespace {

// Floor division for a positive divisor: C++ '/' truncates toward zero, which would turn e.g. -1/3 into 0
// instead of -1 and make an impossible pooling look valid.
int64_t floor_div(int64_t numerator, int64_t divisor) {
  int64_t quotient = numerator / divisor;
  if ((numerator % divisor) != 0 && numerator < 0) {
    quotient -= 1;
  }
  return quotient;
}

}  // namespace

int64_t pooled_size(int64_t in, int64_t kernel, int64_t stride, int64_t pad, int64_t dilation, bool ceil_mode) {
  const int64_t effective_kernel = dilation * (kernel - 1) + 1;
  int64_t numerator = in + 2 * pad - effective_kernel;
  if (ceil_mode) {
    numerator += stride - 1;  // turns the floor division into a ceil division
  }
  int64_t out = floor_div(numerator, stride) + 1;
  if (ceil_mode && (out - 1) * stride >= in + pad) {
    out -= 1;  // the last window would start in the right padding; PyTorch drops it
  }
  return out;
}

}  // namespace poolcheck::oracle
