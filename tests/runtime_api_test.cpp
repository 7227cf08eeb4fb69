// The emulated AscendCL runtime through its public C API: memory, copies of all four kinds, guard zones,
// streams, context options, tensors, and the executor's single-use and workspace contract.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"
#include "poolcheck_emu/emu.h"
#include "poolcheck_emu/floor.h"

namespace {

class RuntimeApi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    aclInit(nullptr);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
    pcEmuSetPlatform("Ascend910B");
  }
  static aclrtStream stream_;
};
aclrtStream RuntimeApi::stream_ = nullptr;

TEST_F(RuntimeApi, MemcpyAllFourKindsRoundTrip) {
  void *a = nullptr, *b = nullptr;
  ASSERT_EQ(aclrtMalloc(&a, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&b, 16, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
  const char src[16] = "poolcheck-bytes";
  char host[16] = {}, host2[16] = {};
  EXPECT_EQ(aclrtMemcpy(a, 16, src, 16, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemcpy(b, 16, a, 16, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemcpy(host, 16, b, 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemcpy(host2, 16, host, 16, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(std::memcmp(host2, src, 16), 0);
  EXPECT_EQ(aclrtFree(a), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(b), ACL_SUCCESS);
}

TEST_F(RuntimeApi, CopiesAreBoundsCheckedAndKindChecked) {
  void* d = nullptr;
  ASSERT_EQ(aclrtMalloc(&d, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  char host[32] = {};
  EXPECT_NE(aclrtMemcpy(d, 32, host, 9, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);  // past the allocation
  EXPECT_NE(aclrtMemcpy(host, 4, d, 8, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);   // count > destMax
  EXPECT_NE(aclrtMemcpy(host, 8, d, 8, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);   // kind says dst is device
  EXPECT_NE(aclrtMemcpy(static_cast<char*>(d) + 4, 8, host, 8, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(pcEmuGuardsIntact(), 1);
  EXPECT_EQ(aclrtFree(d), ACL_SUCCESS);
  EXPECT_NE(aclrtFree(d), ACL_SUCCESS);  // double free is refused, not a crash
  EXPECT_NE(std::strlen(aclGetRecentErrMsg()), 0u);
}

TEST_F(RuntimeApi, DeterministicOptionRoundTripsAndRejectsBadValues) {
  int64_t v = -1;
  EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v), ACL_SUCCESS);
  EXPECT_EQ(v, 1);
  EXPECT_NE(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 2), ACL_SUCCESS);
  EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0), ACL_SUCCESS);
}

TEST_F(RuntimeApi, StreamsAreValidated) {
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  EXPECT_NE(aclrtSynchronizeStream(s), ACL_SUCCESS);
  EXPECT_NE(aclrtDestroyStream(s), ACL_SUCCESS);
}

TEST_F(RuntimeApi, TensorsAndArraysRefuseDoubleDestroy) {
  const int64_t shape[2] = {2, 3};
  aclTensor* t = aclCreateTensor(shape, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 2, nullptr);
  ASSERT_NE(t, nullptr);
  int64_t* dims = nullptr;
  uint64_t n = 0;
  ASSERT_EQ(aclGetViewShape(t, &dims, &n), ACLNN_SUCCESS);
  EXPECT_EQ(n, 2u);
  EXPECT_EQ(dims[1], 3);
  delete[] dims;
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  EXPECT_NE(aclDestroyTensor(t), ACLNN_SUCCESS);
  aclIntArray* a = aclCreateIntArray(shape, 2);
  EXPECT_EQ(aclDestroyIntArray(a), ACLNN_SUCCESS);
  EXPECT_NE(aclDestroyIntArray(a), ACLNN_SUCCESS);
}

// A 1x1x2x2x2 max-pool backward, k=s=2, gradient 0.5 at index 6.
struct SmallCall {
  void *go = nullptr, *x = nullptr, *idx = nullptr, *gi = nullptr;
  aclTensor *tgo = nullptr, *tx = nullptr, *tidx = nullptr, *tgi = nullptr;
  aclIntArray *k = nullptr, *s = nullptr, *p = nullptr, *d = nullptr;
  SmallCall() {
    const int64_t small[5] = {1, 1, 1, 1, 1}, big[5] = {1, 1, 2, 2, 2}, two[3] = {2, 2, 2}, zero[3] = {0, 0, 0},
                  one[3] = {1, 1, 1};
    const float g = 0.5f, xs[8] = {0, 0, 0, 0, 0, 0, 1, 0}, zeros[8] = {};
    const int32_t i6 = 6;
    aclrtMalloc(&go, 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&x, 32, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&idx, 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&gi, 32, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(go, 4, &g, 4, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(x, 32, xs, 32, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(idx, 4, &i6, 4, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(gi, 32, zeros, 32, ACL_MEMCPY_HOST_TO_DEVICE);
    tgo = aclCreateTensor(small, 5, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, small, 5, go);
    tx = aclCreateTensor(big, 5, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, big, 5, x);
    tidx = aclCreateTensor(small, 5, ACL_INT32, nullptr, 0, ACL_FORMAT_ND, small, 5, idx);
    tgi = aclCreateTensor(big, 5, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, big, 5, gi);
    k = aclCreateIntArray(two, 3);
    s = aclCreateIntArray(two, 3);
    p = aclCreateIntArray(zero, 3);
    d = aclCreateIntArray(one, 3);
  }
  ~SmallCall() {
    for (aclTensor* t : {tgo, tx, tidx, tgi}) aclDestroyTensor(t);
    for (aclIntArray* a : {k, s, p, d}) aclDestroyIntArray(a);
    for (void* m : {go, x, idx, gi}) aclrtFree(m);
  }
  aclnnStatus plan(uint64_t* ws, aclOpExecutor** ex) {
    return aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(tgo, tx, tidx, k, s, p, d, false, tgi, ws, ex);
  }
  float result(int i) {
    float out[8];
    aclrtMemcpy(out, 32, gi, 32, ACL_MEMCPY_DEVICE_TO_HOST);
    return out[i];
  }
};

TEST_F(RuntimeApi, ExecutorIsSingleUse) {
  SmallCall call;
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(call.plan(&ws, &ex), ACLNN_SUCCESS);
  EXPECT_EQ(ws, 0u);
  EXPECT_EQ(aclnnMaxPool3dWithArgmaxBackward(nullptr, 0, ex, stream_), ACLNN_SUCCESS);
  EXPECT_EQ(call.result(6), 0.5f);
  EXPECT_EQ(call.result(5), 0.0f);
  EXPECT_EQ(aclnnMaxPool3dWithArgmaxBackward(nullptr, 0, ex, stream_), ACLNN_ERR_PARAM_INVALID);  // reused
  EXPECT_EQ(aclnnMaxPool3dWithArgmaxBackward(nullptr, 0, nullptr, stream_), ACLNN_ERR_PARAM_NULLPTR);
}

TEST_F(RuntimeApi, WorkspaceIsCheckedAgainstThePlan) {
  // A non-contiguous gradInput needs workspace for the ViewCopy staging.
  SmallCall call;
  const int64_t big[5] = {1, 1, 2, 2, 2}, strides[5] = {8, 8, 1, 4, 2};  // a permuted view over the same 8 floats
  aclDestroyTensor(call.tgi);
  call.tgi = aclCreateTensor(big, 5, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, big, 5, call.gi);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(call.plan(&ws, &ex), ACLNN_SUCCESS);
  ASSERT_GT(ws, 0u);
  void* w = nullptr;
  ASSERT_EQ(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(aclnnMaxPool3dWithArgmaxBackward(w, ws - 1, ex, stream_), ACLNN_ERR_PARAM_INVALID);  // too small
  ASSERT_EQ(call.plan(&ws, &ex), ACLNN_SUCCESS);
  EXPECT_EQ(aclnnMaxPool3dWithArgmaxBackward(nullptr, ws, ex, stream_), ACLNN_ERR_PARAM_NULLPTR);
  ASSERT_EQ(call.plan(&ws, &ex), ACLNN_SUCCESS);
  std::vector<char> host(ws);
  EXPECT_EQ(aclnnMaxPool3dWithArgmaxBackward(host.data(), ws, ex, stream_), ACLNN_ERR_PARAM_INVALID);  // not device
  ASSERT_EQ(call.plan(&ws, &ex), ACLNN_SUCCESS);
  EXPECT_EQ(aclnnMaxPool3dWithArgmaxBackward(w, ws, ex, stream_), ACLNN_SUCCESS);
  // Logical element (d=1,h=1,w=0) = flat 6 lives at storage 1*1 + 1*4 + 0*2 = 5 in this view.
  EXPECT_EQ(call.result(5), 0.5f);
  EXPECT_EQ(aclrtFree(w), ACL_SUCCESS);
}

TEST_F(RuntimeApi, FreedMemoryBetweenPhasesIsRefused) {
  SmallCall call;
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(call.plan(&ws, &ex), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtFree(call.gi), ACL_SUCCESS);
  EXPECT_EQ(aclnnMaxPool3dWithArgmaxBackward(nullptr, 0, ex, stream_), ACLNN_ERR_PARAM_INVALID);
  aclrtMalloc(&call.gi, 32, ACL_MEM_MALLOC_HUGE_FIRST);  // so the destructor frees a live block
}

TEST_F(RuntimeApi, EachPlatformPlansWithItsOwnKernelsOrRefuses) {
  SmallCall call;
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  pcEmuSetPlatform("Ascend950");  // the regbase tiling and kernels
  EXPECT_EQ(call.plan(&ws, &ex), ACLNN_SUCCESS);
  pcEmuLaunchInfo info{};
  ASSERT_EQ(pcEmuLastLaunch(&info), 0);
  EXPECT_STREQ(info.strategy, "SIMD");
  EXPECT_EQ(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
  pcEmuSetPlatform("Ascend310P");
  EXPECT_EQ(call.plan(&ws, &ex), ACLNN_ERR_PARAM_INVALID);  // documented: platform not supported
  pcEmuSetPlatform("Ascend910B");
  EXPECT_EQ(call.plan(&ws, &ex), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
}

TEST_F(RuntimeApi, LaunchInfoTagsTheTiling) {
  SmallCall call;
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(call.plan(&ws, &ex), ACLNN_SUCCESS);
  ASSERT_EQ(aclnnMaxPool3dWithArgmaxBackward(nullptr, 0, ex, stream_), ACLNN_SUCCESS);
  pcEmuLaunchInfo info{};
  ASSERT_EQ(pcEmuLastLaunch(&info), 0);
  EXPECT_STREQ(info.strategy, "Normal");
  EXPECT_EQ(info.tilingKey, 0u);
  EXPECT_GT(info.ubHighWater, 0);
  EXPECT_LE(info.ubHighWater, info.ubBytesLimit);
}

// The execute call's traffic tally: the index check and the main launch both read the indices, the result
// is written at least once, and only a strided view costs a layout copy (ViewCopy: 8 floats read + written).
TEST_F(RuntimeApi, LaunchInfoTalliesTheCallsTraffic) {
  const auto traffic_of = [&](SmallCall& call) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(call.plan(&ws, &ex), ACLNN_SUCCESS);
    void* w = nullptr;
    if (ws > 0) {
      EXPECT_EQ(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    }
    EXPECT_EQ(aclnnMaxPool3dWithArgmaxBackward(w, ws, ex, stream_), ACLNN_SUCCESS);
    if (w) aclrtFree(w);
    pcEmuLaunchInfo info{};
    EXPECT_EQ(pcEmuLastLaunch(&info), 0);
    return info;
  };
  SmallCall plain;
  const pcEmuLaunchInfo a = traffic_of(plain);
  EXPECT_EQ(a.kernelLaunches, 2);
  EXPECT_GE(a.gmReadBytes, 4 + 2 * 4);  // gradOutput once, indices twice
  EXPECT_GE(a.gmWriteBytes + a.gmAtomicBytes, 32);
  EXPECT_EQ(a.stagingBytes, 0);

  SmallCall permuted;
  const int64_t big[5] = {1, 1, 2, 2, 2}, strides[5] = {8, 8, 1, 4, 2};
  aclDestroyTensor(permuted.tgi);
  permuted.tgi = aclCreateTensor(big, 5, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, big, 5, permuted.gi);
  const pcEmuLaunchInfo b = traffic_of(permuted);
  EXPECT_EQ(b.stagingBytes, 2 * 32);
  EXPECT_EQ(b.gmReadBytes, a.gmReadBytes);  // the kernels are the same; only the ViewCopy is added
  EXPECT_EQ(b.gmWriteBytes + b.gmAtomicBytes, a.gmWriteBytes + a.gmAtomicBytes);
}

// pcEmuSetChecks returns the previous setting; with the checks on, fresh device memory reads as NaN bytes.
TEST_F(RuntimeApi, DynamicChecksToggleAndFreshMemoryIsNaN) {
  EXPECT_EQ(pcEmuSetChecks(0), 1);
  EXPECT_EQ(pcEmuSetChecks(1), 0);
  EXPECT_EQ(pcEmuSetChecks(1), 1);
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  unsigned char host[64];
  ASSERT_EQ(aclrtMemcpy(host, 64, p, 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (unsigned char b : host) EXPECT_EQ(b, 0xFF);
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

// The floor kernel's input in bytes: finite values in every dtype, so widening and narrowing give them back.
std::vector<unsigned char> floor_input(int32_t dtype, int64_t count) {
  const size_t elem = dtype == ACL_FLOAT ? 4 : 2;
  std::vector<unsigned char> bytes(static_cast<size_t>(count) * elem);
  for (int64_t i = 0; i < count; ++i) {
    if (dtype == ACL_FLOAT) {
      const float v = static_cast<float>(i % 4096) * 0.25f - 100.0f;
      std::memcpy(bytes.data() + i * 4, &v, 4);
    } else {
      // The exponent field stays below all-ones for fp16 (0x7c00) and bf16 (0x7f80); subnormals included.
      const uint16_t v = static_cast<uint16_t>((i * 7919) & 0xbbff);
      std::memcpy(bytes.data() + i * 2, &v, 2);
    }
  }
  return bytes;
}

// pcEmuFloorKernel moves every element of every dtype (an uneven share per block) and writes nothing past them.
TEST_F(RuntimeApi, FloorKernelMovesEveryElementAndNothingElse) {
  const int64_t count = 48 * 1000 + 37;
  for (const int32_t dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    SCOPED_TRACE("dataType " + std::to_string(dtype));
    const auto in = floor_input(dtype, count);
    std::vector<unsigned char> out(in.size() + 64, 0xAB);
    ASSERT_EQ(pcEmuFloorKernel(in.data(), out.data(), count, dtype), 0) << aclGetRecentErrMsg();
    EXPECT_EQ(std::memcmp(out.data(), in.data(), in.size()), 0);
    for (size_t i = in.size(); i < out.size(); ++i) ASSERT_EQ(out[i], 0xAB) << "byte " << i << " past the elements";
  }
}

// Negative control of the comparison above: one element fewer leaves the last one unwritten, and the same
// comparison sees it.
TEST_F(RuntimeApi, FloorKernelComparisonSeesAnElementLeftOut) {
  const int64_t count = 48 * 1000 + 37;
  const auto in = floor_input(ACL_FLOAT16, count);
  std::vector<unsigned char> out(in.size(), 0xAB);
  ASSERT_EQ(pcEmuFloorKernel(in.data(), out.data(), count - 1, ACL_FLOAT16), 0) << aclGetRecentErrMsg();
  EXPECT_NE(std::memcmp(out.data(), in.data(), in.size()), 0);
  EXPECT_EQ(std::memcmp(out.data(), in.data(), in.size() - 2), 0);
}

TEST_F(RuntimeApi, FloorKernelRefusesBadArgumentsNamingTheRule) {
  float x[8] = {};
  EXPECT_EQ(pcEmuFloorKernel(nullptr, x, 8, ACL_FLOAT), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("both must be non-null"), std::string::npos) << aclGetRecentErrMsg();
  EXPECT_EQ(pcEmuFloorKernel(x, x + 4, -1, ACL_FLOAT), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("count=-1; rule: count >= 0"), std::string::npos)
      << aclGetRecentErrMsg();
  EXPECT_EQ(pcEmuFloorKernel(x, x + 4, 4, ACL_INT32), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("dataType=3"), std::string::npos) << aclGetRecentErrMsg();
  EXPECT_EQ(pcEmuFloorKernel(x, x + 4, 0, ACL_FLOAT), 0);  // nothing to move
}

}  // namespace
