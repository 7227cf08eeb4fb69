// What aclnnAvgPool2dBackward's document (seed 001) says of each average-pool rule, and what was chosen where it
// is silent.
#include "ops/avgpool2d_grad/spec_internal.h"

namespace poolcheck::spec::avgpool2d_grad {

namespace {

constexpr const char* kSeed = "001";

Citation doc(std::string section) { return cite(kSeed, std::move(section), kSeed); }

RuleWordsById tensor_words() {
  return {
      {"NULL.OUT_PARAMS",
       {{},
        "",
        "161001 before any other check instead of a crash; 001's 161001 item names only the argument pointers",
        false}},
      {"NULL.TENSORS",
       {{doc("返回值 161001 #1"), doc("参数说明: stride (长度为0: sH=kH, sW=kW)")},
        "gradOutput, self, kernelSize, padding and gradInput must not be nullptr; stride may be nullptr (stride = "
        "kernelSize), and an empty stride list means the same",
        "a null stride is legal as 001 implies; upstream crashes on it in two paths (AP.D.NULL_STRIDE)"}},
      {"TENSOR.DESCRIPTOR",
       {{doc("返回值 161002 #4 (某个维度值小于0)")},
        "",
        "161002 for every descriptor the runtime cannot address; 001 names only negative dims, the rest (negative "
        "strides or offset, a stride count that differs from the rank, int64 overflow) is not in the docs"}},
      {"TENSOR.EXTENT", {{}, "", "161002 instead of reading or writing outside the buffer; not in the docs", false}},
      {"OUTPUT.OVERLAP",
       {{}, "", "161002, so no write is ambiguous; not in the docs (001 allows non-contiguous gradInput)", false}},
  };
}

RuleWordsById type_words() {
  return {
      {"PLATFORM",
       {{doc("产品支持情况 (Atlas A3, Atlas A2 only)")},
        "platform (SoC) must be Ascend910B or Ascend910_93",
        "161002 for every other SoC, listed elsewhere or unknown; 001 has no error item for it, and upstream accepts "
        "FP32/FP16 on other SoCs and has an AvgPoolV2Grad path on Ascend950 (AP.D.PLATFORMS)"}},
      {"DTYPE.SUPPORTED",
       {{doc("参数说明: gradOutput, self, gradInput (数据类型支持BFLOAT16、FLOAT16、FLOAT32)"),
         doc("返回值 161002 #1")},
        "gradOutput, self and gradInput dtypes must each be FLOAT32, FLOAT16 or BFLOAT16",
        "self is checked too although error #1 names only gradOutput and gradInput (AP.D.SELF_CHECKS)"}},
      {"DTYPE.SAME",
       {{doc("参数说明: gradInput (数据类型、数据格式需要与self一致)"), doc("返回值 161002 #2")},
        "gradOutput, self and gradInput must all have the same dtype",
        "all three equal: 001 ties self to gradInput, upstream ties gradOutput to gradInput and leaves self free "
        "(AP.D.DTYPE_SAME)"}},
      {"FORMAT.SUPPORTED",
       {{doc("参数说明: gradOutput, self, gradInput (数据格式支持NCHW和NCL)"), doc("返回值 161002 #1")},
        "every tensor's format must be NCHW or NCL (ND and private formats are refused)",
        "ND is refused as upstream does, although aclCreateTensor's usual ND default would pass elsewhere; self "
        "is checked too (AP.D.ND_FORMAT, AP.D.SELF_CHECKS)"}},
      {"FORMAT.SAME",
       {{doc("参数说明: gradInput (数据类型、数据格式需要与self一致)"), doc("返回值 161002 #2")},
        "self and gradInput formats must be equal, and gradOutput's must equal gradInput's",
        ""}},
      {"RANK",
       {{doc("返回值 161002 #3 (维度不在支持范围内)"),
         doc("参数说明: gradOutput, self, gradInput (数据格式支持NCHW和NCL)")},
        "gradOutput, self and gradInput must each have 3 or 4 dims, all the same; 4-D tensors are NCHW, 3-D "
        "tensors NCL",
        "equal ranks and a format that names the rank (a 4-D NCL or 3-D NCHW tensor is refused); upstream requires "
        "NCHW for 4-D gradOutput/gradInput and does not check self's rank (AP.D.RANK_FORMAT)"}},
  };
}

RuleWordsById param_words() {
  return {
      {"KERNEL.LEN",
       {{doc("参数说明: kernelSize (长度为1或2)"), doc("返回值 161002 #3")},
        "kernelSize length must be 1 (kH = kW) or 2 (kH, kW)",
        ""}},
      {"KERNEL.VALUE",
       {{doc("返回值 161002 #4 (某个维度值小于0)")},
        "every kernelSize value must be > 0",
        "0 is refused too, as upstream and PyTorch do; error #4 says only '< 0' (AP.D.ZERO_VALUES)"}},
      {"STRIDE.LEN",
       {{doc("参数说明: stride (长度为0、1或2)"), doc("返回值 161002 #3")},
        "a non-null stride's length must be 0 (stride = kernelSize), 1 (sH = sW) or 2 (sH, sW)",
        ""}},
      {"STRIDE.VALUE",
       {{doc("返回值 161002 #4 (某个维度值小于0)")},
        "every stride value must be > 0, with no upper bound (an INT64 array): a stride past the input gives "
        "pooled size 1 on that axis",
        "0 is refused too, as upstream and PyTorch do; error #4 says only '< 0' (AP.D.ZERO_VALUES)"}},
      {"PADDING.LEN",
       {{doc("参数说明: padding (长度为1或2)")},
        "padding length must be 1 (padH = padW) or 2 (padH, padW)",
        "161002 although error #3 does not name padding; upstream refuses an empty or longer list"}},
      {"PADDING.VALUE",
       {{doc("返回值 161002 #6 (padding超过kernelSize对应位置的1/2)")},
        "every padding value must satisfy 0 <= padding <= kernelSize/2 (integer division, per axis after "
        "broadcasting length-1 lists)",
        "negative padding is refused too (PyTorch and upstream's vector path do; upstream's cube and global paths "
        "accept it, and 001 does not say) (AP.D.NEGATIVE_PADDING)"}},
      {"CUBE_MATH",
       {{doc("参数说明: cubeMathType (0-3; USE_FP16不支持BFLOAT16; USE_HF32仅FLOAT32)"), doc("返回值 161002 #5")},
        "cubeMathType (as the int8_t the API receives) must be 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION, 2 USE_FP16 "
        "or 3 USE_HF32; 2 is refused with BFLOAT16, 3 with anything but FLOAT32",
        "the A2/A3 notes under 2 and 3 ('不支持该选项') are errors; 1 means HF32 for FLOAT32 as 001 says "
        "(upstream casts to FP16, AP.D.CUBE_MATH_1)"}},
      {"DIVISOR.RANGE",
       {{doc("返回值 161002 #7 (divisorOverride不在支持范围内)"),
         doc("参数说明: divisorOverride (A2/A3: 不限制范围, 0表示不影响…)")},
        "divisorOverride must lie in [-2147483648, 2147483647]; 0 means no override, negative values divide by a "
        "negative number",
        "the kernel takes a 32-bit divisor (upstream truncates the int64 to int), so values that would silently wrap "
        "are refused; the A2/A3 text says the range is unrestricted (AP.D.DIVISOR_RANGE)"}},
  };
}

RuleWordsById shape_words() {
  return {
      {"SHAPE.GRADINPUT",
       {{},
        "gradInput shape must equal self shape",
        "161002 as upstream's output-shape check; 001 defines gradInput as the gradient of the forward input but "
        "states no shape rule",
        false}},
      {"EMPTY",
       {{doc("参数说明: gradOutput (不支持空tensor场景)")},
        "no tensor may have a zero dim",
        "161002 for a zero dim in any of the three tensors; 001 says it of gradOutput, upstream returns success "
        "without a launch (AP.D.EMPTY)"}},
      {"SHAPE.BATCH_CHANNEL",
       {{},
        "gradOutput's leading dims (N,C for 4-D, C for 3-D) must equal self's",
        "161002; neither upstream nor PyTorch checks the batch dim (PyTorch overflows the heap on it) "
        "(AP.D.GRADOUTPUT_SHAPE)",
        false}},
      {"SHAPE.POOLED",
       {{},
        "gradOutput's H,W must equal the avg-pool output size of self's H,W for kernelSize/stride/padding/ceilMode "
        "(pooled_size), and each must be >= 1",
        "161002 in GetWorkspaceSize; 001 has no such rule and the A2/A3 paths upstream never check it "
        "(AP.D.GRADOUTPUT_SHAPE)",
        false}},
  };
}

}  // namespace

RuleWordsById words_001() {
  RuleWordsById all;
  for (auto part : {tensor_words, type_words, param_words, shape_words}) all.merge(part());
  return all;
}

}  // namespace poolcheck::spec::avgpool2d_grad
