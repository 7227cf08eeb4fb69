// The average-pool rules on the kernelSize, stride and padding lists and the scalar attributes.
#include <algorithm>
#include <array>
#include <limits>

#include "case/per_axis.h"
#include "ops/avgpool2d_grad/spec_internal.h"

namespace poolcheck::spec::avgpool2d_grad {

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kInt32Min = std::numeric_limits<int32_t>::min();
constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();

// The lengths up to `upto` that are not in `ok`: a length rule's mutations.
std::vector<size_t> lengths_other_than(const std::vector<size_t>& ok, size_t upto) {
  std::vector<size_t> bad;
  for (size_t n = 0; n <= upto; ++n)
    if (std::find(ok.begin(), ok.end(), n) == ok.end()) bad.push_back(n);
  return bad;
}

// Length rule: the list is present and its length is not one of `lens`. The mutation keeps the values valid.
Rule length_rule(const char* list, std::vector<size_t> lens, size_t upto, int64_t fill) {
  Rule r;
  r.violated = [list, lens](const Case& c) {
    const IntArrayArg* a = array(c, list);
    return a && std::find(lens.begin(), lens.end(), a->values.size()) == lens.end();
  };
  const std::vector<size_t> bad_lens = lengths_other_than(lens, upto);
  r.classes = numbered_classes(bad_lens.size());
  r.violate = [list, bad_lens, fill](const Case& v, uint64_t choice) -> std::optional<Case> {
    Case m = v;
    IntArrayArg& a = m.array_mut(list);
    const int64_t value = a.present && !a.values.empty() ? a.values.front() : fill;
    a.present = true;  // a null stride gets a list of the wrong length
    a.values.assign(bad_lens[choice % bad_lens.size()], value);
    return m;
  };
  return r;
}

// Value rule: the list has a valid length and some value is <= 0.
Rule positive_rule(const char* list, std::vector<size_t> lens, size_t axes) {
  Rule r;
  r.violated = [list, lens](const Case& c) {
    const IntArrayArg* a = array(c, list);
    return a && std::find(lens.begin(), lens.end(), a->values.size()) != lens.end() && !all_positive(*a);
  };
  r.classes = numbered_classes(2);
  r.violate = [list, axes](const Case& v, uint64_t choice) -> std::optional<Case> {
    static const std::array<int64_t, 4> bad{0, -1, kMin, -2};
    Case m = v;
    IntArrayArg& a = m.array_mut(list);
    if (!a.present || a.values.empty()) {  // null/empty stride (= kernel): spell out 1 or one per axis first
      a.present = true;
      a.values.assign(choice % 2 == 0 ? 1 : axes, 1);
    }
    a.values[choice % a.values.size()] = bad[(choice / a.values.size()) % bad.size()];
    return m;
  };
  return r;
}

Rule padding_value(const Document& d) {
  Rule r;
  r.violated = [&d](const Case& c) {
    const auto k = kernel_of(d, c);
    const auto p = per_axis(array(c, kPadding), d.spatial_rank);
    return k && p && !padding_in_range(*k, *p);
  };
  r.classes = numbered_classes(4);
  r.violate = [&d](const Case& v, uint64_t choice) -> std::optional<Case> {
    const auto k = kernel_of(d, v);
    auto p = per_axis(array(v, kPadding), d.spatial_rank);
    if (!k || !p) return std::nullopt;
    const size_t axis = (choice / 4) % d.spatial_rank;
    const std::array<int64_t, 4> bad{-1, (*k)[axis] / 2 + 1, kMax, kMin};
    (*p)[axis] = bad[choice % bad.size()];
    Case m = v;
    m.array_mut(kPadding).values.assign(p->begin(), p->end());
    return m;
  };
  return d.dressed(r, "PADDING.VALUE");
}

Rule cube_math(const Document& d) {
  Rule r;
  r.violated = [&d](const Case& c) {
    const int8_t t = cube_math_type(c);
    if (t < 0 || t > 3) return true;
    const auto dt = common_dtype(d, c);
    return dt && ((t == 2 && *dt == DType::BF16) || (t == 3 && *dt != DType::F32));
  };
  // The dtype-dependent refusals are classes of their own, drawn on a base of the dtype they need.
  const auto mode_with = [&d](int64_t mode, DType dt) {
    return [&d, mode, dt](const Case& c) { return cube_math_type(c) == mode && common_dtype(d, c) == dt; };
  };
  const std::vector<ViolationClass> classes{{"fp16-with-bf16", {DType::BF16}, {}, "", mode_with(2, DType::BF16)},
                                            {"hf32-with-f16", {DType::F16}, {}, "", mode_with(3, DType::F16)},
                                            {"hf32-with-bf16", {DType::BF16}, {}, "", mode_with(3, DType::BF16)},
                                            {"above-3", {}, {}, ""},
                                            {"negative", {}, {}, ""}};
  r.classes = classes;
  r.violate = [&d, classes](const Case& v, uint64_t choice) -> std::optional<Case> {
    static const std::array<std::vector<int64_t>, 5> kByClass{
        std::vector<int64_t>{2}, std::vector<int64_t>{3}, std::vector<int64_t>{3},
        std::vector<int64_t>{4, 127, 5, 16, 100}, std::vector<int64_t>{-1, -128, -2}};
    const size_t k = choice % classes.size();
    const std::vector<DType>& needs = classes[k].dtypes;
    const auto dt = common_dtype(d, v);
    if (!needs.empty() && (!dt || std::find(needs.begin(), needs.end(), *dt) == needs.end())) return std::nullopt;
    const std::vector<int64_t>& bad = kByClass[k];
    Case m = v;
    m.set_scalar(kCubeMathType, bad[(choice / classes.size()) % bad.size()]);
    return m;
  };
  return d.dressed(r, "CUBE_MATH");
}

Rule divisor_range(const Document& d) {
  Rule r;
  r.violated = [](const Case& c) {
    const int64_t v = c.scalar(kDivisorOverride).value_or(0);
    return v < kInt32Min || v > kInt32Max;
  };
  r.classes = numbered_classes(8);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    static const std::array<int64_t, 8> bad{kInt32Max + 1,
                                            kInt32Min - 1,
                                            kMax,
                                            kMin,
                                            int64_t{1} << 32,  // wraps to 0: "no override"
                                            -(int64_t{1} << 32),
                                            (int64_t{1} << 32) + 9,
                                            int64_t{1} << 40};
    Case m = v;
    m.set_scalar(kDivisorOverride, bad[choice % bad.size()]);
    return m;
  };
  return d.dressed(r, "DIVISOR.RANGE");
}

}  // namespace

std::vector<Rule> param_rules(const Document& d) {
  const size_t r = d.spatial_rank;
  std::vector<Rule> rules{d.dressed(length_rule(kKernelSize, {1, r}, r + 2, 1), "KERNEL.LEN"),
                          d.dressed(positive_rule(kKernelSize, {1, r}, r), "KERNEL.VALUE"),
                          d.dressed(length_rule(kStride, {0, 1, r}, r + 3, 1), "STRIDE.LEN"),
                          d.dressed(positive_rule(kStride, {0, 1, r}, r), "STRIDE.VALUE"),
                          d.dressed(length_rule(kPadding, {1, r}, r + 2, 0), "PADDING.LEN"),
                          padding_value(d)};
  if (d.cube_math) rules.push_back(cube_math(d));
  if (d.divisor_in_int32) rules.push_back(divisor_range(d));
  return rules;
}

}  // namespace poolcheck::spec::avgpool2d_grad
