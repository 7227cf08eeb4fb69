// Boundary generators by operator name, one entry per row of the operator table.
#include <stdexcept>

#include "generators/boundary.h"

namespace poolcheck::gen {

namespace {
struct Entry {
  const char* op;
  rc::Gen<Case> (*boundary)(const GenConfig&, const std::vector<std::string>&);
  std::vector<std::string> (*classes)();
};
const Entry kEntries[] = {
#define POOLCHECK_OPERATOR(token, aclnn) {#token, token::boundary, token::boundary_classes},
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
};

const Entry& entry(const std::string& op) {
  for (const auto& e : kEntries)
    if (op == e.op) return e;
  throw std::invalid_argument("no boundary generator for operator '" + op + "'");
}
}  // namespace

rc::Gen<Case> boundary_case(const std::string& op, const GenConfig& cfg, const std::vector<std::string>& classes) {
  return entry(op).boundary(cfg, classes);
}

std::vector<std::string> boundary_classes(const std::string& op) { return entry(op).classes(); }

}  // namespace poolcheck::gen
