// The tiling oracle: which tiling decision a case should get, stated from upstream's selection rules and the
// case alone. It shares no code with the emulated library's tiling (impl/), as the numeric oracle shares none
// with its kernels: each operator states its rules in ops/<token>/tiling_oracle*.cpp, and the runner checks
// every valid case whose backend reports its tiling against the statement.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "case/strategy.h"
#include "tiling_oracle/platform_numbers.h"

namespace poolcheck::tiling_oracle {

// One field of a tiling summary as the backend spells it ("vl=64", "single=64x1x1x8").
struct TilingField {
  std::string name;
  std::string value;
};

// The decision the rules give: the strategy, the key and the summary fields the statement knows.
struct ExpectedTiling {
  Strategy strategy = Strategy::Normal;
  uint64_t key = 0;
  std::vector<TilingField> fields;  // only the fields the operator's statement derives; others are not checked
  std::string why;                  // the rule that decided, one line (for reports)
};

// What the oracle says about a case: a decision, or why it states none (an unknown SoC, a case no kernel runs).
struct TilingVerdict {
  std::optional<ExpectedTiling> expected;
  std::string no_decision;
  // The case runs where upstream selects among kernels the statement deliberately leaves out (an entry point whose
  // upstream kernels on a SoC are another family's): known, not a gap in the statement.
  bool unstated = false;
};

// The decision for a case valid per its spec, through the operator table. An operator the table does not know
// gets no decision (and says so), never another operator's rules.
TilingVerdict expected_tiling(const Case& c);

// "" when the reported decision agrees with the expected one, else every difference: the strategy, the key, and
// each stated field that the summary gives another value or lacks ("key: expected 0, reported 100; vl: ...").
// `strategy` is the word the backend reports; one outside the vocabulary (case/strategy.h) is a difference that
// names it and the known words.
std::string tiling_disagreement(const ExpectedTiling& expected, const std::string& strategy, uint64_t key,
                                const std::string& summary);

// The expected decision in the summary's own words: "Normal/0 vl=64 cut=0 (whole plane fits)".
std::string describe(const ExpectedTiling& expected);

}  // namespace poolcheck::tiling_oracle
