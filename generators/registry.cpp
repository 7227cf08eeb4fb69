// Generators by operator name, one entry per row of the operator table.
#include <stdexcept>

#include "generators/generators.h"

namespace poolcheck::gen {

namespace {
struct Entry {
  const char* op;
  rc::Gen<Case> (*valid)(const GenConfig&);
  rc::Gen<Case> (*invalid)(const GenConfig&, const std::string&);
  std::vector<std::string> (*features)();
};
const Entry kEntries[] = {
#define POOLCHECK_OPERATOR(token, aclnn) {#token, token::valid, token::invalid, token::features},
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
};

const Entry& entry(const std::string& op) {
  for (const auto& e : kEntries)
    if (op == e.op) return e;
  throw std::invalid_argument("no generator for operator '" + op + "'");
}
}  // namespace

rc::Gen<Case> valid_case(const std::string& op, const GenConfig& cfg) { return entry(op).valid(cfg); }

rc::Gen<Case> invalid_case(const std::string& op, const GenConfig& cfg, const std::string& rule_id) {
  return entry(op).invalid(cfg, rule_id);
}

std::vector<std::string> operators() {
  std::vector<std::string> ops;
  for (const auto& e : kEntries) ops.emplace_back(e.op);
  return ops;
}

std::vector<std::string> features(const std::string& op) { return entry(op).features(); }

Case sample(const rc::Gen<Case>& g, uint64_t seed, int size) { return g(rc::Random(seed), size).value(); }

}  // namespace poolcheck::gen
