// The Ascend 950 tiling of aclnnAdaptiveAvgPool2dBackward (the Regbase2d route, docs/emulator.md) against ops-nn's
// own arch35 tiling tests (pooling/adaptive_avg_pool2d_grad/tests/ut/op_host/arch35/
// test_adaptive_avg_pool2d_grad_tiling.cpp) on their platform: 40 cores and a 196608-byte UB (the knobs on
// Ascend950). One row per upstream case: its shapes as an aclnn call (y_grad is gradOutput, x is self and out) and
// the template its tiling key names; the rows that assert "not the small kernel" accept either other template.
// Planning only: GetWorkspaceSize, then pcEmuLastLaunch. Left out: fp32_small_kernel_int64_tiling_key (x
// 1x32768x541x139, 9.9 GB per tensor, more than the test can allocate).
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_adaptive_avg_pool2d_backward.h"
#include "poolcheck_emu/emu.h"
#include "tests/support/device_tensor.h"

namespace {

using poolcheck::test_support::DeviceTensor;
using poolcheck::test_support::Init;
using poolcheck::test_support::TensorDesc;
using Shape = std::vector<int64_t>;

struct UpstreamRow {
  const char* name;
  Shape grad, self;
  aclDataType dtype;
  const char* strategy;  // "!NchwSmallKernel": anything but the small kernel
};

const std::vector<UpstreamRow>& rows() {
  static const char* big = "BigKernel";
  static const char* small = "NchwSmallKernel";
  static const char* simt = "SIMT";
  static const char* not_small = "!NchwSmallKernel";
  static const std::vector<UpstreamRow> r = {
      {"tiling_key_simt_kernel_nchw_fp32", {1, 4, 8, 8}, {1, 4, 16, 16}, ACL_FLOAT, simt},
      {"tiling_key_simt_kernel_chw_fp16", {4, 8, 8}, {4, 16, 16}, ACL_FLOAT16, simt},
      {"tiling_key_big_kernel_nchw_fp32_large_w_window", {1, 128, 16, 1}, {1, 128, 16, 512}, ACL_FLOAT, big},
      {"tiling_key_big_kernel_nchw_fp16_large_w_window", {1, 128, 16, 1}, {1, 128, 16, 1024}, ACL_FLOAT16, big},
      {"tiling_key_big_kernel_chw_fp32_large_w_window", {128, 16, 1}, {128, 16, 512}, ACL_FLOAT, big},
      {"fp32_try_split_nc_success_high_axis_tail_aligned", {1, 2560, 4, 8}, {1, 2560, 5, 7}, ACL_FLOAT, small},
      {"fp32_try_split_nc_success_high_axis_tail_unaligned", {1, 2603, 4, 8}, {1, 2603, 5, 7}, ACL_FLOAT, small},
      {"fp16_try_split_nc_success_input_w_boundary_16", {1, 5131, 4, 16}, {1, 5131, 2, 7}, ACL_FLOAT16, small},
      {"fp32_split_h_to_limit_and_tail_aligned", {1, 128, 7, 19}, {1, 128, 31, 23}, ACL_FLOAT, small},
      {"fp32_split_h_non_aligned_tail", {1, 128, 7, 19}, {1, 128, 53, 23}, ACL_FLOAT, small},
      {"fp32_split_h_then_split_w_non_aligned_tail", {1, 128, 5, 19}, {1, 128, 11, 29}, ACL_FLOAT, simt},
      {"fp32_split_h_then_split_w_aligned_tail", {1, 128, 5, 19}, {1, 128, 11, 30}, ACL_FLOAT, simt},
      {"fp32_split_w_high_axis_tail_unaligned", {1, 193, 5, 17}, {1, 193, 7, 23}, ACL_FLOAT, small},
      {"fp16_split_w_branch", {1, 257, 5, 16}, {1, 257, 11, 31}, ACL_FLOAT16, simt},
      {"chw_fp32_small_kernel_split_hw", {257, 7, 19}, {257, 13, 29}, ACL_FLOAT, small},
      {"chw_fp16_small_kernel_split_hw", {521, 5, 16}, {521, 17, 31}, ACL_FLOAT16, small},
      {"fp32_ygrad_spatial_larger_than_x_spatial", {1, 256, 97, 113}, {1, 256, 17, 19}, ACL_FLOAT, small},
      {"fp32_kernel_product_255_still_small_kernel", {1, 2560, 3, 8}, {1, 2560, 43, 129}, ACL_FLOAT, small},
      {"fp32_random_irregular_shape_01", {1, 384, 9, 37}, {1, 384, 71, 83}, ACL_FLOAT, small},
      {"fp16_random_irregular_shape_02", {1, 640, 13, 29}, {1, 640, 41, 67}, ACL_FLOAT16, small},
      {"fp32_nc_barely_above_threshold", {1, 129, 6, 23}, {1, 129, 19, 47}, ACL_FLOAT, small},
      {"fp16_nc_barely_above_threshold", {1, 129, 7, 16}, {1, 129, 23, 37}, ACL_FLOAT16, small},
      {"reject_kernel_product_equal_256", {1, 256, 4, 8}, {1, 256, 61, 121}, ACL_FLOAT, not_small},
      {"reject_nc_less_than_128", {1, 127, 4, 8}, {1, 127, 5, 7}, ACL_FLOAT, not_small},
      {"reject_grad_input_window_area_less_than_16", {1, 128, 1, 15}, {1, 128, 3, 17}, ACL_FLOAT, not_small},
      {"reject_fp32_input_w_less_than_8", {1, 128, 4, 7}, {1, 128, 7, 11}, ACL_FLOAT, not_small},
      {"reject_fp16_input_w_less_than_16", {1, 128, 4, 15}, {1, 128, 7, 23}, ACL_FLOAT16, not_small},
      {"reject_initial_limit_buffer_exceeds_ub", {1, 128, 409, 2049}, {1, 128, 7, 17}, ACL_FLOAT, not_small},
      {"reject_chw_nc_less_than_128", {63, 11, 19}, {63, 23, 31}, ACL_FLOAT, not_small},
      {"reject_chw_fp16_input_w_less_than_16", {256, 7, 15}, {256, 19, 23}, ACL_FLOAT16, not_small},
      {"reject_large_h_kernel_only", {1, 320, 2, 31}, {1, 320, 600, 37}, ACL_FLOAT, not_small},
      {"reject_large_w_kernel_only", {1, 320, 11, 2}, {1, 320, 17, 600}, ACL_FLOAT, not_small},
      {"fp32_irregular_prime_like_01", {1, 211, 11, 23}, {1, 211, 37, 59}, ACL_FLOAT, small},
      {"fp32_irregular_prime_like_02", {1, 337, 17, 31}, {1, 337, 43, 71}, ACL_FLOAT, small},
      {"fp32_irregular_prime_like_03", {1, 719, 19, 41}, {1, 719, 73, 97}, ACL_FLOAT, small},
      {"fp16_irregular_prime_like_04", {1, 333, 11, 17}, {1, 333, 31, 43}, ACL_FLOAT16, small},
      {"fp16_irregular_prime_like_05", {1, 777, 13, 19}, {1, 777, 47, 61}, ACL_FLOAT16, small},
      {"fp32_non_power_of_two_wide_input", {1, 191, 8, 47}, {1, 191, 29, 211}, ACL_FLOAT, small},
      {"fp16_non_power_of_two_wide_input", {1, 263, 9, 53}, {1, 263, 35, 199}, ACL_FLOAT16, small},
      {"fp32_tall_shape", {1, 401, 23, 9}, {1, 401, 151, 17}, ACL_FLOAT, small},
      {"fp16_tall_shape", {1, 529, 29, 16}, {1, 529, 173, 31}, ACL_FLOAT16, small},
      {"chw_fp32_irregular_01", {383, 13, 23}, {383, 47, 89}, ACL_FLOAT, small},
      {"chw_fp16_irregular_02", {769, 17, 29}, {769, 67, 101}, ACL_FLOAT16, small},
  };
  return r;
}

void setup() {
  static bool initialised = false;
  if (!initialised) {
    aclInit(nullptr);
    aclrtSetDevice(0);
    initialised = true;
  }
  pcEmuSetPlatform("Ascend950");
  pcEmuSetKnobs(40, 196608);
  pcEmuSetFaults("");
}

// The strategy GetWorkspaceSize plans for the row (the tensors' contents play no part).
std::string planned_strategy(const UpstreamRow& r) {
  const aclFormat f = r.self.size() == 3 ? ACL_FORMAT_NCL : ACL_FORMAT_NCHW;
  const DeviceTensor go(TensorDesc{.shape = r.grad, .dtype = r.dtype, .format = f}, Init::AsAllocated);
  const DeviceTensor x(TensorDesc{.shape = r.self, .dtype = r.dtype, .format = f}, Init::AsAllocated);
  const DeviceTensor out(TensorDesc{.shape = r.self, .dtype = r.dtype, .format = f}, Init::AsAllocated);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  if (aclnnAdaptiveAvgPool2dBackwardGetWorkspaceSize(go.get(), x.get(), out.get(), &ws, &ex) != 0)
    return std::string("refused: ") + aclGetRecentErrMsg();
  pcEmuLaunchInfo info{};
  pcEmuLastLaunch(&info);
  aclDestroyAclOpExecutor(ex);  // planned only, never launched
  return info.strategy;
}

class UpstreamRows : public ::testing::TestWithParam<UpstreamRow> {};

TEST_P(UpstreamRows, PlansTheTemplateUpstreamsKeyNames) {
  setup();
  const UpstreamRow& r = GetParam();
  const std::string got = planned_strategy(r);
  if (r.strategy[0] == '!')
    EXPECT_TRUE(got == "BigKernel" || got == "SIMT") << got;
  else
    EXPECT_EQ(got, r.strategy);
}

INSTANTIATE_TEST_SUITE_P(Regbase2d, UpstreamRows, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return std::string(info.param.name); });

// The check the rows make fails when the tiling answers otherwise: a row with its template swapped is caught.
TEST(UpstreamRowsControl, ASwappedTemplateIsCaught) {
  setup();
  EXPECT_NE(planned_strategy({"control", {1, 128, 7, 19}, {1, 128, 31, 23}, ACL_FLOAT, "SIMT"}), "SIMT");
}

}  // namespace
