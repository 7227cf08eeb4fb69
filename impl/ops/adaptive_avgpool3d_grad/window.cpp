#include "npu/faults.h"
#include "ops/adaptive_avgpool3d_grad/problem.h"
#include "ops/adaptive_avgpool3d_grad/scaled_div.h"

namespace pcemu::adaptive {

std::array<int64_t, 2> window(int64_t o, int64_t in, int64_t out) {
  const int64_t start = scaled_div(o, in, 0, out);
  const int64_t round_up = fault_on(Fault::AdaptiveFloorEnd) ? 0 : out - 1;
  const int64_t end = scaled_div(o + 1, in, round_up, out);
  return {start, end};
}

}  // namespace pcemu::adaptive
