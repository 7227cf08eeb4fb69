// A validated MaxPool3DGradWithArgmax call, normalised to NCDHW with 3-value kernel/stride/padding.
#pragma once

#include <array>
#include <cstdint>

#include "runtime/tensor.h"

namespace pcemu::maxpool {

inline constexpr const char* kOpType = "MaxPool3DGradWithArgmax";
inline constexpr const char* kApi = "aclnnMaxPool3dWithArgmaxBackward";

struct Problem {
  int64_t n = 1, c = 1;
  std::array<int64_t, 3> in{};   // Di, Hi, Wi
  std::array<int64_t, 3> out{};  // Do, Ho, Wo
  std::array<int64_t, 3> k{}, s{}, p{};
  std::array<int64_t, 3> d{1, 1, 1};  // dilation: other than 1 only under the Upstream profile
  bool ceil_mode = false;
  const char* api = kApi;  // the entry point the call came through (the 2-D ones map onto this family)
  aclDataType dtype = ACL_FLOAT;
  aclDataType index_dtype = ACL_INT32;
  const aclTensor* grad_output = nullptr;
  const aclTensor* indices = nullptr;
  const aclTensor* grad_input = nullptr;

  int64_t nc() const { return n * c; }
  int64_t in_plane() const { return in[0] * in[1] * in[2]; }
  int64_t out_plane() const { return out[0] * out[1] * out[2]; }
  int64_t dtype_bytes() const { return dtype == ACL_FLOAT ? 4 : 2; }
  int64_t index_bytes() const { return index_dtype == ACL_INT64 ? 8 : 4; }
  bool overlap() const { return k[0] > s[0] || k[1] > s[1] || k[2] > s[2]; }
  bool dilated() const { return d[0] != 1 || d[1] != 1 || d[2] != 1; }
};

}  // namespace pcemu::maxpool
