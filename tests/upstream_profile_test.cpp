// The Upstream profile (libpoolcheck_acl_upstream.so) through the public C API: one test per "Upstream ..."
// behaviour of the spec's discrepancy entries (docs/upstream-profile.md), named after its entry. The same
// source builds twice: upstream_profile_tests links the upstream library and checks what ops-nn does;
// upstream_profile_controls links the documented library (POOLCHECK_EXPECT_PROFILE "documented") and checks
// that the same call still gets the documented status, so every test is also its own control.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_adaptive_avg_pool2d_backward.h"
#include "aclnnop/aclnn_adaptive_avg_pool3d_backward.h"
#include "aclnnop/aclnn_avgpool2d_backward.h"
#include "aclnnop/aclnn_avgpool3d_backward.h"
#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"
#include "common/half.h"
#include "poolcheck_emu/emu.h"
#include "tests/sanitized_build.h"

#ifndef POOLCHECK_EXPECT_PROFILE
#error "POOLCHECK_EXPECT_PROFILE must name the profile of the linked library"
#endif

namespace {

std::string library_profile() {
  char name[32] = {};
  pcEmuProfile(name, sizeof name);
  return name;
}

bool upstream() {
  static const bool is = library_profile() == "upstream";
  return is;
}

// The status (and phase) a call gets: the upstream library's or the documented one's.
struct Outcome {
  aclnnStatus status = ACLNN_SUCCESS;
  bool at_execute = false;  // false: GetWorkspaceSize returned it
  bool operator==(const Outcome&) const = default;
};
std::ostream& operator<<(std::ostream& os, const Outcome& o) {
  return os << o.status << (o.at_execute ? " at execute" : " at GetWorkspaceSize");
}
Outcome at_plan(aclnnStatus s) { return {s, false}; }
Outcome at_execute(aclnnStatus s) { return {s, true}; }
const Outcome kSuccess{};
Outcome expected(Outcome upstream_outcome, Outcome documented_outcome) {
  return upstream() ? upstream_outcome : documented_outcome;
}

// Killed by SIGSEGV, as a real null dereference kills the process (a sanitizer build: exits non-zero instead).
bool crashed_on_null_dereference(int status) {
#ifdef POOLCHECK_TEST_SANITIZED
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0) return true;
#endif
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV;
}

double load(aclDataType dt, const unsigned char* p) {
  switch (dt) {
    case ACL_FLOAT16: {
      uint16_t h;
      std::memcpy(&h, p, 2);
      return pcemu::half_to_float(h);
    }
    case ACL_BF16: {
      uint16_t b;
      std::memcpy(&b, p, 2);
      return pcemu::bf16_to_float(b);
    }
    case ACL_DOUBLE: {
      double d;
      std::memcpy(&d, p, 8);
      return d;
    }
    case ACL_INT32: {
      int32_t i;
      std::memcpy(&i, p, 4);
      return i;
    }
    case ACL_INT64: {
      int64_t i;
      std::memcpy(&i, p, 8);
      return static_cast<double>(i);
    }
    default: {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
  }
}

void store(aclDataType dt, double v, unsigned char* p) {
  switch (dt) {
    case ACL_FLOAT16: {
      const uint16_t h = pcemu::float_to_half(static_cast<float>(v));
      std::memcpy(p, &h, 2);
      return;
    }
    case ACL_BF16: {
      const uint16_t b = pcemu::float_to_bf16(static_cast<float>(v));
      std::memcpy(p, &b, 2);
      return;
    }
    case ACL_DOUBLE:
      std::memcpy(p, &v, 8);
      return;
    case ACL_INT32: {
      const int32_t i = static_cast<int32_t>(v);
      std::memcpy(p, &i, 4);
      return;
    }
    case ACL_INT64: {
      const int64_t i = static_cast<int64_t>(v);
      std::memcpy(p, &i, 8);
      return;
    }
    default: {
      const float f = static_cast<float>(v);
      std::memcpy(p, &f, 4);
    }
  }
}

size_t elem_bytes(aclDataType dt) {
  switch (dt) {
    case ACL_FLOAT16:
    case ACL_BF16:
      return 2;
    case ACL_DOUBLE:
    case ACL_INT64:
      return 8;
    default:
      return 4;
  }
}

// A contiguous device tensor holding `values` (or `fill` everywhere), with any dtype label and format.
class Tensor {
 public:
  Tensor(std::vector<int64_t> shape, aclDataType dt, aclFormat fmt, std::vector<double> values = {}, double fill = 0)
      : shape_(std::move(shape)), dt_(dt) {
    count_ = 1;
    for (int64_t d : shape_) count_ *= d;
    std::vector<int64_t> strides(shape_.size(), 1);
    for (size_t i = shape_.size(); i-- > 1;) strides[i - 1] = strides[i] * std::max<int64_t>(shape_[i], 1);
    const size_t bytes = std::max<size_t>(32, static_cast<size_t>(count_) * elem_bytes(dt));
    aclrtMalloc(&dev_, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    std::vector<unsigned char> host(bytes, 0);
    for (int64_t i = 0; i < count_; ++i)
      store(dt, values.empty() ? fill : values[static_cast<size_t>(i)], host.data() + i * elem_bytes(dt));
    aclrtMemcpy(dev_, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    t_ = aclCreateTensor(shape_.data(), shape_.size(), dt, strides.data(), 0, fmt, shape_.data(), shape_.size(), dev_);
  }
  ~Tensor() {
    aclDestroyTensor(t_);
    aclrtFree(dev_);
  }
  Tensor(const Tensor&) = delete;
  Tensor& operator=(const Tensor&) = delete;

  aclTensor* get() const { return t_; }
  std::vector<double> read() const {
    std::vector<unsigned char> host(std::max<size_t>(1, static_cast<size_t>(count_) * elem_bytes(dt_)));
    if (count_ > 0) aclrtMemcpy(host.data(), host.size(), dev_, host.size(), ACL_MEMCPY_DEVICE_TO_HOST);
    std::vector<double> out(static_cast<size_t>(count_));
    for (int64_t i = 0; i < count_; ++i) out[static_cast<size_t>(i)] = load(dt_, host.data() + i * elem_bytes(dt_));
    return out;
  }

 private:
  std::vector<int64_t> shape_;
  aclDataType dt_;
  int64_t count_ = 0;
  void* dev_ = nullptr;
  aclTensor* t_ = nullptr;
};

class IntArray {
 public:
  explicit IntArray(std::vector<int64_t> v) : a_(aclCreateIntArray(v.data(), v.size())) {}
  ~IntArray() { aclDestroyIntArray(a_); }
  IntArray(const IntArray&) = delete;
  IntArray& operator=(const IntArray&) = delete;
  aclIntArray* get() const { return a_; }

 private:
  aclIntArray* a_;
};

using PlanFn = std::function<aclnnStatus(uint64_t*, aclOpExecutor**)>;
using ExecFn = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

// Both phases, as a client runs them.
Outcome run(const PlanFn& plan, ExecFn exec) {
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  if (aclnnStatus st = plan(&ws, &ex)) return at_plan(st);
  void* w = nullptr;
  if (ws > 0) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
  const aclnnStatus st = exec(w, ws, ex, nullptr);
  if (w) aclrtFree(w);
  return st ? at_execute(st) : kSuccess;
}

pcEmuLaunchInfo last_launch() {
  pcEmuLaunchInfo info{};
  pcEmuLastLaunch(&info);
  return info;
}

class UpstreamProfile : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    aclInit(nullptr);
    aclrtSetDevice(0);
  }
  void SetUp() override {
    pcEmuSetPlatform("Ascend910B");
    pcEmuSetKnobs(0, 0);
    aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
  }
};

TEST_F(UpstreamProfile, EachBinaryTalksToTheLibraryItExpects) {
  EXPECT_EQ(library_profile(), POOLCHECK_EXPECT_PROFILE);
  EXPECT_EQ(pcEmuProfile(nullptr, 0), static_cast<int>(std::strlen(POOLCHECK_EXPECT_PROFILE)));
  EXPECT_EQ(pcEmuProfile(nullptr, 4), -1);
}

// ---------------------------------------------------------------------------------------------------------
// aclnnMaxPool3dWithArgmaxBackward. The base call: self 1x1x4x4x4 (values 0..63), kernel = stride = 2, each
// window's index its first element, gradOutput 1..8.

std::vector<double> iota(int64_t n, double first = 0) {
  std::vector<double> v(static_cast<size_t>(n));
  for (size_t i = 0; i < v.size(); ++i) v[i] = first + static_cast<double>(i);
  return v;
}

struct MaxPoolCall {
  aclDataType dt = ACL_FLOAT, idx_dt = ACL_INT32;
  aclFormat fmt = ACL_FORMAT_ND, idx_fmt = ACL_FORMAT_ND;
  std::vector<int64_t> self_shape{1, 1, 4, 4, 4}, grad_shape{1, 1, 2, 2, 2};
  std::vector<double> indices{0, 2, 8, 10, 32, 34, 40, 42};
  std::vector<int64_t> kernel{2}, stride{2}, padding{0}, dilation{1};
  bool null_stride = false;

  Outcome call(bool null_ws = false, bool null_ex = false) {
    int64_t grad_count = 1;
    for (int64_t d : grad_shape) grad_count *= d;
    if (static_cast<int64_t>(indices.size()) != grad_count) indices.assign(static_cast<size_t>(grad_count), 0);
    int64_t self_count = 1;
    for (int64_t d : self_shape) self_count *= d;
    Tensor go(grad_shape, dt, fmt, iota(grad_count, 1)), self(self_shape, dt, fmt, iota(self_count));
    Tensor idx(grad_shape, idx_dt, idx_fmt, indices), gi(self_shape, dt, fmt, {}, 7.0);
    IntArray k(kernel), s(stride), p(padding), d(dilation);
    const PlanFn plan = [&](uint64_t* ws, aclOpExecutor** ex) {
      return aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(go.get(), self.get(), idx.get(), k.get(),
                                                              null_stride ? nullptr : s.get(), p.get(), d.get(), false,
                                                              gi.get(), null_ws ? nullptr : ws, null_ex ? nullptr : ex);
    };
    const Outcome o = run(plan, aclnnMaxPool3dWithArgmaxBackward);
    result = gi.read();
    return o;
  }
  std::vector<double> result;
};

// MP.D.NULL_CHECKS: workspaceSize and executor are written without a null check (a crash); documented: 161001.
TEST_F(UpstreamProfile, MaxPoolNullWorkspaceSizeIsDereferenced) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  if (upstream()) {
    EXPECT_EXIT(MaxPoolCall{}.call(true, false), crashed_on_null_dereference, "");
    EXPECT_EXIT(MaxPoolCall{}.call(false, true), crashed_on_null_dereference, "");
  } else {
    EXPECT_EQ(MaxPoolCall{}.call(true, false), at_plan(ACLNN_ERR_PARAM_NULLPTR));
    EXPECT_EQ(MaxPoolCall{}.call(false, true), at_plan(ACLNN_ERR_PARAM_NULLPTR));
  }
  // Ascend950 plans with its own (regbase) tiling, and reaches the same unchecked write: still a crash.
  pcEmuSetPlatform("Ascend950");
  EXPECT_EQ(MaxPoolCall{}.call(), kSuccess);
  if (upstream()) {
    EXPECT_EXIT(MaxPoolCall{}.call(true, false), crashed_on_null_dereference, "");
  } else {
    EXPECT_EQ(MaxPoolCall{}.call(true, false), at_plan(ACLNN_ERR_PARAM_NULLPTR));
  }
}

// MP.D.NULL_CHECKS: a refused call returns before the out-parameters are touched, so with a bad dtype and a
// null workspaceSize upstream says 161002; documented checks the out-parameters first (161001).
TEST_F(UpstreamProfile, MaxPoolRefusedCallNeverTouchesTheOutParameters) {
  MaxPoolCall c;
  c.idx_dt = ACL_INT16;
  EXPECT_EQ(c.call(true, true), expected(at_plan(ACLNN_ERR_PARAM_INVALID), at_plan(ACLNN_ERR_PARAM_NULLPTR)));
}

// MP.D.NULL_CHECKS: all eight pointer arguments give 161001 (a null stride pointer included).
TEST_F(UpstreamProfile, MaxPoolChecksAllEightPointers) {
  MaxPoolCall c;
  c.null_stride = true;
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_NULLPTR));
}

// MP.D.PLATFORMS: the dtype list is empty off DAV_2201 / DAV_3510, so every call fails with 161002.
TEST_F(UpstreamProfile, MaxPoolOtherSocsHaveNoDtype) {
  for (const char* soc : {"Ascend910", "Ascend310P", "Ascend310B", "NoSuchSoc"}) {
    pcEmuSetPlatform(soc);
    EXPECT_EQ(MaxPoolCall{}.call(), at_plan(ACLNN_ERR_PARAM_INVALID)) << soc;
  }
}

// MP.D.INDICES_INT64: INT64 indices only on regbase (Ascend950), where both 950 kernels read them.
TEST_F(UpstreamProfile, MaxPoolInt64IndicesOnlyOnAscend950) {
  MaxPoolCall c;
  c.idx_dt = ACL_INT64;
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  pcEmuSetPlatform("Ascend950");
  for (const int64_t ub : {int64_t{0}, int64_t{2048 + 64}}) {  // SIMD, then SIMT (the SIMD tile cannot fit)
    pcEmuSetKnobs(0, ub);
    ASSERT_EQ(c.call(), kSuccess);
    EXPECT_STREQ(last_launch().strategy, ub ? "SIMT" : "SIMD");
    for (size_t i = 0; i < c.result.size(); ++i) {
      const size_t w = i / 2 % 2 + i / 8 % 2 * 2 + i / 32 * 4;  // the window whose first element i is
      const bool first = i % 2 == 0 && i / 4 % 2 == 0 && i / 16 % 2 == 0;
      EXPECT_EQ(c.result[i], first ? static_cast<double>(w + 1) : 0.0) << i;
    }
  }
}

// MP.D.INDEX_VALIDITY on Ascend950: no index check runs upstream. SIMD with whole planes in UB (key 2049)
// scatters an index where it points inside the plane; SIMT adds a gradient only to the element its index names
// among the elements whose windows contain it, so an index naming another window's element is dropped.
// Documented: 161002 at execute, gradInput untouched.
TEST_F(UpstreamProfile, MaxPoolAscend950StrayIndices) {
  pcEmuSetPlatform("Ascend950");
  MaxPoolCall c;
  c.indices[0] = 63;  // the last window's element, named by the first window
  ASSERT_EQ(c.call(), expected(kSuccess, at_execute(ACLNN_ERR_PARAM_INVALID)));
  if (upstream()) {
    EXPECT_EQ(last_launch().tilingKey, 2049u);
    EXPECT_EQ(c.result[0], 0.0);
    EXPECT_EQ(c.result[63], 1.0);  // the stray gradient, where its index points
    EXPECT_EQ(c.result[42], 8.0);
  }
  pcEmuSetKnobs(0, 2048 + 64);
  ASSERT_EQ(c.call(), expected(kSuccess, at_execute(ACLNN_ERR_PARAM_INVALID)));
  if (upstream()) {
    EXPECT_EQ(last_launch().tilingKey, 257u);
    EXPECT_EQ(c.result[0], 0.0);
    EXPECT_EQ(c.result[63], 0.0);  // dropped
    EXPECT_EQ(c.result[42], 8.0);
  }
}

// MP.D.DILATION: any dilation > 0 passes and goes to the Scatter template; documented: only 1 (161002).
// Dilation 2, kernel 2, stride 2 over 4x4x4 gives one output whose window taps are 0 and 2 per axis.
TEST_F(UpstreamProfile, MaxPoolDilationGoesToScatter) {
  MaxPoolCall c;
  c.dilation = {2};
  c.grad_shape = {1, 1, 1, 1, 1};
  c.indices = {42};  // (2, 2, 2)
  ASSERT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  if (!upstream()) return;
  EXPECT_STREQ(last_launch().strategy, "Scatter");
  for (size_t i = 0; i < c.result.size(); ++i) EXPECT_EQ(c.result[i], i == 42 ? 1.0 : 0.0) << i;
  c.dilation = {0};
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// MP.D.DILATION on Ascend950: dilation reaches the regbase templates; SIMD with whole planes (2049), SIMD with
// the range check that dilation forces once planes do not fit (1025), and SIMT (257) all give the tap its
// gradient. Documented: 161002 (only 1).
TEST_F(UpstreamProfile, MaxPoolDilationOnAscend950) {
  pcEmuSetPlatform("Ascend950");
  MaxPoolCall c;
  c.dilation = {2};
  c.grad_shape = {1, 1, 1, 1, 1};
  c.indices = {42};  // (2, 2, 2)
  const std::pair<int64_t, uint64_t> knobs[] = {{0, 2049}, {2048 + 400, 1025}, {2048 + 64, 257}};
  for (const auto& [ub, key] : knobs) {
    pcEmuSetKnobs(0, ub);
    ASSERT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
    if (!upstream()) return;
    EXPECT_EQ(last_launch().tilingKey, key);
    for (size_t i = 0; i < c.result.size(); ++i) EXPECT_EQ(c.result[i], i == 42 ? 1.0 : 0.0) << key << " " << i;
  }
}

// MP.D.DHW_LIMIT: self D*H*W > 2^31-1 is refused on A2 with a message that says 2^32 - 1.
TEST_F(UpstreamProfile, MaxPoolDhwLimitMessageSays2Pow32) {
  const int64_t big[5] = {1, 1, 1024, 1024, 2048}, zero[5] = {0, 0, 0, 0, 0}, small[5] = {1, 1, 2, 2, 2};
  void* mem = nullptr;
  aclrtMalloc(&mem, 64, ACL_MEM_MALLOC_HUGE_FIRST);
  aclTensor* self = aclCreateTensor(big, 5, ACL_FLOAT, zero, 0, ACL_FORMAT_ND, small, 5, mem);
  aclTensor* gi = aclCreateTensor(big, 5, ACL_FLOAT, zero, 0, ACL_FORMAT_ND, small, 5, mem);
  aclTensor* go = aclCreateTensor(small, 5, ACL_FLOAT, zero, 0, ACL_FORMAT_ND, small, 5, mem);
  aclTensor* idx = aclCreateTensor(small, 5, ACL_INT32, zero, 0, ACL_FORMAT_ND, small, 5, mem);
  IntArray k({2}), s({2}), p({0}), d({1});
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  EXPECT_EQ(aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(go, self, idx, k.get(), s.get(), p.get(), d.get(), false,
                                                             gi, &ws, &ex),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(std::string(aclGetRecentErrMsg()).find("2^32 - 1") != std::string::npos, upstream());
  for (aclTensor* t : {self, gi, go, idx}) aclDestroyTensor(t);
  aclrtFree(mem);
}

// MP.D.EMPTY: an empty gradOutput succeeds with workspace 0 and no kernel, gradInput left as it was.
TEST_F(UpstreamProfile, MaxPoolEmptyGradOutputSucceedsWithoutKernel) {
  MaxPoolCall c;
  c.grad_shape = {1, 1, 0, 2, 2};
  ASSERT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  if (!upstream()) return;
  EXPECT_EQ(last_launch().kernelLaunches, 0);
  EXPECT_EQ(last_launch().workspaceBytes, 0);
  for (double v : c.result) EXPECT_EQ(v, 7.0);
}

// MP.D.FORMATS: any non-private format as long as self, gradOutput and gradInput agree; indices free.
TEST_F(UpstreamProfile, MaxPoolAcceptsAnyNonPrivateFormat) {
  MaxPoolCall c;
  c.fmt = ACL_FORMAT_NHWC;
  EXPECT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  c.fmt = ACL_FORMAT_NCDHW;
  c.idx_fmt = ACL_FORMAT_ND;
  EXPECT_EQ(c.call(), kSuccess);
  c.idx_fmt = ACL_FORMAT_NC1HWC0;
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// MP.D.GRADOUTPUT_SHAPE: gradOutput's D/H/W and N/C are compared only by the tiling: 561002 (GRAPH_FAILED).
TEST_F(UpstreamProfile, MaxPoolGradOutputShapeIsATilingFailure) {
  MaxPoolCall c;
  c.grad_shape = {1, 1, 3, 2, 2};
  EXPECT_EQ(c.call(), expected(at_plan(ACLNN_ERR_INNER_TILING_ERROR), at_plan(ACLNN_ERR_PARAM_INVALID)));
  c.grad_shape = {1, 2, 2, 2, 2};
  EXPECT_EQ(c.call(), expected(at_plan(ACLNN_ERR_INNER_TILING_ERROR), at_plan(ACLNN_ERR_PARAM_INVALID)));
}

// MP.D.INDEX_VALIDITY (Normal): an index outside its window is dropped silently; documented: 161002 at
// execute with gradInput untouched.
TEST_F(UpstreamProfile, MaxPoolNormalDropsIndicesOutsideTheirWindow) {
  MaxPoolCall c;
  c.indices[0] = 63;  // the last window's element, named by the first window
  ASSERT_EQ(c.call(), expected(kSuccess, at_execute(ACLNN_ERR_PARAM_INVALID)));
  if (!upstream()) return;
  EXPECT_STREQ(last_launch().strategy, "Normal");
  EXPECT_EQ(c.result[0], 0.0);
  EXPECT_EQ(c.result[63], 0.0);
  EXPECT_EQ(c.result[2], 2.0);
}

// MP.D.INDEX_VALIDITY (Scatter, forced by a 1 KiB UB): gradInput[nc*DHW + index] is written unchecked, so an
// index past its plane lands in the next one, and one past the tensor is a device fault at execute.
TEST_F(UpstreamProfile, MaxPoolScatterWritesIndicesUnchecked) {
  pcEmuSetKnobs(0, 1024);
  MaxPoolCall c;
  c.self_shape = {1, 2, 4, 4, 4};
  c.grad_shape = {1, 2, 2, 2, 2};
  c.indices = {0, 2, 8, 10, 32, 34, 40, 64 + 5, 0, 2, 8, 10, 32, 34, 40, 42};
  ASSERT_EQ(c.call(), expected(kSuccess, at_execute(ACLNN_ERR_PARAM_INVALID)));
  if (upstream()) {
    EXPECT_STREQ(last_launch().strategy, "Scatter");
    EXPECT_EQ(c.result[128 - 64 + 5], 8.0);  // plane 0's last gradient, in plane 1 at element 5
    EXPECT_EQ(c.result[42], 0.0);
  }
  c.indices[7] = 100000;
  EXPECT_EQ(c.call(), expected(at_execute(ACLNN_ERR_RUNTIME_ERROR), at_execute(ACLNN_ERR_PARAM_INVALID)));
}

// MP.D.RANK: ranks are checked one at a time; self's rank picks the view, so a 5-D gradOutput for a 4-D self
// fails in the tiling (561002); documented: 161002 (all ranks equal).
TEST_F(UpstreamProfile, MaxPoolMixedRanksFailInTheTiling) {
  MaxPoolCall c;
  c.self_shape = {1, 4, 4, 4};
  EXPECT_EQ(c.call(), expected(at_plan(ACLNN_ERR_INNER_TILING_ERROR), at_plan(ACLNN_ERR_PARAM_INVALID)));
}

// MP.D.DTYPE_SAME: gradOutput and gradInput must have self's dtype (161002 in both).
TEST_F(UpstreamProfile, MaxPoolDtypesMustEqualSelf) {
  for (aclDataType dt : {ACL_FLOAT16, ACL_BF16}) {
    MaxPoolCall c;
    c.dt = dt;
    EXPECT_EQ(c.call(), kSuccess);
  }
  Tensor self({1, 1, 4, 4, 4}, ACL_FLOAT, ACL_FORMAT_ND), gi({1, 1, 4, 4, 4}, ACL_FLOAT, ACL_FORMAT_ND);
  Tensor go({1, 1, 2, 2, 2}, ACL_FLOAT16, ACL_FORMAT_ND), idx({1, 1, 2, 2, 2}, ACL_INT32, ACL_FORMAT_ND);
  IntArray k({2}), s({2}), p({0}), d({1});
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  EXPECT_EQ(aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(go.get(), self.get(), idx.get(), k.get(), s.get(), p.get(),
                                                             d.get(), false, gi.get(), &ws, &ex),
            ACLNN_ERR_PARAM_INVALID);
}

// ---------------------------------------------------------------------------------------------------------
// aclnnAvgPool2dBackward. The base call: self 1x1x4x4 NCHW FLOAT32, kernel = stride = 2, no padding,
// countIncludePad, no ceil mode, no divisor: the cube path; gradOutput 1..4.

struct AvgPoolCall {
  aclDataType dt = ACL_FLOAT, self_dt = ACL_FLOAT, gi_dt = ACL_FLOAT;
  aclFormat go_fmt = ACL_FORMAT_NCHW, self_fmt = ACL_FORMAT_NCHW, gi_fmt = ACL_FORMAT_NCHW;
  std::vector<int64_t> self_shape{1, 1, 4, 4}, grad_shape{1, 1, 2, 2};
  std::vector<double> grad;  // default 1, 2, 3, ...
  std::vector<int64_t> kernel{2}, stride{2}, padding{0};
  bool null_stride = false, ceil_mode = false, count_include_pad = true;
  int64_t divisor = 0;
  int8_t cube_math = 0;
  bool null_ws = false;
  std::vector<double> result;

  Outcome call() {
    int64_t grad_count = 1, self_count = 1;
    for (int64_t d : grad_shape) grad_count *= d;
    for (int64_t d : self_shape) self_count *= d;
    Tensor go(grad_shape, dt, go_fmt, grad.empty() ? iota(grad_count, 1) : grad);
    Tensor self(self_shape, self_dt, self_fmt, iota(self_count));
    Tensor gi(self_shape, gi_dt, gi_fmt, {}, 7.0);
    IntArray k(kernel), s(stride), p(padding);
    const PlanFn plan = [&](uint64_t* ws, aclOpExecutor** ex) {
      return aclnnAvgPool2dBackwardGetWorkspaceSize(go.get(), self.get(), k.get(), null_stride ? nullptr : s.get(),
                                                    p.get(), ceil_mode, count_include_pad, divisor, cube_math, gi.get(),
                                                    null_ws ? nullptr : ws, ex);
    };
    const Outcome o = run(plan, aclnnAvgPool2dBackward);
    result = gi.read();
    return o;
  }
};

// AP.D.NULL_STRIDE: a null stride leaving the cube path (ceil mode: the vector 3-D path) is read through in
// FillIntArray, a crash; documented: stride = kernel, success.
TEST_F(UpstreamProfile, AvgPoolNullStrideCrashesOnTheVectorPath) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  AvgPoolCall c;
  c.null_stride = true;
  c.ceil_mode = true;
  if (upstream()) {
    EXPECT_EXIT(c.call(), crashed_on_null_dereference, "");
  } else {
    EXPECT_EQ(c.call(), kSuccess);
    EXPECT_EQ(c.result[0], 0.25);
  }
}

// AP.D.NULL_STRIDE: on Ascend 950 CheckArrayDataAvgPoolBackWard reads it (a crash); documented: 161002.
TEST_F(UpstreamProfile, AvgPoolNullStrideCrashesOnAscend950) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  pcEmuSetPlatform("Ascend950");
  AvgPoolCall c;
  c.null_stride = true;
  if (upstream()) {
    EXPECT_EXIT(c.call(), crashed_on_null_dereference, "");
  } else {
    EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  }
}

// AP.D.NULL_STRIDE: the cube path handles a null stride (stride = kernel) in both profiles.
TEST_F(UpstreamProfile, AvgPoolNullStrideIsKernelOnTheCubePath) {
  AvgPoolCall c;
  c.null_stride = true;
  ASSERT_EQ(c.call(), kSuccess);
  EXPECT_STREQ(last_launch().strategy, "Cube");
  EXPECT_EQ(c.result[0], 0.25);
  EXPECT_EQ(c.result[15], 1.0);
}

// AP.NULL.OUT_PARAMS (upstream never checks them either): a valid call writes through a null workspaceSize.
TEST_F(UpstreamProfile, AvgPoolNullWorkspaceSizeIsDereferenced) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  AvgPoolCall c;
  c.null_ws = true;
  if (upstream()) {
    EXPECT_EXIT(c.call(), crashed_on_null_dereference, "");
  } else {
    EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_NULLPTR));
  }
}

// AP.D.NEGATIVE_PADDING: the cube path takes a negative padding (a cropping transposed convolution: window
// o covers [2o+1, 2o+3)); documented: 161002.
TEST_F(UpstreamProfile, AvgPoolNegativePaddingOnTheCubePath) {
  AvgPoolCall c;
  c.padding = {-1};
  ASSERT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  if (!upstream()) return;
  EXPECT_STREQ(last_launch().strategy, "Cube");
  const int row_window[4] = {-1, 0, 0, 1};
  for (int h = 0; h < 4; ++h)
    for (int w = 0; w < 4; ++w) {
      const double want = row_window[h] < 0 || row_window[w] < 0 ? 0.0 : (row_window[h] * 2 + row_window[w] + 1) / 4.0;
      EXPECT_EQ(c.result[static_cast<size_t>(h * 4 + w)], want) << h << "," << w;
    }
}

// AP.D.NEGATIVE_PADDING: the vector path (ceil mode) refuses it, like documented (161002 both).
TEST_F(UpstreamProfile, AvgPoolNegativePaddingOnTheVectorPath) {
  AvgPoolCall c;
  c.padding = {-1};
  c.ceil_mode = true;
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// AP.D.GLOBAL_POOL_PADDING + AP.D.NEGATIVE_PADDING: the global shortcut writes grad/(kH*kW) to every element,
// padding ignored (a negative one too); documented: the PyTorch gradient (row and column 9 outside the
// window get 0) and 161002 for the negative padding.
TEST_F(UpstreamProfile, AvgPoolGlobalShortcutIgnoresPadding) {
  AvgPoolCall c;
  c.self_shape = {1, 1, 10, 10};
  c.grad_shape = {1, 1, 1, 1};
  c.kernel = {10};
  c.stride = {3};
  c.padding = {1};
  c.grad = {100.0};
  ASSERT_EQ(c.call(), kSuccess);
  EXPECT_STREQ(last_launch().strategy, "Global");
  EXPECT_EQ(c.result[0], 1.0);
  EXPECT_EQ(c.result[99], upstream() ? 1.0 : 0.0);
  c.padding = {-1};
  EXPECT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  if (upstream()) {
    EXPECT_EQ(c.result[99], 1.0);
  }
}

// AP.D.DIVISOR_RANGE: on A2 an out-of-range divisor only selects the vector path, whose l0 op takes an int:
// 2^32 becomes 0 (no override), 2^32 + 2 becomes 2; documented: 161002 outside int32.
TEST_F(UpstreamProfile, AvgPoolDivisorIsTruncatedToInt32) {
  AvgPoolCall c;
  c.divisor = int64_t{1} << 32;
  ASSERT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  if (upstream()) {
    EXPECT_STREQ(last_launch().strategy, "Vector");
    EXPECT_EQ(c.result[0], 0.25);
  }
  c.divisor = (int64_t{1} << 32) + 2;
  ASSERT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  if (upstream()) {
    EXPECT_EQ(c.result[0], 0.5);
  }
}

// AP.D.DIVISOR_RANGE + AP.D.PLATFORMS: Atlas training/inference take FLOAT32/FLOAT16 through the cube path
// with |divisor| <= 255 (no cube kernel emulated there: 561003), else 161002; no BFLOAT16. Documented: the
// platform is refused (161002).
TEST_F(UpstreamProfile, AvgPoolOtherSocsTakeTheCubePath) {
  for (const char* soc : {"Ascend910", "Ascend310P"}) {
    pcEmuSetPlatform(soc);
    AvgPoolCall c;
    EXPECT_EQ(c.call(), expected(at_plan(ACLNN_ERR_INNER_FIND_KERNEL_ERROR), at_plan(ACLNN_ERR_PARAM_INVALID))) << soc;
    c.divisor = 300;
    EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID)) << soc;
    c.divisor = 0;
    c.dt = c.self_dt = c.gi_dt = ACL_BF16;
    EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID)) << soc;
  }
  pcEmuSetPlatform("Ascend950");
  EXPECT_EQ(AvgPoolCall{}.call(),
            expected(at_plan(ACLNN_ERR_INNER_FIND_KERNEL_ERROR), at_plan(ACLNN_ERR_PARAM_INVALID)));
}

// AP.D.CUBE_MATH_1: cubeMathType 1 casts FLOAT32 to FLOAT16 on the cube path (2^17 overflows to inf);
// documented: HF32, which keeps 2^17 (2^15 after the division by 4).
TEST_F(UpstreamProfile, AvgPoolCubeMath1IsFloat16) {
  AvgPoolCall c;
  c.cube_math = 1;
  c.grad = {131072, 1, 1, 1};  // exact in HF32, past FLOAT16's 65504
  ASSERT_EQ(c.call(), kSuccess);
  EXPECT_STREQ(last_launch().strategy, "Cube");
  if (upstream()) {
    EXPECT_TRUE(std::isinf(c.result[0]));
  } else {
    EXPECT_EQ(c.result[0], 32768.0);
  }
}

// AP.D.DTYPE_SAME: only gradOutput == gradInput is required; self's dtype may differ (documented: 161002).
TEST_F(UpstreamProfile, AvgPoolSelfDtypeMayDiffer) {
  AvgPoolCall c;
  c.self_dt = ACL_FLOAT16;
  ASSERT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  if (upstream()) {
    EXPECT_EQ(c.result[15], 1.0);
  }
  c.self_dt = ACL_FLOAT;
  c.gi_dt = ACL_FLOAT16;
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// AP.D.SELF_CHECKS: self's dtype and format are checked like the others (161002 in both).
TEST_F(UpstreamProfile, AvgPoolChecksSelfToo) {
  AvgPoolCall c;
  c.self_dt = ACL_INT32;
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  c.self_dt = ACL_FLOAT;
  c.self_fmt = ACL_FORMAT_ND;
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// AP.D.EMPTY: an empty gradOutput succeeds with workspace 0 and no launch, even with a null stride off the
// cube path; gradInput left as it was.
TEST_F(UpstreamProfile, AvgPoolEmptyGradOutputSucceedsWithoutKernel) {
  AvgPoolCall c;
  c.grad_shape = {1, 1, 0, 2};
  c.null_stride = true;
  c.ceil_mode = true;
  ASSERT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  if (!upstream()) return;
  EXPECT_EQ(last_launch().kernelLaunches, 0);
  for (double v : c.result) EXPECT_EQ(v, 7.0);
}

// AP.D.RANK_FORMAT: only a 4-D gradOutput ties formats (gradOutput and gradInput NCHW); a 4-D self labelled
// NCL passes, and so does a 3-D gradOutput labelled NCHW. Documented: the format must name the rank.
TEST_F(UpstreamProfile, AvgPoolRankAndFormatTieOnlyGradOutput) {
  AvgPoolCall c;
  c.self_fmt = ACL_FORMAT_NCL;
  EXPECT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  AvgPoolCall unbatched;
  unbatched.self_shape = {1, 4, 4};
  unbatched.grad_shape = {1, 2, 2};
  unbatched.self_fmt = unbatched.gi_fmt = ACL_FORMAT_NCL;
  EXPECT_EQ(unbatched.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  unbatched.go_fmt = ACL_FORMAT_NCL;
  EXPECT_EQ(unbatched.call(), kSuccess);
}

// AP.D.ZERO_VALUES: a kernel or stride of 0 is refused (161002 in both).
TEST_F(UpstreamProfile, AvgPoolRefusesZeroKernelAndStride) {
  AvgPoolCall c;
  c.kernel = {0};
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  c.kernel = {2};
  c.stride = {0};
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// AP.D.ND_FORMAT: ND is refused (161002 in both).
TEST_F(UpstreamProfile, AvgPoolRefusesNd) {
  AvgPoolCall c;
  c.go_fmt = c.self_fmt = c.gi_fmt = ACL_FORMAT_ND;
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// AP.D.GRADOUTPUT_SHAPE: H/W are not checked on A2: a 3x3 gradOutput is a transposed convolution over a 3x3
// grid (its third row/column starts past the input); documented: 161002.
TEST_F(UpstreamProfile, AvgPoolGradOutputSizeIsNotChecked) {
  AvgPoolCall c;
  c.grad_shape = {1, 1, 3, 3};
  ASSERT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  if (!upstream()) return;
  for (int h = 0; h < 4; ++h)
    for (int w = 0; w < 4; ++w)
      EXPECT_EQ(c.result[static_cast<size_t>(h * 4 + w)], ((h / 2) * 3 + w / 2 + 1) / 4.0) << h << "," << w;
}

// AP.D.GRADOUTPUT_SHAPE: N/C are not checked by the op_api either; the graph then fails: cube (Conv2D) and
// vector (Reshape) map it to 161002, the global shortcut to 561103. The vector path merges N*C, so planes
// that only swap N and C compute. Documented: 161002 throughout.
TEST_F(UpstreamProfile, AvgPoolGradOutputPlanesFailInTheGraph) {
  AvgPoolCall cube;
  cube.grad_shape = {1, 2, 2, 2};
  EXPECT_EQ(cube.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  AvgPoolCall vector;
  vector.ceil_mode = true;
  vector.self_shape = {2, 1, 4, 4};
  vector.grad_shape = {1, 2, 2, 2};
  EXPECT_EQ(vector.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  AvgPoolCall global;
  global.self_shape = {1, 1, 10, 10};
  global.grad_shape = {1, 2, 1, 1};
  global.kernel = {10};
  EXPECT_EQ(global.call(), expected(at_plan(ACLNN_ERR_INNER_NULLPTR), at_plan(ACLNN_ERR_PARAM_INVALID)));
}

// AP.D.CUBE_MATH_DTYPE: only the range 0..3 is checked: USE_FP16 with BFLOAT16 and USE_HF32 with FLOAT16
// pass; documented: 161002. 4 is refused by both.
TEST_F(UpstreamProfile, AvgPoolCubeMathOnlyRangeChecked) {
  AvgPoolCall bf16;
  bf16.dt = bf16.self_dt = bf16.gi_dt = ACL_BF16;
  bf16.cube_math = 2;
  EXPECT_EQ(bf16.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  AvgPoolCall fp16;
  fp16.dt = fp16.self_dt = fp16.gi_dt = ACL_FLOAT16;
  fp16.cube_math = 3;
  EXPECT_EQ(fp16.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  fp16.cube_math = 4;
  EXPECT_EQ(fp16.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// ---------------------------------------------------------------------------------------------------------
// aclnnAdaptiveAvgPool3dBackward. The base call: self and out 1x1x4x4x4 FLOAT32 ND, gradOutput 1x1x2x2x2.

struct AdaptiveCall {
  aclDataType dt = ACL_FLOAT, out_dt = ACL_FLOAT;
  aclFormat fmt = ACL_FORMAT_ND, out_fmt = ACL_FORMAT_ND;
  std::vector<int64_t> self_shape{1, 1, 4, 4, 4}, grad_shape{1, 1, 2, 2, 2}, out_shape;
  std::vector<double> grad;
  bool null_ws = false;
  std::vector<double> result;

  Outcome call() {
    int64_t grad_count = 1;
    for (int64_t d : grad_shape) grad_count *= d;
    Tensor go(grad_shape, dt, fmt, grad.empty() ? iota(grad_count, 1) : grad), self(self_shape, dt, fmt);
    Tensor out(out_shape.empty() ? self_shape : out_shape, out_dt, out_fmt, {}, 7.0);
    const PlanFn plan = [&](uint64_t* ws, aclOpExecutor** ex) {
      return aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize(go.get(), self.get(), out.get(), null_ws ? nullptr : ws,
                                                            ex);
    };
    const Outcome o = run(plan, aclnnAdaptiveAvgPool3dBackward);
    result = out.read();
    return o;
  }
};

// AA.D.PLATFORMS: Ascend910 (Atlas training) refuses everything but a 1x1x1 gradOutput (161002); Atlas
// inference has no such limit. Documented: both supported for every shape.
TEST_F(UpstreamProfile, AdaptiveAtlasTrainingOnlyAllOne) {
  pcEmuSetPlatform("Ascend910");
  EXPECT_EQ(AdaptiveCall{}.call(), expected(at_plan(ACLNN_ERR_PARAM_INVALID), kSuccess));
  AdaptiveCall one;
  one.grad_shape = {1, 1, 1, 1, 1};
  EXPECT_EQ(one.call(), kSuccess);
  pcEmuSetPlatform("Ascend310P");
  EXPECT_EQ(AdaptiveCall{}.call(), kSuccess);
}

// AA.D.ASCEND950: the regbase path passes the op_api (no arch35 kernel is emulated: 561003); documented: 161002.
TEST_F(UpstreamProfile, AdaptiveAscend950PassesTheOpApi) {
  pcEmuSetPlatform("Ascend950");
  EXPECT_EQ(AdaptiveCall{}.call(),
            expected(at_plan(ACLNN_ERR_INNER_FIND_KERNEL_ERROR), at_plan(ACLNN_ERR_PARAM_INVALID)));
}

// AA.D.OUT_N_950: on regbase the dim loop starts at 1, so out's N is never compared with self's.
TEST_F(UpstreamProfile, AdaptiveAscend950NeverComparesOutN) {
  pcEmuSetPlatform("Ascend950");
  AdaptiveCall c;
  c.self_shape = {2, 1, 4, 4, 4};
  c.grad_shape = {2, 1, 2, 2, 2};
  c.out_shape = {3, 1, 4, 4, 4};
  EXPECT_EQ(c.call(), expected(at_plan(ACLNN_ERR_INNER_FIND_KERNEL_ERROR), at_plan(ACLNN_ERR_PARAM_INVALID)));
  pcEmuSetPlatform("Ascend910B");
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// AA.D.EMPTY: on Ascend 950 self's N may be 0: success with workspace 0 and no kernel. On A2 a zero dim is
// refused in both profiles.
TEST_F(UpstreamProfile, AdaptiveEmptyBatchOnlyOnAscend950) {
  AdaptiveCall c;
  c.self_shape = {0, 1, 4, 4, 4};
  c.grad_shape = {0, 1, 2, 2, 2};
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  pcEmuSetPlatform("Ascend950");
  EXPECT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  if (upstream()) {
    EXPECT_EQ(last_launch().kernelLaunches, 0);
  }
}

// AA.D.DOUBLE_ALL_ONE: DOUBLE with a 1x1x1 gradOutput is the Fill+Mul path, computed in double; with another
// shape it is refused on A2; on other SoCs it passes the op_api but the kernel has no DOUBLE (561103).
// Documented: DOUBLE is refused everywhere (161002).
TEST_F(UpstreamProfile, AdaptiveDoubleOnTheAllOnePath) {
  AdaptiveCall one;
  one.dt = one.out_dt = ACL_DOUBLE;
  one.grad_shape = {1, 1, 1, 1, 1};
  one.grad = {3.0};
  ASSERT_EQ(one.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  if (upstream()) {
    for (double v : one.result) EXPECT_EQ(v, 3.0 * static_cast<double>(static_cast<float>(1.0 / 64)));
  }
  AdaptiveCall common;
  common.dt = common.out_dt = ACL_DOUBLE;
  EXPECT_EQ(common.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  pcEmuSetPlatform("Ascend310P");
  EXPECT_EQ(common.call(), expected(at_plan(ACLNN_ERR_INNER_NULLPTR), at_plan(ACLNN_ERR_PARAM_INVALID)));
}

// AA.D.BF16_ATLAS: no BFLOAT16 off A2/A3 (161002 in both).
TEST_F(UpstreamProfile, AdaptiveNoBf16OnAtlas) {
  pcEmuSetPlatform("Ascend310P");
  AdaptiveCall c;
  c.dt = c.out_dt = ACL_BF16;
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// AA.D.UPSAMPLING: a gradOutput larger than self is legal in both.
TEST_F(UpstreamProfile, AdaptiveUpsamplingIsLegal) {
  AdaptiveCall c;
  c.grad_shape = {1, 1, 8, 8, 8};
  EXPECT_EQ(c.call(), kSuccess);
}

// AA.D.NULL_OUT_PARAMS: workspaceSize and executor are checked first (161001 in both; no crash).
TEST_F(UpstreamProfile, AdaptiveChecksOutParamsFirst) {
  AdaptiveCall c;
  c.null_ws = true;
  c.dt = ACL_INT32;
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_NULLPTR));
}

// AA.D.ALL_ONE_PRECISION: a 1x1x1 gradOutput is Fill(1/27 in FLOAT16) times the gradient in FLOAT16: two
// roundings (both profiles).
TEST_F(UpstreamProfile, AdaptiveAllOneRoundsTheFactorToTheDtype) {
  AdaptiveCall c;
  c.dt = c.out_dt = ACL_FLOAT16;
  c.self_shape = {1, 1, 3, 3, 3};
  c.grad_shape = {1, 1, 1, 1, 1};
  c.grad = {3.0};
  ASSERT_EQ(c.call(), kSuccess);
  const float fill = pcemu::half_to_float(pcemu::float_to_half(static_cast<float>(1.0 / 27)));
  const double want = pcemu::half_to_float(pcemu::float_to_half(3.0f * fill));
  for (double v : c.result) EXPECT_EQ(v, want);
}

// AA.D.FORMATS: any non-private format passes if all three agree (documented: ND or NCDHW only).
TEST_F(UpstreamProfile, AdaptiveAcceptsAnyEqualNonPrivateFormat) {
  AdaptiveCall c;
  c.fmt = c.out_fmt = ACL_FORMAT_NCHW;
  EXPECT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  c.fmt = c.out_fmt = ACL_FORMAT_NC1HWC0;
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// AA.D.OUT_CHECKS: out's dtype is tied by self == out, its format must equal the others (161002 in both).
TEST_F(UpstreamProfile, AdaptiveTiesOutToSelf) {
  AdaptiveCall c;
  c.out_dt = ACL_FLOAT16;
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  c.out_dt = ACL_FLOAT;
  c.out_fmt = ACL_FORMAT_NCDHW;
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// AA.D.RANK_EQUAL and AA.D.SHAPE_MATCH: equal ranks, out == self in every dim (161002 in both).
TEST_F(UpstreamProfile, AdaptiveRanksEqualAndOutMatchesSelf) {
  AdaptiveCall ranks;
  ranks.grad_shape = {1, 2, 2, 2};
  EXPECT_EQ(ranks.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  AdaptiveCall out;
  out.out_shape = {1, 1, 4, 4, 5};
  EXPECT_EQ(out.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// AA.D.SEMANTICS: windows [floor(o*I/O), ceil((o+1)*I/O)): W 5 -> 3 gives [0,2), [1,4), [3,5) (both).
TEST_F(UpstreamProfile, AdaptiveWindowsAreFloorCeil) {
  AdaptiveCall c;
  c.self_shape = {1, 1, 1, 1, 5};
  c.grad_shape = {1, 1, 1, 1, 3};
  c.grad = {2, 3, 4};
  ASSERT_EQ(c.call(), kSuccess);
  const std::vector<double> want{1.0, 1.0 + 1.0, 1.0, 1.0 + 2.0, 2.0};
  EXPECT_EQ(c.result, want);
}

// AA.D.DETERMINISM: atomics exactly when a size does not divide; deterministic mode runs on one core (both).
TEST_F(UpstreamProfile, AdaptiveAtomicsOnlyWhenSizesDoNotDivide) {
  AdaptiveCall divides;
  ASSERT_EQ(divides.call(), kSuccess);
  EXPECT_EQ(last_launch().atomicAdds, 0);
  AdaptiveCall uneven;
  uneven.grad_shape = {1, 1, 3, 3, 3};
  ASSERT_EQ(uneven.call(), kSuccess);
  EXPECT_EQ(last_launch().atomicAdds, 1);
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1);
  ASSERT_EQ(uneven.call(), kSuccess);
  EXPECT_EQ(last_launch().blockDim, 1);
}

// ---------------------------------------------------------------------------------------------------------
// aclnnAdaptiveAvgPool2dBackward. The base call: self and out 1x1x4x4 FLOAT32 NCHW, gradOutput 1x1x2x2 (1..4).

struct Adaptive2dCall {
  aclDataType dt = ACL_FLOAT, out_dt = ACL_FLOAT;
  aclFormat grad_fmt = ACL_FORMAT_NCHW, self_fmt = ACL_FORMAT_NCHW, out_fmt = ACL_FORMAT_NCHW;
  std::vector<int64_t> self_shape{1, 1, 4, 4}, grad_shape{1, 1, 2, 2}, out_shape;
  std::vector<double> grad;
  bool null_ws = false, null_ex = false, null_out = false;
  std::vector<double> result;

  Outcome call() {
    int64_t grad_count = 1;
    for (int64_t d : grad_shape) grad_count *= d;
    Tensor go(grad_shape, dt, grad_fmt, grad.empty() ? iota(grad_count, 1) : grad), self(self_shape, dt, self_fmt);
    Tensor out(out_shape.empty() ? self_shape : out_shape, out_dt, out_fmt, {}, 7.0);
    const PlanFn plan = [&](uint64_t* ws, aclOpExecutor** ex) {
      return aclnnAdaptiveAvgPool2dBackwardGetWorkspaceSize(go.get(), self.get(), null_out ? nullptr : out.get(),
                                                            null_ws ? nullptr : ws, null_ex ? nullptr : ex);
    };
    const Outcome o = run(plan, aclnnAdaptiveAvgPool2dBackward);
    result = out.read();
    return o;
  }
};

// AA2.D.NULL_CHECKS: workspaceSize and executor are never checked: a valid call writes through them (a crash),
// an empty one too; documented: 161001 first.
TEST_F(UpstreamProfile, Adaptive2dNullWorkspaceSizeIsDereferenced) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  Adaptive2dCall ws, ex, empty;
  ws.null_ws = true;
  ex.null_ex = true;
  empty.null_ws = true;
  empty.self_shape = {1, 1, 0, 4};
  for (Adaptive2dCall* c : {&ws, &ex, &empty}) {
    if (upstream()) {
      EXPECT_EXIT(c->call(), crashed_on_null_dereference, "");
    } else {
      EXPECT_EQ(c->call(), at_plan(ACLNN_ERR_PARAM_NULLPTR));
    }
  }
}

// AA2.D.NULL_CHECKS: a refused call returns before the out-parameters are written: a bad dtype with a null
// workspaceSize is 161002 upstream, 161001 documented. A null out is 161001 in both.
TEST_F(UpstreamProfile, Adaptive2dRefusedCallNeverTouchesTheOutParameters) {
  Adaptive2dCall c;
  c.dt = c.out_dt = ACL_INT32;
  c.null_ws = c.null_ex = true;
  EXPECT_EQ(c.call(), expected(at_plan(ACLNN_ERR_PARAM_INVALID), at_plan(ACLNN_ERR_PARAM_NULLPTR)));
  Adaptive2dCall out;
  out.null_out = true;
  EXPECT_EQ(out.call(), at_plan(ACLNN_ERR_PARAM_NULLPTR));
}

// AA2.D.PLATFORMS: no SoC check: Ascend310B (and an unknown SoC) take FLOAT32/FLOAT16 to the AssistMatmul or
// FillMul route (no emulated kernel there: 561003) and refuse BFLOAT16; documented: 161002.
TEST_F(UpstreamProfile, Adaptive2dOtherSocsPassTheOpApi) {
  for (const char* soc : {"Ascend310B", "NoSuchSoc"}) {
    pcEmuSetPlatform(soc);
    EXPECT_EQ(Adaptive2dCall{}.call(),
              expected(at_plan(ACLNN_ERR_INNER_FIND_KERNEL_ERROR), at_plan(ACLNN_ERR_PARAM_INVALID)))
        << soc;
    Adaptive2dCall one;
    one.grad_shape = {1, 1, 1, 1};
    EXPECT_EQ(one.call(), expected(at_plan(ACLNN_ERR_INNER_FIND_KERNEL_ERROR), at_plan(ACLNN_ERR_PARAM_INVALID)))
        << soc;
    Adaptive2dCall bf16;
    bf16.dt = bf16.out_dt = ACL_BF16;
    EXPECT_EQ(bf16.call(), at_plan(ACLNN_ERR_PARAM_INVALID)) << soc;
  }
}

// AA2.D.DTYPES: BFLOAT16 refused on Ascend910/Ascend310P, DOUBLE everywhere (161002 in both).
TEST_F(UpstreamProfile, Adaptive2dDtypeLists) {
  Adaptive2dCall dbl;
  dbl.dt = dbl.out_dt = ACL_DOUBLE;
  EXPECT_EQ(dbl.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  dbl.grad_shape = {1, 1, 1, 1};
  EXPECT_EQ(dbl.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  for (const char* soc : {"Ascend910", "Ascend310P"}) {
    pcEmuSetPlatform(soc);
    Adaptive2dCall bf16;
    bf16.dt = bf16.out_dt = ACL_BF16;
    EXPECT_EQ(bf16.call(), at_plan(ACLNN_ERR_PARAM_INVALID)) << soc;
  }
}

// AA2.D.FORMATS: gradOutput's format must equal self's and not be private, any other label passes (NHWC);
// documented: ND, NCHW or NCL each, mixed allowed. Out's format is checked by neither.
TEST_F(UpstreamProfile, Adaptive2dFormatsEqualNotListed) {
  Adaptive2dCall nhwc;
  nhwc.grad_fmt = nhwc.self_fmt = nhwc.out_fmt = ACL_FORMAT_NHWC;
  EXPECT_EQ(nhwc.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  Adaptive2dCall mixed;
  mixed.grad_fmt = ACL_FORMAT_ND;
  EXPECT_EQ(mixed.call(), expected(at_plan(ACLNN_ERR_PARAM_INVALID), kSuccess));
  Adaptive2dCall priv;
  priv.grad_fmt = priv.self_fmt = ACL_FORMAT_NC1HWC0;
  EXPECT_EQ(priv.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  Adaptive2dCall out;
  out.out_fmt = ACL_FORMAT_NCDHW;
  EXPECT_EQ(out.call(), kSuccess);
}

// AA2.D.OUT_CHECKS and AA2.D.RANKS: ranks 3 or 4 and equal (out's too), out's and gradOutput's N and C equal
// self's (161002 in both).
TEST_F(UpstreamProfile, Adaptive2dRanksAndLeadingDims) {
  Adaptive2dCall ranks;
  ranks.grad_shape = {1, 2, 2};
  EXPECT_EQ(ranks.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  Adaptive2dCall five;
  five.self_shape = {1, 1, 1, 4, 4};
  five.grad_shape = {1, 1, 1, 2, 2};
  EXPECT_EQ(five.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  Adaptive2dCall out_rank;
  out_rank.out_shape = {1, 4, 4};
  EXPECT_EQ(out_rank.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  Adaptive2dCall out_c;
  out_c.out_shape = {1, 2, 4, 4};
  EXPECT_EQ(out_c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  Adaptive2dCall grad_n;
  grad_n.grad_shape = {2, 1, 2, 2};
  EXPECT_EQ(grad_n.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// AA2.D.OUT_SHAPE: out's H and W are never compared; the graph's ViewCopy of a 4x4 result into a 4x5 out fails
// (561103) on every route; documented: 161002.
TEST_F(UpstreamProfile, Adaptive2dOutHwFailsInTheGraph) {
  for (const char* soc : {"Ascend910B", "Ascend910", "Ascend950"}) {
    pcEmuSetPlatform(soc);
    for (const std::vector<int64_t>& grad : {std::vector<int64_t>{1, 1, 2, 2}, std::vector<int64_t>{1, 1, 1, 1}}) {
      Adaptive2dCall c;
      c.grad_shape = grad;
      c.out_shape = {1, 1, 4, 5};
      EXPECT_EQ(c.call(), expected(at_plan(ACLNN_ERR_INNER_NULLPTR), at_plan(ACLNN_ERR_PARAM_INVALID))) << soc;
    }
  }
}

// AA2.D.OUT_DTYPE: out's dtype is never checked. FillMul casts to it (success on the device; the emulator has
// no such cast: 561003); the other routes' ViewCopy of a FLOAT result into a FLOAT16 out fails (561103).
// Documented: 161002.
TEST_F(UpstreamProfile, Adaptive2dOutDtypeIsNotChecked) {
  Adaptive2dCall general;
  general.out_dt = ACL_FLOAT16;
  EXPECT_EQ(general.call(), expected(at_plan(ACLNN_ERR_INNER_NULLPTR), at_plan(ACLNN_ERR_PARAM_INVALID)));
  Adaptive2dCall fill = general;
  fill.grad_shape = {1, 1, 1, 1};
  EXPECT_EQ(fill.call(), expected(at_plan(ACLNN_ERR_INNER_FIND_KERNEL_ERROR), at_plan(ACLNN_ERR_PARAM_INVALID)));
}

// AA2.D.EMPTY: an empty self or gradOutput succeeds with workspace 0 and no kernel in both; upstream never
// looks at out's H and W, so an empty call with any out of self's rank and N, C succeeds too (documented: 161002).
TEST_F(UpstreamProfile, Adaptive2dEmptySucceedsWithoutKernel) {
  Adaptive2dCall c;
  c.grad_shape = {1, 1, 0, 2};
  EXPECT_EQ(c.call(), kSuccess);
  EXPECT_EQ(last_launch().kernelLaunches, 0);
  c.out_shape = {1, 1, 3, 3};
  EXPECT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
}

// AA2.D.ALL_ONE_PRECISION: a 1x1 gradOutput is Fill(1/9 rounded to FLOAT16) times the gradient in FLOAT16 (both).
TEST_F(UpstreamProfile, Adaptive2dAllOneRoundsTheFactorToTheDtype) {
  Adaptive2dCall c;
  c.dt = c.out_dt = ACL_FLOAT16;
  c.self_shape = {1, 1, 3, 3};
  c.grad_shape = {1, 1, 1, 1};
  c.grad = {3.0};
  ASSERT_EQ(c.call(), kSuccess);
  const float fill = pcemu::half_to_float(pcemu::float_to_half(static_cast<float>(1.0 / 9)));
  const double want = pcemu::half_to_float(pcemu::float_to_half(3.0f * fill));
  for (double v : c.result) EXPECT_EQ(v, want);
}

// AA2.D.ASSIST_FLOAT: on Ascend910 a FLOAT call's BatchMatMul operands are fp16 upstream: self 1x1x3x2, gradOutput
// 1x1x1x2 = [1, 2] (windows of 3 rows) gives fp16(g * fp32(1/3)); documented keeps fp32: fp32(g * fp32(1/3)).
// On Ascend910B (the 3-D kernels) both profiles give the fp32 values.
TEST_F(UpstreamProfile, Adaptive2dFloatOnTheAssistMatmulRoute) {
  Adaptive2dCall c;
  c.self_shape = {1, 1, 3, 2};
  c.grad_shape = {1, 1, 1, 2};
  c.grad = {1, 2};
  const float third = 1.0f / 3.0f;
  const std::vector<double> fp32{third, 2 * third, third, 2 * third, third, 2 * third};
  std::vector<double> fp16;
  for (double v : fp32) fp16.push_back(pcemu::half_to_float(pcemu::float_to_half(static_cast<float>(v))));
  ASSERT_NE(fp16, fp32);
  pcEmuSetPlatform("Ascend910");
  ASSERT_EQ(c.call(), kSuccess);
  EXPECT_EQ(c.result, upstream() ? fp16 : fp32);
  pcEmuSetPlatform("Ascend910B");
  ASSERT_EQ(c.call(), kSuccess);
  EXPECT_EQ(c.result, fp32);
}

// ---------------------------------------------------------------------------------------------------------
// aclnnAvgPool3dBackward. The base call: self and output 1x1x4x4x4 FLOAT32 ND, kernel = stride = 2, no padding,
// countIncludePad, no ceil mode, no divisor; gradOutput 1x1x2x2x2 (1..8), so output element i gets g / 8.

struct AvgPool3dCall {
  aclDataType dt = ACL_FLOAT, self_dt = ACL_FLOAT, out_dt = ACL_FLOAT;
  aclFormat go_fmt = ACL_FORMAT_ND, self_fmt = ACL_FORMAT_ND, out_fmt = ACL_FORMAT_ND;
  std::vector<int64_t> self_shape{1, 1, 4, 4, 4}, grad_shape{1, 1, 2, 2, 2}, out_shape;
  std::vector<double> grad;  // default 1, 2, 3, ...
  std::vector<int64_t> kernel{2}, stride{2}, padding{0};
  bool ceil_mode = false, count_include_pad = true;
  int64_t divisor = 0;
  bool null_grad = false, null_kernel = false, null_stride = false, null_out = false, null_ws = false;
  std::vector<double> result;

  Outcome call() {
    int64_t grad_count = 1;
    for (int64_t d : grad_shape) grad_count *= d;
    Tensor go(grad_shape, dt, go_fmt, grad.empty() ? iota(grad_count, 1) : grad);
    Tensor self(self_shape, self_dt, self_fmt);
    Tensor out(out_shape.empty() ? self_shape : out_shape, out_dt, out_fmt, {}, 7.0);
    IntArray k(kernel), s(stride), p(padding);
    const PlanFn plan = [&](uint64_t* ws, aclOpExecutor** ex) {
      return aclnnAvgPool3dBackwardGetWorkspaceSize(
          null_grad ? nullptr : go.get(), self.get(), null_kernel ? nullptr : k.get(), null_stride ? nullptr : s.get(),
          p.get(), ceil_mode, count_include_pad, divisor, null_out ? nullptr : out.get(), null_ws ? nullptr : ws, ex);
    };
    const Outcome o = run(plan, aclnnAvgPool3dBackward);
    result = out.read();
    return o;
  }
};

// AP3.D.NULL_STRIDE: CheckNotNull lists stride, so a null stride is 161001; documented: stride = kernel.
TEST_F(UpstreamProfile, AvgPool3dNullStrideIsRefused) {
  AvgPool3dCall c;
  c.null_stride = true;
  ASSERT_EQ(c.call(), expected(at_plan(ACLNN_ERR_PARAM_NULLPTR), kSuccess));
  if (!upstream()) {
    EXPECT_EQ(c.result[0], 1.0 / 8);
  }
  c.null_stride = false;
  c.stride = {};  // an empty stride is the kernel in both
  ASSERT_EQ(c.call(), expected(kSuccess, kSuccess));
  EXPECT_EQ(c.result[0], 1.0 / 8);
}

// AP3.D.DIVISOR_INT32: the l0 op takes an int: 2^32 becomes 0 (no override: g / 8), 2^32 + 2 becomes 2;
// documented: the int64 divides.
TEST_F(UpstreamProfile, AvgPool3dDivisorIsTruncatedToInt32) {
  AvgPool3dCall c;
  c.self_shape = {1, 1, 2, 2, 2};
  c.grad_shape = {1, 1, 1, 1, 1};
  c.grad = {8};
  const double two32 = 4294967296.0;
  c.divisor = int64_t{1} << 32;
  ASSERT_EQ(c.call(), kSuccess);
  for (double v : c.result) EXPECT_FLOAT_EQ(v, upstream() ? 1.0 : 8 / two32);
  c.divisor = (int64_t{1} << 32) + 2;
  ASSERT_EQ(c.call(), kSuccess);
  for (double v : c.result) EXPECT_FLOAT_EQ(v, upstream() ? 4.0 : 8 / (two32 + 2));
}

// AP3.D.OUT_DTYPE: output's dtype is never compared with gradOutput's; the ViewCopy of the FLOAT result into a
// FLOAT16 output fails (561103); documented: 161002. self's dtype is free in both.
TEST_F(UpstreamProfile, AvgPool3dOutputDtypeIsNotChecked) {
  AvgPool3dCall c;
  c.out_dt = ACL_FLOAT16;
  EXPECT_EQ(c.call(), expected(at_plan(ACLNN_ERR_INNER_NULLPTR), at_plan(ACLNN_ERR_PARAM_INVALID)));
  AvgPool3dCall self;
  self.self_dt = ACL_BF16;
  ASSERT_EQ(self.call(), kSuccess);
  EXPECT_EQ(self.result[0], 1.0 / 8);
}

// AP3.D.FORMATS: only gradOutput's format is compared (with output's) and it must not be private; self's is
// free and no label is required. Documented: all three ND or NCDHW, and equal.
TEST_F(UpstreamProfile, AvgPool3dFormatsTieOnlyGradOutputToOutput) {
  AvgPool3dCall self;
  self.self_fmt = ACL_FORMAT_NCHW;
  ASSERT_EQ(self.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  if (upstream()) {
    EXPECT_EQ(self.result[0], 1.0 / 8);
  }
  AvgPool3dCall ndhwc;
  ndhwc.go_fmt = ndhwc.out_fmt = ACL_FORMAT_NDHWC;
  EXPECT_EQ(ndhwc.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  AvgPool3dCall mixed;
  mixed.out_fmt = ACL_FORMAT_NCDHW;
  EXPECT_EQ(mixed.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
  AvgPool3dCall priv;
  priv.go_fmt = priv.out_fmt = ACL_FORMAT_NC1HWC0;
  EXPECT_EQ(priv.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// AP3.D.EMPTY: an empty gradOutput succeeds with workspace 0 and no launch before the list values and
// gradOutput's shape are checked (a zero kernel included); output left as it was. Documented: 161002. output
// must still equal self (checked before the shortcut, 161002 in both).
TEST_F(UpstreamProfile, AvgPool3dEmptyGradOutputSucceedsWithoutKernel) {
  AvgPool3dCall c;
  c.grad_shape = {1, 1, 0, 2, 2};
  ASSERT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  if (upstream()) {
    EXPECT_EQ(last_launch().kernelLaunches, 0);
    EXPECT_EQ(last_launch().workspaceBytes, 0);
    for (double v : c.result) EXPECT_EQ(v, 7.0);
  }
  c.kernel = {0};
  EXPECT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  c.out_shape = {1, 1, 4, 4, 2};
  EXPECT_EQ(c.call(), at_plan(ACLNN_ERR_PARAM_INVALID));
}

// AP3.D.POOLED_SIZE: PoolingOutShape divides in C++ (toward zero): depth 2 under a kernel of 5 with stride 4
// gives (2 - 5) / 4 + 1 = 1 output, which the kernel computes over the clipped window (g / 8 with
// countIncludePad); documented: PyTorch's floor gives 0, so 161002.
TEST_F(UpstreamProfile, AvgPool3dPooledSizeTruncatesTowardZero) {
  AvgPool3dCall c;
  c.self_shape = {1, 1, 2, 4, 4};
  c.grad_shape = {1, 1, 1, 2, 2};
  c.kernel = {5, 2, 2};
  c.stride = {4, 2, 2};
  ASSERT_EQ(c.call(), expected(kSuccess, at_plan(ACLNN_ERR_PARAM_INVALID)));
  if (!upstream()) return;
  EXPECT_EQ(c.result[0], 1.0 / 8);
  EXPECT_EQ(c.result[31], 4.0 / 8);
}

// AP3.D.PLATFORMS: no platform check; off ASCEND910B/ASCEND910_93/regbase the dtype list is empty, so the call
// fails (161002) at gradOutput's dtype. Documented: 161002 for the platform.
TEST_F(UpstreamProfile, AvgPool3dOtherSocsHaveNoDtype) {
  for (const char* soc : {"Ascend910", "Ascend310P", "Ascend310B"}) {
    pcEmuSetPlatform(soc);
    EXPECT_EQ(AvgPool3dCall{}.call(), at_plan(ACLNN_ERR_PARAM_INVALID)) << soc;
    const std::string msg = aclGetRecentErrMsg();
    EXPECT_EQ(msg.find("gradOutput dtype FLOAT") != std::string::npos, upstream()) << soc << ": " << msg;
  }
  pcEmuSetPlatform("Ascend950");
  EXPECT_EQ(AvgPool3dCall{}.call(), kSuccess);
}

// AP3.D.DETERMINISM: in deterministic mode TransGrad2CDHW reshapes N*C = 6 into 6 groups (the largest divisor of
// N*C within the 48 vector cores) in both profiles. Control: one group without it.
TEST_F(UpstreamProfile, AvgPool3dDeterministicModeGroupsTheChannels) {
  AvgPool3dCall c;
  c.self_shape = {2, 3, 4, 4, 4};
  c.grad_shape = {2, 3, 2, 2, 2};
  c.grad.assign(48, 8.0);
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1);
  ASSERT_EQ(c.call(), kSuccess);
  EXPECT_NE(std::string(last_launch().tilingSummary).find("groups=6"), std::string::npos)
      << last_launch().tilingSummary;
  for (double v : c.result) EXPECT_EQ(v, 1.0);
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
  ASSERT_EQ(c.call(), kSuccess);
  EXPECT_EQ(std::string(last_launch().tilingSummary).find("groups="), std::string::npos);
}

// The statuses ops-nn's own op_api unit test (tests/ut/op_api/test_aclnn_avgpool3dbackward.cpp, cases 1-14)
// writes beside each call (its EXPECTs are commented out); the same in both profiles, as are the out-parameter
// checks (OP_CHECK_COMM_INPUT: 161001 first).
TEST_F(UpstreamProfile, AvgPool3dOpsNnUnitTestStatuses) {
  auto ut = [] {
    AvgPool3dCall c;
    c.self_shape = {1, 16, 4, 4, 4};
    c.grad_shape = {1, 16, 1, 1, 1};
    c.kernel = {4, 4, 4};
    c.stride = {1, 1, 1};
    c.padding = {0, 0, 0};
    c.ceil_mode = true;
    c.count_include_pad = false;
    return c;
  };
  const Outcome invalid = at_plan(ACLNN_ERR_PARAM_INVALID), null = at_plan(ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(ut().call(), kSuccess);  // case 1
  auto c = ut();
  c.null_grad = true;
  EXPECT_EQ(c.call(), null);  // case 2
  c = ut();
  c.null_kernel = true;
  EXPECT_EQ(c.call(), null);  // case 3
  c = ut();
  c.null_out = true;
  EXPECT_EQ(c.call(), null);  // case 4
  c = ut();
  c.dt = ACL_INT32;
  EXPECT_EQ(c.call(), invalid);  // case 5
  c = ut();
  c.grad_shape = {1, 16, 1};
  EXPECT_EQ(c.call(), invalid);  // case 6
  c = ut();
  c.kernel = {4, 4};
  EXPECT_EQ(c.call(), invalid);  // case 7
  c = ut();
  c.kernel = {4, 4, -4};
  EXPECT_EQ(c.call(), invalid);  // case 8
  c = ut();
  c.out_shape = {1, 16, 4, 4};
  EXPECT_EQ(c.call(), invalid);  // case 9
  c = ut();
  c.self_shape = {1, 16, 4, 4};
  c.out_shape = {1, 16, 4, 4, 4};
  EXPECT_EQ(c.call(), invalid);  // case 10
  c = ut();
  c.self_shape = {1, 16, 4, 4, 5};
  c.out_shape = {1, 16, 4, 4, 4};
  EXPECT_EQ(c.call(), invalid);  // case 11
  c = ut();
  c.kernel = {-1, -1, -1};
  c.stride = {0, 0, 0};
  EXPECT_EQ(c.call(), invalid);  // case 12
  c = ut();
  c.stride = {-1, -1, -1};
  EXPECT_EQ(c.call(), invalid);  // case 13
  c = ut();
  c.padding = {-1, -1, -1};
  EXPECT_EQ(c.call(), invalid);  // case 14
  c = ut();
  c.null_ws = true;
  c.dt = ACL_INT32;
  EXPECT_EQ(c.call(), null);
}

}  // namespace
