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

std::vector<std::string> kernel_platforms(const std::string& op) {
  // Every operator's kernels run on the A2/A3 profiles; max pooling's also on Ascend950 (the documents do not list
  // the average-pooling operators there), adaptive pooling's also on the Atlas training and inference series.
  std::vector<std::string> socs{"Ascend910B", "Ascend910_93"};
  if (op == "maxpool3d_grad") socs.push_back("Ascend950");
  if (op == "adaptive_avgpool3d_grad") socs.insert(socs.end(), {"Ascend910", "Ascend310P"});
  return socs;
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
