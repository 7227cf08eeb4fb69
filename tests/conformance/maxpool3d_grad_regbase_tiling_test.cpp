// The Ascend 950 tiling of aclnnMaxPool3dWithArgmaxBackward against ops-nn's own tiling unit tests
// (pooling/max_pool3d_grad_with_argmax/tests/ut/op_host/test_max_pool3d_grad_with_argmax_tiling.cpp, the
// MaxPool3DGradWithArgmax_tiling_sim*_test_* cases: UB 245760 bytes, 64 cores). One row per upstream test: its
// shapes and attributes as an aclnn call, the strategy and tiling key upstream asserts, and the tiling-data
// fields upstream's SIMD tiling computes for the shape, worked out by hand from its rules (each row says how).
// Planning only: GetWorkspaceSize with the knobs set, then pcEmuLastLaunch.
#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>
#include <string>
#include <vector>

#include "regbase/maxpool_call.h"
#include "tests/conformance/plan_through_poolcheck.h"

namespace poolcheck::regbase_test {
namespace {

struct Fields {  // upstream's splitData; -1: not a SIMD row
  int64_t high_inner = -1, high_outer = -1, high_tail = -1;
  int64_t d_inner = -1, h_inner = -1, w_inner = -1;
  int64_t d_tail = -1, h_tail = -1, w_tail = -1;
  int64_t total = -1, per_core = -1, last_core = -1, used_cores = -1;
};

struct Row {
  const char* source;  // the upstream test
  const char* note;    // why the expectation is what it is, or why the row differs from upstream
  MpCase c;
  uint64_t upstream_key;
  const char* strategy;
  uint64_t key;  // poolcheck's key for the call (upstream's unless `note` says otherwise)
  Fields f;
};

// UB 245760 - 2048 reserve = 243712 bytes available; fp32 values and INT32 indices give 8 elements per 32-byte
// block and 64 indices per vector. Buffer model: 2 x (grad + argmax + fp32 output) per tile.
const std::vector<Row>& rows() {
  static const std::vector<Row> r = {
      {"MaxPool3DGradWithArgmax_tiling_simd_test_0001_NCDHW",
       "no pad, no overlap; whole planes need 413440 B; aligned D (8 tiles) and H (10 tiles) give fewer tiles than "
       "cores; aligned W searches w = 2m up to m = ceil(257/2) = 129: tile 2x2x258 (17152 B), tiles 2*4*5*2 = 80",
       {{1, 2, 8, 10, 514}, {2, 2, 2}, {2, 2, 2}, {0, 0, 0}, ACL_FLOAT, ACL_INT32},
       1,
       "SIMD",
       1,
       {1, 2, 1, 2, 2, 258, 2, 2, 256, 80, 2, 2, 40}},
      {"MaxPool3DGradWithArgmax_tiling_simd_test_0002_NCDHW",
       "padding: unaligned split; D shrinks to 1 (40 tiles), then H to ceil(11/2) = 6: 80 tiles, 104192 B",
       {{2, 2, 10, 11, 1024}, {2, 4, 5}, {1, 2, 3}, {1, 2, 2}, ACL_FLOAT, ACL_INT32},
       1025,
       "SIMD",
       1025,
       {1, 4, 1, 1, 6, 1024, 1, 5, 1024, 80, 2, 2, 40}},
      {"MaxPool3DGradWithArgmax_tiling_simd_test_0003_NCDHW",
       "a 4x4x4 plane takes 1664 B: NC split, ceil(8930/64) = 140 planes per tile fit (232960 B); 64 tiles",
       {{38, 235, 4, 4, 4}, {2, 2, 2}, {2, 2, 2}, {1, 1, 1}, ACL_FLOAT, ACL_INT32},
       2049,
       "SIMD",
       2049,
       {140, 64, 110, 4, 4, 4, 4, 4, 4, 64, 1, 1, 64}},
      {"MaxPool3DGradWithArgmax_tiling_simd_test_0004_NCDHW",
       "padding: unaligned split; D shrinks to 1 (36 tiles), then H to 5: 72 tiles, 72960 B",
       {{2, 2, 9, 10, 960}, {3, 2, 7}, {1, 2, 4}, {1, 0, 2}, ACL_FLOAT, ACL_INT32},
       1025,
       "SIMD",
       1025,
       {1, 4, 1, 1, 5, 960, 1, 5, 960, 72, 2, 2, 36}},
      {"MaxPool3DGradWithArgmax_tiling_simd_test_0005_NCDHW",
       "padding: unaligned split; D shrinks to 1 (96 tiles, but 258048 B), then H to 7: 156672 B, 192 tiles",
       {{1, 8, 12, 14, 1152}, {4, 3, 7}, {1, 2, 4}, {1, 1, 1}, ACL_FLOAT, ACL_INT32},
       1025,
       "SIMD",
       1025,
       {1, 8, 1, 1, 7, 1152, 1, 7, 1152, 192, 3, 3, 64}},
      {"MaxPool3DGradWithArgmax_tiling_simt_test_0001_NCDHW",
       "unreachable through aclnn: upstream passes the tensors as NDHWC (x 2x4x5x6x3), which only its SIMT "
       "template takes (769 = SIMT + channel-last); aclnn always passes data_format NCDHW, so the same shape as "
       "NCDHW (x 2x3x4x5x6) is planned, where SIMD's NC split takes whole 4x5x6 planes (1472 B each), 1 per tile",
       {{2, 3, 4, 5, 6}, {2, 2, 2}, {2, 2, 2}, {0, 0, 0}, ACL_FLOAT, ACL_INT32},
       769,
       "SIMD",
       2049,
       {1, 6, 1, 4, 5, 6, 4, 5, 6, 6, 1, 1, 6}},
  };
  return r;
}

// "name=AxBxC" or "name=A/B/C" of the tiling summary, as three numbers.
bool triple(const std::string& summary, const std::string& name, char sep, int64_t out[3]) {
  const size_t at = summary.find(" " + name + "=");
  if (at == std::string::npos) return false;
  const std::string fmt = std::string("%" SCNd64) + sep + "%" SCNd64 + sep + "%" SCNd64;
  return std::sscanf(summary.c_str() + at + name.size() + 2, fmt.c_str(), &out[0], &out[1], &out[2]) == 3;
}

int64_t number(const std::string& summary, const std::string& name) {
  const size_t at = summary.find(" " + name + "=");
  int64_t v = -1;
  if (at == std::string::npos || std::sscanf(summary.c_str() + at + name.size() + 2, "%" SCNd64, &v) != 1) return -1;
  return v;
}

// Differences between a row's expectation and a plan, one line each ("" when they agree).
std::string disagreements(const Row& row, const pcEmuLaunchInfo& info) {
  std::string out;
  auto check = [&](const char* what, int64_t want, int64_t got) {
    if (want != got)
      out += std::string(what) + ": expected " + std::to_string(want) + ", got " + std::to_string(got) + "\n";
  };
  if (std::string(info.strategy) != row.strategy)
    out += std::string("strategy: expected ") + row.strategy + ", got " + info.strategy + "\n";
  check("tiling key", static_cast<int64_t>(row.key), static_cast<int64_t>(info.tilingKey));
  check("atomics", 0, info.atomicAdds);
  if (row.f.total < 0) return out;
  const std::string s = info.tilingSummary;
  int64_t high[3] = {-1, -1, -1}, tile[3] = {-1, -1, -1}, tail[3] = {-1, -1, -1};
  triple(s, "high", '/', high);
  triple(s, "tile", 'x', tile);
  triple(s, "tail", 'x', tail);
  check("highAxisInner", row.f.high_inner, high[0]);
  check("highAxisOuter", row.f.high_outer, high[1]);
  check("highAxisTail", row.f.high_tail, high[2]);
  check("dOutputInner", row.f.d_inner, tile[0]);
  check("hOutputInner", row.f.h_inner, tile[1]);
  check("wOutputInner", row.f.w_inner, tile[2]);
  check("dOutputTail", row.f.d_tail, tail[0]);
  check("hOutputTail", row.f.h_tail, tail[1]);
  check("wOutputTail", row.f.w_tail, tail[2]);
  check("totalBaseBlockNum", row.f.total, number(s, "blocks"));
  check("normalCoreProcessNum", row.f.per_core, number(s, "perCore"));
  check("tailCoreProcessNum", row.f.last_core, number(s, "lastCore"));
  check("usedCoreNum", row.f.used_cores, info.blockDim);
  return out;
}

class RegbaseTilingConformance : public ::testing::Test {
 protected:
  void SetUp() override { setup_950(64, 245760); }
  void TearDown() override { setup_950(); }
};

TEST_F(RegbaseTilingConformance, EveryUpstreamCaseIsPlannedAsUpstreamPlansIt) {
  for (const Row& row : rows()) {
    const MpRun r = plan_case(row.c);
    ASSERT_EQ(r.plan_status, 0) << row.source << ": " << r.error;
    EXPECT_EQ(disagreements(row, r.info), "") << row.source << " (" << row.note << ")\n" << r.info.tilingSummary;
    if (row.upstream_key != row.key) {
      EXPECT_NE(std::string(row.note).find("unreachable through aclnn"), std::string::npos)
          << row.source << ": a row whose key differs from upstream's must say why";
    }
  }
}

// The same rows through `poolcheck plan` (a descriptor, harness/plan_only, the run-time backend): the same answers.
TEST_F(RegbaseTilingConformance, PoolcheckPlanAnswersEveryRowAlike) {
  for (const Row& row : rows()) {
    const MpCase& c = row.c;
    const auto o = out_dims(c);
    const std::vector<int64_t> x(c.x.begin(), c.x.end()), g{c.x[0], c.x[1], o[0], o[1], o[2]};
    const std::string t = std::string(conformance::dtype_word(c.dtype)) + ":";
    conformance::Row plan_row;
    plan_row.source = row.source;
    plan_row.platform = "Ascend950";
    plan_row.cores = 64;
    plan_row.ub = 245760;
    const conformance::Observation seen = conformance::plan_through_poolcheck(
        plan_row, "maxpool3d_grad",
        "gradOutput=" + t + conformance::dims_word(g) + " self=" + t + conformance::dims_word(x) +
            " indices=" + conformance::dtype_word(c.index_dtype) + ":" + conformance::dims_word(g) + " gradInput=" + t +
            conformance::dims_word(x) + " kernelSize=[" + conformance::dims_word({c.k.begin(), c.k.end()}, ',') +
            "] stride=[" + conformance::dims_word({c.s.begin(), c.s.end()}, ',') + "] padding=[" +
            conformance::dims_word({c.p.begin(), c.p.end()}, ',') +
            "] dilation=[1,1,1] ceilMode=" + std::to_string(c.ceil_mode));
    ASSERT_EQ(seen.status, 0) << row.source << ": " << seen.error;
    EXPECT_EQ(disagreements(row, seen.info), "") << row.source << "\n" << seen.info.tilingSummary;
  }
}

TEST_F(RegbaseTilingConformance, ControlAnEditedRowIsReportedFieldByField) {
  // Negative control of the comparison: a row with a wrong key and a wrong tile width names both fields.
  Row wrong = rows()[0];
  wrong.key = 1025;
  wrong.f.w_inner = 256;
  const MpRun r = plan_case(wrong.c);
  ASSERT_EQ(r.plan_status, 0) << r.error;
  const std::string d = disagreements(wrong, r.info);
  EXPECT_NE(d.find("tiling key: expected 1025, got 1"), std::string::npos) << d;
  EXPECT_NE(d.find("wOutputInner: expected 256, got 258"), std::string::npos) << d;
}

TEST_F(RegbaseTilingConformance, ControlOtherKnobsPlanDifferently) {
  // The rows depend on the UB and core knobs upstream's test sets: with 8 cores the first row's aligned D split
  // already gives enough tiles (8), so the tile is 2x10x514, not 2x2x258.
  setup_950(8, 245760);
  const MpRun r = plan_case(rows()[0].c);
  ASSERT_EQ(r.plan_status, 0) << r.error;
  EXPECT_NE(disagreements(rows()[0], r.info), "");
  int64_t tile[3] = {};
  ASSERT_TRUE(triple(r.info.tilingSummary, "tile", 'x', tile)) << r.info.tilingSummary;
  EXPECT_EQ(tile[0], 2);
  EXPECT_EQ(tile[1], 10);
  EXPECT_EQ(tile[2], 514);
}

}  // namespace
}  // namespace poolcheck::regbase_test
