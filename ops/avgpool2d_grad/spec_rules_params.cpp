// aclnnAvgPool2dBackward rules 11-18: kernelSize, stride, padding lists and the scalar attributes.
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

// Length rule: the list is present and its length is not one of `lens`. The mutation keeps the values valid.
Rule length_rule(const char* id, const char* list, std::vector<size_t> lens, std::vector<size_t> bad_lens,
                 int64_t fill) {
  Rule r;
  r.id = id;
  r.violated = [list, lens](const Case& c) {
    const IntArrayArg* a = array(c, list);
    return a && std::find(lens.begin(), lens.end(), a->values.size()) == lens.end();
  };
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
Rule positive_rule(const char* id, const char* list, std::initializer_list<size_t> lens) {
  Rule r;
  r.id = id;
  const std::vector<size_t> ok(lens);
  r.violated = [list, ok](const Case& c) {
    const IntArrayArg* a = array(c, list);
    return a && std::find(ok.begin(), ok.end(), a->values.size()) != ok.end() && !all_positive(*a);
  };
  r.classes = numbered_classes(2);
  r.violate = [list](const Case& v, uint64_t choice) -> std::optional<Case> {
    static const std::array<int64_t, 4> bad{0, -1, kMin, -2};
    Case m = v;
    IntArrayArg& a = m.array_mut(list);
    if (!a.present || a.values.empty()) {  // null/empty stride (= kernel): spell out 1 or 2 entries first
      a.present = true;
      a.values.assign(choice % 2 == 0 ? 1 : 2, 1);
    }
    a.values[choice % a.values.size()] = bad[(choice / a.values.size()) % bad.size()];
    return m;
  };
  return r;
}

Rule kernel_len() {
  Rule r = length_rule("AP.KERNEL.LEN", kKernelSize, {1, 2}, {0, 3, 4}, 1);
  r.cites = {cite(kSeed, "参数说明: kernelSize (长度为1或2)", kSeed), cite(kSeed, "返回值 161002 #3", kSeed)};
  r.text = "kernelSize length must be 1 (kH = kW) or 2 (kH, kW)";
  return r;
}

Rule kernel_value() {
  Rule r = positive_rule("AP.KERNEL.VALUE", kKernelSize, {1, 2});
  r.cites = {cite(kSeed, "返回值 161002 #4 (某个维度值小于0)", kSeed)};
  r.text = "every kernelSize value must be > 0";
  r.chosen = "0 is refused too, as upstream and PyTorch do; error #4 says only '< 0' (AP.D.ZERO_VALUES)";
  return r;
}

Rule stride_len() {
  Rule r = length_rule("AP.STRIDE.LEN", kStride, {0, 1, 2}, {3, 4, 5}, 1);
  r.cites = {cite(kSeed, "参数说明: stride (长度为0、1或2)", kSeed), cite(kSeed, "返回值 161002 #3", kSeed)};
  r.text = "a non-null stride's length must be 0 (stride = kernelSize), 1 (sH = sW) or 2 (sH, sW)";
  return r;
}

Rule stride_value() {
  Rule r = positive_rule("AP.STRIDE.VALUE", kStride, {0, 1, 2});
  r.cites = {cite(kSeed, "返回值 161002 #4 (某个维度值小于0)", kSeed)};
  r.text =
      "every stride value must be > 0, with no upper bound (an INT64 array): a stride past the input gives "
      "pooled size 1 on that axis";
  r.chosen = "0 is refused too, as upstream and PyTorch do; error #4 says only '< 0' (AP.D.ZERO_VALUES)";
  return r;
}

Rule padding_len() {
  Rule r = length_rule("AP.PADDING.LEN", kPadding, {1, 2}, {0, 3, 4}, 0);
  r.cites = {cite(kSeed, "参数说明: padding (长度为1或2)", kSeed)};
  r.text = "padding length must be 1 (padH = padW) or 2 (padH, padW)";
  r.chosen = "161002 although error #3 does not name padding; upstream refuses an empty or longer list";
  return r;
}

Rule padding_value() {
  Rule r;
  r.id = "AP.PADDING.VALUE";
  r.cites = {cite(kSeed, "返回值 161002 #6 (padding超过kernelSize对应位置的1/2)", kSeed)};
  r.text =
      "every padding value must satisfy 0 <= padding <= kernelSize/2 (integer division, per axis after "
      "broadcasting length-1 lists)";
  r.chosen =
      "negative padding is refused too (PyTorch and upstream's vector path do; upstream's cube and global paths "
      "accept it, and 001 does not say) (AP.D.NEGATIVE_PADDING)";
  r.violated = [](const Case& c) {
    const auto k = kernel2(c);
    const auto p = per_axis<2>(array(c, kPadding));
    return k && p && !padding_in_range(*k, *p);
  };
  r.classes = numbered_classes(4);
  r.violate = [](const Case& v, uint64_t choice) -> std::optional<Case> {
    const auto k = kernel2(v);
    auto p = per_axis<2>(array(v, kPadding));
    if (!k || !p) return std::nullopt;
    const size_t axis = (choice / 4) % 2;
    const std::array<int64_t, 4> bad{-1, (*k)[axis] / 2 + 1, kMax, kMin};
    (*p)[axis] = bad[choice % bad.size()];
    Case m = v;
    m.array_mut(kPadding).values.assign(p->begin(), p->end());
    return m;
  };
  return r;
}

Rule cube_math() {
  Rule r;
  r.id = "AP.CUBE_MATH";
  r.cites = {cite(kSeed, "参数说明: cubeMathType (0-3; USE_FP16不支持BFLOAT16; USE_HF32仅FLOAT32)", kSeed),
             cite(kSeed, "返回值 161002 #5", kSeed)};
  r.text =
      "cubeMathType (as the int8_t the API receives) must be 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION, 2 USE_FP16 "
      "or 3 USE_HF32; 2 is refused with BFLOAT16, 3 with anything but FLOAT32";
  r.chosen =
      "the A2/A3 notes under 2 and 3 ('不支持该选项') are errors; 1 means HF32 for FLOAT32 as 001 says "
      "(upstream casts to FP16, AP.D.CUBE_MATH_1)";
  r.violated = [](const Case& c) {
    const int8_t t = cube_math_type(c);
    if (t < 0 || t > 3) return true;
    const auto dt = common_dtype(c);
    return dt && ((t == 2 && *dt == DType::BF16) || (t == 3 && *dt != DType::F32));
  };
  // The dtype-dependent refusals are classes of their own, drawn on a base of the dtype they need.
  const auto mode_with = [](int64_t mode, DType dt) {
    return [mode, dt](const Case& c) { return cube_math_type(c) == mode && common_dtype(c) == dt; };
  };
  const std::vector<ViolationClass> classes{{"fp16-with-bf16", {DType::BF16}, {}, "", mode_with(2, DType::BF16)},
                                            {"hf32-with-f16", {DType::F16}, {}, "", mode_with(3, DType::F16)},
                                            {"hf32-with-bf16", {DType::BF16}, {}, "", mode_with(3, DType::BF16)},
                                            {"above-3", {}, {}, ""},
                                            {"negative", {}, {}, ""}};
  r.classes = classes;
  r.violate = [classes](const Case& v, uint64_t choice) -> std::optional<Case> {
    static const std::array<std::vector<int64_t>, 5> kByClass{
        std::vector<int64_t>{2}, std::vector<int64_t>{3}, std::vector<int64_t>{3},
        std::vector<int64_t>{4, 127, 5, 16, 100}, std::vector<int64_t>{-1, -128, -2}};
    const size_t k = choice % classes.size();
    const std::vector<DType>& needs = classes[k].dtypes;
    const auto dt = common_dtype(v);
    if (!needs.empty() && (!dt || std::find(needs.begin(), needs.end(), *dt) == needs.end())) return std::nullopt;
    const std::vector<int64_t>& bad = kByClass[k];
    Case m = v;
    m.set_scalar(kCubeMathType, bad[(choice / classes.size()) % bad.size()]);
    return m;
  };
  return r;
}

Rule divisor_range() {
  Rule r;
  r.id = "AP.DIVISOR.RANGE";
  r.cites = {cite(kSeed, "返回值 161002 #7 (divisorOverride不在支持范围内)", kSeed),
             cite(kSeed, "参数说明: divisorOverride (A2/A3: 不限制范围, 0表示不影响…)", kSeed)};
  r.text =
      "divisorOverride must lie in [-2147483648, 2147483647]; 0 means no override, negative values divide by a "
      "negative number";
  r.chosen =
      "the kernel takes a 32-bit divisor (upstream truncates the int64 to int), so values that would silently wrap "
      "are refused; the A2/A3 text says the range is unrestricted (AP.D.DIVISOR_RANGE)";
  r.violated = [](const Case& c) {
    const int64_t d = c.scalar(kDivisorOverride).value_or(0);
    return d < kInt32Min || d > kInt32Max;
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
  return r;
}

}  // namespace

std::vector<Rule> param_rules() {
  return {kernel_len(),  kernel_value(),  stride_len(), stride_value(),
          padding_len(), padding_value(), cube_math(),  divisor_range()};
}

}  // namespace poolcheck::spec::avgpool2d_grad
