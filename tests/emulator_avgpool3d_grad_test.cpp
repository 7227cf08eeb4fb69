// aclnnAvgPool3dBackward through its public C API: numbers against the 3-D oracle (oracle/avgpool3d_grad.h),
// each comparison with a fault that must make it fail; one test per documented failure rule, each with a
// passing twin that differs only in the violated parameter; the document's own call example; and Ascend 950, where
// the same kernel runs on that profile's cores and UB.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_avgpool3d_backward.h"
#include "case/numeric.h"
#include "oracle/avgpool3d_grad.h"
#include "poolcheck_emu/emu.h"
#include "tests/support/device_tensor.h"

namespace {

using poolcheck::test_support::case_dtype;
using poolcheck::test_support::DeviceTensor;
using poolcheck::test_support::element_count;
using poolcheck::test_support::IntArray;

// Which argument a call passes as nullptr.
enum class NullArg { None, GradOutput, Self, Kernel, Stride, Padding, Output, WorkspaceSize, Executor };

// One aclnnAvgPool3dBackward call. Defaults: fp32 NCDHW 1x2x4x4x4, kernel = stride = 2, no padding.
struct Call {
  aclDataType dt = ACL_FLOAT;
  std::optional<aclDataType> self_dt, out_dt;
  aclFormat fmt = ACL_FORMAT_ND;
  std::optional<aclFormat> out_fmt;
  std::vector<int64_t> self_shape{1, 2, 4, 4, 4}, grad_shape{1, 2, 2, 2, 2};
  std::optional<std::vector<int64_t>> out_shape;
  std::vector<int64_t> kernel{2}, stride{2}, padding{0};
  bool ceil_mode = false, count_include_pad = true;
  int64_t divisor = 0;
  NullArg null = NullArg::None;
  std::vector<double> grad;  // gradOutput values (default: 1, 2, 3, ...)

  aclnnStatus status = ACLNN_SUCCESS;
  bool at_execute = false;
  std::vector<double> result;

  std::vector<double> grad_values() const {
    if (!grad.empty()) return grad;
    std::vector<double> v(static_cast<size_t>(element_count(grad_shape)));
    for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i % 13) - 4.0;  // exact in every dtype
    return v;
  }

  Call& run() {
    // Allocations of at least 32 bytes (TensorDesc::min_bytes).
    DeviceTensor g({.shape = grad_shape, .dtype = dt, .format = fmt, .min_bytes = 32}, grad_values());
    DeviceTensor s({.shape = self_shape, .dtype = self_dt.value_or(dt), .format = fmt, .min_bytes = 32});
    DeviceTensor o({.shape = out_shape.value_or(self_shape),
                    .dtype = out_dt.value_or(dt),
                    .format = out_fmt.value_or(fmt),
                    .min_bytes = 32});
    IntArray k(kernel), st(stride), p(padding);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    auto pick = [&](NullArg a, auto* v) { return null == a ? nullptr : v; };
    status = aclnnAvgPool3dBackwardGetWorkspaceSize(
        pick(NullArg::GradOutput, g.get()), pick(NullArg::Self, s.get()), pick(NullArg::Kernel, k.get()),
        pick(NullArg::Stride, st.get()), pick(NullArg::Padding, p.get()), ceil_mode, count_include_pad, divisor,
        pick(NullArg::Output, o.get()), pick(NullArg::WorkspaceSize, &ws), pick(NullArg::Executor, &ex));
    if (status != ACLNN_SUCCESS) return *this;
    void* w = nullptr;
    if (ws > 0) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
    status = aclnnAvgPool3dBackward(w, ws, ex, nullptr);
    at_execute = status != ACLNN_SUCCESS;
    if (w) aclrtFree(w);
    if (status == ACLNN_SUCCESS) result = o.read_values();
    return *this;
  }
};

std::array<int64_t, 3> three(const std::vector<int64_t>& v, const std::array<int64_t, 3>& empty) {
  if (v.empty()) return empty;
  if (v.size() == 1) return {v[0], v[0], v[0]};
  return {v[0], v[1], v[2]};
}

// The oracle's gradInput of `c`, each value rounded to the dtype as the result is.
std::vector<double> expected_of(const Call& c) {
  const size_t r = c.self_shape.size();
  poolcheck::oracle::AvgPool3dParams p{};
  p.kernel = three(c.kernel, {});
  p.stride = three(c.stride, p.kernel);
  p.padding = three(c.padding, {});
  p.ceil_mode = c.ceil_mode;
  p.count_include_pad = c.count_include_pad;
  p.divisor_override = c.divisor;
  const int64_t planes = r == 5 ? c.self_shape[0] * c.self_shape[1] : c.self_shape[0];
  std::vector<double> want =
      poolcheck::oracle::avg_pool3d_backward(c.grad_values(), planes,
                                             {c.self_shape[r - 3], c.self_shape[r - 2], c.self_shape[r - 1]},
                                             {c.grad_shape[r - 3], c.grad_shape[r - 2], c.grad_shape[r - 1]}, p)
          .grad_input;
  // Through fp32 (the kernels' arithmetic), then to the dtype.
  for (double& v : want) v = poolcheck::round_to(case_dtype(c.dt), static_cast<float>(v));
  return want;
}

// Empty when `got` is the oracle's result within the dtype's tolerance; else names the first bad element.
std::string mismatch(const Call& c) {
  if (c.status != ACLNN_SUCCESS) return "call failed with " + std::to_string(c.status);
  const std::vector<double> want = expected_of(c);
  if (want.size() != c.result.size()) return "size mismatch";
  // Rounding of the fp32 scaled row, the fp32 sums, then one rounding to the dtype.
  const double rel = c.dt == ACL_FLOAT ? 1e-5 : c.dt == ACL_FLOAT16 ? 2e-3 : 1.6e-2;
  for (size_t i = 0; i < want.size(); ++i)
    if (!(std::fabs(c.result[i] - want[i]) <= rel * std::max(1.0, std::fabs(want[i]))))
      return "element " + std::to_string(i) + ": got " + std::to_string(c.result[i]) + ", oracle " +
             std::to_string(want[i]);
  return "";
}

class AvgPool3dBackward : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    aclInit(nullptr);
    aclrtSetDevice(0);
  }
  void SetUp() override {
    pcEmuSetPlatform("Ascend910B");
    pcEmuSetKnobs(0, 0);
    pcEmuSetFaults("");
    aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
  }
  void TearDown() override {
    pcEmuSetFaults("");
    aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
  }

  // `c` agrees with the oracle, and under `fault` (a bug the comparison must catch) it does not.
  static void agrees_and_catches(Call c, const char* fault) {
    SCOPED_TRACE(fault);
    EXPECT_EQ(mismatch(c.run()), "");
    ASSERT_EQ(pcEmuSetFaults(fault), 0);
    const std::string caught = mismatch(c.run());
    pcEmuSetFaults("");
    EXPECT_NE(caught.find("element"), std::string::npos) << "the fault went unnoticed: " << caught;
  }
};

pcEmuLaunchInfo last_launch() {
  pcEmuLaunchInfo info{};
  pcEmuLastLaunch(&info);
  return info;
}

// ---------------------------------------------------------------------------------------------------------
// (a) Numbers against the oracle.

const aclDataType kDtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

TEST_F(AvgPool3dBackward, DisjointWindowsOverDepthInEveryDtype) {
  for (aclDataType dt : kDtypes) {
    Call c;
    c.dt = dt;
    agrees_and_catches(c, "wrong_tap");
  }
}

TEST_F(AvgPool3dBackward, OverlappingPaddedWindowsInEveryDtype) {
  for (aclDataType dt : kDtypes)
    for (bool include_pad : {true, false}) {
      Call c;
      c.dt = dt;
      c.self_shape = {2, 3, 5, 4, 6};
      c.grad_shape = {2, 3, 3, 2, 3};
      c.kernel = {3};
      c.stride = {2};
      c.padding = {1};
      c.count_include_pad = include_pad;
      agrees_and_catches(c, include_pad ? "include_pad_ignored" : "wrong_tap");
      EXPECT_EQ(last_launch().atomicAdds, 1);
    }
}

TEST_F(AvgPool3dBackward, CeilModeOverhangAlongDepth) {
  Call c;
  c.self_shape = {1, 2, 6, 5, 5};
  // D: ceil((6+2-3)/2)+1 = 4, its last window [5, 8) past D+pD = 7; H: 3; W: ceil((5+4-4)/3)+1 = 3, [4, 8).
  c.grad_shape = {1, 2, 4, 3, 3};
  c.kernel = {3, 3, 4};
  c.stride = {2, 2, 3};
  c.padding = {1, 1, 2};
  c.ceil_mode = true;
  agrees_and_catches(c, "ceil_overhang_counted");
}

TEST_F(AvgPool3dBackward, DivisorOverride) {
  Call c;
  c.self_shape = {1, 3, 4, 5, 3};
  c.grad_shape = {1, 3, 3, 3, 2};
  c.kernel = {2, 3, 2};
  c.stride = {1, 2, 1};
  c.padding = {0, 1, 0};
  c.divisor = 7;
  agrees_and_catches(c, "divisor_override_ignored");
}

TEST_F(AvgPool3dBackward, UnbatchedCdhwAndDefaultStride) {
  for (aclDataType dt : kDtypes) {
    Call c;
    c.dt = dt;
    c.self_shape = {3, 4, 6, 2};
    c.grad_shape = {3, 2, 3, 1};
    c.kernel = {2};
    c.stride = {};  // length 0: stride = kernel
    agrees_and_catches(c, "wrong_tap");
  }
}

TEST_F(AvgPool3dBackward, NullStrideIsTheKernel) {
  Call c;
  c.null = NullArg::Stride;
  agrees_and_catches(c, "wrong_tap");
}

// ---------------------------------------------------------------------------------------------------------
// The NCDHW routes: the op_api hands AvgPool3DGrad NCDHW for only-T windows (kH = sH = kW = sW = 1: keys 3000
// fp32, 4000 fp16/bf16) and for 12 <= N*C < 256 (the block templates: 5000, or 6000 when one window's row of 64
// planes does not fit the UB); the gradient stays in its own layout (no Transpose).

std::string summary() { return last_launch().tilingSummary; }
uint64_t key_of(aclDataType dt, uint64_t fp32, uint64_t other) { return dt == ACL_FLOAT ? fp32 : other; }

TEST_F(AvgPool3dBackward, OnlyDepthPooledTakesTheOnlyTTemplateInEveryDtype) {
  for (aclDataType dt : kDtypes)
    for (bool overlap : {true, false}) {
      SCOPED_TRACE(overlap);
      Call c;
      c.dt = dt;
      c.self_shape = {1, 2, 7, 3, 3};
      c.grad_shape = {1, 2, overlap ? 4 : 3, 3, 3};
      c.kernel = {overlap ? 3 : 2, 1, 1};
      c.stride = {2, 1, 1};
      c.padding = {overlap ? 1 : 0, 0, 0};
      c.count_include_pad = false;
      agrees_and_catches(c, "wrong_tap");
      const pcEmuLaunchInfo info = last_launch();
      EXPECT_STREQ(info.strategy, "Vector");
      EXPECT_EQ(info.tilingKey, key_of(dt, 3000, 4000)) << info.tilingSummary;
      EXPECT_EQ(info.atomicAdds, overlap ? 1 : 0);
      // Tasks: N*C*Do planes, one core each here; a plane's 9 elements are one chunk.
      EXPECT_EQ(info.blockDim, 2 * c.grad_shape[2]);
      EXPECT_NE(summary().find("hwCount=9 hwAlign=16 hwNum=1"), std::string::npos) << summary();
    }
}

TEST_F(AvgPool3dBackward, OnlyTCutsLongPlanesIntoChunks) {
  // UB 40960: (40960 - 20480) / 2 bytes hold 2560 fp32 elements, so a 60x50 plane takes two chunks.
  pcEmuSetKnobs(4, 40960);
  Call c;
  c.self_shape = {1, 2, 4, 60, 50};
  c.grad_shape = {1, 2, 3, 60, 50};
  c.kernel = {2, 1, 1};
  c.stride = {1, 1, 1};
  agrees_and_catches(c, "wrong_tap");
  EXPECT_NE(summary().find("hwCount=2560 hwAlign=2560 hwNum=2 hwTail=440 nLine=1 items=12 perCore=3 lastCore=3"),
            std::string::npos)
      << summary();
}

TEST_F(AvgPool3dBackward, OnlyTInDeterministicModeHasOneCorePerPlane) {
  ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  Call c;
  c.self_shape = {1, 5, 6, 2, 3};
  c.grad_shape = {1, 5, 4, 2, 3};
  c.kernel = {3, 1, 1};
  c.stride = {1, 1, 1};
  agrees_and_catches(c, "wrong_tap");
  EXPECT_EQ(last_launch().blockDim, 5) << summary();  // min(cores, N*C), not the 20 (N*C, Do) tasks
  // Control: without overlap deterministic mode leaves the cores to the tasks.
  c.self_shape = {1, 5, 4, 2, 3};
  c.grad_shape = {1, 5, 4, 2, 3};
  c.kernel = {1};
  ASSERT_EQ(mismatch(c.run()), "");
  EXPECT_EQ(last_launch().blockDim, 20) << summary();
}

TEST_F(AvgPool3dBackward, TwelveToTwoHundredFiftyFivePlanesTakeTheBlockTemplateInEveryDtype) {
  for (aclDataType dt : kDtypes)
    for (bool overlap : {true, false}) {
      SCOPED_TRACE(overlap);
      Call c;
      c.dt = dt;
      c.self_shape = {2, 8, 5, 6, 7};
      c.grad_shape = overlap ? std::vector<int64_t>{2, 8, 3, 3, 4} : std::vector<int64_t>{2, 8, 2, 3, 3};
      c.kernel = overlap ? std::vector<int64_t>{3} : std::vector<int64_t>{2};
      c.stride = {2};
      c.padding = {overlap ? 1 : 0};
      c.count_include_pad = !overlap;
      agrees_and_catches(c, "wrong_tap");
      const pcEmuLaunchInfo info = last_launch();
      EXPECT_STREQ(info.strategy, "Vector");
      EXPECT_EQ(info.tilingKey, 5000u) << info.tilingSummary;
      EXPECT_EQ(info.atomicAdds, overlap ? 1 : 0);
      EXPECT_LE(info.ubHighWater, info.ubBytesLimit);
    }
  // Control: 11 and 256 planes stay channels-last.
  for (int64_t c_planes : {11, 256}) {
    Call c;
    c.self_shape = {1, c_planes, 4, 4, 4};
    c.grad_shape = {1, c_planes, 2, 2, 2};
    ASSERT_EQ(mismatch(c.run()), "");
    EXPECT_EQ(last_launch().tilingKey, 2000u) << c_planes;
  }
}

// 16 planes of a 4x4x4 gradient over 48 cores: one N*C block, Do cut into 4, Ho into 4, Wo into 2 runs of 2
// columns (32 blocks); each core's run of 2 gradient columns covers 4 input columns.
TEST_F(AvgPool3dBackward, BlockTemplateCutsTheGradientUntilEveryCoreHasABlock) {
  Call c;
  c.self_shape = {1, 16, 8, 8, 8};
  c.grad_shape = {1, 16, 4, 4, 4};
  agrees_and_catches(c, "wrong_tap");
  EXPECT_EQ(summary(),
            "Vector key=5000 compute=0 blockDim=48 singleNc=1536 single=1x1x2 cnt=1x4x4x2 totalCnt=32 baseWo=2 "
            "baseWi=4 atomics=false fp32ws=false ub=147456/196608");
  // Deterministic mode with overlap keeps each block's planes whole: one block, on core 0.
  ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  c.self_shape = {1, 16, 5, 5, 5};
  c.kernel = {3};
  c.stride = {1};
  c.grad_shape = {1, 16, 3, 3, 3};
  agrees_and_catches(c, "wrong_tap");
  EXPECT_NE(summary().find("blockDim=48 singleNc=1536 single=3x3x3 cnt=1x1x1x1 totalCnt=1"), std::string::npos)
      << summary();
}

// A UB knob of 512 bytes is below even the scatter template's buffers for 64 planes (64 bytes a plane in fp32):
// the 16 planes go through them 8 at a time.
TEST_F(AvgPool3dBackward, ScatterTakesItsPlanesInPassesUnderATinyUbKnob) {
  pcEmuSetKnobs(4, 512);
  Call c;
  c.self_shape = {1, 16, 4, 4, 4};
  c.grad_shape = {1, 16, 2, 2, 2};
  agrees_and_catches(c, "wrong_tap");
  EXPECT_EQ(last_launch().tilingKey, 6000u) << summary();
  EXPECT_NE(summary().find("ub=512/512 passNc=8"), std::string::npos) << summary();
  EXPECT_LE(last_launch().ubHighWater, 512);
}

// One window's row of 64 planes past the UB: (max(8, 704) + 704 + 8) * 64 * 4 > 176128 for fp32, and the fp16/bf16
// forms likewise, so each gradient column is written alone in 32-byte runs (key 6000).
TEST_F(AvgPool3dBackward, WideWindowsTakeTheScatterTemplateInEveryDtype) {
  for (aclDataType dt : kDtypes)
    for (bool overlap : {true, false}) {
      SCOPED_TRACE(overlap);
      Call c;
      c.dt = dt;
      c.self_shape = {1, 12, 2, 2, 701};
      c.grad_shape = {1, 12, 1, 1, overlap ? 2 : 1};
      c.kernel = {2, 2, 700};
      c.stride = {2, 2, overlap ? 1 : 700};
      c.divisor = 1;  // values the size of the gradients, so a dropped column shows in every dtype's tolerance
      agrees_and_catches(c, "wrong_tap");
      EXPECT_EQ(last_launch().tilingKey, 6000u) << summary();
      EXPECT_EQ(last_launch().atomicAdds, overlap ? 1 : 0);
    }
}

TEST_F(AvgPool3dBackward, ManyChannelsSplitIntoChunks) {
  // A UB knob small enough that N*C is cut into channel chunks: (40960 - 20480) / 2 bytes hold 2560 fp32
  // channels, so 6300 take three chunks.
  pcEmuSetKnobs(4, 40960);
  Call c;
  c.self_shape = {3, 2100, 2, 3, 2};
  c.grad_shape = {3, 2100, 1, 2, 1};
  c.kernel = {2};
  c.stride = {1, 1, 2};
  agrees_and_catches(c, "wrong_tap");
  EXPECT_NE(std::string(last_launch().tilingSummary).find("cNum=3"), std::string::npos) << last_launch().tilingSummary;
}

TEST_F(AvgPool3dBackward, DeterministicModeGivesEachCoreWholeChannelGroups) {
  ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  for (aclDataType dt : kDtypes) {
    Call c;
    c.dt = dt;
    c.self_shape = {2, 3, 5, 4, 4};
    c.grad_shape = {2, 3, 3, 2, 2};
    c.kernel = {3, 2, 2};
    c.stride = {2, 2, 2};
    c.padding = {1, 0, 0};
    agrees_and_catches(c, "wrong_tap");
    // N*C = 6 over 48 cores: six groups of one channel, one core each, accumulated in a fixed order.
    const pcEmuLaunchInfo info = last_launch();
    EXPECT_EQ(info.blockDim, 6);
    EXPECT_NE(std::string(info.tilingSummary).find("groups=6"), std::string::npos) << info.tilingSummary;
    // Control: without deterministic mode there is one group over the positions' cores.
    aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
    c.run();
    EXPECT_EQ(last_launch().blockDim, 3 * 2 * 2);  // Do*Ho*Wo positions
    EXPECT_EQ(std::string(last_launch().tilingSummary).find("groups="), std::string::npos);
    aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1);
  }
}

TEST_F(AvgPool3dBackward, EmptyBatchSucceedsWithoutAKernel) {
  Call c;
  c.self_shape = {0, 2, 4, 4, 4};
  c.grad_shape = {0, 2, 2, 2, 2};
  EXPECT_EQ(c.run().status, ACLNN_SUCCESS);
  EXPECT_EQ(std::string(last_launch().strategy), "Empty");
  Call twin;  // control: the same call with one batch launches the vector kernel
  EXPECT_EQ(twin.run().status, ACLNN_SUCCESS);
  EXPECT_EQ(std::string(last_launch().strategy), "Vector");
}

// ---------------------------------------------------------------------------------------------------------
// (c) The document's call example: gradOutput 1x16x1x1x1 of ones, self 1x16x4x4x4, kernel 4, stride 1,
// no padding, countIncludePad false: every element of the output is 1/64.

TEST_F(AvgPool3dBackward, DocumentExample) {
  Call c;
  c.self_shape = {1, 16, 4, 4, 4};
  c.grad_shape = {1, 16, 1, 1, 1};
  c.kernel = {4, 4, 4};
  c.stride = {1, 1, 1};
  c.padding = {0, 0, 0};
  c.count_include_pad = false;
  c.grad.assign(16, 1.0);
  ASSERT_EQ(c.run().status, ACLNN_SUCCESS);
  ASSERT_EQ(c.result.size(), 16u * 64u);
  for (double v : c.result) ASSERT_EQ(v, 1.0 / 64);
  EXPECT_EQ(mismatch(c), "");
}

// ---------------------------------------------------------------------------------------------------------
// (b) Every documented failure, each beside its passing twin (the same call with the parameter valid).

// `bad` fails in GetWorkspaceSize with `code` and a message containing `rule` (so it failed for the rule under
// test, not another one), `good` (the twin) succeeds.
void fails_with(Call bad, Call good, aclnnStatus code, const std::string& rule) {
  bad.run();
  EXPECT_EQ(bad.status, code);
  EXPECT_FALSE(bad.at_execute);
  const std::string msg = aclGetRecentErrMsg();
  EXPECT_NE(msg.find("aclnnAvgPool3dBackward: "), std::string::npos) << msg;
  EXPECT_NE(msg.find(rule), std::string::npos) << "expected '" << rule << "' in: " << msg;
  EXPECT_EQ(good.run().status, ACLNN_SUCCESS);
}

TEST_F(AvgPool3dBackward, NullPointersFail161001) {
  const std::pair<NullArg, const char*> args[] = {{NullArg::GradOutput, "gradOutput is null"},
                                                  {NullArg::Self, "self is null"},
                                                  {NullArg::Kernel, "kernelSize is null"},
                                                  {NullArg::Padding, "padding is null"},
                                                  {NullArg::Output, "output is null"},
                                                  {NullArg::WorkspaceSize, "workspaceSize"},
                                                  {NullArg::Executor, "executor"}};
  for (const auto& [arg, rule] : args) {
    Call bad;
    bad.null = arg;
    fails_with(bad, Call{}, ACLNN_ERR_PARAM_NULLPTR, rule);
  }
}

TEST_F(AvgPool3dBackward, UnsupportedDtypeFails161002) {
  const char* const names[] = {"gradOutput dtype", "self dtype", "output dtype"};
  for (int which = 0; which < 3; ++which) {
    Call bad;
    if (which == 0) bad.dt = ACL_DOUBLE, bad.out_dt = ACL_FLOAT, bad.self_dt = ACL_FLOAT;
    if (which == 1) bad.self_dt = ACL_INT32;
    if (which == 2) bad.out_dt = ACL_DOUBLE;
    fails_with(bad, Call{}, ACLNN_ERR_PARAM_INVALID, std::string(names[which]));
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("not in [FLOAT32, FLOAT16, BFLOAT16]"), std::string::npos);
  }
}

TEST_F(AvgPool3dBackward, OutputDtypeOtherThanGradOutputFails161002) {
  Call bad;
  bad.out_dt = ACL_FLOAT16;
  Call good;  // self's dtype may differ: only its shape is read
  good.self_dt = ACL_FLOAT16;
  fails_with(bad, good, ACLNN_ERR_PARAM_INVALID, "must equal gradOutput dtype");
}

TEST_F(AvgPool3dBackward, UnsupportedPlatformFails161002) {
  for (const char* soc : {"Ascend310P", "Ascend910", "Ascend310B"}) {
    ASSERT_EQ(pcEmuSetPlatform(soc), 0) << soc;
    EXPECT_EQ(Call{}.run().status, ACLNN_ERR_PARAM_INVALID) << soc;
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("is not supported"), std::string::npos) << soc;
  }
  ASSERT_EQ(pcEmuSetPlatform("Ascend910_93"), 0);
  EXPECT_EQ(Call{}.run().status, ACLNN_SUCCESS);
}

TEST_F(AvgPool3dBackward, Ascend950RefusesWhatTheDocumentRefuses) {
  // The document lists Ascend 950 with the same rules: an invalid call gets its documented 161002 there too.
  ASSERT_EQ(pcEmuSetPlatform("Ascend950"), 0);
  Call bad;
  bad.kernel = {0};
  fails_with(bad, Call{}, ACLNN_ERR_PARAM_INVALID, "kernelSize value 0 must be > 0");
  Call bad_dtype;
  bad_dtype.out_dt = ACL_DOUBLE;
  fails_with(bad_dtype, Call{}, ACLNN_ERR_PARAM_INVALID, "output dtype DOUBLE not in [FLOAT32, FLOAT16, BFLOAT16]");
}

TEST_F(AvgPool3dBackward, RankOutsideFourToFiveFails161002) {
  Call bad;  // 3-D (no depth axis)
  bad.self_shape = {2, 4, 4};
  bad.grad_shape = {2, 2, 2};
  Call good;
  good.self_shape = {2, 4, 4, 4};
  good.grad_shape = {2, 2, 2, 2};
  fails_with(bad, good, ACLNN_ERR_PARAM_INVALID, "gradOutput rank 3");
  Call mixed;  // gradOutput 5-D, self and output 4-D
  mixed.self_shape = {2, 4, 4, 4};
  fails_with(mixed, good, ACLNN_ERR_PARAM_INVALID, "self rank 4 (gradOutput rank 5)");
}

TEST_F(AvgPool3dBackward, ArrayLengthOutsideTheDocumentFails161002) {
  Call k2;
  k2.kernel = {2, 2};
  Call k3;
  k3.kernel = {2, 2, 2};
  fails_with(k2, k3, ACLNN_ERR_PARAM_INVALID, "kernelSize length 2");
  Call s2;
  s2.stride = {2, 2};
  Call s3;
  s3.stride = {2, 2, 2};
  fails_with(s2, s3, ACLNN_ERR_PARAM_INVALID, "stride length 2");
  Call p2;
  p2.padding = {0, 0};
  Call p3;
  p3.padding = {0, 0, 0};
  fails_with(p2, p3, ACLNN_ERR_PARAM_INVALID, "padding length 2");
  Call p0;  // padding must have 1 or 3 values (stride may be empty)
  p0.padding = {};
  fails_with(p0, Call{}, ACLNN_ERR_PARAM_INVALID, "padding length 0");
}

TEST_F(AvgPool3dBackward, NonPositiveKernelOrStrideOrNegativePaddingFails161002) {
  Call k0;
  k0.kernel = {2, 0, 2};
  fails_with(k0, Call{}, ACLNN_ERR_PARAM_INVALID, "kernelSize value 0 must be > 0");
  Call s0;
  s0.stride = {2, 2, 0};
  fails_with(s0, Call{}, ACLNN_ERR_PARAM_INVALID, "stride value 0 must be > 0");
  Call pneg;
  pneg.padding = {-1, 0, 0};
  fails_with(pneg, Call{}, ACLNN_ERR_PARAM_INVALID, "padding value -1 must be >= 0");
}

TEST_F(AvgPool3dBackward, PaddingAboveHalfTheKernelFails161002) {
  Call bad;  // kD 2, pD 2 > 1 (the document's example)
  bad.padding = {2, 0, 0};
  bad.grad_shape = {1, 2, 4, 2, 2};
  Call good;  // pD = kD/2 = 1
  good.padding = {1, 0, 0};
  good.grad_shape = {1, 2, 3, 2, 2};
  fails_with(bad, good, ACLNN_ERR_PARAM_INVALID, "padding[0]=2 must be in [0, kernelSize/2=1]");
}

TEST_F(AvgPool3dBackward, OutputShapeOtherThanSelfFails161002) {
  Call bad;
  bad.out_shape = std::vector<int64_t>{1, 2, 4, 4, 5};
  fails_with(bad, Call{}, ACLNN_ERR_PARAM_INVALID, "output shape [1,2,4,4,5] must equal self shape");
}

TEST_F(AvgPool3dBackward, GradOutputShapeOtherThanThePooledShapeFails161002) {
  for (size_t axis = 0; axis < 5; ++axis) {
    Call bad;
    bad.grad_shape[axis] += 1;
    fails_with(bad, Call{}, ACLNN_ERR_PARAM_INVALID, axis < 2 ? "(N and C must match)" : "the pooled size of self");
  }
  Call ceil_bad;  // D 5, k 2, s 2: floor mode 2, ceil mode 3
  ceil_bad.self_shape = {1, 2, 5, 4, 4};
  ceil_bad.grad_shape = {1, 2, 3, 2, 2};
  Call ceil_good = ceil_bad;
  ceil_good.ceil_mode = true;
  fails_with(ceil_bad, ceil_good, ACLNN_ERR_PARAM_INVALID, "spatial dim 0 is 3 but the pooled size of self is 2");
}

TEST_F(AvgPool3dBackward, MismatchedFormatsFail161002) {
  Call bad;
  bad.out_fmt = ACL_FORMAT_NCDHW;
  Call good;
  good.fmt = ACL_FORMAT_NCDHW;
  fails_with(bad, good, ACLNN_ERR_PARAM_INVALID, "formats of gradOutput");
}

// ---------------------------------------------------------------------------------------------------------
// (d) Ascend 950. ops-nn runs the same l0 AvgPool3DGrad there (its op_api treats regbase SoCs as A2/A3; one
// tiling and kernel source, binaries for ascend950), and the tiling reads only the SoC's AIV core count and UB
// size. So the emulator runs the A2/A3 Vector path on the 950 profile's numbers: 64 cores, a 245 760-byte UB.

class AvgPool3dBackward950 : public AvgPool3dBackward {
 protected:
  void SetUp() override {
    AvgPool3dBackward::SetUp();
    ASSERT_EQ(pcEmuSetPlatform("Ascend950"), 0);
  }
};

// The numbers of every dtype the document lists, with disjoint, overlapping (padded), ceil-mode and overridden
// windows; each comparison with the fault that must break it.
TEST_F(AvgPool3dBackward950, AgreesWithTheOracleInEveryDtype) {
  for (aclDataType dt : kDtypes) {
    SCOPED_TRACE(dt == ACL_FLOAT ? "fp32" : dt == ACL_FLOAT16 ? "fp16" : "bf16");
    Call disjoint;
    disjoint.dt = dt;
    agrees_and_catches(disjoint, "wrong_tap");
    pcEmuLaunchInfo info = last_launch();
    EXPECT_STREQ(info.strategy, "Vector");
    EXPECT_EQ(info.tilingKey, dt == ACL_FLOAT ? 2000u : 1000u);
    EXPECT_EQ(info.ubBytesLimit, 245760);
    EXPECT_EQ(info.blockDim, 8);  // Do*Ho*Wo = 8 positions, fewer than 64 cores
    EXPECT_EQ(info.atomicAdds, 0);
    for (bool include_pad : {true, false}) {
      Call overlap;
      overlap.dt = dt;
      overlap.self_shape = {2, 3, 5, 4, 6};
      overlap.grad_shape = {2, 3, 3, 2, 3};
      overlap.kernel = {3};
      overlap.stride = {2};
      overlap.padding = {1};
      overlap.count_include_pad = include_pad;
      agrees_and_catches(overlap, include_pad ? "include_pad_ignored" : "wrong_tap");
      EXPECT_EQ(last_launch().atomicAdds, 1);
      EXPECT_EQ(last_launch().blockDim, 18);
    }
    Call ceil;
    ceil.dt = dt;
    ceil.self_shape = {1, 2, 6, 5, 5};
    ceil.grad_shape = {1, 2, 4, 3, 3};
    ceil.kernel = {3, 3, 4};
    ceil.stride = {2, 2, 3};
    ceil.padding = {1, 1, 2};
    ceil.ceil_mode = true;
    agrees_and_catches(ceil, "ceil_overhang_counted");
    Call divisor;
    divisor.dt = dt;
    divisor.self_shape = {3, 4, 5, 3};  // CDHW
    divisor.grad_shape = {3, 3, 3, 2};
    divisor.kernel = {2, 3, 2};
    divisor.stride = {1, 2, 1};
    divisor.padding = {0, 1, 0};
    divisor.divisor = 7;
    agrees_and_catches(divisor, "divisor_override_ignored");
  }
}

// Deterministic mode: the op_api's TransGrad2CDHW splits N*C into the largest divisor not above the AIV core
// count, one core per group. N*C = 256 gives 64 groups on Ascend 950 and 32 on A2 (48 cores).
TEST_F(AvgPool3dBackward950, DeterministicModeHasOneGroupPerCore) {
  ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  Call c;
  c.self_shape = {2, 128, 3, 4, 4};  // N*C 256: past the NCDHW block route, so channels-last
  c.grad_shape = {2, 128, 2, 2, 2};
  c.kernel = {2};
  c.stride = {1, 2, 2};
  for (aclDataType dt : kDtypes) {
    c.dt = dt;
    agrees_and_catches(c, "wrong_tap");
    const pcEmuLaunchInfo info = last_launch();
    EXPECT_EQ(info.deterministic, 1);
    EXPECT_EQ(info.atomicAdds, 1);
    EXPECT_EQ(info.blockDim, 64);
    EXPECT_NE(std::string(info.tilingSummary).find("channels=4 "), std::string::npos) << info.tilingSummary;
    EXPECT_NE(std::string(info.tilingSummary).find("groups=64"), std::string::npos) << info.tilingSummary;
  }
  // Control: the same call on A2 has 32 groups of eight channels.
  pcEmuSetPlatform("Ascend910B");
  ASSERT_EQ(mismatch(c.run()), "");
  EXPECT_EQ(last_launch().blockDim, 32);
  EXPECT_NE(std::string(last_launch().tilingSummary).find("groups=32"), std::string::npos)
      << last_launch().tilingSummary;
  // Control: with the det_ignored fault the 950 tiling is the default one (one group over the 8 positions), which
  // the checks above would reject.
  pcEmuSetPlatform("Ascend950");
  ASSERT_EQ(pcEmuSetFaults("det_ignored"), 0);
  c.run();
  pcEmuSetFaults("");
  EXPECT_EQ(last_launch().blockDim, 8);
  EXPECT_EQ(std::string(last_launch().tilingSummary).find("groups="), std::string::npos) << last_launch().tilingSummary;
}

// The "C parameter" tiling on each profile's numbers. N*C = 256 fp32 channels (past the NCDHW block route) at 64
// gradient positions: A2 splits the 64 items over 48 cores (47 take one, the last 17) and fits
// (196608 - 20480) / 2 / 4 = 22016 channels, 86 rows of 256, per pass; Ascend 950 gives each of its 64 cores one
// item and fits 28160 channels, 110 rows, from (245760 - 20480) / 2.
TEST_F(AvgPool3dBackward950, TilingFollowsTheCoreCountAndTheUnifiedBuffer) {
  Call c;
  c.self_shape = {1, 256, 8, 8, 8};
  c.grad_shape = {1, 256, 4, 4, 4};
  agrees_and_catches(c, "wrong_tap");
  const std::string on950 = last_launch().tilingSummary;
  std::printf("Ascend950  %s\n", on950.c_str());
  EXPECT_EQ(on950,
            "Vector key=2000 compute=0 blockDim=64 channels=256 cCount=256 cAlign=256 cNum=1 cTail=256 cLine=110 "
            "items=64 perCore=1 lastCore=1 atomics=false fp32ws=false ub=225280/245760");
  EXPECT_GE(last_launch().ubHighWater, 256 * 4);  // at least one fp32 row was staged in UB
  EXPECT_LE(last_launch().ubHighWater, 225280);   // never above the planned split
  // Fault control: the tail_dropped fault gives the last core the even share. On Ascend 950 that share is the
  // whole tail (one item each), so nothing is dropped and the result still agrees...
  ASSERT_EQ(pcEmuSetFaults("tail_dropped"), 0);
  EXPECT_EQ(mismatch(c.run()), "");
  pcEmuSetFaults("");
  // ...while on A2, whose last core takes 17 items, it loses 16 positions.
  pcEmuSetPlatform("Ascend910B");
  EXPECT_EQ(mismatch(c.run()), "");
  const std::string on_a2 = last_launch().tilingSummary;
  std::printf("Ascend910B %s\n", on_a2.c_str());
  EXPECT_EQ(on_a2,
            "Vector key=2000 compute=0 blockDim=48 channels=256 cCount=256 cAlign=256 cNum=1 cTail=256 cLine=86 "
            "items=64 perCore=1 lastCore=17 atomics=false fp32ws=false ub=176128/196608");
  ASSERT_EQ(pcEmuSetFaults("tail_dropped"), 0);
  const std::string caught = mismatch(c.run());
  pcEmuSetFaults("");
  EXPECT_NE(caught.find("element"), std::string::npos) << "tail_dropped went unnoticed on A2: " << caught;
  // Control: Ascend 950 with A2's core count and UB size tiles exactly as A2: the difference is the numbers alone.
  pcEmuSetPlatform("Ascend950");
  pcEmuSetKnobs(48, 196608);
  EXPECT_EQ(mismatch(c.run()), "");
  EXPECT_EQ(std::string(last_launch().tilingSummary), on_a2);
}

// The larger UB also decides the channel chunks: 25000 fp32 channels (N*C, overlapping depth windows) take two
// chunks of 22016 + 2984 on A2 but fit one 950 row.
TEST_F(AvgPool3dBackward950, TheLargerUnifiedBufferHoldsMoreChannels) {
  Call c;
  c.self_shape = {2, 12500, 3, 2, 2};
  c.grad_shape = {2, 12500, 2, 1, 1};
  c.kernel = {2};
  c.stride = {1};
  agrees_and_catches(c, "wrong_tap");
  const std::string on950 = last_launch().tilingSummary;
  std::printf("Ascend950  %s\n", on950.c_str());
  EXPECT_NE(on950.find("blockDim=2 channels=25000 cCount=25000 cAlign=25000 cNum=1 cTail=25000 cLine=1 items=2 "),
            std::string::npos)
      << on950;
  pcEmuSetPlatform("Ascend910B");
  agrees_and_catches(c, "wrong_tap");
  const std::string on_a2 = last_launch().tilingSummary;
  std::printf("Ascend910B %s\n", on_a2.c_str());
  EXPECT_NE(on_a2.find("blockDim=2 channels=25000 cCount=22016 cAlign=22016 cNum=2 cTail=2984 cLine=1 items=4 "),
            std::string::npos)
      << on_a2;
}

TEST_F(AvgPool3dBackward950, EmptyBatchSucceedsWithoutAKernel) {
  Call c;
  c.self_shape = {0, 2, 4, 4, 4};
  c.grad_shape = {0, 2, 2, 2, 2};
  EXPECT_EQ(c.run().status, ACLNN_SUCCESS);
  EXPECT_EQ(std::string(last_launch().strategy), "Empty");
}

}  // namespace
