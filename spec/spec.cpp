#include "spec/spec.h"

#include <algorithm>

namespace poolcheck::spec {

std::vector<ViolationClass> numbered_classes(uint64_t n) {
  std::vector<ViolationClass> out(n);
  for (uint64_t k = 0; k < n; ++k) out[k].name = std::to_string(k);
  return out;
}

std::vector<uint64_t> targeted_keys(const StrategyNote& note) {
  std::vector<uint64_t> keys;
  for (uint64_t k : note.keys)
    if (std::find(note.beyond_budget.begin(), note.beyond_budget.end(), k) == note.beyond_budget.end())
      keys.push_back(k);
  return keys;
}

Expected OperatorSpec::expected(const Case& c) const {
  for (const Rule& r : rules) {
    if (r.violated && r.violated(c)) return Expected{r.code, r.phase, &r};
  }
  return Expected{};
}

std::vector<const Rule*> OperatorSpec::violations(const Case& c) const {
  std::vector<const Rule*> out;
  for (const Rule& r : rules) {
    if (r.violated && r.violated(c)) out.push_back(&r);
  }
  return out;
}

const PlatformRow* OperatorSpec::platform(const std::string& soc) const {
  for (const PlatformRow& row : platforms) {
    if (row.soc == soc) return &row;
  }
  return nullptr;
}

const Rule* OperatorSpec::rule(const std::string& id) const {
  for (const Rule& r : rules) {
    if (r.id == id) return &r;
  }
  return nullptr;
}

}  // namespace poolcheck::spec
