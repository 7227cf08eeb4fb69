// A validated AvgPool2dBackward call, normalised to NCHW with 2-value kernel/stride/padding.
#pragma once

#include <array>
#include <cstdint>

#include "runtime/tensor.h"

namespace pcemu::avgpool {

inline constexpr const char* kOpType = "AvgPool2dGrad";
inline constexpr const char* kApi = "aclnnAvgPool2dBackward";

// cubeMathType values of the aclnn API.
enum CubeMath : int8_t { kKeepDtype = 0, kAllowFp32DownPrecision = 1, kUseFp16 = 2, kUseHf32 = 3 };

struct Problem {
  int64_t n = 1, c = 1;
  std::array<int64_t, 2> in{}, out{};  // (H, W), (Ho, Wo)
  std::array<int64_t, 2> k{}, s{}, p{};
  bool ceil_mode = false;
  bool count_include_pad = true;
  int64_t divisor = 0;  // 0: none
  int8_t cube_math = kKeepDtype;
  aclDataType dtype = ACL_FLOAT;
  const aclTensor* grad_output = nullptr;
  const aclTensor* grad_input = nullptr;

  int64_t nc() const { return n * c; }
  int64_t dtype_bytes() const { return dtype == ACL_FLOAT ? 4 : 2; }
  bool overlap() const { return k[0] > s[0] || k[1] > s[1]; }
};

// The divisor of output window (oh, ow), PyTorch rules: the window clipped to input+padding counts when
// countIncludePad, the real input elements otherwise; divisorOverride wins. Also returns the clipped window.
// The divisor is a double: with kernel and padding near INT64_MAX (legal: the API bounds them only from below)
// the padded window's element count is past int64.
struct Window {
  int64_t h0, h1, w0, w1;
  double divisor;
};
Window window_of(const Problem& pr, int64_t oh, int64_t ow);

}  // namespace pcemu::avgpool
