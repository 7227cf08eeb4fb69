// The checks shared by the spec unit tests (see spec_test_support.h).
#include "tests/spec_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <utility>

namespace poolcheck::spec_test {

using spec::OperatorSpec;
using spec::Rule;

namespace {

std::string ids(const std::vector<const Rule*>& rules) {
  std::string s;
  for (const Rule* r : rules) s += (s.empty() ? "" : ",") + r->id;
  return s.empty() ? "{}" : s;
}

bool from_seeds(const OperatorSpec& spec, const std::string& seed) {
  return std::find(spec.seeds.begin(), spec.seeds.end(), seed) != spec.seeds.end();
}

}  // namespace

CheckResult check_exactly_one(const OperatorSpec& spec, const std::vector<Case>& bases) {
  CheckResult res;
  for (size_t b = 0; b < bases.size(); ++b) {
    if (!spec.violations(bases[b]).empty())
      res.failures.push_back("base " + std::to_string(b) + " not valid: " + ids(spec.violations(bases[b])));
  }
  for (const Rule& rule : spec.rules) {
    std::vector<const Rule*> want;
    for (const Rule& other : spec.rules)
      if (&other == &rule || std::count(rule.implies.begin(), rule.implies.end(), other.id)) want.push_back(&other);
    for (size_t b = 0; b < bases.size(); ++b) {
      for (uint64_t choice = 0; choice < kChoices; ++choice) {
        const auto m = rule.violate(bases[b], choice);
        if (!m) continue;
        res.reached.insert(rule.id);
        std::ostringstream where;
        where << rule.id << " base " << b << " choice " << choice << ": ";
        if (*m == bases[b]) res.failures.push_back(where.str() + "mutation left the case unchanged");
        const auto got = spec.violations(*m);
        if (got != want) res.failures.push_back(where.str() + "violations " + ids(got) + ", want " + ids(want));
        const auto e = spec.expected(*m);
        if (e.rule != &rule || e.code != rule.code || e.phase != rule.phase)
          res.failures.push_back(where.str() + "expected() gives " + (e.rule ? e.rule->id : "success"));
      }
    }
  }
  return res;
}

void expect_valid_bases(const OperatorSpec& spec, const std::vector<Case>& bases) {
  ASSERT_GE(bases.size(), 12u);
  for (size_t i = 0; i < bases.size(); ++i) {
    SCOPED_TRACE("base " + std::to_string(i));
    for (const Rule* r : spec.violations(bases[i])) ADD_FAILURE() << "violates " << r->id;
    const auto e = spec.expected(bases[i]);
    EXPECT_EQ(e.code, spec::kSuccess);
    EXPECT_EQ(e.rule, nullptr);
  }
}

void expect_exactly_one(const OperatorSpec& spec, const std::vector<Case>& bases) {
  const CheckResult res = check_exactly_one(spec, bases);
  for (const auto& f : res.failures) ADD_FAILURE() << f;
  for (const Rule& r : spec.rules) EXPECT_TRUE(res.reached.count(r.id)) << r.id << " unreachable from every base";
  EXPECT_EQ(res.reached.size(), spec.rules.size());
}

OperatorSpec with_predicate(OperatorSpec spec, const std::string& id, std::function<bool(const Case&)> pred) {
  for (Rule& r : spec.rules)
    if (r.id == id) r.violated = std::move(pred);
  return spec;
}

bool any_failure_mentions(const CheckResult& res, const std::string& text) {
  return std::any_of(res.failures.begin(), res.failures.end(),
                     [&](const std::string& f) { return f.find(text) != std::string::npos; });
}

std::string first_rule(const OperatorSpec& spec, const Case& c) {
  const auto e = spec.expected(c);
  return e.rule ? e.rule->id : "success";
}

void expect_rule_table(const OperatorSpec& spec, const std::vector<std::string>& order, size_t null_rules,
                       const std::set<std::string>& execute) {
  ASSERT_EQ(spec.rules.size(), order.size());
  for (size_t i = 0; i < order.size(); ++i) {
    const Rule& r = spec.rules[i];
    SCOPED_TRACE(r.id);
    EXPECT_EQ(r.id, order[i]);
    EXPECT_EQ(r.code, i < null_rules ? spec::kParamNullptr : spec::kParamInvalid);
    EXPECT_EQ(r.phase, execute.count(r.id) ? spec::Phase::Execute : spec::Phase::GetWorkspaceSize);
    EXPECT_FALSE(r.text.empty());
    EXPECT_TRUE(r.violated);
    EXPECT_TRUE(r.violate);
    EXPECT_EQ(r.in_docs, !r.cites.empty());
    if (!r.in_docs) {
      EXPECT_FALSE(r.chosen.empty());
    }
    for (const auto& c : r.cites) {
      EXPECT_TRUE(from_seeds(spec, c.seed)) << c.seed;
      EXPECT_FALSE(c.section.empty());
    }
    for (const auto& later : r.implies) {
      const Rule* target = spec.rule(later);
      ASSERT_NE(target, nullptr) << later;
      EXPECT_GT(target, &r) << later << " must come after " << r.id;
    }
    EXPECT_EQ(spec.rule(r.id), &r);
  }
}

std::set<std::string> expect_discrepancies(const OperatorSpec& spec) {
  std::set<std::string> have;
  for (const auto& d : spec.discrepancies) {
    EXPECT_TRUE(have.insert(d.id).second) << "duplicate " << d.id;
    EXPECT_FALSE(d.summary.empty()) << d.id;
    EXPECT_FALSE(d.normative.empty()) << d.id;
    EXPECT_FALSE(d.sources.empty()) << d.id;
    for (const auto& s : d.sources) EXPECT_TRUE(from_seeds(spec, s.seed)) << d.id << ": " << s.seed;
  }
  return have;
}

void expect_refs_exist(const std::string& prefix, const std::set<std::string>& ids, const std::string& owner,
                       const std::string& text) {
  for (size_t at = text.find(prefix); at != std::string::npos; at = text.find(prefix, at + 1)) {
    const size_t end = text.find_first_of(",) ", at);
    EXPECT_TRUE(ids.count(text.substr(at, end - at))) << owner << ": " << text.substr(at, end - at);
  }
}

}  // namespace poolcheck::spec_test
