#include "tests/conformance/row_checks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <utility>

#include "spec/spec.h"

namespace poolcheck::conformance {

std::string dims(const std::vector<int64_t>& v) {
  std::string s;
  for (int64_t d : v) {
    if (!s.empty()) s += 'x';  // appended, not "x" + std::string: GCC 12 -O3 reports a false -Wrestrict there
    s += std::to_string(d);
  }
  return s;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& m : lines) s += m + "\n";
  return s;
}

Row unsupported_row(std::string source, std::string call, std::string soc, int32_t cores, int64_t ub, std::string note,
                    std::string discrepancy, std::string error) {
  Row r{std::move(source),
        std::move(call),
        std::move(soc),
        cores,
        ub,
        false,
        std::move(note),
        std::move(discrepancy),
        {}};
  r.expect.status = ACLNN_ERR_PARAM_INVALID;
  r.expect.error = std::move(error);
  return r;
}

std::vector<std::string> spec_problems(const std::string& op, const std::string& soc, const std::string& platform_rule,
                                       const std::vector<Row>& rows) {
  const spec::OperatorSpec* contract = spec::find_operator_spec(op);
  if (!contract) return {"no spec for " + op};
  std::vector<std::string> out;
  const spec::PlatformRow* platform = contract->platform(soc);
  if (!platform || platform->supported) out.push_back(op + "'s platform table does not mark " + soc + " unsupported");
  if (!contract->rule(platform_rule)) out.push_back(op + " has no rule " + platform_rule);
  for (const Row& r : rows) {
    if (r.discrepancy.empty()) continue;
    const bool found = std::any_of(contract->discrepancies.begin(), contract->discrepancies.end(),
                                   [&](const spec::Discrepancy& d) { return d.id == r.discrepancy; });
    if (!found) out.push_back(r.source + " cites " + r.discrepancy + ", which is no discrepancy entry of " + op);
  }
  return out;
}

void expect_single_mismatch(const Row& bad, const Observation& seen, const std::string& what) {
  const auto m = compare(bad, seen);
  ASSERT_EQ(m.size(), 1u) << joined(m);
  EXPECT_NE(m[0].find(bad.source), std::string::npos) << m[0];
  EXPECT_NE(m[0].find(what), std::string::npos) << m[0];
}

}  // namespace poolcheck::conformance
