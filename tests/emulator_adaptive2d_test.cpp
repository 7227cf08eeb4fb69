// aclnnAdaptiveAvgPool2dBackward through its C API: numerical agreement with the family's oracle (the 3-D
// adaptive reference with D = 1) and hand-computed values, every documented failure next to a passing twin
// that differs only in the violated parameter, the routes upstream takes per SoC, and the document's example.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_adaptive_avg_pool2d_backward.h"
#include "case/numeric.h"
#include "harness/tolerance.h"
#include "oracle/adaptive_avgpool3d_grad.h"
#include "poolcheck_emu/emu.h"
#include "runtime/profile.h"
#include "tests/support/device_tensor.h"

namespace {

using poolcheck::test_support::DeviceTensor;
using poolcheck::test_support::element_count;
using poolcheck::test_support::TensorDesc;
using Shape = std::vector<int64_t>;

// One tensor argument of a call; `present == false` passes nullptr.
struct Arg {
  Shape shape;
  aclDataType dtype = ACL_FLOAT;
  aclFormat format = ACL_FORMAT_NCHW;
  bool present = true;
  bool transposed = false;  // a non-contiguous view: the last two dims' strides swapped (storage is W x H)
};

// The device tensor of `a` holding `values` in its view's element order, or none when `a` is passed as nullptr.
std::optional<DeviceTensor> tensor_of(const Arg& a, const std::vector<double>& values) {
  if (!a.present) return std::nullopt;
  TensorDesc desc{.shape = a.shape, .dtype = a.dtype, .format = a.format};
  if (a.transposed && a.shape.size() >= 2) {
    desc.strides = poolcheck::test_support::contiguous_strides(a.shape);
    const size_t h = a.shape.size() - 2, w = a.shape.size() - 1;
    desc.strides[h] = 1;
    desc.strides[w] = a.shape[h];
  }
  return std::optional<DeviceTensor>(std::in_place, std::move(desc), values);
}

aclTensor* handle(const std::optional<DeviceTensor>& t) { return t ? t->get() : nullptr; }

struct Call {
  Arg grad, self, out;
  std::vector<double> grad_values;  // empty: zeros
};

struct Outcome {
  aclnnStatus plan = -1, run = -1;
  uint64_t workspace = 0;
  pcEmuLaunchInfo info{};
  std::vector<double> got;
  std::string error;
};

Outcome run(const Call& c) {
  Outcome o;
  const auto go = tensor_of(c.grad, c.grad_values), x = tensor_of(c.self, {}), out = tensor_of(c.out, {});
  aclOpExecutor* ex = nullptr;
  o.plan = aclnnAdaptiveAvgPool2dBackwardGetWorkspaceSize(handle(go), handle(x), handle(out), &o.workspace, &ex);
  if (o.plan != 0) {
    o.error = aclGetRecentErrMsg();
    return o;
  }
  void* ws = nullptr;
  if (o.workspace > 0) aclrtMalloc(&ws, o.workspace, ACL_MEM_MALLOC_HUGE_FIRST);
  o.run = aclnnAdaptiveAvgPool2dBackward(ws, o.workspace, ex, nullptr);
  if (ws) aclrtFree(ws);
  pcEmuLastLaunch(&o.info);
  if (o.run != 0) o.error = aclGetRecentErrMsg();
  if (o.run == 0) o.got = out->read_values();
  return o;
}

void setup(const char* soc) {
  static bool initialised = false;
  if (!initialised) {
    aclInit(nullptr);
    aclrtSetDevice(0);
    initialised = true;
  }
  pcEmuSetPlatform(soc);
  pcEmuSetKnobs(0, 0);
  pcEmuSetFaults("");
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
}

// A well-formed call: self (and out) of `self_shape`, gradOutput of `grad_shape`, gradients multiples of 1/2.
Call make_call(const Shape& self_shape, const Shape& grad_shape, aclDataType dt = ACL_FLOAT, uint64_t seed = 1) {
  Call c{{grad_shape, dt}, {self_shape, dt}, {self_shape, dt}, {}};
  if (self_shape.size() == 3) c.grad.format = c.self.format = c.out.format = ACL_FORMAT_NCL;
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> half_steps(-4, 4);
  c.grad_values.resize(static_cast<size_t>(element_count(grad_shape)));
  for (double& v : c.grad_values) v = half_steps(rng) * 0.5;
  return c;
}

struct Expected {
  std::vector<double> value, abs_sum;
};

// The family's oracle with D = 1: N*C planes of (1, H, W) from gradients of (1, Ho, Wo).
Expected oracle_of(const Call& c) {
  const Shape& s = c.self.shape;
  const Shape& g = c.grad.shape;
  const size_t r = s.size();
  const int64_t planes = r == 4 ? s[0] * s[1] : s[0];
  const auto ref = poolcheck::oracle::adaptive_avg_pool3d_backward(c.grad_values, planes, {1, s[r - 2], s[r - 1]},
                                                                   {1, g[r - 2], g[r - 1]});
  return {ref.grad_input, ref.abs_sum};
}

// The agreement check: "" when every element is within the dtype's rounding of the oracle (fp32 arithmetic on
// the device, one rounding to the storage dtype, a rounded fill factor on the FillMul route), else the first
// element that is not.
std::string first_mismatch(const std::vector<double>& got, const Expected& want, aclDataType dt) {
  if (got.size() != want.value.size()) return "size " + std::to_string(got.size());
  const double ulp = dt == ACL_FLOAT ? 0x1p-23 : dt == ACL_FLOAT16 ? 0x1p-10 : 0x1p-7;
  for (size_t i = 0; i < got.size(); ++i) {
    const double tol = 2 * ulp * want.abs_sum[i] + 0x1p-23 * 8 * want.abs_sum[i];
    if (!(std::fabs(got[i] - want.value[i]) <= tol)) {
      std::ostringstream os;
      os << "element " << i << ": got " << got[i] << ", want " << want.value[i] << " (tol " << tol << ")";
      return os.str();
    }
  }
  return "";
}

// Runs `c` and checks it against the oracle; `fault` switches on a deliberate fault for the negative control.
std::string agreement(const Call& c, const char* fault = "") {
  pcEmuSetFaults(fault);
  const Outcome o = run(c);
  pcEmuSetFaults("");
  if (o.plan != 0 || o.run != 0) return "status " + std::to_string(o.plan) + "/" + std::to_string(o.run) + o.error;
  return first_mismatch(o.got, oracle_of(c), c.self.dtype);
}

constexpr const char* kWrongTap = "wrong_tap";  // the fault the agreement check must catch

// ---- numerical agreement on A2/A3 (the 3-D kernels with D = 1) ----

struct AgreementCase {
  const char* name;
  Shape self, grad;
  aclDataType dtype;
};

class Agreement : public ::testing::TestWithParam<AgreementCase> {};

TEST_P(Agreement, MatchesOracleAndTheFaultIsCaught) {
  const auto& p = GetParam();
  for (const char* soc : {"Ascend910B", "Ascend910_93"}) {
    setup(soc);
    const Call c = make_call(p.self, p.grad, p.dtype);
    EXPECT_EQ(agreement(c), "") << soc;
    EXPECT_NE(agreement(c, kWrongTap), "") << soc << ": the agreement check missed the wrong_tap fault";
  }
}

INSTANTIATE_TEST_SUITE_P(
    A2A3, Agreement,
    ::testing::Values(AgreementCase{"nchw_overlap_f32", {2, 3, 7, 5}, {2, 3, 3, 4}, ACL_FLOAT},
                      AgreementCase{"nchw_divisible_f32", {2, 3, 8, 6}, {2, 3, 4, 3}, ACL_FLOAT},
                      AgreementCase{"nchw_upsample_f32", {1, 2, 3, 2}, {1, 2, 5, 4}, ACL_FLOAT},
                      AgreementCase{"chw_overlap_f32", {5, 9, 7}, {5, 4, 3}, ACL_FLOAT},
                      AgreementCase{"nchw_overlap_f16", {2, 3, 7, 5}, {2, 3, 3, 4}, ACL_FLOAT16},
                      AgreementCase{"chw_divisible_f16", {4, 6, 4}, {4, 3, 2}, ACL_FLOAT16},
                      AgreementCase{"nchw_overlap_bf16", {2, 3, 7, 5}, {2, 3, 3, 4}, ACL_BF16},
                      AgreementCase{"chw_upsample_bf16", {3, 2, 3}, {3, 3, 5}, ACL_BF16},
                      AgreementCase{"nchw_global_f32", {2, 3, 5, 7}, {2, 3, 1, 1}, ACL_FLOAT},
                      AgreementCase{"chw_global_f16", {6, 4, 3}, {6, 1, 1}, ACL_FLOAT16},
                      AgreementCase{"nchw_global_bf16", {1, 4, 3, 3}, {1, 4, 1, 1}, ACL_BF16},
                      AgreementCase{"nchw_one_row_f32", {1, 2, 1, 9}, {1, 2, 1, 4}, ACL_FLOAT},
                      // 30000 channels: more than one UB pass holds, so N*C is sliced (the large-N*C tiling)
                      AgreementCase{"nchw_many_channels_f32", {1, 30000, 3, 2}, {1, 30000, 2, 1}, ACL_FLOAT}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(AdaptiveAvgPool2dBackward, RoutesOntoTheFamilyKernels) {
  setup("Ascend910B");
  const Outcome general = run(make_call({2, 3, 7, 5}, {2, 3, 3, 4}));
  ASSERT_EQ(general.run, 0) << general.error;
  EXPECT_STREQ(general.info.opType, "AdaptiveAvgPool3dGrad");
  EXPECT_STREQ(general.info.strategy, "General");
  const Outcome global = run(make_call({2, 3, 7, 5}, {2, 3, 1, 1}));
  ASSERT_EQ(global.run, 0) << global.error;
  EXPECT_STREQ(global.info.strategy, "AllOne");
}

TEST(AdaptiveAvgPool2dBackward, NonContiguousViewsAgree) {
  setup("Ascend910B");
  Call c = make_call({2, 3, 7, 5}, {2, 3, 3, 4});
  c.grad.transposed = true;
  c.out.transposed = true;
  EXPECT_EQ(agreement(c), "");
  EXPECT_NE(agreement(c, kWrongTap), "");
}

TEST(AdaptiveAvgPool2dBackward, DeterministicModeAgrees) {
  setup("Ascend910B");
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1);
  const Call c = make_call({2, 3, 7, 5}, {2, 3, 3, 4}, ACL_FLOAT16);
  EXPECT_EQ(agreement(c), "");
  EXPECT_NE(agreement(c, kWrongTap), "");
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
}

// ---- the document's example and hand-computed values ----

// H 4 -> 3: windows [0,2), [1,3), [2,4) of 2 rows each; W 2 -> 2: the identity. Each input row gets the
// halves of the gradients whose windows cover it.
TEST(AdaptiveAvgPool2dBackward, DocumentExampleRunsAndMatchesHandComputedValues) {
  setup("Ascend910B");
  Call c{{{1, 1, 3, 2}}, {{1, 1, 4, 2}}, {{1, 1, 4, 2}}, {1, 2, 3, 4, 5, 6}};
  const Outcome o = run(c);
  ASSERT_EQ(o.plan, 0) << o.error;
  ASSERT_EQ(o.run, 0) << o.error;
  const std::vector<double> want{0.5, 1, 2, 3, 4, 5, 2.5, 3};
  EXPECT_EQ(o.got, want);
  pcEmuSetFaults(kWrongTap);
  EXPECT_NE(run(c).got, want) << "the hand-computed comparison missed the wrong_tap fault";
  pcEmuSetFaults("");
}

// FillMul: every element of a plane gets gradient / (H * W).
TEST(AdaptiveAvgPool2dBackward, GlobalGradientIsSpreadEvenly) {
  for (const char* soc : {"Ascend910B", "Ascend950", "Ascend910", "Ascend310P"}) {
    setup(soc);
    Call c{{{2, 1, 1}, ACL_FLOAT, ACL_FORMAT_NCL},
           {{2, 2, 2}, ACL_FLOAT, ACL_FORMAT_NCL},
           {{2, 2, 2}, ACL_FLOAT, ACL_FORMAT_NCL},
           {4, -2}};
    const Outcome o = run(c);
    ASSERT_EQ(o.run, 0) << soc << ": " << o.error;
    EXPECT_EQ(o.got, (std::vector<double>{1, 1, 1, 1, -0.5, -0.5, -0.5, -0.5})) << soc;
    pcEmuSetFaults(kWrongTap);
    EXPECT_NE(run(c).got, (std::vector<double>{1, 1, 1, 1, -0.5, -0.5, -0.5, -0.5})) << soc;
    pcEmuSetFaults("");
  }
}

TEST(AdaptiveAvgPool2dBackward, EmptyTensorsSucceedWithNoKernel) {
  setup("Ascend910B");
  const Outcome o = run(make_call({0, 3, 4, 4}, {0, 3, 2, 2}));
  EXPECT_EQ(o.plan, 0) << o.error;
  EXPECT_EQ(o.run, 0) << o.error;
  EXPECT_EQ(o.workspace, 0u);
  EXPECT_STREQ(o.info.strategy, "Empty");
  // Twin: the same call with N = 1 launches the General kernel.
  const Outcome twin = run(make_call({1, 3, 4, 4}, {1, 3, 2, 2}));
  EXPECT_EQ(twin.run, 0) << twin.error;
  EXPECT_STREQ(twin.info.strategy, "General");
}

// ---- the Atlas training/inference series: the AssistMatmul route ----
// assist_matmul.h: Mul by the fp32 weights cast to the dtype, then two BatchMatMul with fp32 accumulation and
// output in gradOutput's dtype. Their operands are the dtype's: fp16 for FLOAT16, fp32 for FLOAT (the document lists
// FLOAT32 with no precision caveat); upstream's Cube of Ascend910 / Ascend310P takes fp16 operands for FLOAT too,
// which only the Upstream profile reproduces.

// Runs `c` as the Upstream profile computes it (the library is the documented one; the profile is switched for
// one call): the control that the FLOAT checks below can fail.
std::vector<double> upstream_result(const Call& c) {
  pcemu::select_profile(pcemu::Profile::Upstream);
  const Outcome o = run(c);
  pcemu::select_profile(pcemu::Profile::Documented);
  return o.got;
}

// docs/tolerance.md's model for the family (harness/tolerance.h with the adaptive adapter's term error for a
// gradOutput other than 1x1): every element whose distance to the oracle's rounded value exceeds its bound, as
// "index: got, oracle, bound" lines ("" when all agree).
std::string model_violations(const std::vector<double>& got, const Call& c, size_t limit = 64) {
  const Shape& s = c.self.shape;
  const Shape& g = c.grad.shape;
  const size_t r = s.size();
  const int64_t planes = r == 4 ? s[0] * s[1] : s[0];
  const auto ref = poolcheck::oracle::adaptive_avg_pool3d_backward(c.grad_values, planes, {1, s[r - 2], s[r - 1]},
                                                                   {1, g[r - 2], g[r - 1]});
  const poolcheck::DType dt = c.self.dtype == ACL_FLOAT     ? poolcheck::DType::F32
                              : c.self.dtype == ACL_FLOAT16 ? poolcheck::DType::F16
                                                            : poolcheck::DType::BF16;
  const poolcheck::TermError term{3 * 0x1p-24, 0x1p-148};
  if (got.size() != ref.grad_input.size()) return "size " + std::to_string(got.size());
  std::ostringstream os;
  size_t shown = 0, bad = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    const poolcheck::ElementTerms e{ref.contributors[i], ref.abs_sum[i], ref.grad_input[i]};
    const double want = poolcheck::round_to(dt, ref.grad_input[i]);
    const double bound = poolcheck::fp32_sum_bound(dt, e, term);
    if (poolcheck::compare_element(got[i], want, bound).ok) continue;
    ++bad;
    if (shown++ < limit)
      os << i << ": got " << got[i] << " oracle " << want << " bound " << bound << " terms " << e.terms << "\n";
  }
  if (bad == 0) return "";
  return std::to_string(bad) + "/" + std::to_string(got.size()) + " elements outside the model\n" + os.str();
}

// Runs `c` (with `fault`) and checks it against the model: "" when every element agrees.
std::string model_agreement(const Call& c, const char* fault = "") {
  pcEmuSetFaults(fault);
  const Outcome o = run(c);
  pcEmuSetFaults("");
  if (o.plan != 0 || o.run != 0) return "status " + std::to_string(o.plan) + "/" + std::to_string(o.run) + o.error;
  return model_violations(o.got, c);
}

// fp16 and fp32 calls, windows that divide, overlap and repeat.
class AssistMatmulAgreement : public ::testing::TestWithParam<AgreementCase> {};

TEST_P(AssistMatmulAgreement, MatchesOracleAndTheFaultIsCaught) {
  const auto& p = GetParam();
  for (const char* soc : {"Ascend910", "Ascend310P"}) {
    setup(soc);
    const Call c = make_call(p.self, p.grad, p.dtype);
    EXPECT_EQ(model_agreement(c), "") << soc;
    EXPECT_NE(model_agreement(c, kWrongTap), "") << soc << ": the model check missed the wrong_tap fault";
  }
}

INSTANTIATE_TEST_SUITE_P(
    AtlasTrainingInference, AssistMatmulAgreement,
    ::testing::Values(AgreementCase{"nchw_divisible_f32", {2, 3, 8, 6}, {2, 3, 4, 3}, ACL_FLOAT},
                      AgreementCase{"nchw_upsample_f32", {1, 2, 3, 2}, {1, 2, 5, 4}, ACL_FLOAT},
                      AgreementCase{"chw_pairs_f32", {3, 5, 4}, {3, 4, 2}, ACL_FLOAT},
                      AgreementCase{"nchw_overlap_f32", {2, 3, 7, 5}, {2, 3, 3, 4}, ACL_FLOAT},
                      AgreementCase{"nchw_divisible_by_3_f32", {2, 3, 9, 6}, {2, 3, 3, 2}, ACL_FLOAT},
                      AgreementCase{"nchw_divisible_f16", {2, 3, 8, 6}, {2, 3, 4, 3}, ACL_FLOAT16},
                      AgreementCase{"nchw_divisible_by_3_f16", {2, 3, 9, 6}, {2, 3, 3, 2}, ACL_FLOAT16},
                      AgreementCase{"nchw_overlap_f16", {2, 3, 7, 5}, {2, 3, 3, 4}, ACL_FLOAT16},
                      AgreementCase{"nchw_upsample_f16", {1, 2, 3, 2}, {1, 2, 5, 4}, ACL_FLOAT16},
                      AgreementCase{"chw_upsample_f16", {3, 2, 3}, {3, 3, 5}, ACL_FLOAT16},
                      // 1536 output rows: every core of either SoC has row tasks
                      AgreementCase{"nchw_many_planes_f16", {4, 64, 6, 10}, {4, 64, 3, 5}, ACL_FLOAT16}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(AssistMatmul, ReportsItsRouteAndTiling) {
  setup("Ascend910");
  const Outcome o = run(make_call({2, 3, 7, 5}, {2, 3, 3, 4}, ACL_FLOAT16));
  ASSERT_EQ(o.run, 0) << o.error;
  EXPECT_STREQ(o.info.opType, "AdaptiveAvgPool3dGrad");
  EXPECT_STREQ(o.info.strategy, "AssistMatmul");
  EXPECT_NE(std::string(o.info.tilingSummary).find("rowTasks=42"), std::string::npos) << o.info.tilingSummary;
  EXPECT_EQ(o.info.atomicAdds, 0);
}

// No atomics: deterministic mode gives the default mode's result bit for bit, and agrees with the model.
TEST(AssistMatmul, DeterministicModeAgreesBitwise) {
  setup("Ascend310P");
  const Call c = make_call({2, 3, 7, 5}, {2, 3, 3, 4}, ACL_FLOAT16, 7);
  const Outcome free_run = run(c);
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1);
  const Outcome det = run(c);
  EXPECT_EQ(model_agreement(c), "");
  EXPECT_NE(model_agreement(c, kWrongTap), "");
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
  ASSERT_EQ(det.run, 0) << det.error;
  EXPECT_EQ(det.got, free_run.got);
}

// The rounding points, hand-computed: self (C, H, W) = (1, 3, 2), gradOutput (1, 1, 2) = [1, 2]: two windows of
// 3 rows x 1 column, V = 1/3 in fp32, and the sums of one term stay. A FLOAT call keeps vm = g * V in fp32, so each
// column holds fp32(g * fp32(1/3)), inside the model. Upstream casts vm to fp16 for the first BatchMatMul:
// fp16(g * fp32(1/3)), an fp16 rounding of an fp32 call, outside the model (the control).
TEST(AssistMatmul, RoundsWhereTheChainRounds) {
  for (const char* soc : {"Ascend910", "Ascend310P"}) {
    setup(soc);
    Call c{{{1, 1, 2}, ACL_FLOAT, ACL_FORMAT_NCL},
           {{1, 3, 2}, ACL_FLOAT, ACL_FORMAT_NCL},
           {{1, 3, 2}, ACL_FLOAT, ACL_FORMAT_NCL},
           {1, 2}};
    const Outcome o = run(c);
    ASSERT_EQ(o.run, 0) << soc << ": " << o.error;
    const float third = 1.0f / 3.0f;
    const double a = third, b = 2 * third;
    EXPECT_EQ(o.got, (std::vector<double>{a, b, a, b, a, b})) << soc;
    EXPECT_EQ(model_violations(o.got, c), "") << soc;
    const double ua = poolcheck::round_to(poolcheck::DType::F16, a), ub = poolcheck::round_to(poolcheck::DType::F16, b);
    const std::vector<double> upstream_want{ua, ub, ua, ub, ua, ub};
    EXPECT_EQ(upstream_result(c), upstream_want) << soc;
    EXPECT_NE(model_violations(upstream_want, c), "") << soc << ": fp16 operands of an fp32 call left the model unseen";
    pcEmuSetFaults(kWrongTap);
    EXPECT_NE(run(c).got, o.got) << soc << ": the hand-computed comparison missed the wrong_tap fault";
    pcEmuSetFaults("");
  }
}

// FLOAT on Ascend910 agrees with the model where the fp16 operands did not (150 of these 210 elements under the
// Upstream profile: the control). FLOAT16 rarely disagrees (reported, not widened): its weight, Mul product and first
// matmul output each round to fp16 where the model allows fp32 roundings only.
TEST(AssistMatmul, KnownDisagreementsWithTheModel) {
  setup("Ascend910");
  const Call f32 = make_call({2, 3, 7, 5}, {2, 3, 3, 4}, ACL_FLOAT);
  EXPECT_EQ(model_violations(run(f32).got, f32), "");
  const std::string upstream_f32 = model_violations(upstream_result(f32), f32, 0);
  EXPECT_EQ(upstream_f32.substr(0, upstream_f32.find('\n')), "150/210 elements outside the model");
  const Call f16 = make_call({5, 9, 7}, {5, 4, 3}, ACL_FLOAT16);
  EXPECT_EQ(model_violations(run(f16).got, f16),
            "1/315 elements outside the model\n270: got 0.111206 oracle 0.111084 bound 0.000108726 terms 4\n");
  EXPECT_EQ(upstream_result(f16), run(f16).got) << "FLOAT16 computes in fp16 in both profiles";
}

// FLOAT on Ascend910 over random shapes and gradients: every element inside the model (0 outside), and the
// wrong_tap fault caught by the same check.
TEST(AssistMatmul, RandomFloatCallsAgree) {
  setup("Ascend910");
  std::mt19937_64 rng(2026);
  std::uniform_int_distribution<int64_t> dim(1, 9), planes(1, 4);
  for (int i = 0; i < 40; ++i) {
    const int64_t n = planes(rng), c = planes(rng);
    Shape self{n, c, dim(rng), 1 + dim(rng)}, grad{n, c, dim(rng), dim(rng)};  // W >= 2: wrong_tap has a column
    if (grad[2] == 1 && grad[3] == 1) grad[3] = 2;                             // the AssistMatmul route, not FillMul
    Call call = make_call(self, grad, ACL_FLOAT, rng());
    std::uniform_real_distribution<double> value(-8, 8);
    for (double& v : call.grad_values) v = static_cast<float>(value(rng));
    EXPECT_EQ(model_agreement(call), "") << i;
    EXPECT_NE(model_agreement(call, kWrongTap), "") << i << ": the model check missed the wrong_tap fault";
  }
}

// ---- documented failures, each with a passing twin ----

aclnnStatus plan_status(const Call& c) { return run(c).plan; }

Call valid_call() { return make_call({2, 3, 6, 5}, {2, 3, 4, 3}); }

class Rules : public ::testing::Test {
 protected:
  void SetUp() override { setup("Ascend910B"); }
  // The violating call fails with `code` and the twin (the valid call) succeeds.
  static void expect(const Call& bad, aclnnStatus code, const Call& twin = valid_call()) {
    EXPECT_EQ(plan_status(bad), code);
    EXPECT_EQ(plan_status(twin), 0);
  }
};

TEST_F(Rules, GradOutputNull) {
  Call c = valid_call();
  c.grad.present = false;
  expect(c, 161001);
}

TEST_F(Rules, SelfNull) {
  Call c = valid_call();
  c.self.present = false;
  expect(c, 161001);
}

TEST_F(Rules, GradOutputDtypeNotSupported) {
  for (aclDataType dt : {ACL_DOUBLE, ACL_INT32}) {
    Call c = valid_call();
    c.grad.dtype = c.self.dtype = c.out.dtype = dt;
    expect(c, 161002);
  }
}

TEST_F(Rules, SelfDtypeNotSupported) {
  Call c = valid_call();
  c.self.dtype = ACL_DOUBLE;
  expect(c, 161002);
}

TEST_F(Rules, FormatNotSupported) {
  for (aclFormat f : {ACL_FORMAT_NHWC, ACL_FORMAT_NCDHW}) {
    Call bad_grad = valid_call(), bad_self = valid_call();
    bad_grad.grad.format = f;
    bad_self.self.format = f;
    expect(bad_grad, 161002);
    expect(bad_self, 161002);
  }
  // The documented formats pass, mixed as well (the document requires no equal formats).
  for (aclFormat f : {ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NCL}) {
    Call c = valid_call();
    c.grad.format = f;
    EXPECT_EQ(plan_status(c), 0) << f;
  }
}

TEST_F(Rules, DtypesDiffer) {
  Call c = valid_call();
  c.grad.dtype = ACL_FLOAT16;
  expect(c, 161002);
}

TEST_F(Rules, RanksDiffer) {
  Call twin = valid_call();
  twin.grad.shape = {1, 3, 4, 3};
  twin.self.shape = twin.out.shape = {1, 3, 6, 5};
  Call bad = twin;
  bad.grad.shape = {3, 4, 3};  // C, Ho, Wo against self's N, C, H, W
  expect(bad, 161002, twin);
}

TEST_F(Rules, RankNotThreeOrFour) {
  Call two = make_call({6, 5}, {4, 3}), three = make_call({1, 6, 5}, {1, 4, 3});
  expect(two, 161002, three);
  Call five = make_call({1, 2, 3, 6, 5}, {1, 2, 3, 4, 3}), four = make_call({2, 3, 6, 5}, {2, 3, 4, 3});
  expect(five, 161002, four);
}

TEST_F(Rules, NcDiffer) {
  Call c_differs = valid_call(), n_differs = valid_call();
  c_differs.grad.shape = {2, 2, 4, 3};
  n_differs.grad.shape = {1, 3, 4, 3};
  expect(c_differs, 161002);
  expect(n_differs, 161002);
  Call chw = make_call({3, 6, 5}, {3, 4, 3});
  Call chw_bad = chw;
  chw_bad.grad.shape = {2, 4, 3};
  expect(chw_bad, 161002, chw);
}

// ---- platforms and dtypes per SoC ----

TEST(Platforms, NotDocumentedSocIsRefused) {
  setup("Ascend310B");
  EXPECT_EQ(plan_status(valid_call()), 161002);
  setup("Ascend910B");
  EXPECT_EQ(plan_status(valid_call()), 0);
}

TEST(Platforms, Bf16OnlyWhereTheDocumentListsIt) {
  const Call global_bf16 = make_call({2, 3, 6, 5}, {2, 3, 1, 1}, ACL_BF16);
  const Call global_f16 = make_call({2, 3, 6, 5}, {2, 3, 1, 1}, ACL_FLOAT16);
  for (const char* soc : {"Ascend910", "Ascend310P"}) {
    setup(soc);
    EXPECT_EQ(plan_status(global_bf16), 161002) << soc;
    EXPECT_EQ(plan_status(global_f16), 0) << soc;
  }
  for (const char* soc : {"Ascend910B", "Ascend910_93", "Ascend950"}) {
    setup(soc);
    EXPECT_EQ(plan_status(global_bf16), 0) << soc;
  }
}

// Every documented SoC computes a valid call other than 1x1 (Ascend 950 through the arch35 kernels, the section
// at the end); an undocumented one is refused before any route.
TEST(Platforms, EveryDocumentedSocComputes) {
  for (const char* soc : {"Ascend910B", "Ascend910_93", "Ascend950", "Ascend910", "Ascend310P"}) {
    setup(soc);
    const Outcome o = run(make_call({2, 3, 6, 5}, {2, 3, 4, 3}));
    EXPECT_EQ(o.plan, 0) << soc << ": " << o.error;
    EXPECT_EQ(o.run, 0) << soc << ": " << o.error;
  }
}

// ---- what the emulator requires of `out` (the document states no rule for it) ----

TEST_F(Rules, OutNull) {
  Call c = valid_call();
  c.out.present = false;
  expect(c, 161001);
}

TEST_F(Rules, OutShapeIsNotSelfs) {
  Call c = valid_call();
  c.out.shape = {2, 3, 6, 4};
  expect(c, 161002);
}

TEST_F(Rules, OutDtypeIsNotSelfs) {
  Call c = valid_call();
  c.out.dtype = ACL_FLOAT16;
  expect(c, 161002);
}

// ---- Ascend 950: the Regbase2d route (ops-nn's arch35 AdaptiveAvgPool2dGrad) ----
// Three templates in upstream's priority: BigKernel (windows of >= 256 elements, wider than half a vector register),
// NchwSmallKernel (N*C >= 128, windows under 256, enough gradOutput columns) and SIMT, whose Process() picks one of
// ten device functions from the sizes. Each case names the template (and SIMT function) it must reach; agreement is
// docs/tolerance.md's adaptive model, and the wrong_tap fault must break it.

struct Regbase2dCase {
  const char* name;
  Shape self, grad;
  aclDataType dtype;
  const char* strategy;  // BigKernel, NchwSmallKernel, SIMT
  const char* variant;   // the SIMT device function, or "" for the tile templates
};

// The launch's strategy, and for SIMT the device function named in the tiling summary.
std::string reached(const Outcome& o) {
  std::string s = o.info.strategy;
  const std::string summary = o.info.tilingSummary;
  const size_t at = summary.find("variant=");
  if (at != std::string::npos) s += "/" + summary.substr(at + 8, summary.find(' ', at) - at - 8);
  return s;
}

std::string expected_reach(const Regbase2dCase& p) {
  return std::string(p.strategy) + (p.variant[0] ? std::string("/") + p.variant : "");
}

class Regbase2dAgreement : public ::testing::TestWithParam<Regbase2dCase> {};

TEST_P(Regbase2dAgreement, ReachesItsTemplateAndMatchesTheModel) {
  const auto& p = GetParam();
  setup("Ascend950");
  const Call c = make_call(p.self, p.grad, p.dtype);
  const Outcome o = run(c);
  ASSERT_EQ(o.plan, 0) << o.error;
  ASSERT_EQ(o.run, 0) << o.error;
  EXPECT_STREQ(o.info.opType, "AdaptiveAvgPool3dGrad");  // the entry point's executor, whatever the route
  EXPECT_EQ(reached(o), expected_reach(p)) << o.info.tilingSummary;
  EXPECT_EQ(o.info.atomicAdds, 0);
  EXPECT_LE(o.info.ubHighWater, o.info.ubBytesLimit);
  EXPECT_EQ(model_violations(o.got, c), "") << o.info.tilingSummary;
  EXPECT_NE(model_agreement(c, kWrongTap), "") << "the model check missed the wrong_tap fault";
}

INSTANTIATE_TEST_SUITE_P(
    Ascend950, Regbase2dAgreement,
    ::testing::Values(
        // BigKernel: kH*kW = 1*512, kW = 512 > 32 (fp32) / > 64 (fp16, bf16); overlapping windows (9 rows into 2).
        Regbase2dCase{"big_f32", {1, 2, 16, 512}, {1, 2, 16, 1}, ACL_FLOAT, "BigKernel", ""},
        Regbase2dCase{"big_overlap_f32", {1, 3, 9, 301}, {1, 3, 2, 2}, ACL_FLOAT, "BigKernel", ""},
        Regbase2dCase{"big_overlap_f16", {1, 3, 9, 301}, {1, 3, 2, 2}, ACL_FLOAT16, "BigKernel", ""},
        Regbase2dCase{"big_overlap_bf16", {3, 9, 301}, {3, 2, 2}, ACL_BF16, "BigKernel", ""},
        // Many planes: the whole-plane split (N*C over the cores) and more than one tile per core.
        Regbase2dCase{"big_many_planes_f32", {2, 100, 4, 260}, {2, 100, 1, 1 + 1}, ACL_FLOAT, "BigKernel", ""},
        // Thresholds: kH*kW 256 (BigKernel) against 255 (SIMT); kW 33 against 32 with kH*kW >= 256 (fp32).
        Regbase2dCase{"window_256_f32", {1, 1, 8, 128}, {1, 1, 2, 2}, ACL_FLOAT, "BigKernel", ""},
        Regbase2dCase{"window_255_f32", {1, 1, 10, 102}, {1, 1, 2, 2}, ACL_FLOAT, "SIMT", "Nchw"},
        Regbase2dCase{"window_w33_f32", {1, 1, 16, 66}, {1, 1, 2, 2}, ACL_FLOAT, "BigKernel", ""},
        Regbase2dCase{"window_w32_f32", {1, 1, 16, 64}, {1, 1, 2, 2}, ACL_FLOAT, "SIMT", "Nchw"},
        // fp16 needs kW > 64: 65 takes BigKernel, 64 does not.
        Regbase2dCase{"window_w65_f16", {1, 1, 8, 130}, {1, 1, 2, 2}, ACL_FLOAT16, "BigKernel", ""},
        Regbase2dCase{"window_w64_f16", {1, 1, 8, 128}, {1, 1, 2, 2}, ACL_FLOAT16, "SIMT", "Nchw"},
        // NchwSmallKernel (upstream's own rows, on the 950 profile), each dtype.
        Regbase2dCase{"small_f32", {1, 128, 31, 23}, {1, 128, 7, 19}, ACL_FLOAT, "NchwSmallKernel", ""},
        Regbase2dCase{"small_f16", {1, 129, 23, 37}, {1, 129, 7, 16}, ACL_FLOAT16, "NchwSmallKernel", ""},
        Regbase2dCase{"small_bf16", {521, 17, 31}, {521, 5, 16}, ACL_BF16, "NchwSmallKernel", ""},
        Regbase2dCase{"small_downsample_f32", {1, 384, 71, 83}, {1, 384, 9, 37}, ACL_FLOAT, "NchwSmallKernel", ""},
        Regbase2dCase{"small_upsample_f32", {1, 256, 17, 19}, {1, 256, 97, 113}, ACL_FLOAT, "NchwSmallKernel", ""},
        // Thresholds: N*C 128 against 127; gradOutput W 8 against 7 (fp32), 16 against 15 (fp16).
        Regbase2dCase{"nc_128_f32", {1, 128, 5, 7}, {1, 128, 4, 8}, ACL_FLOAT, "NchwSmallKernel", ""},
        Regbase2dCase{"nc_127_f32", {1, 127, 5, 7}, {1, 127, 4, 8}, ACL_FLOAT, "SIMT", "Nchw"},
        Regbase2dCase{"wy_8_f32", {1, 128, 7, 11}, {1, 128, 4, 8}, ACL_FLOAT, "NchwSmallKernel", ""},
        Regbase2dCase{"wy_7_f32", {1, 128, 7, 11}, {1, 128, 4, 7}, ACL_FLOAT, "SIMT", "Nchw"},
        Regbase2dCase{"wy_16_f16", {1, 128, 7, 23}, {1, 128, 4, 16}, ACL_FLOAT16, "NchwSmallKernel", ""},
        Regbase2dCase{"wy_15_f16", {1, 128, 7, 23}, {1, 128, 4, 15}, ACL_FLOAT16, "SIMT", "Nchw"},
        // A resize upstream leaves to SIMT although N*C >= 128 (both axes upsampled, area x3).
        Regbase2dCase{"simt_resize_f32", {1, 128, 11, 29}, {1, 128, 5, 19}, ACL_FLOAT, "SIMT", "Nchw"},
        // SIMT device functions.
        Regbase2dCase{"simt_nchw_f32", {2, 3, 7, 5}, {2, 3, 3, 4}, ACL_FLOAT, "SIMT", "Nchw"},
        Regbase2dCase{"simt_nchw_f16", {2, 3, 7, 5}, {2, 3, 3, 4}, ACL_FLOAT16, "SIMT", "Nchw"},
        Regbase2dCase{"simt_nchw_bf16", {5, 9, 7}, {5, 4, 3}, ACL_BF16, "SIMT", "Nchw"},
        Regbase2dCase{"simt_out_w_small_f32", {2, 3, 3, 5}, {2, 3, 5, 4}, ACL_FLOAT, "SIMT", "OutWSmall"},
        Regbase2dCase{"simt_h_reduce_w_expand_f16", {1, 2, 6, 2}, {1, 2, 4, 8}, ACL_FLOAT16, "SIMT", "HReduceWExpand"},
        Regbase2dCase{"simt_h_in_one_f32", {2, 2, 1, 9}, {2, 2, 3, 4}, ACL_FLOAT, "SIMT", "HInOne"},
        Regbase2dCase{"simt_h_expand_exact12_bf16", {1, 3, 2, 7}, {1, 3, 24, 5}, ACL_BF16, "SIMT", "HExpandExact12"},
        Regbase2dCase{"simt_out_w_row2_f32", {2, 2, 3, 9}, {2, 2, 7, 2}, ACL_FLOAT, "SIMT", "OutWRow2"},
        Regbase2dCase{"simt_h_expand_w2_f32", {1, 1, 2, 5}, {1, 1, 2048, 2}, ACL_FLOAT, "SIMT", "HExpandW2"},
        Regbase2dCase{"simt_seg_fast4_f32", {1, 2, 3, 37}, {1, 2, 7, 4}, ACL_FLOAT, "SIMT", "SegFast4"},
        Regbase2dCase{"simt_seg_fast3_f16", {1, 2, 3, 25}, {1, 2, 5, 3}, ACL_FLOAT16, "SIMT", "SegFast3"},
        Regbase2dCase{"simt_seg_fast2_bf16", {1, 2, 4, 33}, {1, 2, 9, 2}, ACL_BF16, "SIMT", "SegFast2"},
        Regbase2dCase{"simt_chw_f32", {5, 9, 7}, {5, 4, 3}, ACL_FLOAT, "SIMT", "Nchw"}),
    [](const auto& info) { return std::string(info.param.name); });

// Tile templates over many cores and tiles, with the tiling fields reported; deterministic mode changes nothing
// (no atomics, no sum split over cores): bitwise the default mode's result.
TEST(Regbase2d, DeterministicModeIsBitwiseTheSame) {
  setup("Ascend950");
  for (const Call& c :
       {make_call({1, 128, 31, 23}, {1, 128, 7, 19}, ACL_FLOAT16, 3),
        make_call({1, 3, 9, 301}, {1, 3, 2, 2}, ACL_FLOAT, 3), make_call({2, 3, 7, 5}, {2, 3, 3, 4}, ACL_BF16, 3)}) {
    const Outcome free_run = run(c);
    aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1);
    const Outcome det = run(c);
    aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
    ASSERT_EQ(det.run, 0) << det.error;
    EXPECT_EQ(det.got, free_run.got) << det.info.tilingSummary;
    EXPECT_EQ(det.info.deterministic, 1);
  }
}

TEST(Regbase2d, NonContiguousViewsAgree) {
  setup("Ascend950");
  for (const Call& base : {make_call({1, 128, 31, 23}, {1, 128, 7, 19}), make_call({2, 3, 7, 5}, {2, 3, 3, 4})}) {
    Call c = base;
    c.grad.transposed = true;
    c.out.transposed = true;
    EXPECT_EQ(model_agreement(c), "");
    EXPECT_NE(model_agreement(c, kWrongTap), "");
  }
}

// Hand-computed: H 4 -> 3 (windows of 2 rows), W the identity, as the document's example; the SIMT Nchw function.
TEST(Regbase2d, DocumentExampleMatchesHandComputedValues) {
  setup("Ascend950");
  Call c{{{1, 1, 3, 2}}, {{1, 1, 4, 2}}, {{1, 1, 4, 2}}, {1, 2, 3, 4, 5, 6}};
  const Outcome o = run(c);
  ASSERT_EQ(o.run, 0) << o.error;
  EXPECT_EQ(reached(o), "SIMT/Nchw");
  const std::vector<double> want{0.5, 1, 2, 3, 4, 5, 2.5, 3};
  EXPECT_EQ(o.got, want);
  pcEmuSetFaults(kWrongTap);
  EXPECT_NE(run(c).got, want) << "the hand-computed comparison missed the wrong_tap fault";
  pcEmuSetFaults("");
}

// The tiling statement of one BigKernel and one NchwSmallKernel call on the 950 profile (64 cores, 245760-byte UB),
// worked out from upstream's rules:
// BigKernel, self 1x3x9x301 fp32, gradOutput 1x3x2x2: windows 5x151; available UB 245760 - 2048 - 2048 = 241664.
// Whole planes: ceil(3/64) = 1 plane of 9x301 per tile is 3 tiles (< 64 cores), so one plane per tile with more H
// tiles (ceil(9/k) rows for k = 2, 3, ...) until a tile is one row: 27 tiles; then more W tiles: ceil(301/2) = 151
// gives 54, ceil(301/3) = 101 gives 81 >= 64 and fits (grad region 1x2x2 -> 32 B, fp32 tile 1x104 -> 416 B, doubled
// 896 B, plus 7 registers of 256 B), so the search stops there: 81 tiles, 2 per core, 41 cores, the last with 1.
TEST(Regbase2d, BigKernelTilingFields) {
  setup("Ascend950");
  const Outcome o = run(make_call({1, 3, 9, 301}, {1, 3, 2, 2}));
  ASSERT_EQ(o.run, 0) << o.error;
  const std::string s = o.info.tilingSummary;
  EXPECT_NE(s.find("BigKernel key=18 blockDim=41"), std::string::npos) << s;
  EXPECT_NE(s.find("planes=1/1x3 h=1/1x9 w=101/99x3 tiles=81 perCore=2 lastCore=1 bufs=32/416/0 ub=2688/245760"),
            std::string::npos)
      << s;
  EXPECT_EQ(o.info.blockDim, 41);
  EXPECT_EQ(o.info.ubHighWater, 2688);  // the kernel allocates exactly the planned buffers
}

// NchwSmallKernel, self 1x4096x5x7 fp32, gradOutput 1x4096x4x8 (windows 2x1 and 1x2, under 256; N*C >= 128; 8
// gradOutput columns): TrySplitNC takes whole 5x7 planes, one vector of 64 per tile. Grad region ceil(5*4/5) + 1 = 5
// rows of ceil(7*8/7) + 1 = 9 columns padded to 16: 64*5*16 = 5120 elements (20480 B, and as fp32 channels-last the
// same); output rows 5 x 8 = 40 padded to 48: 64*48*4 = 12288 B; doubled 106496 B <= 245760 - 2048 - 2560, and
// 4096/64 = 64 tiles feed the 64 cores. UB: 106496 + 7 registers of 256 B.
TEST(Regbase2d, SmallKernelTilingFields) {
  setup("Ascend950");
  const Outcome o = run(make_call({1, 4096, 5, 7}, {1, 4096, 4, 8}));
  ASSERT_EQ(o.run, 0) << o.error;
  const std::string s = o.info.tilingSummary;
  EXPECT_NE(s.find("NchwSmallKernel key=17 blockDim=64"), std::string::npos) << s;
  EXPECT_NE(s.find("planes=64/64x64 h=5/5x1 w=7/7x1 tiles=64 perCore=1 lastCore=1 bufs=20480/20480/12288 "
                   "ub=108288/245760"),
            std::string::npos)
      << s;
  EXPECT_EQ(o.info.ubHighWater, 108288);
  EXPECT_EQ(model_violations(o.got, make_call({1, 4096, 5, 7}, {1, 4096, 4, 8})), "");
}

// A seeded sweep of shapes over all three templates and every dtype: each call agrees with the model. The
// templates reached are counted so the sweep stays a sweep of all of them.
TEST(Regbase2d, RandomShapesAgree) {
  setup("Ascend950");
  std::mt19937_64 rng(950);
  auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  const aclDataType dtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  std::map<std::string, int> reached_count;
  for (int i = 0; i < 90; ++i) {
    const int kind = i % 3;  // 0: wide windows (BigKernel), 1: many planes (small kernel), 2: anything (SIMT)
    const int64_t nc = kind == 1 ? pick(128, 300) : pick(1, 4);
    const int64_t h = pick(1, kind == 0 ? 12 : 40), w = kind == 0 ? pick(260, 700) : pick(1, 40);
    int64_t ho = pick(1, kind == 0 ? 3 : 48), wo = kind == 0 ? pick(1, 2) : pick(1, 48);
    if (ho == 1 && wo == 1) wo = 2;
    const Call c = make_call({1, nc, h, w}, {1, nc, ho, wo}, dtypes[pick(0, 2)], static_cast<uint64_t>(i));
    const Outcome o = run(c);
    ASSERT_EQ(o.run, 0) << o.error;
    ++reached_count[reached(o)];
    EXPECT_EQ(model_violations(o.got, c, 4), "") << o.info.tilingSummary;
  }
  EXPECT_GT(reached_count["BigKernel"], 0);
  EXPECT_GT(reached_count["NchwSmallKernel"], 0);
  int simt = 0;
  for (const auto& [name, n] : reached_count) simt += name.rfind("SIMT/", 0) == 0 ? n : 0;
  EXPECT_GT(simt, 0);
  std::string seen;
  for (const auto& [name, n] : reached_count) seen += name + "=" + std::to_string(n) + " ";
  std::cout << "reached: " << seen << std::endl;
}

}  // namespace
