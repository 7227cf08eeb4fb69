// Views of a 2-D max-pool backward case used by the rule predicates, and the document's own facts.
#include <algorithm>

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
bool structure_ok(const Document& d, const Case& c) {
  if (!tensors_well_formed(c, kTensors, {3, 4})) return false;
  const Format f = tensor(c, kSelf)->format;
  if (f != Format::ND && f != Format::NCHW && !(f == Format::NHWC && d.nhwc_on(c.platform))) return false;
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

std::optional<Pool> pool_params(const Document& doc, const Case& c) {
  const auto k = kernel2(c);
  const IntArrayArg* s = array(c, kStride);
  const IntArrayArg* d = array(c, kDilation);
  if (!k || !len_in(s, {0, 1, 2}) || !all_positive(*s) || !len_in(d, {1, 2}) || !all_positive(*d)) return std::nullopt;
  const auto p = per_axis<2>(array(c, kPadding));
  if (!p || !len_in(array(c, kPadding), {1, 2})) return std::nullopt;
  for (size_t i = 0; i < 2; ++i)
    if ((*p)[i] < 0 || (*p)[i] > (*k)[i]) return std::nullopt;
  const Dims2 dil = *per_axis<2>(d);
  if (!doc.any_dilation_on(c.platform) && dil != Dims2{1, 1}) return std::nullopt;
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

void set_pooled_dims(const Document& d, Case& m, const Dims2& hw) {
  TensorArg& go = m.tensor_mut(kGradOutput);
  reshape(go, with_spatial(go, hw));
  const auto k = kernel2(m);
  if (k) reshape(m.tensor_mut(kIndices), d.indices_shape(go, *k));
}

namespace {

bool listed(const std::vector<std::string>& socs, const std::string& soc) {
  return std::find(socs.begin(), socs.end(), soc) != socs.end();
}

}  // namespace

const PlatformRow* Document::row(const Case& c) const { return supported_platform(rows, c.platform); }

bool Document::nhwc_on(const std::string& soc) const { return listed(nhwc_socs, soc); }

bool Document::any_dilation_on(const std::string& soc) const { return listed(any_dilation_socs, soc); }

std::vector<std::string> Document::supported_socs() const {
  std::vector<std::string> socs;
  for (const PlatformRow& r : rows)
    if (r.supported) socs.push_back(r.soc);
  return socs;
}

Rule Document::dressed(Rule r, const std::string& rule) const {
  return ::poolcheck::spec::dressed(std::move(r), prefix, rule, words, aclnn);
}

OperatorSpec spec_of(const Document& d) {
  OperatorSpec s;
  s.op = d.op;
  s.aclnn_name = d.aclnn;
  s.seeds = {d.seed};
  for (auto group : {null_and_tensor_rules, type_rules, param_rules, shape_rules})
    for (Rule& r : group(d)) s.rules.push_back(std::move(r));
  s.discrepancies = d.discrepancies;
  s.platforms = d.rows;
  s.strategies = d.strategies;
  return s;
}

}  // namespace poolcheck::spec::maxpool2d_grad
