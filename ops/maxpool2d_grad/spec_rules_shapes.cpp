// The 2-D max-pool backward's shape relations, empty tensors, the pooled size, output aliasing and the index
// contract.
#include <algorithm>
#include <array>

#include "ops/maxpool2d_grad/spec_internal.h"
#include "ops/maxpool3d_grad/spec_internal.h"
#include "spec/pooled_rule.h"
#include "spec/pooled_size.h"

namespace poolcheck::spec::maxpool2d_grad {

namespace {

// (N, C) of a well-formed tensor by its format; N = 1 for a 3-D one.
std::array<int64_t, 2> batch_channels(const TensorArg& t) {
  const bool three = t.shape.size() == 3;
  const int64_t n = three ? 1 : t.shape[0];
  const size_t c = t.format == Format::NHWC ? t.shape.size() - 1 : (three ? 0 : 1);
  return {n, t.shape[c]};
}

size_t channel_dim(const TensorArg& t) {
  return t.format == Format::NHWC ? t.shape.size() - 1 : (t.shape.size() == 3 ? 0 : 1);
}

// A view whose structure the document accepts.
CaseTest ok_for(const Document& d) {
  return [&d](const Case& c) { return structure_ok(d, c); };
}

// The document's indices shape: gradOutput's, or the mask's for a mask document.
Rule rule_indices_shape(const Document& d) {
  if (d.offsets_checked) return d.dressed(same_shape_rule("", kIndices, kGradOutput, ok_for(d)), "SHAPE.INDICES");
  Rule r;
  // Judged once the kernel and gradOutput are well formed (the mask's shape is a function of them).
  r.violated = [&d](const Case& c) {
    const auto k = kernel2(c);
    if (!structure_ok(d, c) || !k || any_zero_dim(c, kTensors)) return false;
    return tensor(c, kIndices)->shape != d.indices_shape(*tensor(c, kGradOutput), *k);
  };
  // One more entry in the last dim; one tap row less (two more for one tap); gradOutput's shape (what the error row
  // asks for). Empty tensors are the empty rule's.
  r.classes = numbered_classes(3);
  r.violate = [&d](const Case& v, uint64_t choice) -> std::optional<Case> {
    const auto k = kernel2(v);
    if (!structure_ok(d, v) || !k) return std::nullopt;
    Case m = v;
    TensorArg& idx = m.tensor_mut(kIndices);
    std::vector<int64_t> shape = idx.shape;
    if (choice % 3 == 0) shape.back() += 1;
    if (choice % 3 == 1) shape[shape.size() - 2] = shape[shape.size() - 2] > 1 ? shape[shape.size() - 2] - 1 : 2;
    if (choice % 3 == 2) shape = tensor(v, kGradOutput)->shape;
    if (shape == idx.shape) return std::nullopt;
    reshape(idx, shape);
    return m;
  };
  return d.dressed(r, "SHAPE.INDICES");
}

Rule rule_empty(const Document& d) {
  Rule r;
  r.violated = [&d](const Case& c) { return structure_ok(d, c) && any_zero_dim(c, kTensors); };
  r.classes = numbered_classes(3);
  r.violate = [&d](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!structure_ok(d, v)) return std::nullopt;
    Case m = v;
    const TensorArg& self = *tensor(m, kSelf);
    const size_t rank = self.shape.size();
    // The same dim of all four tensors, so the shape relations still hold: the first, C, or a spatial one.
    size_t dim = 0;
    if (choice % 3 == 1) dim = channel_dim(self);
    if (choice % 3 == 2) dim = self.format == Format::NHWC ? rank - 3 + (choice / 3) % 2 : rank - 2 + (choice / 3) % 2;
    for (const char* name : kTensorNames) m.tensor_mut(name).shape[dim] = 0;
    return m;
  };
  return d.dressed(r, "EMPTY");
}

Rule rule_batch_channel(const Document& d) {
  Rule r;
  r.violated = [&d](const Case& c) {
    if (!structure_ok(d, c) || any_zero_dim(c, kTensors)) return false;
    return batch_channels(*tensor(c, kGradOutput)) != batch_channels(*tensor(c, kSelf));
  };
  r.classes = numbered_classes(2);
  r.violate = [&d](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!structure_ok(d, v)) return std::nullopt;
    const TensorArg& self = *tensor(v, kSelf);
    const bool batch = choice % 2 == 0 && self.shape.size() == 4;
    const size_t dim = batch ? 0 : channel_dim(self);
    Case m = v;
    for (const char* name : {kGradOutput, kIndices}) {  // indices follows gradOutput: its own rule stays quiet
      TensorArg& t = m.tensor_mut(name);
      std::vector<int64_t> shape = t.shape;
      shape[dim] = self.shape[dim] + 1 + static_cast<int64_t>((choice / 2) % 2);
      reshape(t, shape);
    }
    return m;
  };
  return d.dressed(r, "SHAPE.BATCH_CHANNEL");
}

std::optional<Case> retarget_axis(const Document& d, const Case& v, size_t axis, std::array<int64_t, 4> iksp, bool ceil,
                                  int64_t wrong) {
  auto pool = pool_params(d, v);
  if (!pool) return std::nullopt;
  const auto [in, k, s, p] = iksp;
  pool->k[axis] = k;
  pool->s[axis] = s;
  pool->p[axis] = p;
  Case m = v;
  m.array_mut(kKernelSize).values.assign(pool->k.begin(), pool->k.end());
  m.array_mut(kStride).values.assign(pool->s.begin(), pool->s.end());
  m.array_mut(kPadding).values.assign(pool->p.begin(), pool->p.end());
  m.array_mut(kDilation).values = {1, 1};
  m.set_scalar(kCeilMode, ceil ? 1 : 0);
  Dims2 in_dims = spatial(*tensor(v, kSelf));
  in_dims[axis] = in;
  for (const char* name : {kSelf, kGradInput}) {
    TensorArg& t = m.tensor_mut(name);
    reshape(t, with_spatial(t, in_dims));
  }
  Dims2 out{};
  for (size_t i = 0; i < 2; ++i)
    out[i] = pooled_size(in_dims[i], pool->k[i], pool->s[i], pool->p[i], 1, ceil).value_or(1);
  out[axis] = wrong;
  set_pooled_dims(d, m, out);
  return m;
}

// The pooled-size rule's views of a case under one document.
struct PoolViews {
  using Dims = Dims2;
  const Document* doc = nullptr;
  static const std::vector<std::string>& tensors() { return kTensors; }
  static const char* input() { return kSelf; }
  static const char* gradient() { return kGradOutput; }
  bool structure_ok(const Case& c) const { return maxpool2d_grad::structure_ok(*doc, c); }
  std::optional<Pool> pool_params(const Case& c) const { return maxpool2d_grad::pool_params(*doc, c); }
  static std::optional<Dims2> pooled(const Dims2& in, const Pool& p) { return maxpool2d_grad::pooled(in, p); }
  static Dims2 spatial(const TensorArg& t) { return maxpool2d_grad::spatial(t); }
  static size_t axis(uint64_t choice) { return (choice / 4) % 2; }
  void set_pooled_dims(Case& m, const Dims2& hw) const { maxpool2d_grad::set_pooled_dims(*doc, m, hw); }
  std::optional<Case> retarget_axis(const Case& v, size_t axis, std::array<int64_t, 4> iksp, bool ceil,
                                    int64_t wrong) const {
    return maxpool2d_grad::retarget_axis(*doc, v, axis, iksp, ceil, wrong);
  }
};

// Can an index lie in the plane but outside its window? Not when every window covers the whole plane.
bool out_of_window_possible(const Document& d, const Case& c) {
  const auto pool = pool_params(d, c);
  const TensorArg* self = tensor(c, kSelf);
  if (!pool || !self || !rank_ok(*self)) return false;
  const Dims2 in = spatial(*self);
  for (size_t i = 0; i < 2; ++i) {
    const auto out = pooled_size(in[i], pool->k[i], pool->s[i], pool->p[i], pool->d[i], pool->ceil);
    if (!out) return false;
    const int64_t extent = (pool->k[i] - 1) * pool->d[i] + 1;
    int64_t last_start = 0;
    const bool huge = __builtin_mul_overflow(*out - 1, pool->s[i], &last_start);
    if (extent - pool->p[i] < in[i] || huge || last_start - pool->p[i] > 0 || pool->d[i] > 1) return true;
  }
  return false;
}

// A base whose every window covers the whole plane has no in-plane index outside its window: it is first widened
// to a plane of at least two columns pooled by 1x1 windows (a valid case whose windows are single elements).
std::optional<Case> with_room_outside_a_window(const Document& d, const Case& v) {
  if (out_of_window_possible(d, v)) return v;
  if (!structure_ok(d, v)) return std::nullopt;
  Case m = v;
  m.array_mut(kKernelSize).values = {1};
  m.array_mut(kStride).values.clear();
  m.array_mut(kPadding).values = {0};
  m.array_mut(kDilation).values = {1};
  m.set_scalar(kCeilMode, 0);
  Dims2 in = spatial(*tensor(v, kSelf));
  in[1] = std::max<int64_t>(in[1], 2);
  for (const char* name : kTensorNames) {
    TensorArg& t = m.tensor_mut(name);
    t.offset = 0;
    reshape(t, with_spatial(t, in));
  }
  return out_of_window_possible(d, m) ? std::optional<Case>(m) : std::nullopt;
}

Rule rule_index_range(const Document& d) {
  Rule r;
  r.phase = Phase::Execute;
  r.violated = [](const Case& c) { return View(c).index_fault() != IndexFault::None; };
  r.classes = spec::maxpool3d_grad::index_range_classes();
  r.violate = [&d](const Case& v, uint64_t choice) -> std::optional<Case> {
    static const std::array<IndexFault, 5> kByClass{IndexFault::OutOfWindow, IndexFault::OutOfPlane,
                                                    IndexFault::Negative, IndexFault::HighWord,
                                                    IndexFault::NegativeWrap};
    const IndexFault f = kByClass[choice % kByClass.size()];
    const TensorArg* idx = tensor(v, kIndices);
    const bool wide = f == IndexFault::HighWord || f == IndexFault::NegativeWrap;
    if (wide && (!idx || idx->dtype != DType::I64)) return std::nullopt;
    std::optional<Case> m = f == IndexFault::OutOfWindow ? with_room_outside_a_window(d, v) : std::optional<Case>(v);
    if (!m) return std::nullopt;
    Edit(*m).set_index_fault(f);
    return m;
  };
  return d.dressed(r, "INDEX.RANGE");
}

}  // namespace

std::vector<Rule> shape_rules(const Document& d) {
  std::vector<Rule> rules{rule_indices_shape(d),
                          d.dressed(same_shape_rule("", kGradInput, kSelf, ok_for(d)), "SHAPE.GRADINPUT"),
                          rule_empty(d),
                          rule_batch_channel(d),
                          d.dressed(pooled_rule("", PoolViews{&d}), "SHAPE.POOLED"),
                          d.dressed(overlap_rule("", kGradInput), "OUTPUT.OVERLAP")};
  if (d.offsets_checked) rules.push_back(rule_index_range(d));
  return rules;
}

}  // namespace poolcheck::spec::maxpool2d_grad
