// aclnnAvgPool2dBackward rules 19-22: shape relations, empty tensors, pooled size.
#include <array>

#include "ops/avgpool2d_grad/spec.h"
#include "ops/avgpool2d_grad/spec_internal.h"
#include "spec/pooled_rule.h"

namespace poolcheck::spec::avgpool2d_grad {

namespace {

Rule rule_grad_input_shape() {
  Rule r = same_shape_rule("AP.SHAPE.GRADINPUT", kGradInput, kSelf, structure_ok);
  r.in_docs = false;
  r.text = "gradInput shape must equal self shape";
  r.chosen =
      "161002 as upstream's output-shape check; 001 defines gradInput as the gradient of the forward input but "
      "states no shape rule";
  return r;
}

Rule rule_empty() {
  // Choice 0 is the canonical mutation: N (4-D) or C (3-D) = 0 in all three tensors. The others vary the dim (the
  // leading one, C of 4-D / H of 3-D, W) and the tensors (all, gradOutput, self + gradInput).
  using enum ZeroTargets;
  Rule r = zero_dim_rule(
      "AP.EMPTY", kTensors, kTensors, structure_ok,
      {{0, kAll}, {0, kFirst}, {0, kRest}, {1, kAll}, {-1, kAll}, {1, kFirst}, {-1, kRest}, {-1, kFirst}});
  r.cites = {cite(kSeed, "参数说明: gradOutput (不支持空tensor场景)", kSeed)};
  r.text = "no tensor may have a zero dim";
  r.chosen =
      "161002 for a zero dim in any of the three tensors; 001 says it of gradOutput, upstream returns success "
      "without a launch (AP.D.EMPTY)";
  return r;
}

Rule rule_batch_channel() {
  Rule r = lead_dims_rule("AP.SHAPE.BATCH_CHANNEL", {kGradOutput}, kSelf, kTensors, structure_ok, 2);
  r.in_docs = false;
  r.text = "gradOutput's leading dims (N,C for 4-D, C for 3-D) must equal self's";
  r.chosen =
      "161002; neither upstream nor PyTorch checks the batch dim (PyTorch overflows the heap on it) "
      "(AP.D.GRADOUTPUT_SHAPE)";
  return r;
}

void set_pooled_dims(Case& m, const Dims2& hw) {
  TensorArg& go = m.tensor_mut(kGradOutput);
  reshape(go, with_spatial(go.shape, hw));
}

// Rebuild one axis as (in, k, s, p) with the given ceilMode, keep the other axis, and give gradOutput the
// correct pooled dims except `wrong` on that axis.
std::optional<Case> retarget_axis(const Case& v, size_t axis, std::array<int64_t, 4> iksp, bool ceil, int64_t wrong) {
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
  Dims2 in_dims = spatial(*tensor(v, kSelf));
  in_dims[axis] = in;
  for (const char* name : {kSelf, kGradInput}) {
    TensorArg& t = m.tensor_mut(name);
    reshape(t, with_spatial(t.shape, in_dims));
  }
  Dims2 out{};
  for (size_t i = 0; i < 2; ++i)
    out[i] = pooled_size(in_dims[i], pool->k[i], pool->s[i], pool->p[i], 1, ceil).value_or(1);
  out[axis] = wrong;
  set_pooled_dims(m, out);
  return m;
}

// The avg-pool views pooled_rule reads.
struct PoolViews {
  using Dims = Dims2;
  static const std::vector<std::string>& tensors() { return kTensors; }
  static const char* input() { return kSelf; }
  static const char* gradient() { return kGradOutput; }
  static bool structure_ok(const Case& c) { return avgpool2d_grad::structure_ok(c); }
  static std::optional<Pool> pool_params(const Case& c) { return avgpool2d_grad::pool_params(c); }
  static std::optional<Dims2> pooled(const Dims2& in, const Pool& p) { return avgpool2d_grad::pooled(in, p); }
  static Dims2 spatial(const TensorArg& t) { return avgpool2d_grad::spatial(t); }
  static size_t axis(uint64_t choice) { return (choice / 4) % 2; }
  static void set_pooled_dims(Case& m, const Dims2& hw) { avgpool2d_grad::set_pooled_dims(m, hw); }
  static std::optional<Case> retarget_axis(const Case& v, size_t axis, std::array<int64_t, 4> iksp, bool ceil,
                                           int64_t wrong) {
    return avgpool2d_grad::retarget_axis(v, axis, iksp, ceil, wrong);
  }
};

Rule rule_pooled() {
  Rule r = pooled_rule<PoolViews>("AP.SHAPE.POOLED");
  r.in_docs = false;
  r.text =
      "gradOutput's H,W must equal the avg-pool output size of self's H,W for kernelSize/stride/padding/ceilMode "
      "(pooled_size), and each must be >= 1";
  r.chosen =
      "161002 in GetWorkspaceSize; 001 has no such rule and the A2/A3 paths upstream never check it "
      "(AP.D.GRADOUTPUT_SHAPE)";
  return r;
}

}  // namespace

std::vector<Rule> shape_rules() { return {rule_grad_input_shape(), rule_empty(), rule_batch_channel(), rule_pooled()}; }

}  // namespace poolcheck::spec::avgpool2d_grad
