// Helpers shared by the property tests: asserting an outcome with a readable counterexample, scoping an
// emulator fault, naming the check that rejected a run, and running a property expected to fail (negative
// controls, which say which check must fire).
#pragma once

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

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

// Against a backend that does not export an operator's entry point (it implements other operators), the
// operator's tests are skipped with the reason, once; in a RapidCheck property every case then returns at once.
#define POOLCHECK_NEEDS_OPERATOR(token)                                                                          \
  if (!::poolcheck::backend::exports_operator(token)) {                                                          \
    static bool poolcheck_skip_said_ = false;                                                                    \
    if (!poolcheck_skip_said_) {                                                                                 \
      poolcheck_skip_said_ = true;                                                                               \
      GTEST_SKIP() << ::poolcheck::backend::description() << " does not export " << (token) << "'s entry point"; \
    }                                                                                                            \
    return;                                                                                                      \
  }

// Switches an emulator fault on for the scope (negative controls); off again afterwards. Throws
// std::logic_error against a backend without faults (guard the test with POOLCHECK_NEEDS_EMULATOR).
class FaultScope {
 public:
  explicit FaultScope(const char* faults);
  ~FaultScope();
};

// Switches the emulator's data-movement checks (the race shadow, the NaN fill of fresh memory) off for the
// scope, so that a control can show a harness check rejecting a fault on its own. Throws like FaultScope.
class EmulatorChecksOff {
 public:
  EmulatorChecksOff();
  ~EmulatorChecksOff();

 private:
  int previous_ = 1;
};

// rc::check with a bounded number of cases and its output suppressed; true when the property held.
bool quiet_check(const std::function<void()>& property, int max_success = 200);
// The same run for a negative control: the failure description when the property failed (RC_FAIL's message or
// the failed RC_ASSERT), nullopt when it held, gave up on discarded cases or raised an error, none of which
// shows that a check fired.
std::optional<std::string> quiet_failure(const std::function<void()>& property, int max_success = 200);
// Whether a line of a failure description starts with `prefix`: how a control tells which assertion failed
// (the description holds the source location and the assertion, then RC_FAIL's message on a line of its own).
bool has_line_starting(const std::string& description, const std::string& prefix);

// The check that rejected a run: what a negative control names as the one it expects to fire.
enum class Check : int8_t {
  None,              // not rejected: pass, mistrusted, expected error, unsupported-allowed
  OracleComparison,  // fail: elements beyond their tolerance bound (err.mismatches > 0)
  Determinism,       // fail: deterministic mode's second run differs bitwise from the first (rerun.first_diff)
  WriteOutsideView,  // fail: an output allocation byte outside the view changed
  WriteIntoInput,    // fail: an input allocation changed
  GuardZone,         // fail: a write outside the tensors (a guard or red zone overwritten)
  WriteOnError,      // fail: the documented error, but the output was modified
  RaceShadow,        // wrong-error: the emulator's race shadow ("write race on ...")
  GmBounds,          // wrong-error: a kernel copy outside a tensor's extent ("... out of bounds")
  UbOverflow,        // wrong-error: a unified-buffer allocation beyond the limit ("UB overflow")
  UbBounds,          // wrong-error: a kernel's access past its UB buffer ("UB access out of buffer")
  LaneInvariant,     // wrong-error: two lanes of one SIMD vector scatter into one element ("SIMD lane invariant")
  OffsetOverflow,    // wrong-error: an int32-indexed kernel addresses past the int32 index limit ("int32 offset
                     // overflow")
  OtherWrongError,   // wrong-error: any other status or phase than the documented one
  SpecExpectation,   // unexpected-success: the call succeeded where the spec names a rule
  KernelRefusal,     // unsupported: a call the spec supports refused for want of a kernel
  CrashOrTimeout,
  TilingOracle,  // wrong-tiling: the numbers passed, but the reported tiling decision is not the tiling oracle's
};
const char* check_name(Check c);
Check rejected_by(const CaseResult& r);

// Which checks rejected `n` cases drawn from `g` (seeds seed0, seed0+1, ...; sizes cycling 0..99), with the
// first rejected result of each check. `keep` (when set) skips the results it refuses.
struct Rejections {
  int runs = 0;
  std::map<Check, int> count;
  std::map<Check, CaseResult> example;
  int rejected() const;          // runs rejected by any check
  int by(Check c) const;         // runs rejected by `c`
  std::string describe() const;  // counts and one example per check, for assertion messages
};
Rejections tally_rejections(const rc::Gen<Case>& g, uint64_t seed0, int n,
                            const std::function<bool(const CaseResult&)>& keep = {}, const RunOptions& opt = {});
// The run options of a control that shows a check firing without the tiling oracle, which sees every fault that
// changes a tiling decision first.
RunOptions without_tiling_oracle();
// The control's claim: `expected` rejected some run, and every rejection came from `expected` or from one of
// the checks in `also` (a fault that more than one check can see; the control says why in a comment).
void expect_rejected_by(const Rejections& t, Check expected, const std::set<Check>& also = {});
// The same with nothing else allowed to fire.
inline void expect_only_rejected_by(const Rejections& t, Check expected) { expect_rejected_by(t, expected); }

// The failure-path property of one rule of operator `op`: its invalid generator's case must be attributed
// by the spec to `rule_id` alone (plus the co-violations it documents as unavoidable) and get the expected
// error. `tag_rule` classifies the case by rule in RapidCheck's report.
void check_rule(const std::string& op, const std::string& rule_id, bool tag_rule = false);

// A run for the conservation law: the case with special and large fills (which can overflow the sums) made
// normal, its gradOutput values, its tensors and its result.
struct ConservationRun {
  Case c;
  std::vector<double> grad_output;
  CaseTensors t;
  CaseResult r;
};
ConservationRun run_for_conservation(Case c);

// The conservation law of a case whose gradients are all spread over real input elements: the sum of the
// output equals the sum of gradOutput within the summed tolerance bounds. The violation, starting
// "conservation:" (the name the negative controls look for), or nullopt when the law holds.
std::optional<std::string> conservation_violation(const std::vector<double>& grad_output, const CaseTensors& t);

// The property: the run passes the oracle comparison, then the law holds (RC_FAIL with the violation).
void check_conservation(Case c);

// The property: the case in deterministic mode passes twice with bitwise equal outputs (NaN meets NaN).
void check_deterministic_repeat(Case c);

// Average pooling's conservation law: the gradient sum is kept when every divisor counts the real input elements of
// its window (countIncludePad off, no divisorOverride); `c` is run with those attributes.
void check_avg_conservation(Case c);
// Its control: with countIncludePad on, the same law must fail on some draw of `valid` and name itself.
void expect_avg_conservation_fails_with_padding_counted(const rc::Gen<Case>& valid);

}  // namespace poolcheck
