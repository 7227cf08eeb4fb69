// aclnnMaxPool3dWithArgmaxBackward rules 14-21: kernelSize, stride, padding, dilation lists.
#include <algorithm>
#include <array>
#include <limits>

#include "case/per_axis.h"
#include "ops/maxpool3d_grad/spec_internal.h"
#include "spec/pooled_size.h"

namespace poolcheck::spec::maxpool3d_grad {

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

Rule kernel_len() {
  Rule r = list_length_rule("MP.KERNEL.LEN", kKernelSize, {1, 3}, {0, 2, 4, 5, 6}, 1);
  r.cites = {cite("000", "参数说明: kernelSize", "000,004"), cite("000", "返回值 161002 #4", "000"),
             cite("003", "参数说明 table: kernelSize; 返回值 table row 5", "003")};
  r.text = "kernelSize length must be 1 or 3";
  return r;
}

Rule kernel_value() {
  Rule r;
  r.id = "MP.KERNEL.VALUE";
  r.cites = {cite("000", "返回值 161002 #5", "000"), cite("003", "返回值 table row 6", "003")};
  r.text = "every kernelSize value must be > 0";
  r.violated = [](const Case& c) {
    const IntArrayArg* k = array(c, kKernelSize);
    return len_in(k, {1, 3}) && !all_positive(*k);
  };
  r.classes = numbered_classes(3);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    static const std::array<int64_t, 4> bad{0, -1, kMin, -2};
    Case m = v;
    auto& values = m.array_mut(kKernelSize).values;
    if (values.empty()) return std::nullopt;
    values[choice % values.size()] = bad[(choice / 3) % bad.size()];
    return m;
  };
  return r;
}

Rule stride_len() {
  Rule r = list_length_rule("MP.STRIDE.LEN", kStride, {0, 1, 3}, {2, 4, 5, 6}, 1);
  r.cites = {cite("000", "参数说明: stride", "000,004"), cite("000", "返回值 161002 #6", "000"),
             cite("003", "参数说明 table: stride; 返回值 table row 7", "003")};
  r.text = "stride length must be 0 (stride = kernelSize), 1 or 3";
  return r;
}

Rule stride_value() {
  Rule r;
  r.id = "MP.STRIDE.VALUE";
  r.cites = {cite("000", "返回值 161002 #7", "000"), cite("003", "返回值 table row 8", "003")};
  r.text =
      "every stride value must be > 0, with no upper bound (an INT64 array): a stride past the input gives "
      "pooled size 1 on that axis";
  r.violated = [](const Case& c) {
    const IntArrayArg* s = array(c, kStride);
    return len_in(s, {0, 1, 3}) && !all_positive(*s);
  };
  r.classes = numbered_classes(3);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    static const std::array<int64_t, 4> bad{0, -1, kMin, -3};
    Case m = v;
    auto& values = m.array_mut(kStride).values;
    // An empty stride means "= kernel"; spell it out with 1 or 3 entries before breaking one.
    if (values.empty()) values.assign(choice % 2 == 0 ? 1 : 3, 1);
    values[choice % values.size()] = bad[(choice / 2) % bad.size()];
    return m;
  };
  return r;
}

Rule padding_len() {
  Rule r = list_length_rule("MP.PADDING.LEN", kPadding, {1, 3}, {0, 2, 4, 5}, 0);
  r.cites = {cite("000", "参数说明: padding", "000,004"), cite("000", "返回值 161002 #8", "000"),
             cite("003", "参数说明 table: padding; 返回值 table row 9", "003")};
  r.text = "padding length must be 1 or 3";
  return r;
}

// gradOutput and indices reshaped to the pooled size that padding `p` gives (when it has one), so that a padding
// past k/2 breaks this rule alone: a library that skipped the padding check must then compute, instead of being
// rescued by its output-shape check, which reports the same status.
void follow_pooled_size(Case* m, const Dims3& k, const Dims3& p) {
  if (!structure_ok(*m)) return;
  const auto s = array(*m, kStride) && !array(*m, kStride)->values.empty() ? per_axis<3>(array(*m, kStride)) : k;
  const auto d = per_axis<3>(array(*m, kDilation));
  if (!s || !d) return;
  const Dims3 in = spatial(*tensor(*m, kSelf));
  Dims3 out{};
  for (size_t a = 0; a < 3; ++a) {
    const auto o = pooled_size(in[a], k[a], (*s)[a], p[a], (*d)[a], ceil_mode(*m));
    if (!o) return;
    out[a] = *o;
  }
  for (const char* name : {kGradOutput, kIndices}) {
    TensorArg& t = m->tensor_mut(name);
    reshape(t, with_spatial(t.shape, out));
  }
}

Rule padding_value() {
  Rule r;
  r.id = "MP.PADDING.VALUE";
  r.cites = {cite("000", "返回值 161002 #9", "000"), cite("003", "返回值 table row 10", "003")};
  r.text =
      "every padding value must satisfy 0 <= padding <= kernelSize/2 (integer division, per axis after "
      "broadcasting length-1 lists)";
  r.violated = [](const Case& c) {
    const auto k = kernel3(c);
    const auto p = per_axis<3>(array(c, kPadding));
    return k && p && !padding_in_range(*k, *p);
  };
  // Classes 0-3: padding -1, kernelSize/2 + 1 (the first value past the bound), INT64_MAX, INT64_MIN; 4 and 5:
  // kernelSize/2 + 1 again. The axis moves with the visit, and the three past-the-bound classes take three
  // different axes in each visit: every axis meets the bound (a check can compare one axis with another's
  // kernel), and a library without the check meets three cases it must refuse per visit, not one (it refuses
  // -1 by the lower bound and the extreme values by its output-shape check, with the same status).
  r.classes = numbered_classes(6);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    enum Bad { Negative, PastHalf, Max, Min };
    static constexpr std::array<Bad, 6> kBad{Negative, PastHalf, Max, Min, PastHalf, PastHalf};
    static constexpr std::array<uint64_t, 6> kAxisShift{0, 0, 1, 2, 1, 2};
    Case m = v;
    const auto k = kernel3(m);
    auto p = per_axis<3>(array(m, kPadding));
    if (!k || !p) return std::nullopt;
    const uint64_t cls = choice % kBad.size();
    const size_t axis = (choice / kBad.size() + kAxisShift[cls]) % 3;
    const std::array<int64_t, 4> value{-1, (*k)[axis] / 2 + 1, kMax, kMin};
    (*p)[axis] = value[kBad[cls]];
    m.array_mut(kPadding).values.assign(p->begin(), p->end());
    if (kBad[cls] == PastHalf) follow_pooled_size(&m, *k, *p);  // the extreme values have no usable size
    return m;
  };
  return r;
}

Rule dilation_len() {
  Rule r = list_length_rule("MP.DILATION.LEN", kDilation, {1, 3}, {0, 2, 4, 5}, 1);
  r.cites = {cite("000", "参数说明: dilation (长度为1或3)", "000,004"), cite("003", "返回值 table row 11", "003")};
  r.text = "dilation length must be 1 or 3";
  r.chosen = "161002; 000's error list has no length item, its parameter text states the length (MP.D.DILATION)";
  return r;
}

Rule dilation_value() {
  Rule r;
  r.id = "MP.DILATION.VALUE";
  r.cites = {cite("000", "参数说明: dilation (值仅支持1)", "000,004"), cite("000", "返回值 161002 #10", "000"),
             cite("003", "参数说明 table: dilation (值仅支持1)", "003")};
  r.text = "every dilation value must be 1";
  r.chosen =
      "161002; 003's error table lists only the length and upstream accepts any dilation > 0 "
      "(MP.D.DILATION)";
  r.violated = [](const Case& c) {
    const IntArrayArg* d = array(c, kDilation);
    if (!len_in(d, {1, 3})) return false;
    return std::any_of(d->values.begin(), d->values.end(), [](int64_t x) { return x != 1; });
  };
  r.classes = numbered_classes(5);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    static const std::array<int64_t, 5> bad{2, 0, -1, 3, kMax};
    Case m = v;
    auto& values = m.array_mut(kDilation).values;
    if (values.empty()) return std::nullopt;
    values[choice % values.size()] = bad[choice % bad.size()];
    return m;
  };
  return r;
}

}  // namespace

std::vector<Rule> param_rules() {
  return {kernel_len(),  kernel_value(),  stride_len(),   stride_value(),
          padding_len(), padding_value(), dilation_len(), dilation_value()};
}

}  // namespace poolcheck::spec::maxpool3d_grad
