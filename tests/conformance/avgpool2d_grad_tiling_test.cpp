// aclnnAvgPool2dBackward's tiling against ops-nn's own tiling tests (docs/tiling-conformance.md).
//   A2/A3: the vector 3-D path calls AvgPool3DGrad with data_format NDHWC, grad (1, 1, Ho, Wo, N*C) and
//          ksize (1, kH, kW); upstream's test_avgpool3d_backward_tiling.cpp (UB 196608, 48 cores) asserts its
//          key. Its NDHWC cases are re-expressed as the 2-D calls that reach that tiling; its NCDHW cases no
//          call of this operator can reach. The "formula" rows exercise the same tiling's core, chunk and UB
//          rules on shapes the upstream tests leave out; their values are derived by hand from Tiling4CParam.
//   Ascend 950: upstream's path is AvgPoolV2Grad (test_avg_pool_v2_grad_tiling.cpp, UB 245760, 64 cores);
//          001 does not list 950, so poolcheck refuses those calls (AP.D.PLATFORMS).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "aclnnop/aclnn_avgpool2d_backward.h"
#include "spec/spec.h"
#include "tests/conformance/plan_through_poolcheck.h"
#include "tests/conformance/planning.h"
#include "tests/conformance/row_checks.h"

namespace poolcheck::conformance {
namespace {

constexpr const char* kOp = "avgpool2d_grad";
constexpr const char* kA2Test = "pooling/avg_pool3_d_grad/tests/ut/op_host/test_avgpool3d_backward_tiling.cpp ";
constexpr const char* k950Test = "pooling/avg_pool_v2_grad/tests/ut/op_host/arch35/test_avg_pool_v2_grad_tiling.cpp ";
constexpr const char* kFormula = "formula (Tiling4CParam, avg_pool_3d_grad_tiling.cpp) ";
constexpr int64_t kA2Ub = 196608, k950Ub = 245760;
constexpr int32_t kA2Cores = 48, k950Cores = 64;

struct Call {
  std::vector<int64_t> grad, self;  // NCHW
  std::vector<int64_t> k, s, p;
  bool ceil = false, count_include_pad = false;
  int64_t divisor = 0;
  aclDataType dt = ACL_FLOAT;
};

struct AvgRow {
  Row row;
  Call call;
};

std::string describe(const Call& c) {
  return "gradOutput " + dims(c.grad) + " self " + dims(c.self) + " k " + dims(c.k) + " s " + dims(c.s) + " p " +
         dims(c.p) + " ceil " + std::to_string(c.ceil) + " countIncludePad " + std::to_string(c.count_include_pad) +
         " divisor " + std::to_string(c.divisor) +
         (c.dt == ACL_FLOAT     ? " fp32"
          : c.dt == ACL_FLOAT16 ? " fp16"
                                : " bf16");
}

Observation plan(const AvgRow& r) {
  const Call& c = r.call;
  Tensor go = Tensor::broadcast(c.grad, c.dt, ACL_FORMAT_NCHW), self = Tensor::broadcast(c.self, c.dt, ACL_FORMAT_NCHW);
  Tensor gi(c.self, c.dt, ACL_FORMAT_NCHW);
  IntArray k(c.k), s(c.s), p(c.p);
  return observe(r.row, [&](uint64_t* ws, aclOpExecutor** ex) {
    return aclnnAvgPool2dBackwardGetWorkspaceSize(go.get(), self.get(), k.get(), s.get(), p.get(), c.ceil,
                                                  c.count_include_pad, c.divisor, 0, gi.get(), ws, ex);
  });
}

// The fields of Tiling4CParam in poolcheck's summary names, in the order: normalCoreCNum, lastCoreCNum, cTotal,
// cCount, cAlign, cNum, cTail, cLine, isOverLap.
std::vector<Field> c_param(int64_t normal, int64_t last, int64_t total, int64_t count, int64_t align, int64_t num,
                           int64_t tail, int64_t line, int64_t overlap) {
  return {{"normalCoreCNum", "perCore", normal},
          {"lastCoreCNum", "lastCore", last},
          {"cTotal", "channels", total},
          {"cCount", "cCount", count},
          {"cAlign", "cAlign", align},
          {"cNum", "cNum", num},
          {"cTail", "cTail", tail},
          {"cLine", "cLine", line},
          {"isOverLap", "atomics", overlap}};
}

Row a2(std::string source, bool det, std::string note, Expectation e) {
  return {std::move(source), "", "Ascend910B", kA2Cores, kA2Ub, det, std::move(note), "", std::move(e)};
}

// The NDHWC cases of the A2 test: grad (1,16,1,1,1), ksize (4,4,4), stride 1, orig input (1,16,4,4,4),
// count_include_pad false; read as N=1, C=16 with a 4x4x4 window giving 1x1x1, their 2-D projection
// (kD = D = 1, which the 2-D path always passes) is the call below.
const char* kProjection =
    "2-D projection of the UT's 3-D window (the 2-D path passes kD = D = 1); grad reaches AvgPool3DGrad as "
    "(1,1,1,1,16) NDHWC; the UT asserts the key, the other fields are Tiling4CParam's for this call";
const Call kUtCall{{1, 16, 1, 1}, {1, 16, 4, 4}, {4, 4}, {1, 1}, {0, 0}, false, false, 0, ACL_FLOAT};

Call with_dtype(Call c, aclDataType dt) {
  c.dt = dt;
  return c;
}

// Upstream's A2 cases and the formula rows. Tiling4CParam: ubLeft = UB - 20480; ubPart 2 (fp32), 3 (fp16/bf16
// with overlap), 4 (fp16/bf16 without); maxC = AlignDown(ubLeft / ubPart, 32) / dtypeBytes; coreNum =
// min(cores, N*Do*Ho*Wo) (1 when deterministic with overlap: gradDim0); items = N*Do*Ho*Wo*cNum;
// normal = items / coreNum; last = items - normal*(coreNum-1).
std::vector<AvgRow> a2_rows() {
  std::vector<AvgRow> rows;
  // 196608 - 20480 = 176128; fp32: 176128/2 = 88064 -> 22016 channels; cAlign 16, cLine 22016/16 = 1376.
  rows.push_back({a2(std::string(kA2Test) + "avgpool3d_backward_tiling_0", false, kProjection,
                     {0, "", "Vector", 2000, 1, c_param(1, 1, 16, 16, 16, 1, 16, 1376, 1)}),
                  kUtCall});
  // fp16 with overlap: 176128/3 = 58709 -> AlignDown 58688 -> 29344 channels; cAlign 16, cLine 1834.
  rows.push_back({a2(std::string(kA2Test) + "avgpool3d_backward_tiling_1", false, kProjection,
                     {0, "", "Vector", 1000, 1, c_param(1, 1, 16, 16, 16, 1, 16, 1834, 1)}),
                  with_dtype(kUtCall, ACL_FLOAT16)});
  // Deterministic with overlap: coreNum = min(cores, gradDim0) = 1.
  rows.push_back({a2(std::string(kA2Test) + "avgpool3d_backward_tiling_3", true, kProjection,
                     {0, "", "Vector", 2000, 1, c_param(1, 1, 16, 16, 16, 1, 16, 1376, 1)}),
                  kUtCall});
  // N*C = 30000 > 22016: two chunks (22016 + 7984); Ho*Wo = 9 positions give 9 cores (not 18: the chunks share
  // their position's core); items 18, 2 per core.
  rows.push_back({a2(std::string(kFormula) + "channel chunks share their position's core", false, "",
                     {0, "", "Vector", 2000, 9, c_param(2, 2, 30000, 22016, 22016, 2, 7984, 1, 0)}),
                  {{1, 30000, 3, 3}, {1, 30000, 6, 6}, {2, 2}, {2, 2}, {0, 0}, false, false, 0, ACL_FLOAT}});
  // fp16 without overlap: ubPart 4: 176128/4 = 44032 -> 22016 channels; 4 positions, 4 cores.
  rows.push_back({a2(std::string(kFormula) + "fp16 without overlap (ubPart 4)", false, "",
                     {0, "", "Vector", 1000, 4, c_param(1, 1, 16, 16, 16, 1, 16, 1376, 0)}),
                  {{1, 16, 2, 2}, {1, 16, 4, 4}, {2, 2}, {2, 2}, {0, 0}, false, false, 0, ACL_FLOAT16}});
  // N*C = 6 -> cAlign 8, cLine 22016/8 = 2752; 36 positions: 36 cores, or 1 when deterministic (gradDim0 = 1).
  const Call overlap{{2, 3, 6, 6}, {2, 3, 8, 8}, {3, 3}, {1, 1}, {0, 0}, false, false, 0, ACL_FLOAT};
  rows.push_back({a2(std::string(kFormula) + "overlap, one core per position", false, "",
                     {0, "", "Vector", 2000, 36, c_param(1, 1, 6, 6, 8, 1, 6, 2752, 1)}),
                  overlap});
  rows.push_back({a2(std::string(kFormula) + "overlap, deterministic: one core", true, "",
                     {0, "", "Vector", 2000, 1, c_param(36, 36, 6, 6, 8, 1, 6, 2752, 1)}),
                  overlap});
  // UB knob 65536: 45056/2 = 22528 -> 5632 channels; 6000 = 5632 + 368; 4 positions on 3 cores: 8 items,
  // 2 per core and 4 on the last.
  AvgRow knob{a2(std::string(kFormula) + "UB and core knobs: chunks, remainder on the last core", false, "",
                 {0, "", "Vector", 2000, 3, c_param(2, 4, 6000, 5632, 5632, 2, 368, 1, 0)}),
              {{1, 6000, 2, 2}, {1, 6000, 4, 4}, {2, 2}, {2, 2}, {0, 0}, false, false, 0, ACL_FLOAT}};
  knob.row.cores = 3;
  knob.row.ub = 65536;
  rows.push_back(knob);
  for (AvgRow& r : rows) r.row.call = describe(r.call);
  return rows;
}

// Upstream's Ascend 950 cases (AvgPoolV2Grad): 001 lists neither 950PR nor 950DT, so each is refused with
// 161002 (AP.PLATFORM). Test_1..4 pass padding_mode VALID, which aclnn never does; with zero padding and these
// shapes VALID and CALCULATED give the same windows, so they are called with CALCULATED.
std::vector<AvgRow> ascend950_rows() {
  struct Case950 {
    const char* name;
    uint64_t upstream_key;
    Call call;
  };
  const std::vector<Case950> cases{
      {"AvgPoolV2GradTiling_Test_nchw_tiling_1",
       256,
       {{100, 8, 4, 4}, {100, 8, 8, 8}, {2, 2}, {2, 2}, {0, 0}, false, false, 0, ACL_FLOAT}},
      {"AvgPoolV2GradTiling_Test_nchw_tiling_2",
       1280,
       {{25, 8, 6, 4}, {25, 8, 11, 12}, {2, 3}, {2, 3}, {0, 0}, true, false, 0, ACL_FLOAT}},
      {"AvgPoolV2GradTiling_Test_nchw_tiling_3",
       7424,
       {{2, 5, 8, 151}, {2, 5, 29, 753}, {6, 16}, {4, 5}, {3, 5}, true, true, 9, ACL_FLOAT16}},
      {"AvgPoolV2GradTiling_Test_nchw_tiling_4",
       2306,
       {{64, 94, 16, 18}, {64, 94, 31, 55}, {5, 7}, {2, 3}, {2, 2}, false, true, 0, ACL_FLOAT}},
      {"AvgPoolV2GradTiling_Test_1",
       2306,
       {{1, 1, 1, 1}, {1, 1, 2, 2}, {2, 2}, {2, 2}, {0, 0}, false, true, 0, ACL_FLOAT}},
      {"AvgPoolV2GradTiling_Test_2",
       6402,
       {{1, 1, 1, 1}, {1, 1, 2, 2}, {2, 2}, {2, 2}, {0, 0}, false, true, 10, ACL_FLOAT}},
      {"AvgPoolV2GradTiling_Test_3",
       258,
       {{1, 1, 1, 1}, {1, 1, 2, 2}, {2, 2}, {2, 2}, {0, 0}, false, false, 0, ACL_FLOAT}},
      {"AvgPoolV2GradTiling_Test_4",
       4354,
       {{1, 1, 1, 1}, {1, 1, 2, 2}, {2, 2}, {2, 2}, {0, 0}, false, false, 10, ACL_FLOAT}},
  };
  std::vector<AvgRow> rows;
  for (const Case950& c : cases) {
    const Row r = unsupported_row(
        std::string(k950Test) + c.name, describe(c.call), "Ascend950", k950Cores, k950Ub,
        "upstream key " + std::to_string(c.upstream_key) + " (AvgPoolV2Grad); 001 does not list Ascend 950",
        "AP.D.PLATFORMS", "platform Ascend950");
    rows.push_back({r, c.call});
  }
  return rows;
}

// Upstream cases no aclnnAvgPool2dBackward call reaches.
std::vector<UnreachableRow> unreachable_rows() {
  const std::string ncdhw = "data_format NCDHW: the 2-D path always passes NDHWC (aclnnAvgPool3dBackward's tiling)";
  const std::string nhwc = "data_format NHWC with padding_mode VALID: aclnn's 950 path passes NCHW and CALCULATED";
  return {{std::string(kA2Test) + "avgpool3d_backward_tiling_4", 3000, ncdhw},
          {std::string(kA2Test) + "avgpool3d_backward_tiling_5", 5000, ncdhw},
          {std::string(k950Test) + "AvgPoolV2GradTiling_Test_5", 2322, nhwc},
          {std::string(k950Test) + "AvgPoolV2GradTiling_Test_6", 6418, nhwc},
          {std::string(k950Test) + "AvgPoolV2GradTiling_Test_7", 274, nhwc},
          {std::string(k950Test) + "AvgPoolV2GradTiling_Test_8", 4370, nhwc}};
}

TEST(AvgPool2dGradTilingConformance, A2RowsPlanAsUpstreamTiles) { expect_rows_conform(a2_rows(), plan); }

// The same rows through `poolcheck plan` (a descriptor, harness/plan_only): the same answers.
Observation plan_by_poolcheck(const AvgRow& r) {
  const Call& c = r.call;
  const std::string dt = dtype_word(c.dt);
  return plan_through_poolcheck(
      r.row, kOp,
      "gradOutput=" + dt + ":" + dims_word(c.grad) + ":fmt=NCHW self=" + dt + ":" + dims_word(c.self) +
          ":fmt=NCHW gradInput=" + dt + ":" + dims_word(c.self) + ":fmt=NCHW kernelSize=[" + dims_word(c.k, ',') +
          "] stride=[" + dims_word(c.s, ',') + "] padding=[" + dims_word(c.p, ',') +
          "] ceilMode=" + std::to_string(c.ceil) + " countIncludePad=" + std::to_string(c.count_include_pad) +
          " divisorOverride=" + std::to_string(c.divisor) + " cubeMathType=0");
}

TEST(AvgPool2dGradTilingConformance, PoolcheckPlanAnswersEveryRowAlike) {
  expect_rows_conform(a2_rows(), plan_by_poolcheck);
  expect_rows_conform(ascend950_rows(), plan_by_poolcheck);
}

TEST(AvgPool2dGradTilingConformance, Ascend950RowsAreRefusedAsTheDocumentSays) {
  expect_rows_conform(ascend950_rows(), plan);
}

// The spec backs the rows: 001's platform table leaves out Ascend 950, AP.PLATFORM refuses it, and every cited
// discrepancy entry exists.
TEST(AvgPool2dGradTilingConformance, SpecBacksTheRows) {
  const std::vector<Row> rows = rows_of<AvgRow>({a2_rows(), ascend950_rows()});
  EXPECT_EQ(std::count_if(rows.begin(), rows.end(), [](const Row& r) { return !r.discrepancy.empty(); }), 8);
  EXPECT_EQ(joined(spec_problems(kOp, "Ascend950", "AP.PLATFORM", rows)), "");
}

// Control of the spec check: a citation of no entry and a supported platform are both named.
TEST(AvgPool2dGradTilingConformance, SpecCheckNamesWhatTheSpecDoesNotBack) {
  Row bad = ascend950_rows().front().row;
  bad.discrepancy = "AP.D.NO_SUCH_ENTRY";
  const auto problems = spec_problems(kOp, "Ascend910B", "AP.PLATFORM", {bad});
  ASSERT_EQ(problems.size(), 2u) << joined(problems);
  EXPECT_NE(problems[0].find("does not mark Ascend910B unsupported"), std::string::npos) << problems[0];
  EXPECT_NE(problems[1].find(bad.source + " cites AP.D.NO_SUCH_ENTRY"), std::string::npos) << problems[1];
  EXPECT_EQ(spec_problems(kOp, "Ascend950", "AP.NO_SUCH_RULE", {}),
            std::vector<std::string>{"avgpool2d_grad has no rule AP.NO_SUCH_RULE"});
}

// The strategy of the operator that lists `key`, or "" when none does.
std::string strategy_listing(uint64_t key) {
  const spec::OperatorSpec* contract = spec::find_operator_spec(kOp);
  for (const spec::StrategyNote& st : contract ? contract->strategies : std::vector<spec::StrategyNote>{})
    if (std::count(st.keys.begin(), st.keys.end(), key) > 0) return strategy_name(st.name);
  return "";
}

// The keys of cases no call reaches are keys the operator never reports (control: 2000 is the Vector path's).
TEST(AvgPool2dGradTilingConformance, UnreachableKeysAreNoStrategyOfTheOperator) {
  for (const UnreachableRow& u : unreachable_rows()) {
    EXPECT_FALSE(u.reason.empty()) << u.source;
    EXPECT_EQ(strategy_listing(u.upstream_key), "") << u.source << ": key " << u.upstream_key;
  }
  EXPECT_EQ(strategy_listing(2000), "Vector");
}

// Negative controls: a wrong expected key, blockDim, field, status or refusal message is reported as a mismatch naming
// the row.
TEST(AvgPool2dGradTilingConformance, ComparisonNamesTheRowOfAWrongExpectation) {
  const AvgRow good = a2_rows().front();
  const Observation seen = plan(good);
  ASSERT_TRUE(compare(good.row, seen).empty());
  Row bad = good.row;
  bad.expect.key = 1000;
  expect_single_mismatch(bad, seen, "key 2000, upstream 1000");
  bad = good.row;
  bad.expect.block_dim = 2;
  expect_single_mismatch(bad, seen, "blockDim 1, upstream 2");
  bad = good.row;
  bad.expect.fields[7].value = 1375;
  expect_single_mismatch(bad, seen, "cLine (cLine) 1376, upstream 1375");
  bad = good.row;
  bad.expect.status = ACLNN_ERR_PARAM_INVALID;
  expect_single_mismatch(bad, seen, "status 0, upstream 161002");
  bad = good.row;
  bad.expect.fields.push_back({"ubSize", "noSuchField", 1});
  expect_single_mismatch(bad, seen, "no 'noSuchField'");
  // A refusal whose message names another platform.
  const AvgRow refused = ascend950_rows().front();
  Row other_platform = refused.row;
  other_platform.expect.error = "platform Ascend910B";
  expect_single_mismatch(other_platform, plan(refused), "does not name 'platform Ascend910B'");
}

}  // namespace
}  // namespace poolcheck::conformance
