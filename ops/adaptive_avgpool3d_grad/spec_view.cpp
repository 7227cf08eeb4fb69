// A document's facts as the rule predicates and mutators read them, and the spec its rules make.
#include <algorithm>

#include "ops/adaptive_avgpool3d_grad/spec_internal.h"

namespace poolcheck::spec::adaptive_avgpool3d_grad {

const PlatformRow* Document::row(const Case& c) const { return supported_platform(rows, c.platform); }

bool Document::rank_ok(const TensorArg& t) const {
  return t.shape.size() == spatial_rank + 1 || t.shape.size() == spatial_rank + 2;
}

bool Document::format_listed(Format f) const { return std::find(formats.begin(), formats.end(), f) != formats.end(); }

size_t Document::lead_count(const TensorArg& t) const { return t.shape.size() - spatial_rank; }

bool Document::structure_ok(const Case& c) const {
  return spatial_rank == 3 ? tensors_well_formed(c, kTensors, {4, 5}) : tensors_well_formed(c, kTensors, {3, 4});
}

Rule Document::dressed(Rule r, const std::string& rule) const {
  return ::poolcheck::spec::dressed(std::move(r), prefix, rule, words, aclnn);
}

OperatorSpec spec_of(const Document& d) {
  OperatorSpec s;
  s.op = d.op;
  s.aclnn_name = d.aclnn;
  s.seeds = {d.seed};
  for (auto group : {null_and_tensor_rules, platform_rules, shape_rules, type_rules, output_rules})
    for (Rule& r : group(d)) s.rules.push_back(std::move(r));
  s.discrepancies = d.discrepancies;
  s.platforms = d.rows;
  s.strategies = d.strategies;
  return s;
}

}  // namespace poolcheck::spec::adaptive_avgpool3d_grad
