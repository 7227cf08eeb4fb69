// Helpers shared by the property tests: asserting an outcome with a readable counterexample, scoping an
// emulator fault, and running a property expected to fail (negative controls).
#pragma once

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <functional>
#include <string>

#include "backend/backend.h"
#include "case/case.h"
#include "harness/runner.h"

namespace poolcheck {

// Fails the property with the case's descriptor and the runner's reason.
#define RC_ASSERT_PASSES(result)                                                                              \
  do {                                                                                                        \
    const ::poolcheck::CaseResult& rc_res_ = (result);                                                        \
    if (rc_res_.outcome != ::poolcheck::Outcome::Pass && rc_res_.outcome != ::poolcheck::Outcome::Mistrusted) \
      RC_FAIL(std::string(::poolcheck::outcome_name(rc_res_.outcome)) + ": " + rc_res_.message +              \
              "\n  repro: poolcheck repro '" + rc_res_.descriptor + "'");                                     \
  } while (0)

// Against a backend without the emulator's `entry` (POOLCHECK_BACKEND names another library), a test that needs
// it is skipped with the reason, once. In a RapidCheck property every case then returns at once.
#define POOLCHECK_NEEDS_EMULATOR(entry, what)                                                                   \
  if (!::poolcheck::backend::api().entry) {                                                                     \
    static bool poolcheck_skip_said_ = false;                                                                   \
    if (!poolcheck_skip_said_) {                                                                                \
      poolcheck_skip_said_ = true;                                                                              \
      GTEST_SKIP() << what << " needs the emulator's " #entry ", which " << ::poolcheck::backend::description() \
                   << " does not export";                                                                       \
    }                                                                                                           \
    return;                                                                                                     \
  }

// Switches an emulator fault on for the scope (negative controls); off again afterwards. Throws
// std::logic_error against a backend without faults (guard the test with POOLCHECK_NEEDS_EMULATOR).
class FaultScope {
 public:
  explicit FaultScope(const char* faults);
  ~FaultScope();
};

// rc::check with a bounded number of cases and its output suppressed; true when the property held.
bool quiet_check(const std::function<void()>& property, int max_success = 200);

// The failure-path property of one rule of operator `op`: its invalid generator's case must be attributed
// by the spec to `rule_id` alone (plus the co-violations it documents as unavoidable) and get the expected
// error. `tag_rule` classifies the case by rule in RapidCheck's report.
void check_rule(const std::string& op, const std::string& rule_id, bool tag_rule = false);

// Conservation law of a valid case whose gradients are all spread over real input elements: the sum of
// the output equals the sum of gradOutput within the summed tolerance bounds. Special and large fills,
// which can overflow the sums, become normal.
void check_conservation(Case c);

}  // namespace poolcheck
