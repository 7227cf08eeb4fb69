// A validated AvgPool2dBackward or AvgPool3dBackward call, normalised to NC(D)HW with (H, W) in the 2-value
// arrays and the depth axis beside them (the identity axis for the 2-D entry point: one input and output
// layer, kernel 1, stride 1, no padding, so the 2-D windows and divisors are unchanged).
#pragma once

#include <array>
#include <cstdint>

#include "runtime/tensor.h"

namespace pcemu::avgpool {

inline constexpr const char* kOpType = "AvgPool2dGrad";
inline constexpr const char* kApi = "aclnnAvgPool2dBackward";
inline constexpr const char* kApi3d = "aclnnAvgPool3dBackward";
// The l0 kernel aclnnAvgPool3dBackward launches: the op type a platform must list (npu/platform.cpp).
inline constexpr const char* kKernel3d = "AvgPool3DGrad";

// cubeMathType values of the aclnn API.
enum CubeMath : int8_t { kKeepDtype = 0, kAllowFp32DownPrecision = 1, kUseFp16 = 2, kUseHf32 = 3 };

struct Problem {
  int64_t n = 1, c = 1;
  std::array<int64_t, 2> in{}, out{};  // (H, W), (Ho, Wo)
  std::array<int64_t, 2> k{}, s{}, p{};
  // Depth: D, Do, kD, sD, pD.
  int64_t in_d = 1, out_d = 1, k_d = 1, s_d = 1, p_d = 0;
  // The 3-D op_api's reshape of N*C into (groups, N*C/groups) under deterministic mode, one group per core
  // (upstream's TransGrad2CDHW); the 2-D op_api keeps N*C whole.
  bool groups_in_deterministic = false;
  const char* api = kApi;
  const char* out_name = "gradInput";  // the output's name in the entry point's document
  bool ceil_mode = false;
  bool count_include_pad = true;
  int64_t divisor = 0;  // 0: none
  int8_t cube_math = kKeepDtype;
  aclDataType dtype = ACL_FLOAT;
  const aclTensor* grad_output = nullptr;
  const aclTensor* grad_input = nullptr;

  int64_t nc() const { return n * c; }
  int64_t dtype_bytes() const { return dtype == ACL_FLOAT ? 4 : 2; }
  bool overlap() const { return k_d > s_d || k[0] > s[0] || k[1] > s[1]; }
  int64_t in_spatial() const { return in_d * in[0] * in[1]; }
  int64_t out_spatial() const { return out_d * out[0] * out[1]; }
};

// The divisor of output window (oh, ow), PyTorch rules: the window clipped to input+padding counts when
// countIncludePad, the real input elements otherwise; divisorOverride wins. Also returns the clipped window.
// The divisor is a double: with kernel and padding near INT64_MAX (legal: the API bounds them only from below)
// the padded window's element count is past int64.
struct Window {
  int64_t d0, d1, h0, h1, w0, w1;
  double divisor;
};
Window window_of(const Problem& pr, int64_t od, int64_t oh, int64_t ow);
// The 2-D entry point's window (the one layer of the identity depth axis).
inline Window window_of(const Problem& pr, int64_t oh, int64_t ow) { return window_of(pr, 0, oh, ow); }

}  // namespace pcemu::avgpool
