// What both operators' conformance tests share beyond the rows: text helpers, the refusal row of a platform
// the documents do not support, the spec's backing of the rows, and the comparison's negative control.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/conformance/conformance_row.h"

namespace poolcheck::conformance {

std::string dims(const std::vector<int64_t>& v);            // "1x16x4x4"
std::string joined(const std::vector<std::string>& lines);  // one per line

// An upstream case on `soc`, which the operator's document does not support: refused with 161002 and a message
// naming `error`; `discrepancy` is the spec entry poolcheck follows.
Row unsupported_row(std::string source, std::string call, std::string soc, int32_t cores, int64_t ub, std::string note,
                    std::string discrepancy, std::string error);

// Where the spec does not back the rows: `soc` must be an unsupported platform row, `platform_rule` a rule of
// the operator, every cited discrepancy an entry. Empty when it does.
std::vector<std::string> spec_problems(const std::string& op, const std::string& soc, const std::string& platform_rule,
                                       const std::vector<Row>& rows);

// The negative control: `bad` compared with `seen` gives exactly one mismatch, naming `bad`'s source and
// containing `what`.
void expect_single_mismatch(const Row& bad, const Observation& seen, const std::string& what);

// Each operator's rows pair a Row (`.row`) with its call; `plan` plans one such pair.
template <typename OpRow, typename Plan>
void expect_rows_conform(const std::vector<OpRow>& rows, Plan plan) {
  for (const OpRow& r : rows) {
    const auto mismatches = compare(r.row, plan(r));
    EXPECT_TRUE(mismatches.empty()) << joined(mismatches);
  }
}

// The Rows of several such lists.
template <typename OpRow>
std::vector<Row> rows_of(std::initializer_list<std::vector<OpRow>> lists) {
  std::vector<Row> out;
  for (const auto& list : lists)
    for (const OpRow& r : list) out.push_back(r.row);
  return out;
}

}  // namespace poolcheck::conformance
