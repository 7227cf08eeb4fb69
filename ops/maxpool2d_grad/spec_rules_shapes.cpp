// aclnnMaxPool2dWithIndicesBackward: shape relations, empty tensors, the pooled size, output aliasing and the
// index contract.
#include <algorithm>
#include <array>

#include "ops/maxpool2d_grad/spec_internal.h"
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

Rule rule_indices_shape() {
  Rule r = same_shape_rule("MP2.SHAPE.INDICES", kIndices, kGradOutput, structure_ok);
  r.cites = {cite("005", "参数说明 table: indices (shape和输入gradOutput一致); 返回值 161002 row 3", "005")};
  r.text = "indices shape must equal gradOutput shape";
  return r;
}

Rule rule_grad_input_shape() {
  Rule r = same_shape_rule("MP2.SHAPE.GRADINPUT", kGradInput, kSelf, structure_ok);
  r.cites = {cite("005", "参数说明 table: gradInput (shape与self保持一致); 返回值 161002 row 3", "005")};
  r.text = "gradInput shape must equal self shape";
  return r;
}

Rule rule_empty() {
  Rule r;
  r.id = "MP2.EMPTY";
  r.in_docs = false;
  r.text = "no tensor may have a zero dim";
  r.chosen =
      "161002: the document says nothing of empty tensors, and its kernels have nothing to compute (MP2.D.EMPTY)";
  r.violated = [](const Case& c) { return structure_ok(c) && any_zero_dim(c, kTensors); };
  r.classes = numbered_classes(3);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!structure_ok(v)) return std::nullopt;
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
  return r;
}

Rule rule_batch_channel() {
  Rule r;
  r.id = "MP2.SHAPE.BATCH_CHANNEL";
  r.cites = {cite("005", "参数说明 table: gradOutput (和正向的输出shape一致)", "005")};
  r.text = "gradOutput's N and C must equal self's";
  r.chosen = "161002 in GetWorkspaceSize (MP2.D.GRADOUTPUT_SHAPE)";
  r.violated = [](const Case& c) {
    if (!structure_ok(c) || any_zero_dim(c, kTensors)) return false;
    return batch_channels(*tensor(c, kGradOutput)) != batch_channels(*tensor(c, kSelf));
  };
  r.classes = numbered_classes(2);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!structure_ok(v)) return std::nullopt;
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
  return r;
}

void set_pooled_dims(Case& m, const Dims2& hw) {
  for (const char* name : {kGradOutput, kIndices}) {
    TensorArg& t = m.tensor_mut(name);
    reshape(t, with_spatial(t, hw));
  }
}

std::optional<Case> retarget_axis(const Case& v, size_t axis, std::array<int64_t, 4> iksp, bool ceil, int64_t wrong) {
  auto pool = pool_params(v);
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
  set_pooled_dims(m, out);
  return m;
}

struct PoolViews {
  using Dims = Dims2;
  static const std::vector<std::string>& tensors() { return kTensors; }
  static const char* input() { return kSelf; }
  static const char* gradient() { return kGradOutput; }
  static bool structure_ok(const Case& c) { return maxpool2d_grad::structure_ok(c); }
  static std::optional<Pool> pool_params(const Case& c) { return maxpool2d_grad::pool_params(c); }
  static std::optional<Dims2> pooled(const Dims2& in, const Pool& p) { return maxpool2d_grad::pooled(in, p); }
  static Dims2 spatial(const TensorArg& t) { return maxpool2d_grad::spatial(t); }
  static size_t axis(uint64_t choice) { return (choice / 4) % 2; }
  static void set_pooled_dims(Case& m, const Dims2& hw) { maxpool2d_grad::set_pooled_dims(m, hw); }
  static std::optional<Case> retarget_axis(const Case& v, size_t axis, std::array<int64_t, 4> iksp, bool ceil,
                                           int64_t wrong) {
    return maxpool2d_grad::retarget_axis(v, axis, iksp, ceil, wrong);
  }
};

Rule rule_pooled() {
  Rule r = pooled_rule<PoolViews>("MP2.SHAPE.POOLED");
  r.cites = {cite("005", "功能说明: H_out, W_out 推导公式 (ceilMode, dilation, 舍弃的滑窗)", "005"),
             cite("005", "参数说明 table: gradOutput (和正向的输出shape一致)", "005")};
  r.text =
      "gradOutput's H,W must equal the max-pool output size of self's H,W for kernelSize, stride, padding, "
      "dilation and ceilMode (a last window starting in the padding dropped), each >= 1";
  r.chosen = "161002 in GetWorkspaceSize (MP2.D.GRADOUTPUT_SHAPE)";
  return r;
}

Rule rule_overlap() {
  Rule r = overlap_rule("MP2.OUTPUT.OVERLAP", kGradInput);
  r.chosen = "161002, so no write is ambiguous";
  return r;
}

// Can an index lie in the plane but outside its window? Not when every window covers the whole plane.
bool out_of_window_possible(const Case& c) {
  const auto pool = pool_params(c);
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
std::optional<Case> with_room_outside_a_window(const Case& v) {
  if (out_of_window_possible(v)) return v;
  if (!structure_ok(v)) return std::nullopt;
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
  return out_of_window_possible(m) ? std::optional<Case>(m) : std::nullopt;
}

Rule rule_index_range() {
  Rule r;
  r.id = "MP2.INDEX.RANGE";
  r.phase = Phase::Execute;
  r.cites = {cite("005", "约束说明: indices值不能超过公式中的H_in*W_in，且需要大于等于0", "005")};
  r.text =
      "every indices value must lie inside its own pooling window of the H*W plane (not outside the window, "
      "not outside the plane, not negative; an INT64 index is judged by all 64 bits)";
  r.chosen =
      "aclnnMaxPool2dWithIndicesBackward (execute) returns 161002 and leaves gradInput untouched; the "
      "document bounds the values by the plane, and an index outside its window names no tap of it "
      "(MP2.D.INDEX_VALIDITY)";
  r.violated = [](const Case& c) { return View(c).index_fault() != IndexFault::None; };
  r.classes = {{"out-of-window", {}, {}, ""},
               {"out-of-plane", {}, {}, ""},
               {"negative", {}, {}, ""},
               {"int64-high-word-low-word-valid", {}, {"Ascend950"}, "int64-indices"},
               {"int64-negative-low-word-valid", {}, {"Ascend950"}, "int64-indices"}};
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    static const std::array<IndexFault, 5> kByClass{IndexFault::OutOfWindow, IndexFault::OutOfPlane,
                                                    IndexFault::Negative, IndexFault::HighWord,
                                                    IndexFault::NegativeWrap};
    const IndexFault f = kByClass[choice % kByClass.size()];
    const TensorArg* idx = tensor(v, kIndices);
    const bool wide = f == IndexFault::HighWord || f == IndexFault::NegativeWrap;
    if (wide && (!idx || idx->dtype != DType::I64)) return std::nullopt;
    std::optional<Case> m = f == IndexFault::OutOfWindow ? with_room_outside_a_window(v) : std::optional<Case>(v);
    if (!m) return std::nullopt;
    Edit(*m).set_index_fault(f);
    return m;
  };
  return r;
}

}  // namespace

std::vector<Rule> shape_rules() {
  return {rule_indices_shape(), rule_grad_input_shape(), rule_empty(),      rule_batch_channel(),
          rule_pooled(),        rule_overlap(),          rule_index_range()};
}

}  // namespace poolcheck::spec::maxpool2d_grad
