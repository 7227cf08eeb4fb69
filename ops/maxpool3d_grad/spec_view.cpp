// Read-only views of a max-pool Case used by the rule predicates, plus small mutation helpers (the
// operator-independent ones live in spec/case_views.cpp).
#include "case/per_axis.h"
#include "ops/maxpool3d_grad/spec.h"
#include "ops/maxpool3d_grad/spec_internal.h"

namespace poolcheck::spec::maxpool3d_grad {

bool rank_ok(const TensorArg& t) { return t.shape.size() == 4 || t.shape.size() == 5; }

Dims3 spatial(const TensorArg& t) {
  const size_t r = t.shape.size();
  return {t.shape[r - 3], t.shape[r - 2], t.shape[r - 1]};
}

bool structure_ok(const Case& c) { return tensors_well_formed(c, kTensors, {4, 5}); }

std::optional<Dims3> kernel3(const Case& c) {
  const IntArrayArg* k = array(c, kKernelSize);
  if (!k || !all_positive(*k)) return std::nullopt;
  return per_axis<3>(k);
}

bool padding_in_range(const Dims3& k, const Dims3& p) {
  for (size_t i = 0; i < 3; ++i)
    if (p[i] < 0 || p[i] > k[i] / 2) return false;
  return true;
}

bool ceil_mode(const Case& c) { return c.scalar(kCeilMode).value_or(0) != 0; }

std::optional<Pool> pool_params(const Case& c) {
  const auto k = kernel3(c);
  const IntArrayArg* s = array(c, kStride);
  const auto p = per_axis<3>(array(c, kPadding));
  const auto d = per_axis<3>(array(c, kDilation));
  if (!k || !len_in(s, {0, 1, 3}) || !all_positive(*s) || !p || !padding_in_range(*k, *p) || !d) return std::nullopt;
  if (*d != Dims3{1, 1, 1}) return std::nullopt;
  const Dims3 s3 = s->values.empty() ? *k : *per_axis<3>(s);
  return Pool{*k, s3, *p, *d, ceil_mode(c)};
}

std::optional<Dims3> pooled(const Dims3& in, const Pool& p) {
  Dims3 out{};
  for (size_t i = 0; i < 3; ++i) {
    const auto o = pooled_size(in[i], p.k[i], p.s[i], p.p[i], p.d[i], p.ceil);
    if (!o) return std::nullopt;
    out[i] = *o;
  }
  return out;
}

std::vector<int64_t> with_spatial(const std::vector<int64_t>& shape, const Dims3& dhw) {
  std::vector<int64_t> out = shape;
  const size_t r = out.size();
  for (size_t i = 0; i < 3; ++i) out[r - 3 + i] = dhw[i];
  return out;
}

}  // namespace poolcheck::spec::maxpool3d_grad
