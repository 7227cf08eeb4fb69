#include "generators/draws.h"

#include "generators/layout.h"

namespace poolcheck::gen {

void gen_layouts(const GenConfig& cfg, Case* c) {
  if (cfg.vary_layout)
    for (auto& [name, t] : c->tensors) t = *with_layout(t);
}

void gen_environment(const GenConfig& cfg, const std::vector<int64_t>& ub_sizes, Case* c, WeightedFills fills) {
  if (cfg.vary_knobs) {
    c->deterministic = *rc::gen::arbitrary<bool>();
    c->cores = *rc::gen::element<int32_t>(0, 1, 2, 3, 4, 7);
    c->ub_bytes = *rc::gen::elementOf(ub_sizes);
  }
  c->seed = *rc::gen::arbitrary<uint64_t>();
  c->fill = cfg.vary_data ? *rc::gen::weightedElement<std::string>(fills) : "normal";
}

}  // namespace poolcheck::gen
