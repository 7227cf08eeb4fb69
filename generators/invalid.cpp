#include "generators/invalid.h"

#include <algorithm>

#include "generators/fixed_draws.h"

namespace poolcheck::gen {

namespace {

bool listed(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// Steers the valid base towards what mutation class `choice` of `rule` needs: one of its SoCs (among those
// already allowed, else its own), its dtype (the detail choice / classes picks among several) and its feature.
void meet_class(const spec::Rule& rule, uint64_t choice, GenConfig* base) {
  const uint64_t n = rule.classes.size();
  const spec::ViolationClass& k = rule.classes[choice % n];
  if (!k.socs.empty()) {
    std::vector<std::string> socs = base->kernel_platforms;
    std::erase_if(socs, [&](const std::string& soc) { return !listed(k.socs, soc); });
    base->kernel_platforms = socs.empty() ? k.socs : socs;
  }
  if (!k.dtypes.empty()) base->target.dtype = k.dtypes[(choice / n) % k.dtypes.size()];
  base->target.feature = k.feature;
}

}  // namespace

rc::Gen<Case> invalid_from(const spec::OperatorSpec& spec, std::function<rc::Gen<Case>(const GenConfig&)> valid,
                           const GenConfig& cfg, const std::vector<std::string>& platforms,
                           const std::string& rule_id) {
  return direct_exec([&spec, valid, cfg, platforms, rule_id] {
    GenConfig base_cfg = cfg;
    base_cfg.kernel_platforms = platforms;
    base_cfg.target = {};
    if (!cfg.target.platform.empty()) base_cfg.kernel_platforms = {cfg.target.platform};
    // The scheduler's rule and mutation choice: a few bases are tried before the choice is given up.
    if (const spec::Rule* wanted = cfg.target.rule.empty() ? nullptr : spec.rule(cfg.target.rule)) {
      GenConfig class_cfg = base_cfg;
      meet_class(*wanted, cfg.target.choice, &class_cfg);
      for (int attempt = 0; attempt < 6; ++attempt)
        if (auto m = wanted->violate(value_of(valid(class_cfg)), cfg.target.choice)) return *m;
      base_cfg.kernel_platforms = platforms;
    }
    const size_t n = spec.rules.size();
    // Size-independent draws: inRange would favour the first rules and choices at small sizes.
    std::vector<size_t> indices(n);
    for (size_t i = 0; i < n; ++i) indices[i] = i;
    size_t first = rule_id.empty() ? fixed::element_of(indices) : 0;
    if (!rule_id.empty())
      for (size_t i = 0; i < n; ++i)
        if (spec.rules[i].id == rule_id) first = i;
    static const rc::Gen<uint64_t> kChoice = rc::gen::elementOf(std::vector<uint64_t>{0, 1, 2, 3, 4, 5, 6, 7});
    const uint64_t choice = value_of(kChoice);
    // The base is drawn where the rule can be broken (its own platforms; the kernels' for an Execute-phase
    // check): a valid case of one SoC moved to another may break that SoC's other rules too (INT64 indices).
    const spec::Rule& rule = spec.rules[first];
    const std::vector<std::string> kernels = kernel_socs(cfg, spec.op);
    std::vector<std::string> socs = base_cfg.kernel_platforms;
    if (!rule.platforms.empty())
      std::erase_if(socs, [&](const std::string& s) {
        return std::find(rule.platforms.begin(), rule.platforms.end(), s) == rule.platforms.end();
      });
    if (rule.phase == spec::Phase::Execute)
      std::erase_if(
          socs, [&](const std::string& s) { return std::find(kernels.begin(), kernels.end(), s) == kernels.end(); });
    if (socs.empty()) socs = rule.phase == spec::Phase::Execute ? kernels : base_cfg.kernel_platforms;
    base_cfg.kernel_platforms = socs;
    GenConfig class_cfg = base_cfg;
    meet_class(rule, choice, &class_cfg);
    Case base = value_of(valid(class_cfg));
    for (int attempt = 0; attempt < 2; ++attempt) {
      for (uint64_t k = 0; k < 8; ++k)
        if (auto m = rule.violate(base, choice + k)) return *m;
      base_cfg.kernel_platforms = {kernels.front()};
      base = value_of(valid(base_cfg));
    }
    for (size_t i = 1; i < n; ++i)
      for (uint64_t k = 0; k < 8; ++k)
        if (auto m = spec.rules[(first + i) % n].violate(base, choice + k)) return *m;
    return base;
  });
}

}  // namespace poolcheck::gen
