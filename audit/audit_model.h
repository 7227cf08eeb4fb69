// The parameter-validation audit as data: per operator and platform, one row per spec rule (expected vs
// observed status of its exactly-one-violation cases), the valid-case and multi-violation checks, and the
// counts the summary table shows. The writers (JSON, Markdown) only format this.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "harness/executor.h"
#include "spec/spec.h"

namespace poolcheck::audit {

struct AuditOptions {
  std::vector<std::string> ops;        // empty = every registered operator
  std::vector<std::string> platforms;  // empty = every platform the spec lists (emulator) or the backend's own
  int cases_per_rule = 20;             // exactly-one-violation cases per rule and platform
  int valid_cases = 20;                // valid cases per supported platform (rejected-valid)
  int multi_cases = 20;                // several-rules-violated cases per platform (precedence)
  uint64_t seed = 1;
  CaseExecutor* executor = nullptr;  // where the cases run; null = in this process
};

// What one case showed, seen from the audit.
enum class Finding : int8_t {
  Agree,            // invalid: the documented status in the documented phase; valid: accepted
  AcceptedInvalid,  // the spec says it must fail, the call succeeded
  RejectedValid,    // the spec says it must succeed, the call failed
  WrongCode,        // failed with a status/phase no violated rule gives
  WrongPrecedence,  // failed as a violated rule that is not the first in the spec's order would
  OtherDefect,      // an output written on error, or a numerically wrong result of an invalid case
  NoKernel,         // the backend has no kernel on this platform, so the case proves nothing
  Crash,            // the backend died on a signal or hung (its isolated worker was replaced)
};
const char* finding_name(Finding f);
bool finding_is_defect(Finding f);

struct CaseRecord {
  std::string descriptor;
  Finding finding = Finding::Agree;
  std::string outcome;  // runner outcome name
  int32_t observed_status = 0;
  Phase observed_phase = Phase::None;  // None on success
  std::string message;                 // runner's reason / backend error line
  // The log hint (see log_attribution.h): the first argument the error line names, and whether the expected
  // rule speaks of it (1 yes, 0 no, -1 unknown).
  std::string logged_argument;
  int log_names_rule = -1;
  // Multi-violation cases only.
  std::vector<std::string> violated;  // spec rules the case violates, in check order
  std::string attributed_rule;        // the violated rule the observed status points to (if any)
  bool distinguishable = false;       // another violated rule has a different status or phase
  std::string log_rule;  // when the expected rule does not name the logged argument: the first violated one that does
};

enum class Verdict : int8_t { Agree, Disagree, NotExercised, NotApplicable };
const char* verdict_name(Verdict v);

struct RuleRow {
  const spec::Rule* rule = nullptr;
  Verdict verdict = Verdict::NotExercised;
  std::string note;                     // why n/a or not exercised
  std::vector<CaseRecord> cases;        // the exactly-one-violation cases run
  std::map<std::string, int> observed;  // "161002@GetWorkspaceSize" / "success" -> count
  std::map<Finding, int> findings;      // per finding
  int exercised() const;                // cases that were not NoKernel
};

struct PlatformAudit {
  std::string op;
  std::string platform;
  bool supported = false;  // per the spec's platform table
  std::vector<RuleRow> rules;
  std::vector<CaseRecord> valid;  // valid cases (supported platforms)
  std::vector<CaseRecord> multi;  // several rules violated at once

  // Counts for the summary row.
  int count(Verdict v) const;
  int rules_exercised() const;
  int findings(Finding f) const;  // over single, valid and multi cases
  int log_mismatches() const;     // refusals whose error line names an argument of another rule (a hint)
};

struct OperatorAudit {
  const spec::OperatorSpec* spec = nullptr;
  std::vector<PlatformAudit> platforms;
  // Rules (documented and chosen) with no exercising case on any audited platform.
  std::vector<const spec::Rule*> unexercised(bool documented) const;
};

struct AuditReport {
  AuditOptions options;
  std::string backend;           // the libraries audited
  bool platform_control = true;  // the backend lets the harness pick the SoC (emulator)
  std::string backend_note;
  double seconds = 0;
  std::vector<OperatorAudit> ops;

  int disagreements() const;  // rule rows with verdict Disagree, plus defects among valid and multi cases
  int documented_unexercised() const;
  bool gate_passes() const { return disagreements() == 0 && documented_unexercised() == 0; }
};

}  // namespace poolcheck::audit
