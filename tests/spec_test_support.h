// Checks every operator spec's unit tests share: valid base cases, the exactly-one-violation property of each
// rule's mutator (with a result that negative controls can inspect), and the common shape of the rule table and
// the discrepancies. gtest failures are reported from here with enough context to find the rule.
#pragma once

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "case/case.h"
#include "spec/spec.h"

namespace poolcheck::spec_test {

inline constexpr uint64_t kChoices = 8;  // mutation variants tried per rule and base case

struct CheckResult {
  std::vector<std::string> failures;
  std::set<std::string> reached;  // rules some mutation produced a case for
};

// Every base must be valid; every mutation of every rule must change its base, violate exactly that rule (plus
// its `implies`) and make expected() report it.
CheckResult check_exactly_one(const spec::OperatorSpec& spec, const std::vector<Case>& bases);

// The test bodies built on it: bases valid and expected() success; no failures and every rule reached.
void expect_valid_bases(const spec::OperatorSpec& spec, const std::vector<Case>& bases);
void expect_exactly_one(const spec::OperatorSpec& spec, const std::vector<Case>& bases);

// A copy of `spec` whose rule `id` gets a different predicate (negative controls).
spec::OperatorSpec with_predicate(spec::OperatorSpec spec, const std::string& id,
                                  std::function<bool(const Case&)> pred);
bool any_failure_mentions(const CheckResult& res, const std::string& text);

// Negative controls (spec_test_controls.cpp): broken predicates the checker must notice.
// Rule `id` judged by `pred` instead, which must break the exactly-one property of its own mutations (e.g. a
// predicate that never fires): "<id> base" failures are expected.
void expect_broken_rule_caught(const spec::OperatorSpec& spec, const std::string& id,
                               std::function<bool(const Case&)> pred, const std::vector<Case>& bases);
// Padding rule `id` off by one ("p >= k/2" rejects) over kernelSize/padding lists of length 1 or `axes`: p == k/2
// in a valid base is wrongly flagged.
void expect_padding_off_by_one_caught(const spec::OperatorSpec& spec, const std::string& id, size_t axes,
                                      const std::vector<Case>& bases);
// Batch rule `id` (gradOutput's leading dims vs self's) without its guard: a missing or rank-changed tensor reads
// as a mismatch, so the mutations of each `earlier` rule cascade into it.
void expect_unguarded_batch_caught(const spec::OperatorSpec& spec, const std::string& id,
                                   const std::vector<Case>& bases, const std::vector<std::string>& earlier);

// The id of the first violated rule, or "success".
std::string first_rule(const spec::OperatorSpec& spec, const Case& c);

// Rules in `order`, the first `null_rules` with 161001 and the rest 161002, reported by the Execute call exactly
// when listed in `execute`; each with text, predicate and mutator, citations exactly when in_docs (from the
// spec's seeds, naming a section), a chosen behaviour when not in the docs, implied rules later in the table,
// and findable by id.
void expect_rule_table(const spec::OperatorSpec& spec, const std::vector<std::string>& order, size_t null_rules,
                       const std::set<std::string>& execute = {});

// Discrepancies with unique ids, a summary, a normative text and sources from the spec's seeds; returns the ids.
std::set<std::string> expect_discrepancies(const spec::OperatorSpec& spec);
// Every id with `prefix` (e.g. "AP.D.") in `text` is one of `ids`; `owner` names the text in failures.
void expect_refs_exist(const std::string& prefix, const std::set<std::string>& ids, const std::string& owner,
                       const std::string& text);

}  // namespace poolcheck::spec_test
