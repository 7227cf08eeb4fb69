// aclnnMaxPool2dWithIndicesBackward: the kernelSize, stride, padding and dilation lists.
#include <algorithm>
#include <array>
#include <limits>

#include "case/per_axis.h"
#include "ops/maxpool2d_grad/spec_internal.h"
#include "spec/pooled_size.h"

namespace poolcheck::spec::maxpool2d_grad {

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

// A value rule: once the list's length is one of `lens`, some value breaks `ok`.
Rule value_rule(const char* id, const char* list, std::initializer_list<size_t> lens, bool (*ok)(const Case&, int64_t),
                std::vector<int64_t> bad) {
  Rule r;
  r.id = id;
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

// Dilation: any value > 0 on Ascend950, only 1 on Ascend910B/Ascend910_93; not judged on a SoC the platform rule
// refuses first.
bool dilation_ok(const Case& c, int64_t v) {
  if (!supported_row(c)) return true;
  return is_regbase(c.platform) ? v > 0 : v == 1;
}

Rule kernel_len() {
  Rule r = list_length_rule("MP2.KERNEL.LEN", kKernelSize, {1, 2}, {0, 3, 4}, 1);
  r.cites = {cite("005", "参数说明 table: kernelSize (长度仅支持1、2); 返回值 161002 row 4", "005")};
  r.text = "kernelSize length must be 1 or 2";
  return r;
}

Rule kernel_value() {
  Rule r = value_rule("MP2.KERNEL.VALUE", kKernelSize, {1, 2}, positive, {0, -1, kMin});
  r.cites = {cite("005", "返回值 161002 row 5 (kernelSize中的数值中存在小于等于0的数值)", "005")};
  r.text = "every kernelSize value must be > 0";
  return r;
}

Rule stride_len() {
  Rule r = list_length_rule("MP2.STRIDE.LEN", kStride, {0, 1, 2}, {3, 4, 5}, 1);
  r.cites = {cite("005", "参数说明 table: stride (长度仅支持0、1、2); 返回值 161002 row 6", "005")};
  r.text = "stride length must be 0 (stride = kernelSize), 1 or 2";
  return r;
}

Rule stride_value() {
  Rule r = value_rule("MP2.STRIDE.VALUE", kStride, {0, 1, 2}, positive, {0, -1, kMin});
  r.cites = {cite("005", "返回值 161002 row 7 (stride的数值中存在小于等于0的值)", "005")};
  r.text = "every stride value must be > 0";
  return r;
}

Rule padding_len() {
  Rule r = list_length_rule("MP2.PADDING.LEN", kPadding, {1, 2}, {0, 3, 4}, 0);
  r.cites = {cite("005", "参数说明 table: padding (长度仅支持1、2); 返回值 161002 row 8", "005")};
  r.text = "padding length must be 1 or 2";
  return r;
}

// gradOutput and indices reshaped to the pooled size padding `p` gives, so that a padding past kernelSize breaks
// this rule alone: a library without the padding check must then compute instead of being rescued by its
// output-shape check, which answers with the same status.
void follow_pooled_size(Case* m, const Dims2& k, const Dims2& p) {
  if (!structure_ok(*m)) return;
  const IntArrayArg* s = array(*m, kStride);
  const auto stride = s && !s->values.empty() ? per_axis<2>(s) : std::optional<Dims2>(k);
  const auto d = per_axis<2>(array(*m, kDilation));
  if (!stride || !d) return;
  const Dims2 in = spatial(*tensor(*m, kSelf));
  Dims2 out{};
  for (size_t a = 0; a < 2; ++a) {
    const auto o = pooled_size(in[a], k[a], (*stride)[a], p[a], (*d)[a], ceil_mode(*m));
    if (!o) return;
    out[a] = *o;
  }
  for (const char* name : {kGradOutput, kIndices}) {
    TensorArg& t = m->tensor_mut(name);
    reshape(t, with_spatial(t, out));
  }
}

Rule padding_value() {
  Rule r;
  r.id = "MP2.PADDING.VALUE";
  r.cites = {cite("005", "返回值 161002 row 9 (padding的数值中存在小于0或者大于kernelSize的数值)", "005")};
  r.text = "every padding value must satisfy 0 <= padding <= kernelSize (per axis after broadcasting)";
  r.chosen = "the document's bound kernelSize, not ops-nn's op_api's kernelSize / 2 (MP2.D.PADDING_BOUND)";
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
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    const auto k = kernel2(v);
    auto p = per_axis<2>(array(v, kPadding));
    if (!k || !p) return std::nullopt;
    const size_t axis = (choice / 4) % 2;
    const std::array<int64_t, 4> value{-1, (*k)[axis] + 1, kMax, kMin};
    (*p)[axis] = value[choice % 4];
    Case m = v;
    m.array_mut(kPadding).values.assign(p->begin(), p->end());
    if (choice % 4 == 1) follow_pooled_size(&m, *k, *p);
    return m;
  };
  return r;
}

Rule dilation_len() {
  Rule r = list_length_rule("MP2.DILATION.LEN", kDilation, {1, 2}, {0, 3, 4}, 1);
  r.cites = {cite(
      "005", "Ascend950 note (支持1维或者2维输入); A2/A3 note (仅支持dilation为(1,1)); 返回值 161002 row 10", "005")};
  r.text = "dilation length must be 1 or 2";
  r.chosen = "161002; the document states the length only in its platform notes (MP2.D.DILATION)";
  return r;
}

Rule dilation_value() {
  Rule r = value_rule("MP2.DILATION.VALUE", kDilation, {1, 2}, dilation_ok, {0, -1, 2, 3, kMax});
  // Values above 1 break the rule only where dilation must be 1.
  const std::vector<std::string> only_one{"Ascend910B", "Ascend910_93"};
  r.classes = {{"zero", {}, {}, ""},
               {"negative", {}, {}, ""},
               {"two-where-only-one", {}, only_one, ""},
               {"three-where-only-one", {}, only_one, ""},
               {"int64-max-where-only-one", {}, only_one, ""}};
  r.cites = {cite("005",
                  "Ascend950 note (支持dilation中的元素值大于0); A2/A3 note (仅支持dilation为(1,1)); "
                  "返回值 161002 row 10 (dilation的元素数值不符合入参要求)",
                  "005")};
  r.text = "every dilation value must be 1 on Ascend910B/Ascend910_93 and > 0 on Ascend950";
  return r;
}

}  // namespace

std::vector<Rule> param_rules() {
  return {kernel_len(),  kernel_value(),  stride_len(),   stride_value(),
          padding_len(), padding_value(), dilation_len(), dilation_value()};
}

}  // namespace poolcheck::spec::maxpool2d_grad
