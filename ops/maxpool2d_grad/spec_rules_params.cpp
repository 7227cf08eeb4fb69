// The 2-D max-pool backward's kernelSize, stride, padding and dilation lists.
#include <algorithm>
#include <array>
#include <functional>
#include <limits>

#include "case/per_axis.h"
#include "ops/maxpool2d_grad/spec_internal.h"
#include "spec/pooled_size.h"

namespace poolcheck::spec::maxpool2d_grad {

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

// A value rule: once the list's length is one of `lens`, some value breaks `ok`.
using ValueTest = std::function<bool(const Case&, int64_t)>;

Rule value_rule(const char* list, std::initializer_list<size_t> lens, ValueTest ok, std::vector<int64_t> bad) {
  Rule r;
  const std::vector<size_t> lengths(lens);
  r.violated = [list, lengths, ok](const Case& c) {
    const IntArrayArg* a = array(c, list);
    if (!a || std::find(lengths.begin(), lengths.end(), a->values.size()) == lengths.end()) return false;
    return std::any_of(a->values.begin(), a->values.end(), [&](int64_t x) { return !ok(c, x); });
  };
  r.classes = numbered_classes(bad.size());
  r.violate = [list, bad, ok](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    auto& values = m.array_mut(list).values;
    if (values.empty()) values.assign(choice % 2 == 0 ? 1 : 2, 1);  // an empty stride spelled out first
    const int64_t value = bad[choice % bad.size()];
    if (ok(m, value)) return std::nullopt;
    values[(choice / bad.size()) % values.size()] = value;
    return m;
  };
  return r;
}

bool positive(const Case&, int64_t v) { return v > 0; }

// Dilation: any value > 0 where the document lists it, else only 1; not judged on a SoC the platform rule refuses
// first.
ValueTest dilation_ok(const Document& d) {
  return [&d](const Case& c, int64_t v) {
    if (!d.row(c)) return true;
    return d.any_dilation_on(c.platform) ? v > 0 : v == 1;
  };
}

// gradOutput and indices reshaped to the pooled size padding `p` gives, so that a padding past kernelSize breaks
// this rule alone: a library without the padding check must then compute instead of being rescued by its
// output-shape check, which answers with the same status.
void follow_pooled_size(const Document& d, Case* m, const Dims2& k, const Dims2& p) {
  if (!structure_ok(d, *m)) return;
  const IntArrayArg* s = array(*m, kStride);
  const auto stride = s && !s->values.empty() ? per_axis<2>(s) : std::optional<Dims2>(k);
  const auto dil = per_axis<2>(array(*m, kDilation));
  if (!stride || !dil) return;
  const Dims2 in = spatial(*tensor(*m, kSelf));
  Dims2 out{};
  for (size_t a = 0; a < 2; ++a) {
    const auto o = pooled_size(in[a], k[a], (*stride)[a], p[a], (*dil)[a], ceil_mode(*m));
    if (!o) return;
    out[a] = *o;
  }
  set_pooled_dims(d, *m, out);
}

Rule padding_value(const Document& d) {
  Rule r;
  r.violated = [](const Case& c) {
    const auto k = kernel2(c);
    const IntArrayArg* p = array(c, kPadding);
    if (!k || !len_in(p, {1, 2})) return false;
    const Dims2 pad = *per_axis<2>(p);
    for (size_t i = 0; i < 2; ++i)
      if (pad[i] < 0 || pad[i] > (*k)[i]) return true;
    return false;
  };
  // -1, kernelSize + 1 (the first value past the bound), INT64_MAX, INT64_MIN, on the axis the visit picks.
  r.classes = numbered_classes(4);
  r.violate = [&d](const Case& v, uint64_t choice) -> std::optional<Case> {
    const auto k = kernel2(v);
    auto p = per_axis<2>(array(v, kPadding));
    if (!k || !p) return std::nullopt;
    const size_t axis = (choice / 4) % 2;
    const std::array<int64_t, 4> value{-1, (*k)[axis] + 1, kMax, kMin};
    (*p)[axis] = value[choice % 4];
    Case m = v;
    m.array_mut(kPadding).values.assign(p->begin(), p->end());
    if (choice % 4 == 1) follow_pooled_size(d, &m, *k, *p);
    return m;
  };
  return d.dressed(r, "PADDING.VALUE");
}

Rule dilation_value(const Document& d) {
  Rule r = value_rule(kDilation, {1, 2}, dilation_ok(d), {0, -1, 2, 3, kMax});
  // Values above 1 break the rule only where dilation must be 1.
  std::vector<std::string> only_one = d.supported_socs();
  std::erase_if(only_one, [&d](const std::string& soc) { return d.any_dilation_on(soc); });
  const auto where_only_one = [only_one](int64_t value) {
    return [only_one, value](const Case& c) {
      const IntArrayArg* dil = array(c, kDilation);
      return std::find(only_one.begin(), only_one.end(), c.platform) != only_one.end() && dil &&
             std::find(dil->values.begin(), dil->values.end(), value) != dil->values.end();
    };
  };
  r.classes = {{"zero", {}, {}, ""},
               {"negative", {}, {}, ""},
               {"two-where-only-one", {}, only_one, "", where_only_one(2)},
               {"three-where-only-one", {}, only_one, "", where_only_one(3)},
               {"int64-max-where-only-one", {}, only_one, "", where_only_one(kMax)}};
  return d.dressed(r, "DILATION.VALUE");
}

}  // namespace

std::vector<Rule> param_rules(const Document& d) {
  return {d.dressed(list_length_rule("", kKernelSize, {1, 2}, {0, 3, 4}, 1), "KERNEL.LEN"),
          d.dressed(value_rule(kKernelSize, {1, 2}, positive, {0, -1, kMin}), "KERNEL.VALUE"),
          d.dressed(list_length_rule("", kStride, {0, 1, 2}, {3, 4, 5}, 1), "STRIDE.LEN"),
          d.dressed(value_rule(kStride, {0, 1, 2}, positive, {0, -1, kMin}), "STRIDE.VALUE"),
          d.dressed(list_length_rule("", kPadding, {1, 2}, {0, 3, 4}, 0), "PADDING.LEN"),
          padding_value(d),
          d.dressed(list_length_rule("", kDilation, {1, 2}, {0, 3, 4}, 1), "DILATION.LEN"),
          dilation_value(d)};
}

}  // namespace poolcheck::spec::maxpool2d_grad
