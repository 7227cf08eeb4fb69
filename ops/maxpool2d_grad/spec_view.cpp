// Read-only views of an aclnnMaxPool2dWithIndicesBackward case used by the rule predicates.
#include "case/per_axis.h"
#include "ops/maxpool2d_grad/spec_internal.h"
#include "spec/pooled_size.h"

namespace poolcheck::spec::maxpool2d_grad {

bool rank_ok(const TensorArg& t) { return t.shape.size() == 3 || t.shape.size() == 4; }

Dims2 spatial(const TensorArg& t) {
  const size_t r = t.shape.size();
  if (t.format == Format::NHWC) return {t.shape[r - 3], t.shape[r - 2]};
  return {t.shape[r - 2], t.shape[r - 1]};
}

std::vector<int64_t> with_spatial(const TensorArg& t, const Dims2& hw) {
  std::vector<int64_t> out = t.shape;
  const size_t at = out.size() - (t.format == Format::NHWC ? 3 : 2);
  out[at] = hw[0];
  out[at + 1] = hw[1];
  return out;
}

// The shapes read by format (NHWC keeps C last), so the shape rules judge only once the formats are valid and equal.
bool structure_ok(const Case& c) {
  if (!tensors_well_formed(c, kTensors, {3, 4})) return false;
  const Format f = tensor(c, kSelf)->format;
  if (f != Format::ND && f != Format::NCHW && !(f == Format::NHWC && is_regbase(c.platform))) return false;
  for (const char* name : kTensorNames)
    if (tensor(c, name)->format != f) return false;
  return true;
}

std::optional<Dims2> kernel2(const Case& c) {
  const IntArrayArg* k = array(c, kKernelSize);
  if (!k || !len_in(k, {1, 2}) || !all_positive(*k)) return std::nullopt;
  return per_axis<2>(k);
}

bool ceil_mode(const Case& c) { return c.scalar(kCeilMode).value_or(0) != 0; }

std::optional<Pool> pool_params(const Case& c) {
  const auto k = kernel2(c);
  const IntArrayArg* s = array(c, kStride);
  const IntArrayArg* d = array(c, kDilation);
  if (!k || !len_in(s, {0, 1, 2}) || !all_positive(*s) || !len_in(d, {1, 2}) || !all_positive(*d)) return std::nullopt;
  const auto p = per_axis<2>(array(c, kPadding));
  if (!p || !len_in(array(c, kPadding), {1, 2})) return std::nullopt;
  for (size_t i = 0; i < 2; ++i)
    if ((*p)[i] < 0 || (*p)[i] > (*k)[i]) return std::nullopt;
  const Dims2 dil = *per_axis<2>(d);
  if (!is_regbase(c.platform) && dil != Dims2{1, 1}) return std::nullopt;
  return Pool{*k, s->values.empty() ? *k : *per_axis<2>(s), *p, dil, ceil_mode(c)};
}

std::optional<Dims2> pooled(const Dims2& in, const Pool& p) {
  Dims2 out{};
  for (size_t i = 0; i < 2; ++i) {
    const auto o = pooled_size(in[i], p.k[i], p.s[i], p.p[i], p.d[i], p.ceil);
    if (!o) return std::nullopt;
    out[i] = *o;
  }
  return out;
}

}  // namespace poolcheck::spec::maxpool2d_grad
