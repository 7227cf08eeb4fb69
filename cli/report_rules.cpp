#include "cli/report_rules.h"

#include "spec/spec.h"

namespace poolcheck::cli {

reports::RulesByOp documented_rules() {
  reports::RulesByOp rules;
  for (const spec::OperatorSpec* s : spec::all_operator_specs()) {
    auto& ids = rules[s->op];
    for (const auto& r : s->rules) ids.push_back(r.id);
  }
  return rules;
}

}  // namespace poolcheck::cli
