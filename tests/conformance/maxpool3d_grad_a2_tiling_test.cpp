// A2/A3 tiling conformance: for every case of ops-nn's op_host tiling test that is an aclnn call, the
// emulated library must choose what upstream's tiling chooses (strategy, key, usedCoreNum, lanes, core and
// UB splits, workspace), planned through the public C API on the test's platform (UB 196608, 40 cores).
// The same source builds twice (CMakeLists.txt): against the documented library, where a row the documents
// forbid must get the documented status and cites its discrepancy entry, and against the Upstream profile,
// which lets those rows through to upstream's tiling. Rows whose gradInput cannot be allocated on a test
// machine (over kMaxTensorBytes) are planned by the documented build through the library's tiling entry
// point on the same problem; PlannerAndPublicApiAgree shows the two paths agree.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <ostream>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tests/conformance/a2_tiling_rows.h"
#include "tests/conformance/conformance_support.h"

#ifndef POOLCHECK_EXPECT_PROFILE
#error "POOLCHECK_EXPECT_PROFILE must name the profile of the linked library"
#endif
#ifdef POOLCHECK_CONFORMANCE_INTERNAL_PLANNER
#include "npu/platform.h"
#include "ops/maxpool3d_grad/tiling.h"
#endif

namespace poolcheck::conformance {
namespace {

constexpr bool kUpstream = std::string_view(POOLCHECK_EXPECT_PROFILE) == "upstream";
#ifdef POOLCHECK_CONFORMANCE_INTERNAL_PLANNER
constexpr bool kHasPlanner = true;
#else
constexpr bool kHasPlanner = false;
#endif

}  // namespace

// gtest names a row by its source test, not by its bytes.
void PrintTo(const TilingRow& row, std::ostream* os) { *os << row.source; }
void PrintTo(const InvalidRow& row, std::ostream* os) { *os << row.source; }

namespace {

bool too_big(const TilingRow& row) { return grad_input_bytes(row) > kMaxTensorBytes; }

#ifdef POOLCHECK_CONFORMANCE_INTERNAL_PLANNER
// The same problem the public call would validate into, planned on the A2 platform of the upstream test.
Observed plan_internally(const TilingRow& row) {
  pcemu::maxpool::Problem pr;
  pr.n = row.x[0];
  pr.c = row.x[1];
  pr.in = {row.x[2], row.x[3], row.x[4]};
  pr.out = {row.grad[2], row.grad[3], row.grad[4]};
  pr.k = row.k;
  pr.s = row.s;
  pr.p = row.p;
  pr.d = row.d;
  pr.dtype = row.dtype;
  pcemu::PlatformProfile a2 = *pcemu::find_platform("Ascend910B");
  a2.vector_cores = 40;
  a2.ub_bytes = 196608;
  std::string why;
  Observed o;
  auto t = pcemu::maxpool::plan_tiling(pr, a2, false, &why);
  if (!t) return o;
  t->ub_limit = a2.ub_bytes;  // as the public call sets it: the launch gets the UB the device has
  o.status = 0;
  o.strategy = pcemu::maxpool::strategy_name(t->strategy);
  o.key = t->key;
  o.block_dim = t->block_dim;
  o.workspace_bytes = t->workspace_fp32_bytes;
  o.summary = t->summary();
  parse_summary(o.summary, &o);
  return o;
}
#endif

const TilingRow& row_named(const std::string& name) {
  for (const TilingRow& r : a2_tiling_rows())
    if (r.source == name) return r;
  throw std::logic_error("no row " + name);
}

#ifdef POOLCHECK_CONFORMANCE_INTERNAL_PLANNER
// The library's plan for a row under other platform knobs or deterministic mode.
std::optional<pcemu::maxpool::Tiling> plan_with(const TilingRow& row, int64_t ub, bool deterministic) {
  pcemu::maxpool::Problem pr;
  pr.n = row.x[0], pr.c = row.x[1];
  pr.in = {row.x[2], row.x[3], row.x[4]};
  pr.out = {row.grad[2], row.grad[3], row.grad[4]};
  pr.k = row.k, pr.s = row.s, pr.p = row.p, pr.d = row.d;
  pr.dtype = row.dtype;
  pcemu::PlatformProfile a2 = *pcemu::find_platform("Ascend910B");
  a2.vector_cores = 40;
  a2.ub_bytes = ub;
  std::string why;
  return pcemu::maxpool::plan_tiling(pr, a2, deterministic, &why);
}
#endif

Observed plan(const TilingRow& row) {
#ifdef POOLCHECK_CONFORMANCE_INTERNAL_PLANNER
  if (too_big(row)) return plan_internally(row);
#endif
  return plan_through_api(row);
}

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

// The rows this library answers: every row whose gradInput can be allocated or planned here; a row the
// documents forbid is answered by both libraries, differently.
std::vector<TilingRow> rows_here() {
  std::vector<TilingRow> out;
  for (const TilingRow& r : a2_tiling_rows())
    if (!too_big(r) || kHasPlanner) out.push_back(r);
  return out;
}

std::string row_name(const testing::TestParamInfo<TilingRow>& info) {
  return info.param.source.substr(info.param.source.find("tilingkey"));
}

class A2Tiling : public testing::TestWithParam<TilingRow> {};

TEST_P(A2Tiling, ChoosesWhatUpstreamChooses) {
  const TilingRow& row = GetParam();
  if (!row.discrepancy.empty() && !kUpstream) {
    // The documents forbid the call: the documented library answers it with the documented status.
    const Observed got = plan_through_api(row);
    EXPECT_EQ(got.status, row.documented_status)
        << row.source << ": the documents forbid this call [" << row.discrepancy << "]";
    return;
  }
  const Observed got = plan(row);
  const auto diff = mismatches(row, got);
  EXPECT_TRUE(diff.empty()) << joined(diff);
}

INSTANTIATE_TEST_SUITE_P(UpstreamTilingTest, A2Tiling, testing::ValuesIn(rows_here()), row_name);

#ifdef POOLCHECK_CONFORMANCE_INTERNAL_PLANNER
// The planner path of the rows too big to allocate gives what the public call gives, on rows that fit.
TEST(A2TilingPaths, PlannerAndPublicApiAgree) {
  int compared = 0;
  for (const TilingRow& row : a2_tiling_rows()) {
    if (too_big(row) || !row.discrepancy.empty() || grad_input_bytes(row) > (int64_t{64} << 20)) continue;
    const Observed api = plan_through_api(row), internal = plan_internally(row);
    EXPECT_EQ(api.summary, internal.summary) << row.source;
    EXPECT_EQ(api.workspace_bytes, internal.workspace_bytes) << row.source;
    ++compared;
  }
  EXPECT_GE(compared, 10);
  int big = 0;
  for (const TilingRow& row : a2_tiling_rows()) big += too_big(row) ? 1 : 0;
  EXPECT_EQ(big, 2) << "network case 0 (1.4 GB gradInput) and cut_do (9.4 GB) are the only rows planned internally";
}
#endif

#ifdef POOLCHECK_CONFORMANCE_INTERNAL_PLANNER
// The deliberate differences of docs/tiling-conformance.md, each beside upstream's choice.

// Overlap, one NC block and Do = 2 < 40 cores: upstream splits D and H to one position per core even in
// deterministic mode (32 blocks adding into shared elements); deterministic mode here keeps them whole.
TEST(A2TilingDeliberateDifferences, DeterministicOverlapKeepsDhwWholeWithFewBlocks) {
  TilingRow row = row_named("max_pool3d_grad_with_argmax_tilingkey_0_case_1");
  row.x = {1, 16, 2, 33, 33};
  row.grad = {1, 16, 2, 16, 16};
  const auto upstream_choice = plan_with(row, 196608, false), deterministic = plan_with(row, 196608, true);
  ASSERT_TRUE(upstream_choice && deterministic);
  EXPECT_EQ(upstream_choice->single, (std::array<int64_t, 4>{16, 1, 1, 16}));
  EXPECT_EQ(upstream_choice->block_dim, 32);
  EXPECT_EQ(deterministic->single, (std::array<int64_t, 4>{16, 2, 16, 16}));
  EXPECT_EQ(deterministic->block_dim, 1);
  EXPECT_EQ(deterministic->key, 100u);
  // Control: with enough NC blocks upstream keeps the axes whole too, and both modes agree.
  row.x[1] = row.grad[1] = 40 * 16;
  const auto many = plan_with(row, 196608, false), many_det = plan_with(row, 196608, true);
  ASSERT_TRUE(many && many_det);
  EXPECT_EQ(many->summary(), many_det->summary());
}

// The whitelisted geometry on a UB where CutK is capable (>= 23360 bytes) but its H cut does not fit:
// upstream fails the tiling; here the next template takes it (Normal needs 40512 bytes, so Scatter).
TEST(A2TilingDeliberateDifferences, CutKWithoutACutFallsThrough) {
  const TilingRow& row = row_named("max_pool3d_grad_with_argmax_tilingkey_31_networkcase_1");
  const auto small = plan_with(row, 24000, false);
  ASSERT_TRUE(small);
  EXPECT_EQ(small->strategy, pcemu::maxpool::Strategy::Scatter);
  EXPECT_EQ(small->key, 2u);
  // Control: where the H cut fits, CutK keeps it, splitting W over the cores (still key 31).
  const auto mid = plan_with(row, 65536, false);
  ASSERT_TRUE(mid);
  EXPECT_EQ(mid->strategy, pcemu::maxpool::Strategy::CutK);
  EXPECT_EQ(mid->key, 31u);
  EXPECT_EQ(mid->base_out, (std::array<int64_t, 3>{1, 1, 1}));
}
#endif

// Upstream's GRAPH_FAILED cases that are invalid aclnn calls get the documented status from the documented
// library (on the 950 profile, as the upstream test runs them).
class A2TilingInvalid : public testing::TestWithParam<InvalidRow> {};

TEST_P(A2TilingInvalid, DocumentedStatus) {
  const InvalidRow& row = GetParam();
  EXPECT_EQ(status_through_api(row), row.status) << row.source;
}

std::vector<InvalidRow> invalid_rows_here() { return kUpstream ? std::vector<InvalidRow>{} : invalid_rows(); }

INSTANTIATE_TEST_SUITE_P(UpstreamTilingTest, A2TilingInvalid, testing::ValuesIn(invalid_rows_here()),
                         [](const testing::TestParamInfo<InvalidRow>& info) { return info.param.source; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(A2TilingInvalid);  // the upstream build has no invalid rows

// The campaign's CutK cases have one input D row (padding 2, for the harness's throughput); here the
// whitelisted geometry without padding makes the kernel walk all five D rows of each window, and every
// gradient must land at its index (the windows do not overlap, so each element has at most one).
TEST(A2TilingKernels, CutKWalksEveryDRowOfItsWindow) {
  TilingRow row = row_named("max_pool3d_grad_with_argmax_tilingkey_31_networkcase_1");
  row.x = {1, 1, 5, 66, 132};
  row.grad = {1, 1, 1, 6, 8};
  row.p = {0, 0, 0};
  std::vector<float> grad(48), expected(5 * 66 * 132, 0.0f);
  std::vector<int32_t> indices(48);
  for (int oh = 0; oh < 6; ++oh)
    for (int ow = 0; ow < 8; ++ow) {
      const int o = oh * 8 + ow, d = (oh + ow) % 5, h = oh * 13, w = ow * 18 + (oh * ow) % 6;
      indices[o] = (d * 66 + h) * 132 + w;
      grad[o] = 1.0f + static_cast<float>(o);
      expected[static_cast<size_t>(indices[o])] = grad[o];
    }
  std::vector<float> got;
  pcEmuLaunchInfo launch{};
  ASSERT_EQ(execute_fp32(row, grad, indices, &got, &launch), 0);
  EXPECT_STREQ(launch.strategy, "CutK");
  EXPECT_EQ(launch.tilingKey, 31u);
  EXPECT_LE(launch.ubHighWater, 196608);
  EXPECT_EQ(got, expected);
  // Control: the same check sees a gradient that lands one D row off.
  expected[static_cast<size_t>(indices[7])] = 0.0f;
  expected[static_cast<size_t>(indices[7] + 66 * 132)] = grad[7];
  EXPECT_NE(got, expected);
}

// The kernels allocate no more UB than upstream's model counts for the tile the tiling chose: over every
// strategy, dtype and a range of UB sizes, the launch's UB high-water mark stays within the model the tiling
// summary reports ("ub=<model>/<limit>"), or within the 8 KiB chunks of the phases around it (which bound
// Scatter's launches, whose model is a few hundred bytes; Normal's and CutK's models exceed 20 KiB). Control: with the
// ub_model_short fault (the model under-counts by a quarter, so the tiling picks tiles upstream's model would not
// admit) the same sweep finds a kernel that needs more than the reported model: the UB refuses it (561002) or its
// high-water mark passes the model.
std::vector<TilingRow> model_sweep_shapes() {
  std::vector<TilingRow> shapes;
  const TilingRow base = row_named("max_pool3d_grad_with_argmax_tilingkey_100000_to_0");
  auto shape = [&](std::array<int64_t, 5> x, std::array<int64_t, 5> g, std::array<int64_t, 3> k,
                   std::array<int64_t, 3> s, std::array<int64_t, 3> p) {
    TilingRow r = base;
    r.x = x, r.grad = g, r.k = k, r.s = s, r.p = p;
    shapes.push_back(r);
  };
  shape({2, 3, 6, 7, 9}, {2, 3, 3, 4, 5}, {3, 3, 3}, {2, 2, 2}, {1, 1, 1});       // overlap
  shape({70, 1, 4, 5, 33}, {70, 1, 3, 3, 30}, {2, 3, 4}, {1, 1, 1}, {0, 0, 0});   // overlap, > 64 lanes
  shape({1, 5, 9, 8, 40}, {1, 5, 4, 4, 20}, {2, 2, 2}, {2, 2, 2}, {0, 0, 0});     // no overlap
  shape({1, 1, 1, 66, 126}, {1, 1, 1, 6, 8}, {5, 1, 6}, {8, 13, 18}, {2, 0, 3});  // CutK's geometry
  return shapes;
}

constexpr long long kPhaseChunkBytes = 8192;

struct SweepResult {
  int runs = 0, beyond_model = 0;
  std::set<std::string> strategies;
};

SweepResult sweep_against_model() {
  SweepResult out;
  for (TilingRow r : model_sweep_shapes())
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
      for (int64_t ub : {196608, 65536, 24576, 3072, 512}) {
        r.dtype = dt;
        pcEmuLaunchInfo launch{};
        const int32_t st = execute_zero_grads(r, ub, &launch);
        ++out.runs;
        if (st == ACLNN_ERR_INNER_TILING_ERROR) {  // the UB refused an allocation
          ++out.beyond_model;
          continue;
        }
        EXPECT_EQ(st, 0) << r.source << " ub " << ub;
        long long model = 0, limit = 0;
        const std::string summary = launch.tilingSummary;
        const size_t at = summary.rfind(" ub=");
        if (at == std::string::npos || std::sscanf(summary.c_str() + at, " ub=%lld/%lld", &model, &limit) != 2) {
          ADD_FAILURE() << "no UB model in " << summary;
          continue;
        }
        // The phases around the main kernel (zero-init, cast, index check) work in chunks of at most 8 KiB.
        if (launch.ubHighWater > std::max<long long>(model, std::min<long long>(ub, kPhaseChunkBytes)))
          ++out.beyond_model;
        out.strategies.insert(launch.strategy);
      }
  return out;
}

TEST(A2TilingKernels, UbHighWaterWithinUpstreamModel) {
  const SweepResult r = sweep_against_model();
  EXPECT_EQ(r.runs, 60);
  EXPECT_EQ(r.beyond_model, 0);
  EXPECT_EQ(r.strategies, (std::set<std::string>{"CutK", "Normal", "Scatter"}));
}

TEST(A2TilingKernels, ControlUnderCountedModelIsSeen) {
  ASSERT_EQ(pcEmuSetFaults("ub_model_short"), 0);
  const SweepResult r = sweep_against_model();
  pcEmuSetFaults("");
  EXPECT_GT(r.beyond_model, 0) << "a model a quarter short must leave some kernel needing more than it";
}

// Negative controls of the reporting: a row with a wrong expectation is reported as a mismatch that names the
// row, the field and both values; an unreadable summary is reported, not taken as agreement.
TEST(A2TilingControl, WrongExpectedKeyIsAMismatchNamingTheRow) {
  TilingRow row = row_named("max_pool3d_grad_with_argmax_tilingkey_100000_to_0");
  row.plan.key = 171;
  const auto diff = mismatches(row, plan_through_api(row));
  ASSERT_EQ(diff.size(), 1u) << joined(diff);
  EXPECT_NE(diff[0].find("max_pool3d_grad_with_argmax_tilingkey_100000_to_0: tiling key expected 171"),
            std::string::npos)
      << diff[0];
}

TEST(A2TilingControl, WrongUsedCoresAndSplitAreMismatches) {
  TilingRow row = row_named("max_pool3d_grad_with_argmax_tilingkey_0_case_cut_w");
  row.plan.used_cores = 39;
  row.plan.base[2] = 11;
  const auto diff = mismatches(row, plan_through_api(row));
  ASSERT_EQ(diff.size(), 2u) << joined(diff);
  EXPECT_NE(diff[0].find("usedCoreNum (blockDim) expected 39, library chose 40"), std::string::npos) << diff[0];
  EXPECT_NE(diff[1].find("base Do/Ho/Wo expected 1x1x11, library chose 1x1x10"), std::string::npos) << diff[1];
}

TEST(A2TilingControl, UnreadableSummaryIsReported) {
  const TilingRow& row = row_named("max_pool3d_grad_with_argmax_tilingkey_100000_to_0");
  Observed got = plan_through_api(row);
  got.summary_parsed = false;
  EXPECT_FALSE(parse_summary("Normal key=0 lanes=16", &got));
  const auto diff = mismatches(row, got);
  ASSERT_EQ(diff.size(), 1u) << joined(diff);
  EXPECT_NE(diff[0].find("tiling summary not readable"), std::string::npos) << diff[0];
}

}  // namespace
}  // namespace poolcheck::conformance
