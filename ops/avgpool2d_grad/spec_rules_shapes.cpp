// The average-pool rules on shape relations, empty tensors and the pooled size.
#include <array>
#include <cctype>

#include "ops/avgpool2d_grad/spec_internal.h"
#include "spec/pooled_rule.h"
#include "spec/pooled_size.h"

namespace poolcheck::spec::avgpool2d_grad {

namespace {

// "SHAPE.GRADINPUT" for gradInput: the result's shape rule is named after the result.
std::string result_shape_key(const Document& d) {
  std::string key = "SHAPE.";
  for (char ch : d.result()) key += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return key;
}

Rule rule_result_shape(const Document& d) {
  return d.dressed(same_shape_rule("", d.result(), kSelf, [&d](const Case& c) { return d.structure_ok(c); }),
                   result_shape_key(d));
}

Rule rule_empty(const Document& d) {
  // Choice 0 is the canonical mutation: the first leading dim = 0 in all three tensors. The others vary the dim (the
  // leading one, the second, the last) and the tensors (all, gradOutput, self + the result).
  using enum ZeroTargets;
  const std::vector<std::string> names = d.tensors();
  return d.dressed(
      zero_dim_rule(
          "", names, names, [&d](const Case& c) { return d.structure_ok(c); },
          {{0, kAll}, {0, kFirst}, {0, kRest}, {1, kAll}, {-1, kAll}, {1, kFirst}, {-1, kRest}, {-1, kFirst}}),
      "EMPTY");
}

// The tensors whose zero dims keep the shape rules from judging: none where empty tensors are legal (their shapes
// are judged too), all three where a zero dim is refused by its own rule.
std::vector<std::string> empty_guarded(const Document& d) {
  return d.empty_refused ? d.tensors() : std::vector<std::string>{};
}

Rule rule_batch_channel(const Document& d) {
  return d.dressed(lead_dims_rule(
                       "", {kGradOutput}, kSelf, empty_guarded(d), [&d](const Case& c) { return d.structure_ok(c); },
                       d.spatial_rank),
                   "SHAPE.BATCH_CHANNEL");
}

// The views pooled_rule reads, over the document's spatial rank.
struct PoolViews {
  using Dims = avgpool2d_grad::Dims;
  const Document* d;
  std::vector<std::string> names;

  const std::vector<std::string>& tensors() const { return names; }  // the empty-tensor guard
  static const char* input() { return kSelf; }
  static const char* gradient() { return kGradOutput; }
  bool structure_ok(const Case& c) const { return d->structure_ok(c); }
  std::optional<Pool> pool_params(const Case& c) const { return avgpool2d_grad::pool_params(*d, c); }
  static std::optional<Dims> pooled(const Dims& in, const Pool& p) { return avgpool2d_grad::pooled(in, p); }
  Dims spatial(const TensorArg& t) const { return avgpool2d_grad::spatial(*d, t); }
  size_t axis(uint64_t choice) const { return (choice / 4) % d->spatial_rank; }
  void set_pooled_dims(Case& m, const Dims& dims) const {
    TensorArg& go = m.tensor_mut(kGradOutput);
    reshape(go, with_spatial(*d, go.shape, dims));
  }
  // Rebuild one axis as (in, k, s, p) with the given ceilMode, keep the others, and give gradOutput the correct
  // pooled dims except `wrong` on that axis.
  std::optional<Case> retarget_axis(const Case& v, size_t axis, std::array<int64_t, 4> iksp, bool ceil,
                                    int64_t wrong) const {
    auto pool = pool_params(v);
    if (!pool) return std::nullopt;
    const auto [in, k, s, p] = iksp;
    pool->k[axis] = k;
    pool->s[axis] = s;
    pool->p[axis] = p;
    Case m = v;
    m.array_mut(kKernelSize).values.assign(pool->k.begin(), pool->k.end());
    IntArrayArg& stride = m.array_mut(kStride);
    stride.present = true;
    stride.values.assign(pool->s.begin(), pool->s.end());
    m.array_mut(kPadding).values.assign(pool->p.begin(), pool->p.end());
    m.set_scalar(kCeilMode, ceil ? 1 : 0);
    Dims in_dims = spatial(*tensor(v, kSelf));
    in_dims[axis] = in;
    for (const std::string& name : {std::string(kSelf), d->result()}) {
      TensorArg& t = m.tensor_mut(name);
      reshape(t, with_spatial(*d, t.shape, in_dims));
    }
    Dims out(in_dims.size());
    for (size_t i = 0; i < out.size(); ++i)
      out[i] = pooled_size(in_dims[i], pool->k[i], pool->s[i], pool->p[i], 1, ceil).value_or(1);
    out[axis] = wrong;
    set_pooled_dims(m, out);
    return m;
  }
};

Rule rule_pooled(const Document& d) {
  return d.dressed(pooled_rule<PoolViews>("", PoolViews{&d, empty_guarded(d)}), "SHAPE.POOLED");
}

}  // namespace

std::vector<Rule> shape_rules(const Document& d) {
  std::vector<Rule> rules{rule_result_shape(d)};
  if (d.empty_refused) rules.push_back(rule_empty(d));
  rules.push_back(rule_batch_channel(d));
  rules.push_back(rule_pooled(d));
  return rules;
}

}  // namespace poolcheck::spec::avgpool2d_grad
