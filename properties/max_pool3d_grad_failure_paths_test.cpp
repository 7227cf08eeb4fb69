// Property b: every documented (and chosen) failure path. For each rule, cases violating exactly that rule
// get exactly its status in its phase, and gradInput stays untouched; plus its negative control.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "harness/runner.h"
#include "properties/generators/generators.h"
#include "properties/prop_util.h"
#include "spec/max_pool3d_grad_spec.h"

namespace poolcheck {

namespace {

// Runs a case that must fail as `rule_id` says; the spec must attribute it to that rule alone.
void check_rule(const std::string& rule_id) {
  const auto& spec = spec::max_pool3d_grad_spec();
  const Case c = *gen::invalid_max_pool3d_grad({}, rule_id);
  const auto violated = spec.violations(c);
  RC_ASSERT(!violated.empty());
  const spec::Rule* target = violated.front();
  // Exactly one rule (plus the co-violations it documents as unavoidable).
  std::set<std::string> allowed{target->id};
  allowed.insert(target->implies.begin(), target->implies.end());
  for (const auto* r : violated) RC_ASSERT(allowed.count(r->id) == 1u);
  const CaseResult r = run_case(c);
  RC_TAG(target->id);
  if (r.outcome != Outcome::ExpectedError)
    RC_FAIL(std::string(outcome_name(r.outcome)) + " for rule " + target->id + ": " + r.message +
            "\n  repro: poolcheck repro '" + r.descriptor + "'");
}

}  // namespace

RC_GTEST_PROP(MaxPool3dGradFailurePaths, EachRuleGetsItsStatusAndLeavesGradInputUntouched, ()) {
  const auto& rules = spec::max_pool3d_grad_spec().rules;
  const auto& rule = *rc::gen::elementOf(rules);
  check_rule(rule.id);
}

// Every rule, one by one, with its own case budget, so a rarely drawn rule is never skipped.
TEST(MaxPool3dGradFailurePaths, EveryRuleIsExercised) {
  for (const auto& rule : spec::max_pool3d_grad_spec().rules) {
    SCOPED_TRACE(rule.id);
    EXPECT_TRUE(quiet_check([&] { check_rule(rule.id); }, 25)) << rule.id;
  }
}

TEST(MaxPool3dGradFailurePathsNegativeControl, MissingPaddingCheckIsRejected) {
  FaultScope fault("skip_pad_check");
  EXPECT_FALSE(quiet_check([] { check_rule("MP.PADDING.VALUE"); }, 50));
}

}  // namespace poolcheck
