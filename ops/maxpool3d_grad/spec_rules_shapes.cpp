// aclnnMaxPool3dWithArgmaxBackward rules 22-27: D*H*W limit, shape relations, empty tensors, pooled size.
#include <array>
#include <limits>

#include "ops/maxpool3d_grad/spec.h"
#include "ops/maxpool3d_grad/spec_internal.h"
#include "spec/pooled_rule.h"

namespace poolcheck::spec::maxpool3d_grad {

namespace {

constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();

bool dhw_exceeds_int32(const TensorArg& self) {
  const Dims3 dhw = spatial(self);
  int64_t product = 1;
  for (int64_t d : dhw) {
    if (d == 0) return false;
    if (__builtin_mul_overflow(product, d, &product)) return true;
  }
  return product > kInt32Max;
}

Rule rule_dhw_limit() {
  Rule r;
  r.id = "MP.SHAPE.DHW_LIMIT";
  r.cites = {cite("000", "返回值 161002 #12", "000"), cite("003", "note under the 参数说明 table (A2/A3)", "003")};
  r.text = "on Ascend910B/Ascend910_93, self D*H*W must be <= 2147483647 (INT32 indices)";
  r.chosen = "161002 although 003 keeps it only as a note; no limit on Ascend950 (MP.D.DHW_LIMIT)";
  r.platforms = {"Ascend910B", "Ascend910_93"};
  // The mutation cannot allocate 2^31 elements, so self and gradInput get all-zero strides; gradInput then
  // aliases itself.
  r.implies = {"MP.OUTPUT.OVERLAP"};
  r.violated = [](const Case& c) {
    const TensorArg* self = tensor(c, kSelf);
    return soc_has_dhw_limit(c.platform) && self && descriptor_ok(*self) && rank_ok(*self) && dhw_exceeds_int32(*self);
  };
  r.classes = numbered_classes(3);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!soc_has_dhw_limit(v.platform) || !structure_ok(v)) return std::nullopt;
    static const std::array<Dims3, 3> huge{{{1291, 1291, 1291}, {1, 46341, 46341}, {int64_t{1} << 31, 1, 1}}};
    const Dims3 dhw = huge[choice % huge.size()];
    Case m = v;
    for (const char* name : {kSelf, kGradInput}) {
      TensorArg& t = m.tensor_mut(name);
      t.shape = with_spatial(t.shape, dhw);
      t.strides.assign(t.shape.size(), 0);
      t.offset = 0;
      t.alloc_elems = 1;
    }
    for (const char* name : {kGradOutput, kIndices}) {
      TensorArg& t = m.tensor_mut(name);
      reshape(t, with_spatial(t.shape, {1, 1, 1}));
    }
    // kernel = stride = the dims: exactly one window per axis, so gradOutput/indices stay 1x1x1.
    m.array_mut(kKernelSize).values.assign(dhw.begin(), dhw.end());
    if ((choice / 3) % 2 == 0)
      m.array_mut(kStride).values.assign(dhw.begin(), dhw.end());
    else
      m.array_mut(kStride).values.clear();
    m.array_mut(kPadding).values = {0};
    m.array_mut(kDilation).values = {1};
    return m;
  };
  return r;
}

Rule rule_indices_shape() {
  Rule r = same_shape_rule("MP.SHAPE.INDICES", kIndices, kGradOutput, structure_ok);
  r.cites = {cite("000", "参数说明: indices (shape与gradOutput一致)", "000,004"),
             cite("000", "返回值 161002 #3", "000"), cite("003", "返回值 table row 4", "003")};
  r.text = "indices shape must equal gradOutput shape";
  return r;
}

Rule rule_grad_input_shape() {
  Rule r = same_shape_rule("MP.SHAPE.GRADINPUT", kGradInput, kSelf, structure_ok);
  r.cites = {cite("000", "参数说明: gradInput (shape与self保持一致)", "000,004"),
             cite("000", "返回值 161002 #3", "000"),
             cite("003", "参数说明 table: gradInput; 返回值 table row 4", "003")};
  r.text = "gradInput shape must equal self shape";
  return r;
}

Rule rule_empty() {
  Rule r;
  r.id = "MP.EMPTY";
  r.cites = {cite("000", "约束说明: 是否支持空tensor (不支持空进空出)", "000,004"),
             cite("003", "约束说明: 是否支持空tensor", "003")};
  r.text = "no tensor may have a zero dim (empty in, empty out is not supported)";
  r.chosen = "161002; upstream returns success without launching (MP.D.EMPTY)";
  r.violated = [](const Case& c) { return structure_ok(c) && any_zero_dim(c, kTensors); };
  r.classes = numbered_classes(3);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!structure_ok(v)) return std::nullopt;
    Case m = v;
    const size_t rank = m.tensor_mut(kSelf).shape.size();
    // The same dim of all four tensors, so the shape relations still hold.
    size_t dim = 0;                                          // N (5-D) or C (4-D)
    if (choice % 3 == 1) dim = rank - 4;                     // C
    if (choice % 3 == 2) dim = rank - 3 + (choice / 3) % 3;  // a spatial dim
    for (const char* name : kTensorNames) m.tensor_mut(name).shape[dim] = 0;
    return m;
  };
  return r;
}

Rule rule_batch_channel() {
  // indices follows gradOutput so MP.SHAPE.INDICES stays quiet.
  Rule r = lead_dims_rule("MP.SHAPE.BATCH_CHANNEL", {kGradOutput, kIndices}, kSelf, kTensors, structure_ok, 3);
  r.cites = {cite("000", "参数说明: gradOutput (和正向的输出shape一致)", "000,004"),
             cite("003", "参数说明 table: gradOutput 使用说明", "003")};
  r.text = "gradOutput's leading dims (N,C for 5-D, C for 4-D) must equal self's";
  r.chosen =
      "161002 in GetWorkspaceSize; no error row lists it and upstream checks it only in tiling "
      "(MP.D.GRADOUTPUT_SHAPE)";
  return r;
}

void set_pooled_dims(Case& m, const Dims3& dhw) {
  for (const char* name : {kGradOutput, kIndices}) {
    TensorArg& t = m.tensor_mut(name);
    reshape(t, with_spatial(t.shape, dhw));
  }
}

// Rebuild one axis as (in, k, s, p) with the given ceilMode, keep the other axes, and give gradOutput the
// correct pooled dims except `wrong` on that axis.
std::optional<Case> retarget_axis(const Case& v, size_t axis, std::array<int64_t, 4> iksp, bool ceil, int64_t wrong) {
  auto pool = pool_params(v);
  if (!pool) return std::nullopt;
  Case m = v;
  const auto [in, k, s, p] = iksp;
  pool->k[axis] = k;
  pool->s[axis] = s;
  pool->p[axis] = p;
  pool->ceil = ceil;
  m.array_mut(kKernelSize).values.assign(pool->k.begin(), pool->k.end());
  m.array_mut(kStride).values.assign(pool->s.begin(), pool->s.end());
  m.array_mut(kPadding).values.assign(pool->p.begin(), pool->p.end());
  m.array_mut(kDilation).values = {1, 1, 1};
  m.set_scalar(kCeilMode, ceil ? 1 : 0);
  Dims3 in_dims = spatial(*tensor(v, kSelf));
  in_dims[axis] = in;
  for (const char* name : {kSelf, kGradInput}) {
    TensorArg& t = m.tensor_mut(name);
    reshape(t, with_spatial(t.shape, in_dims));
  }
  if (soc_has_dhw_limit(m.platform) && dhw_exceeds_int32(m.tensor_mut(kSelf))) return std::nullopt;
  Dims3 out{};
  for (size_t i = 0; i < 3; ++i)
    out[i] = pooled_size(in_dims[i], pool->k[i], pool->s[i], pool->p[i], 1, ceil).value_or(1);
  out[axis] = wrong;
  set_pooled_dims(m, out);
  return m;
}

// The max-pool views pooled_rule reads.
struct PoolViews {
  using Dims = Dims3;
  static const std::vector<std::string>& tensors() { return kTensors; }
  static const char* input() { return kSelf; }
  static const char* gradient() { return kGradOutput; }
  static bool structure_ok(const Case& c) { return maxpool3d_grad::structure_ok(c); }
  static std::optional<Pool> pool_params(const Case& c) { return maxpool3d_grad::pool_params(c); }
  static std::optional<Dims3> pooled(const Dims3& in, const Pool& p) { return maxpool3d_grad::pooled(in, p); }
  static Dims3 spatial(const TensorArg& t) { return maxpool3d_grad::spatial(t); }
  static size_t axis(uint64_t choice) { return choice % 3; }
  static void set_pooled_dims(Case& m, const Dims3& dhw) { maxpool3d_grad::set_pooled_dims(m, dhw); }
  static std::optional<Case> retarget_axis(const Case& v, size_t axis, std::array<int64_t, 4> iksp, bool ceil,
                                           int64_t wrong) {
    return maxpool3d_grad::retarget_axis(v, axis, iksp, ceil, wrong);
  }
};

Rule rule_pooled() {
  Rule r = pooled_rule<PoolViews>("MP.SHAPE.POOLED");
  r.cites = {cite("000", "参数说明: gradOutput (和正向的输出shape一致), ceilMode", "000,004"),
             cite("003", "参数说明 table: gradOutput 使用说明, ceilMode", "003")};
  r.text =
      "gradOutput's D,H,W must equal the max-pool output size of self's D,H,W for kernelSize/stride/padding/"
      "dilation/ceilMode, and each must be >= 1";
  r.chosen = "161002 in GetWorkspaceSize; upstream checks it only in tiling (MP.D.GRADOUTPUT_SHAPE)";
  return r;
}

}  // namespace

std::vector<Rule> shape_rules() {
  return {rule_dhw_limit(), rule_indices_shape(), rule_grad_input_shape(),
          rule_empty(),     rule_batch_channel(), rule_pooled()};
}

}  // namespace poolcheck::spec::maxpool3d_grad
