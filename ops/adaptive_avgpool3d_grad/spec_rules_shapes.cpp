// The adaptive-avg-pool rules on shapes: ranks, out's shape, zero dims, gradOutput's leading dims.
#include <optional>
#include <string>
#include <vector>

#include "ops/adaptive_avgpool3d_grad/spec_internal.h"

namespace poolcheck::spec::adaptive_avgpool3d_grad {

namespace {

bool ranks_ok(const Document& d, const Case& c) {
  std::optional<size_t> rank;
  for (const char* name : kTensorNames) {
    const TensorArg* t = tensor(c, name);
    if (!t) continue;
    if (!d.rank_ok(*t) || (rank && *rank != t->shape.size())) return false;
    rank = t->shape.size();
  }
  return true;
}

CaseTest structure_of(const Document& d) {
  return [&d](const Case& c) { return d.structure_ok(c); };
}

Rule rule_rank(const Document& d) {
  Rule r;
  r.violated = [&d](const Case& c) { return !ranks_ok(d, c); };
  r.classes = numbered_classes(4);
  r.violate = [&d](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    const size_t target = (choice / 4 + choice) % 3;
    const size_t low = d.spatial_rank + 1, high = d.spatial_rank + 2;  // the listed ranks
    auto set_rank = [&m](const char* name, size_t rank) {
      TensorArg& t = m.tensor_mut(name);
      reshape(t, to_rank(t.shape, rank));
    };
    auto other_valid = [&](const char* name) { return m.tensor_mut(name).shape.size() == high ? low : high; };
    switch (choice % 4) {
      case 0:  // one tensor to the other valid rank
        set_rank(kTensorNames[target], other_valid(kTensorNames[target]));
        break;
      case 1:  // one tensor to an unsupported rank, just below or above the listed ones
        set_rank(kTensorNames[target], (choice / 4) % 2 == 0 ? low - 1 : high + 1);
        break;
      case 2:  // all three to an unsupported rank (the lower-rank pool's, or one below)
        for (const char* name : kTensorNames) set_rank(name, (choice / 4) % 2 == 0 ? low - 1 : low - 2);
        break;
      default:  // all but one to the other valid rank
        for (size_t i = 0; i < kTensorNames.size(); ++i)
          if (i != target) set_rank(kTensorNames[i], other_valid(kTensorNames[i]));
        break;
    }
    return m;
  };
  return d.dressed(r, "RANK");
}

Rule rule_out_shape(const Document& d) {
  Rule r = same_shape_rule("", kOut, kSelf, structure_of(d));
  r.classes = numbered_classes(4);
  r.violate = [&d](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!d.structure_ok(v)) return std::nullopt;
    const TensorArg& go = *tensor(v, kGradOutput);
    const TensorArg& self = *tensor(v, kSelf);
    Case m = v;
    TensorArg& out = m.tensor_mut(kOut);
    if (choice % 4 == 3 && go.shape != self.shape) {  // out shaped like gradOutput, a natural slip
      reshape(out, go.shape);
      return m;
    }
    std::vector<int64_t> shape = self.shape;
    const size_t dim = choice % shape.size();
    shape[dim] += 1 + static_cast<int64_t>((choice / shape.size()) % 2);
    reshape(out, shape);
    return m;
  };
  return d.dressed(r, "SHAPE.OUT");
}

Rule rule_zero(const Document& d) {
  // Choice 0 is the canonical mutation: the first dim (N, or C of the unbatched rank) = 0 in all three tensors.
  // The others vary the dim and the tensors (all three, gradOutput only, self + out so that out keeps self's
  // shape).
  using enum ZeroTargets;
  const int depth = -static_cast<int>(d.spatial_rank);
  Rule r = zero_dim_rule("", kTensors, kInputs, structure_of(d),
                         {{0, kAll},
                          {depth, kFirst},
                          {-2, kRest},
                          {-1, kAll},
                          {depth - 1, kFirst},
                          {0, kRest},
                          {depth, kAll},
                          {-1, kFirst}});
  return d.dressed(r, "SHAPE.ZERO");
}

Rule rule_nc(const Document& d) {
  // Without a zero-dim rule no earlier rule refuses an empty tensor, so the comparison judges those too.
  const std::vector<std::string> zero_guarded = d.empty_refused ? kInputs : std::vector<std::string>{};
  Rule r = lead_dims_rule("", {kGradOutput}, kSelf, zero_guarded, structure_of(d), d.spatial_rank);
  r.classes = numbered_classes(4);
  r.violate = [&d](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!d.structure_ok(v)) return std::nullopt;
    const size_t lead = d.lead_count(*tensor(v, kSelf));
    const size_t i = choice % lead;
    const bool change_inputs = (choice / lead) % 2 == 1;  // else change gradOutput
    const int64_t bump = 1 + static_cast<int64_t>((choice / (2 * lead)) % 2);
    Case m = v;
    if (!change_inputs) {
      TensorArg& go = m.tensor_mut(kGradOutput);
      std::vector<int64_t> shape = go.shape;
      shape[i] = tensor(v, kSelf)->shape[i] + bump;
      reshape(go, shape);
      return m;
    }
    for (const char* name : {kSelf, kOut}) {  // self and out together, so out still matches self
      TensorArg& t = m.tensor_mut(name);
      std::vector<int64_t> shape = t.shape;
      shape[i] = tensor(v, kGradOutput)->shape[i] + bump;
      reshape(t, shape);
    }
    return m;
  };
  return d.dressed(r, "SHAPE.NC");
}

}  // namespace

std::vector<Rule> shape_rules(const Document& d) {
  std::vector<Rule> rules{rule_rank(d), rule_out_shape(d)};
  if (d.empty_refused) rules.push_back(rule_zero(d));
  rules.push_back(rule_nc(d));
  return rules;
}

}  // namespace poolcheck::spec::adaptive_avgpool3d_grad
