#include "audit/classify.h"

#include "audit/log_attribution.h"

namespace poolcheck::audit {

namespace {

CaseRecord record(const CaseResult& r) {
  CaseRecord c;
  c.descriptor = r.descriptor;
  c.outcome = outcome_name(r.outcome);
  c.observed_status = r.observed_status;
  c.observed_phase = r.observed_phase;
  c.message = r.message;
  return c;
}

Finding finding_of(const CaseResult& r) {
  switch (r.outcome) {
    case Outcome::Pass:
    case Outcome::Mistrusted:
    case Outcome::ExpectedError:
      return Finding::Agree;
    case Outcome::Fail:  // numerically wrong after a valid call: accepted, so validation agrees
      return r.expected_status == 0 ? Finding::Agree : Finding::OtherDefect;
    case Outcome::WrongTiling:  // a valid call accepted and computed right: validation agrees
      return Finding::Agree;
    case Outcome::WrongError:
      return r.expected_status == 0 ? Finding::RejectedValid : Finding::WrongCode;
    case Outcome::UnexpectedSuccess:
      return Finding::AcceptedInvalid;
    case Outcome::Unsupported:
    case Outcome::UnsupportedAllowed:
      return Finding::NoKernel;
    case Outcome::Crash:
    case Outcome::Timeout:
      return Finding::Crash;
    case Outcome::HarnessError:  // the harness could not judge the call: nothing said about the library
      return Finding::OtherDefect;
  }
  return Finding::OtherDefect;
}

bool gives(const spec::Rule& rule, int32_t status, Phase phase) { return rule.code == status && phase == rule.phase; }

}  // namespace

CaseRecord classify_single(const CaseResult& r, const spec::Rule* target) {
  CaseRecord c = record(r);
  c.finding = finding_of(r);
  if (r.observed_status != 0) c.logged_argument = logged_argument(r.c, r.message);
  if (target) c.log_names_rule = rule_names_argument(r.c, *target, c.logged_argument);
  return c;
}

CaseRecord classify_multi(const CaseResult& r, const std::vector<const spec::Rule*>& violated) {
  CaseRecord c = classify_single(r, violated.empty() ? nullptr : violated.front());
  for (const spec::Rule* v : violated) c.violated.push_back(v->id);
  if (violated.empty()) return c;
  const spec::Rule& first = *violated.front();
  // Only when the expected rule names arguments, none of them the logged one, can the line point elsewhere.
  if (c.log_names_rule == 0)
    for (const spec::Rule* v : violated)
      if (c.log_rule.empty() && rule_names_argument(r.c, *v, c.logged_argument) == 1) c.log_rule = v->id;
  for (const spec::Rule* v : violated)
    c.distinguishable = c.distinguishable || v->code != first.code || v->phase != first.phase;
  if (c.finding == Finding::Agree) {
    c.attributed_rule = c.distinguishable ? first.id : "";  // same status from several rules: not attributable
    return c;
  }
  if (c.finding != Finding::WrongCode) return c;
  for (const spec::Rule* v : violated)
    if (v != &first && gives(*v, r.observed_status, r.observed_phase)) {
      c.finding = Finding::WrongPrecedence;
      c.attributed_rule = v->id;
      break;
    }
  return c;
}

}  // namespace poolcheck::audit
