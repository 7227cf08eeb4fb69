#include "cli/report_rules.h"

#include "cli/spec_registry.h"

namespace poolcheck::cli {

reports::RulesByOp documented_rules() {
  reports::RulesByOp rules;
  for (const spec::OperatorSpec* s : all_specs()) {
    auto& ids = rules[s->op];
    for (const auto& r : s->rules) ids.push_back(r.id);
  }
  return rules;
}

}  // namespace poolcheck::cli
