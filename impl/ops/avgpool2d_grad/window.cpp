#include <algorithm>

#include "npu/faults.h"
#include "ops/avgpool2d_grad/problem.h"

namespace pcemu::avgpool {

Window window_of(const Problem& pr, int64_t od, int64_t oh, int64_t ow) {
  Window w{};
  w.d0 = od * pr.s_d - pr.p_d;
  w.h0 = oh * pr.s[0] - pr.p[0];
  w.w0 = ow * pr.s[1] - pr.p[1];
  // Clip to input + padding first: the ceil-mode overhang past the padding is never counted.
  w.d1 = std::min(w.d0 + pr.k_d, pr.in_d + pr.p_d);
  w.h1 = std::min(w.h0 + pr.k[0], pr.in[0] + pr.p[0]);
  w.w1 = std::min(w.w0 + pr.k[1], pr.in[1] + pr.p[1]);
  if (fault_on(Fault::CeilOverhangCounted)) {  // the whole kernel counted, overhang included
    w.d1 = w.d0 + pr.k_d;
    w.h1 = w.h0 + pr.k[0];
    w.w1 = w.w0 + pr.k[1];
  }
  // The identity depth axis contributes a factor of exactly 1, so 2-D divisors are unchanged.
  const double padded =
      static_cast<double>(w.d1 - w.d0) * static_cast<double>(w.h1 - w.h0) * static_cast<double>(w.w1 - w.w0);
  w.d0 = std::max<int64_t>(w.d0, 0);
  w.h0 = std::max<int64_t>(w.h0, 0);
  w.w0 = std::max<int64_t>(w.w0, 0);
  w.d1 = std::min(w.d1, pr.in_d);
  w.h1 = std::min(w.h1, pr.in[0]);
  w.w1 = std::min(w.w1, pr.in[1]);
  // At most the input volume, which fits int64.
  const double real = static_cast<double>((w.d1 - w.d0) * (w.h1 - w.h0) * (w.w1 - w.w0));
  w.divisor = pr.divisor != 0 ? static_cast<double>(pr.divisor) : pr.count_include_pad ? padded : real;
  return w;
}

}  // namespace pcemu::avgpool
