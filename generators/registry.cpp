// Generators by operator name, one entry per row of the operator table.
#include <stdexcept>

#include "generators/draws.h"
#include "generators/generators.h"
#include "spec/spec.h"

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

std::vector<std::string> kernel_platforms(const std::string& op) {
  // The platforms the operator's documents list as supported: the library under test has kernels there.
  const spec::OperatorSpec* contract = spec::find_operator_spec(op);
  if (contract == nullptr) throw std::invalid_argument("no spec for operator '" + op + "'");
  return supported_socs(*contract);
}

namespace {
std::string& pinned_platform() {
  static std::string soc;
  return soc;
}
}  // namespace

void pin_kernel_platform(const std::string& soc) { pinned_platform() = soc; }

std::vector<std::string> kernel_socs(const GenConfig& cfg, const std::string& op) {
  if (!cfg.kernel_platforms.empty()) return cfg.kernel_platforms;
  if (!pinned_platform().empty()) return {pinned_platform()};
  return kernel_platforms(op);
}

Case sample(const rc::Gen<Case>& g, uint64_t seed, int size) { return g(rc::Random(seed), size).value(); }

}  // namespace poolcheck::gen
