// aclnnAvgPool2dBackward rules 19-22: shape relations, empty tensors, pooled size.
#include <array>
#include <string>
#include <utility>

#include "spec/avg_pool2d_grad_internal.h"
#include "spec/avg_pool2d_grad_spec.h"

namespace poolcheck::spec::ap {

namespace {

Rule rule_grad_input_shape() {
  Rule r;
  r.id = "AP.SHAPE.GRADINPUT";
  r.in_docs = false;
  r.text = "gradInput shape must equal self shape";
  r.chosen =
      "161002 as upstream's output-shape check; 001 defines gradInput as the gradient of the forward input but "
      "states no shape rule";
  r.violated = [](const Case& c) { return structure_ok(c) && tensor(c, kGradInput)->shape != tensor(c, kSelf)->shape; };
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!structure_ok(v)) return std::nullopt;
    Case m = v;
    TensorArg& t = m.tensor_mut(kGradInput);
    std::vector<int64_t> shape = t.shape;
    const size_t dim = choice % shape.size();
    shape[dim] += 1 + static_cast<int64_t>((choice / shape.size()) % 2);
    reshape(t, shape);
    return m;
  };
  return r;
}

Rule rule_empty() {
  Rule r;
  r.id = "AP.EMPTY";
  r.cites = {cite(kSeed, "参数说明: gradOutput (不支持空tensor场景)", kSeed)};
  r.text = "no tensor may have a zero dim";
  r.chosen =
      "161002 for a zero dim in any of the three tensors; 001 says it of gradOutput, upstream returns success "
      "without a launch (AP.D.EMPTY)";
  r.violated = [](const Case& c) { return structure_ok(c) && any_empty(c); };
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!structure_ok(v)) return std::nullopt;
    // Choice 0 is the canonical mutation: N (4-D) or C (3-D) = 0 in all three tensors. The others vary the dim
    // (0 = the leading one, 1 = C of 4-D / H of 3-D, 2 = W) and the tensors (all, gradOutput, self + gradInput).
    enum Which { kAll, kGradOutputOnly, kInputs };
    static const std::array<std::pair<size_t, Which>, 8> variants{{{0, kAll},
                                                                   {0, kGradOutputOnly},
                                                                   {0, kInputs},
                                                                   {1, kAll},
                                                                   {2, kAll},
                                                                   {1, kGradOutputOnly},
                                                                   {2, kInputs},
                                                                   {2, kGradOutputOnly}}};
    const auto [kind, which] = variants[choice % variants.size()];
    const size_t rank = tensor(v, kSelf)->shape.size();
    const size_t dim = kind == 2 ? rank - 1 : kind;
    Case m = v;
    for (const char* name : kTensorNames) {
      const bool is_go = name == std::string(kGradOutput);
      if ((which == kGradOutputOnly && !is_go) || (which == kInputs && is_go)) continue;
      TensorArg& t = m.tensor_mut(name);
      std::vector<int64_t> shape = t.shape;
      shape[dim] = 0;
      reshape(t, shape);
    }
    return m;
  };
  return r;
}

Rule rule_batch_channel() {
  Rule r;
  r.id = "AP.SHAPE.BATCH_CHANNEL";
  r.in_docs = false;
  r.text = "gradOutput's leading dims (N,C for 4-D, C for 3-D) must equal self's";
  r.chosen =
      "161002; neither upstream nor PyTorch checks the batch dim (PyTorch overflows the heap on it) "
      "(AP.D.GRADOUTPUT_SHAPE)";
  r.violated = [](const Case& c) {
    if (!structure_ok(c) || any_empty(c)) return false;
    const TensorArg& go = *tensor(c, kGradOutput);
    const TensorArg& self = *tensor(c, kSelf);
    for (size_t i = 0; i < lead_count(self); ++i)
      if (go.shape[i] != self.shape[i]) return true;
    return false;
  };
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!structure_ok(v)) return std::nullopt;
    const TensorArg& self = *tensor(v, kSelf);
    const size_t i = choice % lead_count(self);
    Case m = v;
    TensorArg& go = m.tensor_mut(kGradOutput);
    std::vector<int64_t> shape = go.shape;
    shape[i] = self.shape[i] + 1 + static_cast<int64_t>((choice / 2) % 2);
    reshape(go, shape);
    return m;
  };
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
  m.array_mut("kernelSize").values.assign(pool->k.begin(), pool->k.end());
  IntArrayArg& stride = m.array_mut("stride");
  stride.present = true;
  stride.values.assign(pool->s.begin(), pool->s.end());
  m.array_mut("padding").values.assign(pool->p.begin(), pool->p.end());
  m.set_scalar("ceilMode", ceil ? 1 : 0);
  Dims2 in_dims = spatial(*tensor(v, kSelf));
  in_dims[axis] = in;
  for (const char* name : {kSelf, kGradInput}) {
    TensorArg& t = m.tensor_mut(name);
    reshape(t, with_spatial(t.shape, in_dims));
  }
  Dims2 out{};
  for (size_t i = 0; i < 2; ++i)
    out[i] = avg_pool_out_size(in_dims[i], pool->k[i], pool->s[i], pool->p[i], ceil).value_or(1);
  out[axis] = wrong;
  set_pooled_dims(m, out);
  return m;
}

Rule rule_pooled() {
  Rule r;
  r.id = "AP.SHAPE.POOLED";
  r.in_docs = false;
  r.text =
      "gradOutput's H,W must equal the avg-pool output size of self's H,W for kernelSize/stride/padding/ceilMode "
      "(avg_pool_out_size), and each must be >= 1";
  r.chosen =
      "161002 in GetWorkspaceSize; 001 has no such rule and the A2/A3 paths upstream never check it "
      "(AP.D.GRADOUTPUT_SHAPE)";
  r.violated = [](const Case& c) {
    if (!structure_ok(c) || any_empty(c)) return false;
    const auto pool = pool_params(c);
    if (!pool) return false;
    const auto out = pooled(spatial(*tensor(c, kSelf)), *pool);
    return !out || *out != spatial(*tensor(c, kGradOutput));
  };
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!structure_ok(v) || !pool_params(v)) return std::nullopt;
    const size_t axis = (choice / 4) % 2;
    Dims2 out = spatial(*tensor(v, kGradOutput));
    switch (choice % 4) {
      case 0:  // one window too many
        out[axis] += 1;
        break;
      case 1:  // one too few (two too many when there is a single window)
        out[axis] = out[axis] > 1 ? out[axis] - 1 : out[axis] + 2;
        break;
      case 2:  // I=5,k=2,s=2,p=1,ceil: a 4th window would start in the right padding and is dropped -> 3, not 4
        return retarget_axis(v, axis, {5, 2, 2, 1}, true, 4);
      default:  // I=1,k=4,s=3,p=1,floor: no window fits (size 0); gradOutput claims 1
        return retarget_axis(v, axis, {1, 4, 3, 1}, false, 1);
    }
    Case m = v;
    set_pooled_dims(m, out);
    return m;
  };
  return r;
}

}  // namespace

std::vector<Rule> shape_rules() { return {rule_grad_input_shape(), rule_empty(), rule_batch_channel(), rule_pooled()}; }

}  // namespace poolcheck::spec::ap
