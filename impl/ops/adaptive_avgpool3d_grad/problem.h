// A validated call of the family (aclnnAdaptiveAvgPool3dBackward, or aclnnAdaptiveAvgPool2dBackward with D = 1):
// N*C planes, input and output D, H, W.
#pragma once

#include <array>
#include <cstdint>

#include "runtime/tensor.h"

namespace pcemu::adaptive {

inline constexpr const char* kOpType = "AdaptiveAvgPool3dGrad";
inline constexpr const char* kApi = "aclnnAdaptiveAvgPool3dBackward";

struct Problem {
  int64_t n = 1, c = 1;
  std::array<int64_t, 3> in{}, out{};
  aclDataType dtype = ACL_FLOAT;
  const aclTensor* grad_output = nullptr;
  const aclTensor* grad_input = nullptr;  // the API's `out`
  const char* api = kApi;                 // the entry point the messages name

  int64_t nc() const { return n * c; }
  int64_t dtype_bytes() const { return dtype == ACL_FLOAT ? 4 : 2; }
  bool all_one() const { return out[0] == 1 && out[1] == 1 && out[2] == 1; }
};

// Input window [start, end) of output index o: start = floor(o*in/out), end = ceil((o+1)*in/out), in
// exact integer arithmetic for any sizes (a float formula drifts once (o+1)*in passes 2^24).
std::array<int64_t, 2> window(int64_t o, int64_t in, int64_t out);

}  // namespace pcemu::adaptive
