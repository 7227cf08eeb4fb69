// aclnnAdaptiveAvgPool3dBackward's tiling against ops-nn's own tiling tests (docs/tiling-conformance.md).
//   A2/A3: the op transposes gradOutput to (Do, Ho, Wo, N*C) and calls AdaptiveAvgPool3dGrad; upstream's
//          test_adaptive_avg_pool3d_grad_tiling.cpp (UB 196608, 40 cores) gives y_grad (Do,Ho,Wo,NC) and a 4-D x
//          (NC,D,H,W), which is this operator's 4-D call (C,D,H,W) as it is. It asserts key, blockDim and the whole
//          tiling data. The "formula" rows exercise the same tiling's UB budget, clamps and determinism on shapes
//          the upstream test leaves out; their values are derived by hand from CalTilingKey.
//   Ascend 950: 002 marks 950PR/950DT not supported, so poolcheck refuses upstream's two 950 cases
//          (AA.D.ASCEND950).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "aclnnop/aclnn_adaptive_avg_pool3d_backward.h"
#include "tests/conformance/plan_through_poolcheck.h"
#include "tests/conformance/planning.h"
#include "tests/conformance/row_checks.h"

namespace poolcheck::conformance {
namespace {

constexpr const char* kOp = "adaptive_avgpool3d_grad";
constexpr const char* kTest =
    "pooling/adaptive_avg_pool3d_grad/tests/ut/op_host/test_adaptive_avg_pool3d_grad_tiling.cpp ";
constexpr const char* kFormula = "formula (CalTilingKey, adaptive_avg_pool3d_grad_tiling.cpp) ";
constexpr int64_t kA2Ub = 196608, k950Ub = 245760;
constexpr int32_t kA2Cores = 40, k950Cores = 64;

struct Call {
  std::vector<int64_t> grad, self;  // self is also `out`
  aclDataType dt = ACL_FLOAT;
};

struct AdaptiveRow {
  Row row;
  Call call;
};

std::string describe(const Call& c) {
  return "gradOutput " + dims(c.grad) + " self " + dims(c.self) +
         (c.dt == ACL_FLOAT     ? " fp32"
          : c.dt == ACL_FLOAT16 ? " fp16"
                                : " bf16");
}

Observation plan(const AdaptiveRow& r) {
  const Call& c = r.call;
  const aclFormat fmt = c.self.size() == 5 ? ACL_FORMAT_NCDHW : ACL_FORMAT_ND;
  Tensor go = Tensor::broadcast(c.grad, c.dt, fmt), self = Tensor::broadcast(c.self, c.dt, fmt);
  Tensor out(c.self, c.dt, fmt);
  return observe(r.row, [&](uint64_t* ws, aclOpExecutor** ex) {
    return aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize(go.get(), self.get(), out.get(), ws, ex);
  });
}

// Upstream's tiling data after its shape fields (ncNum dIn hIn wIn dOut hOut wOut), in poolcheck's summary
// names: taskCoreUsed, taskNumPerCore, taskNumLastCore, yNumPerCalc, ncSliceNum, ncAlignSliceLength,
// ncAlignSliceTail, isAtomicAdd (deterministicFlag is the plan's deterministic bit, compared for every row).
std::vector<Field> tiling_data(int64_t nc, int64_t used, int64_t per_core, int64_t last, int64_t y_per_calc,
                               int64_t slices, int64_t slice_len, int64_t tail, int64_t atomic) {
  return {{"ncNum", "nc", nc},
          {"taskCoreUsed", "usedCores", used},
          {"taskNumPerCore", "perCore", per_core},
          {"taskNumLastCore", "lastCore", last},
          {"yNumPerCalc", "yPerCalc", y_per_calc},
          {"ncSliceNum", "sliceNum", slices},
          {"ncAlignSliceLength", "sliceLen", slice_len},
          {"ncAlignSliceTail", "tail", tail},
          {"isAtomicAdd", "atomics", atomic}};
}

Row a2(std::string source, Expectation e) {
  return {std::move(source), "", "Ascend910B", kA2Cores, kA2Ub, false, "", "", std::move(e)};
}

// CalTilingKey: ub = UB - 3072 - 3072; ncAlign = AlignUp(NC, 32/dtypeBytes); perCalc = ncAlign * 8 (fp32) or
// ncAlign * 12 (fp16/bf16: 2 + 4 + 2 + 4); small when perCalc < ub: tasks = Do*Ho*Wo, yNumPerCalc = ub/perCalc;
// else slices = ceil(perCalc/ub), sliceLen = ncAlign/slices aligned down, slices = ceil(NC/sliceLen), tasks =
// Do*Ho*Wo*slices; used = min(tasks, cores), perCore = ceil(tasks/used), used = ceil(tasks/perCore),
// yNumPerCalc = min(yNumPerCalc, perCore); key = 10*dtype (fp32 0, fp16 1, bf16 2) + large; blockDim = cores
// (1 when deterministic).
std::vector<AdaptiveRow> a2_rows() {
  std::vector<AdaptiveRow> rows;
  // The upstream test's four cases: y (64,24,24,NC), x (NC,16,12,12); the expected data strings verbatim
  // (after the shape fields): "40 922 906 2 1 8192 8192 1 0" and so on.
  const std::vector<int64_t> grad_small{8192, 64, 24, 24}, self_small{8192, 16, 12, 12};
  const std::vector<int64_t> grad_large{40960, 64, 24, 24}, self_large{40960, 16, 12, 12};
  rows.push_back({a2(std::string(kTest) + "test_case_float32_tiling",
                     {0, "", "General", 0, 40, tiling_data(8192, 40, 922, 906, 2, 1, 8192, 8192, 1)}),
                  {grad_small, self_small, ACL_FLOAT}});
  rows.push_back({a2(std::string(kTest) + "test_case_cast_tiling",
                     {0, "", "General", 10, 40, tiling_data(8192, 40, 922, 906, 1, 1, 8192, 8192, 1)}),
                  {grad_small, self_small, ACL_FLOAT16}});
  rows.push_back({a2(std::string(kTest) + "test_case_nc_large_float32_tiling",
                     {0, "", "General", 1, 40, tiling_data(40960, 40, 1844, 1812, 1, 2, 20480, 20480, 1)}),
                  {grad_large, self_large, ACL_FLOAT}});
  rows.push_back({a2(std::string(kTest) + "test_case_nc_large_cast_tiling",
                     {0, "", "General", 21, 40, tiling_data(40960, 40, 3687, 3663, 1, 4, 13648, 16, 1)}),
                  {grad_large, self_large, ACL_BF16}});
  // UB knob 16384: ub = 10240. bf16 NC 1024: perCalc 12288 >= 10240 (the 12-byte budget; 8 bytes would fit):
  // 2 slices of 512; 8 positions x 2 = 16 tasks on 2 cores.
  AdaptiveRow budget{a2(std::string(kFormula) + "fp16/bf16 budget of 12 bytes a channel makes N*C large",
                        {0, "", "General", 21, 2, tiling_data(1024, 2, 8, 8, 1, 2, 512, 512, 0)}),
                     {{1024, 2, 2, 2}, {1024, 4, 4, 4}, ACL_BF16}};
  // fp16 NC 512: perCalc 6144 < 10240: small, one position per pass (10240/6144).
  AdaptiveRow per_pass{a2(std::string(kFormula) + "fp16/bf16 budget sets the positions per pass",
                          {0, "", "General", 10, 2, tiling_data(512, 2, 4, 4, 1, 1, 512, 512, 0)}),
                       {{512, 2, 2, 2}, {512, 4, 4, 4}, ACL_FLOAT16}};
  for (AdaptiveRow* r : {&budget, &per_pass}) {
    r->row.cores = 2;
    r->row.ub = 16384;
    rows.push_back(*r);
  }
  // fp32 NC 8: 190464/64 = 2976 positions would fit, clamped to the 1 task per core; divisible sizes: no atomics.
  const Call small{{8, 2, 2, 2}, {8, 4, 4, 4}, ACL_FLOAT};
  rows.push_back({a2(std::string(kFormula) + "positions per pass clamped to the tasks per core",
                     {0, "", "General", 0, 40, tiling_data(8, 8, 1, 1, 1, 1, 8, 8, 0)}),
                  small});
  AdaptiveRow det{a2(std::string(kFormula) + "deterministic: one core",
                     {0, "", "General", 0, 1, tiling_data(8, 1, 8, 8, 8, 1, 8, 8, 0)}),
                  small};
  det.row.deterministic = true;
  rows.push_back(det);
  // NC 5 (aligned to 8): the tail upstream reports is the aligned length; 3 into 2 overlaps: atomics.
  rows.push_back({a2(std::string(kFormula) + "unaligned N*C: the tail is ncAlign",
                     {0, "", "General", 0, 40, tiling_data(5, 8, 1, 1, 1, 1, 8, 8, 1)}),
                  {{5, 2, 2, 2}, {5, 3, 3, 3}, ACL_FLOAT}});
  for (AdaptiveRow& r : rows) r.row.call = describe(r.call);
  return rows;
}

// Upstream's Ascend 950 cases: 002 marks 950PR/950DT not supported, so each is refused with 161002.
std::vector<AdaptiveRow> ascend950_rows() {
  struct Case950 {
    const char* name;
    uint64_t upstream_key;
    Call call;
  };
  const std::vector<Case950> cases{
      {"adaptive_avg_pool3d_grad_tilingkey_258_ascend950",
       33,
       {{1, 1, 1, 1, 32768}, {1, 1, 1, 1, 16777216}, ACL_FLOAT}},
      {"adaptive_avg_pool3d_grad_tilingkey_257_ascend950", 18, {{3, 30, 37, 6, 29}, {3, 30, 5, 1, 24}, ACL_FLOAT}},
  };
  std::vector<AdaptiveRow> rows;
  for (const Case950& c : cases) {
    const Row r = unsupported_row(
        std::string(kTest) + c.name, describe(c.call), "Ascend950", k950Cores, k950Ub,
        "upstream key " + std::to_string(c.upstream_key) + " (arch35 templates); 002 marks Ascend 950 not supported",
        "AA.D.ASCEND950", "Ascend950");
    rows.push_back({r, c.call});
  }
  return rows;
}

TEST(AdaptiveAvgPool3dGradTilingConformance, A2RowsPlanAsUpstreamTiles) { expect_rows_conform(a2_rows(), plan); }

// The same rows through `poolcheck plan` (a descriptor, harness/plan_only): the same answers.
Observation plan_by_poolcheck(const AdaptiveRow& r) {
  const Call& c = r.call;
  const std::string t = std::string(dtype_word(c.dt)) + ":", fmt = c.self.size() == 5 ? ":fmt=NCDHW" : "";
  return plan_through_poolcheck(r.row, kOp,
                                "gradOutput=" + t + dims_word(c.grad) + fmt + " self=" + t + dims_word(c.self) + fmt +
                                    " out=" + t + dims_word(c.self) + fmt);
}

TEST(AdaptiveAvgPool3dGradTilingConformance, PoolcheckPlanAnswersEveryRowAlike) {
  expect_rows_conform(a2_rows(), plan_by_poolcheck);
  expect_rows_conform(ascend950_rows(), plan_by_poolcheck);
}

TEST(AdaptiveAvgPool3dGradTilingConformance, Ascend950RowsAreRefusedAsTheDocumentSays) {
  expect_rows_conform(ascend950_rows(), plan);
}

// The spec backs the rows: 002's platform table marks Ascend 950 not supported, AA.PLATFORM refuses it, and
// every cited discrepancy entry exists.
TEST(AdaptiveAvgPool3dGradTilingConformance, SpecBacksTheRows) {
  const std::vector<Row> rows = rows_of<AdaptiveRow>({a2_rows(), ascend950_rows()});
  EXPECT_EQ(std::count_if(rows.begin(), rows.end(), [](const Row& r) { return !r.discrepancy.empty(); }), 2);
  EXPECT_EQ(joined(spec_problems(kOp, "Ascend950", "AA.PLATFORM", rows)), "");
}

// Negative controls: a wrong expected key, field or status is reported as a mismatch naming the row.
TEST(AdaptiveAvgPool3dGradTilingConformance, ComparisonNamesTheRowOfAWrongExpectation) {
  const AdaptiveRow good = a2_rows()[1];  // fp16 8192: yNumPerCalc 1 (an 8-byte budget would give 2)
  const Observation seen = plan(good);
  ASSERT_TRUE(compare(good.row, seen).empty());
  Row bad = good.row;
  bad.expect.key = 11;
  expect_single_mismatch(bad, seen, "key 10, upstream 11");
  bad = good.row;
  bad.expect.fields[4].value = 2;
  expect_single_mismatch(bad, seen, "yNumPerCalc (yPerCalc) 1, upstream 2");
  bad = good.row;
  bad.expect.strategy = "AllOne";
  expect_single_mismatch(bad, seen, "strategy General, upstream AllOne");
  bad = good.row;
  bad.deterministic = true;
  bad.expect.block_dim = 40;
  expect_single_mismatch(bad, seen, "deterministic=0");
}

}  // namespace
}  // namespace poolcheck::conformance
