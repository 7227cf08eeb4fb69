#include "tests/conformance/plan_through_poolcheck.h"

#include <gtest/gtest.h>

#include "harness/op_adapter.h"
#include "harness/plan_only.h"
#include "tiling_oracle/expected_tiling.h"

namespace poolcheck::conformance {

const char* dtype_word(aclDataType dt) {
  switch (dt) {
    case ACL_FLOAT16:
      return "f16";
    case ACL_BF16:
      return "bf16";
    case ACL_INT32:
      return "i32";
    case ACL_INT64:
      return "i64";
    default:
      return "f32";
  }
}

std::string dims_word(const std::vector<int64_t>& dims, char sep) {
  std::string s;
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? std::string(1, sep) : "") + std::to_string(dims[i]);
  return s;
}

Observation plan_through_poolcheck(const Row& row, const std::string& op, const std::string& call) {
  std::string line = "op=" + op + " soc=" + row.platform + " " + call;
  if (row.cores) line += " cores=" + std::to_string(row.cores);
  if (row.ub) line += " ub=" + std::to_string(row.ub);
  if (row.deterministic) line += " det=1";
  const ParseResult parsed = parse_runnable_case(line);
  EXPECT_TRUE(parsed.ok) << row.source << ": " << parsed.error;
  Observation o;
  if (!parsed.ok) return o;
  const PlanReport p = plan_only(parsed.value);
  o.status = p.r.observed_status;
  o.error = p.r.message;
  o.info = p.launch;
  // The tiling oracle must state the same decision for the row as the library (which the row then holds to
  // upstream's test), so every row is a check of the oracle against upstream as well.
  if (p.r.expected_status == 0 && p.r.observed_status == 0 && p.r.tiling_known) {
    const tiling_oracle::TilingVerdict v = tiling_oracle::expected_tiling(parsed.value);
    EXPECT_TRUE(v.expected.has_value()) << row.source << ": the tiling oracle states no decision: " << v.no_decision;
    if (v.expected) {
      EXPECT_EQ(tiling_oracle::tiling_disagreement(*v.expected, p.r.strategy, p.r.tiling_key, p.r.tiling), "")
          << row.source << ": the tiling oracle disagrees; expected " << tiling_oracle::describe(*v.expected)
          << "; reported " << p.r.tiling;
    }
  }
  return o;
}

}  // namespace poolcheck::conformance
