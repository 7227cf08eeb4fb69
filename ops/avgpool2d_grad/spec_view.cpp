// Read-only views of an average-pool Case used by the rule predicates and mutators, for either spatial rank.
#include <algorithm>

#include "case/per_axis.h"
#include "ops/avgpool2d_grad/spec_internal.h"
#include "spec/pooled_size.h"

namespace poolcheck::spec::avgpool2d_grad {

const PlatformRow* Document::row(const Case& c) const { return supported_platform(rows, c.platform); }

bool Document::rank_ok(const TensorArg& t) const {
  return t.shape.size() == spatial_rank + 1 || t.shape.size() == spatial_rank + 2;
}

bool Document::format_listed(Format f) const {
  for (Format listed : formats)
    if (listed == f) return true;
  return false;
}

bool Document::structure_ok(const Case& c) const {
  return tensors_well_formed(c, tensors(), {spatial_rank + 1, spatial_rank + 2});
}

Rule Document::dressed(Rule r, const std::string& rule) const {
  return spec::dressed(std::move(r), prefix, rule, words, op);
}

Dims spatial(const Document& d, const TensorArg& t) {
  return Dims(t.shape.end() - static_cast<std::ptrdiff_t>(d.spatial_rank), t.shape.end());
}

std::vector<int64_t> with_spatial(const Document& d, const std::vector<int64_t>& shape, const Dims& dims) {
  std::vector<int64_t> out = shape;
  std::copy(dims.begin(), dims.end(), out.end() - static_cast<std::ptrdiff_t>(d.spatial_rank));
  return out;
}

std::optional<DType> common_dtype(const Document& d, const Case& c) {
  const PlatformRow* row = d.row(c);
  if (!row) return std::nullopt;
  std::optional<DType> dt;
  for (const std::string& name : d.dtype_tied) {
    const TensorArg* t = tensor(c, name);
    if (!t || !dtype_listed(*row, t->dtype)) return std::nullopt;
    if (dt && *dt != t->dtype) return std::nullopt;
    dt = t->dtype;
  }
  return dt;
}

int8_t cube_math_type(const Case& c) { return static_cast<int8_t>(c.scalar(kCubeMathType).value_or(0)); }

std::optional<Dims> kernel_of(const Document& d, const Case& c) {
  const IntArrayArg* k = array(c, kKernelSize);
  if (!k || !all_positive(*k)) return std::nullopt;
  return per_axis(k, d.spatial_rank);
}

bool padding_in_range(const Dims& k, const Dims& p) {
  for (size_t i = 0; i < k.size(); ++i)
    if (p[i] < 0 || p[i] > k[i] / 2) return false;
  return true;
}

std::optional<Pool> pool_params(const Document& d, const Case& c) {
  const auto k = kernel_of(d, c);
  const auto p = per_axis(array(c, kPadding), d.spatial_rank);
  if (!k || !p || !padding_in_range(*k, *p)) return std::nullopt;
  const IntArrayArg* s = array(c, kStride);
  Dims strides = *k;  // null or empty stride: stride = kernel
  if (s && !s->values.empty()) {
    const auto b = per_axis(s, d.spatial_rank);
    if (!b || !all_positive(*s)) return std::nullopt;
    strides = *b;
  }
  return Pool{*k, strides, *p, c.scalar(kCeilMode).value_or(0) != 0};
}

std::optional<Dims> pooled(const Dims& in, const Pool& p) {
  Dims out(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    const auto o = pooled_size(in[i], p.k[i], p.s[i], p.p[i], 1, p.ceil);
    if (!o) return std::nullopt;
    out[i] = *o;
  }
  return out;
}

}  // namespace poolcheck::spec::avgpool2d_grad
