// `poolcheck plan` (harness/plan_only) on the A2/A3 max-pooling conformance rows, written as descriptors: it gives
// upstream's decision (strategy, key, blockDim) on every row, the documented status where the documents forbid
// the call, and the rows small enough to run get from a full run (repro's path) exactly the plan's tiling. The
// largest upstream row (2.35e9 gradInput elements) is planned without touching its memory.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "case/descriptor.h"
#include "harness/op_adapter.h"
#include "harness/plan_only.h"
#include "harness/runner.h"
#include "tests/conformance/a2_tiling_rows.h"
#include "tests/conformance/plan_through_poolcheck.h"

namespace poolcheck::conformance {
namespace {

// A row's fixed-size dims as descriptor words.
template <size_t N>
std::string dims(const std::array<int64_t, N>& v, char sep) {
  return dims_word(std::vector<int64_t>(v.begin(), v.end()), sep);
}

Case row_case(const TilingRow& r) {
  const std::string x = dims(r.x, 'x'), g = dims(r.grad, 'x'), t = dtype_word(r.dtype);
  const std::string line = "op=maxpool3d_grad soc=Ascend910B cores=40 ub=196608 gradOutput=" + t + ":" + g +
                           " self=" + t + ":" + x + " indices=i32:" + g + " gradInput=" + t + ":" + x +
                           " kernelSize=[" + dims(r.k, ',') + "] stride=[" + dims(r.s, ',') + "] padding=[" +
                           dims(r.p, ',') + "] dilation=[" + dims(r.d, ',') + "]";
  const ParseResult p = parse_runnable_case(line);
  EXPECT_TRUE(p.ok) << p.error;
  return p.value;
}

int64_t elements(const std::array<int64_t, 5>& x) { return x[0] * x[1] * x[2] * x[3] * x[4]; }

// Where the plan differs from the row's upstream decision (or documented status); empty when they agree.
std::vector<std::string> plan_mismatches(const TilingRow& row, const PlanReport& p) {
  std::vector<std::string> m;
  auto check = [&](bool same, const std::string& what) {
    if (!same) m.push_back(row.source + ": " + what);
  };
  if (!row.discrepancy.empty()) {  // the documents forbid it: the documented status, cited by the row
    check(p.r.observed_status == row.documented_status, "status " + std::to_string(p.r.observed_status));
    return m;
  }
  check(p.r.observed_status == 0, "status " + std::to_string(p.r.observed_status) + ": " + p.r.message);
  check(p.r.strategy == row.plan.strategy, "strategy " + p.r.strategy);
  check(p.r.tiling_key == row.plan.key, "key " + std::to_string(p.r.tiling_key));
  check(p.r.block_dim == row.plan.used_cores, "blockDim " + std::to_string(p.r.block_dim));
  check((p.r.workspace_bytes > 0) == (row.plan.workspace_bytes > 0),
        "workspace " + std::to_string(p.r.workspace_bytes));
  return m;
}

TEST(PlanAgreesWithConformanceRows, EveryA2Row) {
  constexpr int64_t kRunnable = int64_t{1} << 18;  // rows this small also run in full, for the comparison
  int ran = 0;
  for (const TilingRow& row : a2_tiling_rows()) {
    SCOPED_TRACE(row.source);
    const Case c = row_case(row);
    const auto t0 = std::chrono::steady_clock::now();
    const PlanReport p = plan_only(c);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const auto mismatches = plan_mismatches(row, p);
    EXPECT_TRUE(mismatches.empty()) << mismatches.front();
    if (!row.discrepancy.empty() || p.r.observed_status != 0) continue;
    if (elements(row.x) > 100'000'000)
      std::printf("planned %s (%lld elements) in %.3f s\n", row.source.c_str(), static_cast<long long>(elements(row.x)),
                  seconds);
    if (elements(row.x) <= kRunnable) {
      RunOptions opt;
      opt.rerun = false;
      const CaseResult r = run_case(c, opt);
      EXPECT_EQ(r.outcome, Outcome::Pass) << r.message;
      EXPECT_EQ(r.strategy, p.r.strategy);
      EXPECT_EQ(r.tiling_key, p.r.tiling_key);
      EXPECT_EQ(r.block_dim, p.r.block_dim);
      EXPECT_EQ(r.tiling, p.r.tiling);
      ++ran;
    }
  }
  EXPECT_GE(ran, 5);  // enough rows compared with a full run for the comparison to mean something
}

TEST(PlanAgreesWithConformanceRows, UpstreamFailuresAreDocumentedRefusalsOnAscend950) {
  for (const InvalidRow& row : invalid_rows()) {
    SCOPED_TRACE(row.source);
    const std::string line = "op=maxpool3d_grad soc=Ascend950 gradOutput=" + std::string(dtype_word(row.grad_dtype)) +
                             ":" + dims_word(row.grad, 'x') + " self=" + dtype_word(row.x_dtype) + ":" +
                             dims_word(row.x, 'x') + " indices=" + dtype_word(row.argmax_dtype) + ":" +
                             dims_word(row.argmax, 'x') + " gradInput=" + dtype_word(row.y_dtype) + ":" +
                             dims_word(row.y, 'x') + " kernelSize=[" + dims_word(row.k, ',') + "] stride=[" +
                             dims_word(row.s, ',') + "] padding=[" + dims_word(row.p, ',') + "] dilation=[" +
                             dims_word(row.d, ',') + "]";
    const ParseResult parsed = parse_runnable_case(line);
    ASSERT_TRUE(parsed.ok) << parsed.error;
    const PlanReport p = plan_only(parsed.value);
    EXPECT_EQ(p.r.observed_status, row.status) << p.r.message;
    EXPECT_TRUE(p.as_documented) << "spec expects " << p.r.expected_status << " (" << p.r.expected_rule << ")";
  }
}

// Negative control: the comparison fires, naming the field, on a row whose expectation is wrong.
TEST(PlanAgreesWithConformanceRowsNegativeControl, AWrongExpectationIsNamed) {
  TilingRow row = a2_tiling_rows().front();
  const PlanReport p = plan_only(row_case(row));
  ASSERT_TRUE(plan_mismatches(row, p).empty());
  row.plan.key += 1;
  const auto m = plan_mismatches(row, p);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0], row.source + ": key " + std::to_string(row.plan.key - 1));
  row.plan.key -= 1;
  row.plan.used_cores += 1;
  EXPECT_EQ(plan_mismatches(row, p).at(0), row.source + ": blockDim " + std::to_string(row.plan.used_cores - 1));
}

}  // namespace
}  // namespace poolcheck::conformance
