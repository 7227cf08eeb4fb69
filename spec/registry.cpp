// The specs, one per row of the operator table.
#include "spec/spec.h"

namespace poolcheck::spec {

const std::vector<const OperatorSpec*>& all_operator_specs() {
  static const std::vector<const OperatorSpec*> specs{
#define POOLCHECK_OPERATOR(token, aclnn) &token::operator_spec(),
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
  };
  return specs;
}

const OperatorSpec* find_operator_spec(const std::string& op) {
  for (const OperatorSpec* s : all_operator_specs())
    if (s->op == op) return s;
  return nullptr;
}

}  // namespace poolcheck::spec
