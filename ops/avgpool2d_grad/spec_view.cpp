// Read-only views of an avg-pool Case used by the rule predicates and mutators.
#include "case/per_axis.h"
#include "ops/avgpool2d_grad/spec.h"
#include "ops/avgpool2d_grad/spec_internal.h"

namespace poolcheck::spec::avgpool2d_grad {

bool rank_ok(const TensorArg& t) { return t.shape.size() == 3 || t.shape.size() == 4; }

Format format_for_rank(size_t rank) { return rank == 4 ? Format::NCHW : Format::NCL; }

bool format_supported(Format f) { return f == Format::NCHW || f == Format::NCL; }

bool structure_ok(const Case& c) { return tensors_well_formed(c, kTensors, {3, 4}); }

Dims2 spatial(const TensorArg& t) {
  const size_t r = t.shape.size();
  return {t.shape[r - 2], t.shape[r - 1]};
}

std::vector<int64_t> with_spatial(const std::vector<int64_t>& shape, const Dims2& hw) {
  std::vector<int64_t> out = shape;
  const size_t r = out.size();
  out[r - 2] = hw[0];
  out[r - 1] = hw[1];
  return out;
}

std::optional<DType> common_dtype(const Case& c) {
  const PlatformRow* row = supported_row(c);
  if (!row) return std::nullopt;
  std::optional<DType> dt;
  for (const char* name : kTensorNames) {
    const TensorArg* t = tensor(c, name);
    if (!t || !dtype_listed(*row, t->dtype)) return std::nullopt;
    if (dt && *dt != t->dtype) return std::nullopt;
    dt = t->dtype;
  }
  return dt;
}

int8_t cube_math_type(const Case& c) { return static_cast<int8_t>(c.scalar(kCubeMathType).value_or(0)); }

std::optional<Dims2> kernel2(const Case& c) {
  const IntArrayArg* k = array(c, kKernelSize);
  if (!k || !all_positive(*k)) return std::nullopt;
  return per_axis<2>(k);
}

bool padding_in_range(const Dims2& k, const Dims2& p) {
  for (size_t i = 0; i < 2; ++i)
    if (p[i] < 0 || p[i] > k[i] / 2) return false;
  return true;
}

std::optional<Pool> pool_params(const Case& c) {
  const auto k = kernel2(c);
  const auto p = per_axis<2>(array(c, kPadding));
  if (!k || !p || !padding_in_range(*k, *p)) return std::nullopt;
  const IntArrayArg* s = array(c, kStride);
  Dims2 s2 = *k;  // null or empty stride: stride = kernel
  if (s && !s->values.empty()) {
    const auto b = per_axis<2>(s);
    if (!b || !all_positive(*s)) return std::nullopt;
    s2 = *b;
  }
  return Pool{*k, s2, *p, c.scalar(kCeilMode).value_or(0) != 0};
}

std::optional<Dims2> pooled(const Dims2& in, const Pool& p) {
  Dims2 out{};
  for (size_t i = 0; i < 2; ++i) {
    const auto o = pooled_size(in[i], p.k[i], p.s[i], p.p[i], 1, p.ceil);
    if (!o) return std::nullopt;
    out[i] = *o;
  }
  return out;
}

}  // namespace poolcheck::spec::avgpool2d_grad
