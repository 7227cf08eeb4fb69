#include "npu/faults.h"
#include "ops/adaptive_avgpool3d_grad/problem.h"

namespace pcemu::adaptive {

std::array<int64_t, 2> window(int64_t o, int64_t in, int64_t out) {
  const __int128 start = static_cast<__int128>(o) * in / out;
  const __int128 round_up = fault_on(Fault::AdaptiveFloorEnd) ? 0 : out - 1;
  const __int128 end = (static_cast<__int128>(o + 1) * in + round_up) / out;
  return {static_cast<int64_t>(start), static_cast<int64_t>(end)};
}

}  // namespace pcemu::adaptive
