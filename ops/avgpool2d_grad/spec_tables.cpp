// Platform table and the discrepancies of aclnnAvgPool2dBackward: where 001 contradicts itself, is silent, or
// differs from the upstream implementation and PyTorch.
#include "ops/avgpool2d_grad/spec_internal.h"

namespace poolcheck::spec::avgpool2d_grad {

namespace {

constexpr const char* kSeed = "001";

const std::vector<DType> kFloat{DType::F32, DType::F16, DType::BF16};

Citation doc(std::string section) { return cite(kSeed, std::move(section), kSeed); }

}  // namespace

std::vector<PlatformRow> platform_rows_001() {
  // 001 lists A2 and A3 only. The other rows name products as the other seed documents do; they are not in
  // 001 and are unsupported here (AP.D.PLATFORMS).
  return {
      {"Ascend910B", "Atlas A2 训练系列产品/Atlas 800I A2 推理产品/A200I A2 Box 异构组件", true, kFloat, {}, {kSeed}},
      {"Ascend910_93", "Atlas A3 训练系列产品/Atlas A3 推理系列产品", true, kFloat, {}, {kSeed}},
      {"Ascend950", "Ascend 950PR/Ascend 950DT (not listed in 001)", false, {}, {}, {}},
      {"Ascend310B", "Atlas 200I/500 A2 推理产品 (not listed in 001)", false, {}, {}, {}},
      {"Ascend310P", "Atlas 推理系列产品 (not listed in 001)", false, {}, {}, {}},
      {"Ascend910", "Atlas 训练系列产品 (not listed in 001)", false, {}, {}, {}},
  };
}

std::vector<Discrepancy> discrepancies_001() {
  return {
      {"AP.D.FORMULA",
       "001's 计算公式 is garbled: dL/dX[i,j] = 1/k^2 * sum over n=0..k-1 of dL/dY[floor((i*s+m)/k), "
       "floor((j*s+n)/k)]. "
       "The divisor k^2 ignores rectangular kernels, padding, countIncludePad, ceilMode and divisorOverride; the "
       "brackets are floor brackets but the text calls them 向上取整 (rounding up); the sum runs over n only while m "
       "is never defined; and the index maps an input position to outputs the wrong way round (it is not the "
       "windows that contain X[i,j]).",
       "PyTorch's avg_pool2d_backward is the contract: every output window [o*s-p, o*s-p+k) clipped first to the "
       "padded input and then to the input spreads grad/divisor over the input elements it covers, the divisor "
       "being divisorOverride if non-zero, else the padded window size (countIncludePad) or the number of real "
       "elements (pytorch-semantics 2.2).",
       {doc("功能说明: 计算公式 and its parameter list")}},
      {"AP.D.DIVISOR_RANGE",
       "The A2/A3 parameter text says divisorOverride is unrestricted ('不限制范围', 0 = no override), yet error #7 "
       "lists 'divisorOverride不在支持范围内' without naming a range. Upstream: no check on A2/A3 (an out-of-range "
       "value only selects the vector path), |d| <= 255 on Atlas training/inference, and the l0 ops take an int, so "
       "an int64 beyond 32 bits is truncated (2^32 becomes 0, i.e. no override).",
       "divisorOverride must fit in int32 (AP.DIVISOR.RANGE), so no value wraps silently; 0 means no override and "
       "negative values divide by a negative number, as in PyTorch.",
       {doc("参数说明: divisorOverride"), doc("返回值 161002 #7")}},
      {"AP.D.CUBE_MATH_1",
       "001: cubeMathType 1 (ALLOW_FP32_DOWN_PRECISION) turns FLOAT32 into HFLOAT32 on A2/A3. Upstream's cube path "
       "casts gradOutput, self and the weight to FLOAT16 for 1 as for 2 (the global-average shortcut too); HF32 is "
       "used only for 3 with FLOAT32.",
       "As 001 says: 1 computes FLOAT32 input in HF32, other dtypes unchanged; 2 computes in FLOAT16; 3 in HF32 "
       "(the emulator follows this; the tolerance model must allow the reduced precision).",
       {doc("参数说明: cubeMathType")}},
      {"AP.D.DTYPE_SAME",
       "001 error #2 and the gradInput text tie self's dtype to gradInput's, but nothing ties gradOutput's. "
       "Upstream requires only gradOutput == gradInput; self's dtype may differ.",
       "All three dtypes equal, else 161002 (AP.DTYPE.SAME).",
       {doc("参数说明: gradInput"), doc("返回值 161002 #2")}},
      {"AP.D.SELF_CHECKS",
       "001 error #1 names only gradOutput and gradInput for unsupported dtypes/formats, while the parameter text "
       "gives self the same lists. Upstream checks all three.",
       "self's dtype and format are checked like the others (AP.DTYPE.SUPPORTED, AP.FORMAT.SUPPORTED).",
       {doc("参数说明: self"), doc("返回值 161002 #1")}},
      {"AP.D.NEGATIVE_PADDING",
       "001 error #4 (a value < 0) names gradOutput, self, kernelSize, stride and gradInput but not padding; error #6 "
       "bounds padding only from above. Upstream rejects negative padding only on the vector 3-D and Ascend950 paths; "
       "the cube path and the global-average shortcut accept it. PyTorch rejects it.",
       "0 <= padding <= kernelSize/2 per axis, else 161002 (AP.PADDING.VALUE).",
       {doc("返回值 161002 #4, #6")}},
      {"AP.D.EMPTY",
       "001 says gradOutput '不支持空tensor场景'. Upstream returns success with workspace 0 and no launch when "
       "gradOutput, self or gradInput is empty; an empty gradOutput with a non-empty self leaves gradInput unwritten.",
       "A zero dim in any of the three tensors fails GetWorkspaceSize with 161002 (AP.EMPTY).",
       {doc("参数说明: gradOutput")}},
      {"AP.D.NULL_STRIDE",
       "001 does not list stride among the 161001 pointers, and a length-0 stride means stride = kernel. Upstream "
       "accepts a null stride in op_api, but the vector 3-D path (FillIntArray) and the Ascend950 path dereference it "
       "without a check: a crash for any call that leaves the cube path (ceilMode, countIncludePad=false, long "
       "strips, large kernels or divisors).",
       "A null stride is legal and means stride = kernelSize, like an empty list (AP.NULL.TENSORS); it never "
       "crashes.",
       {doc("返回值 161001 #1"), doc("参数说明: stride")}},
      {"AP.D.GLOBAL_POOL_PADDING",
       "Upstream's global-average shortcut (divisorOverride 0, kernel = H x W, H, W >= 10, 1x1 output) divides the "
       "gradient by kH*kW and writes it to every input element, ignoring padding, countIncludePad and ceilMode. With "
       "padding > 0 (e.g. H=W=10, k=10, p=1, s>=3) PyTorch covers only the 9x9 real part of the window, with divisor "
       "100 (countIncludePad) or 81: the shortcut's gradient is wrong. 001 says nothing about it.",
       "The PyTorch gradient for every case, the global-average shape included (AP.D.FORMULA).",
       {doc("功能说明")}},
      {"AP.D.ND_FORMAT",
       "001 allows only NCHW and NCL and upstream refuses ND, but the CreateAclTensor helper in 001's own call "
       "example defaults to ACL_FORMAT_ND (the example passes NCHW explicitly), as do most aclnn examples.",
       "ND is refused with 161002 (AP.FORMAT.SUPPORTED).",
       {doc("参数说明: 数据格式"), doc("调用示例: CreateAclTensor")}},
      {"AP.D.CALL_EXAMPLE_CUBE1",
       "001's call example passes cubeMathType = 1 with FLOAT32 tensors: per 001 that computes in HF32, so the "
       "example's printed result is a reduced-precision one. Its host buffers hold twice the elements the views use "
       "(harmless).",
       "The example is a valid call (it succeeds); its gradient is compared with the HF32 tolerance.",
       {doc("调用示例")}},
      {"AP.D.PLATFORMS",
       "001 lists Atlas A3 and Atlas A2 only. Upstream accepts FLOAT32/FLOAT16 on other SoCs (Atlas training/"
       "inference through the cube path, divisor limited to ±255) and has an AvgPoolV2Grad path for Ascend950.",
       "Ascend910B and Ascend910_93 only; every other SoC fails with 161002 (AP.PLATFORM).",
       {doc("产品支持情况")}},
      {"AP.D.RANK_FORMAT",
       "001 allows NCHW and NCL for each tensor and error #3 refuses unsupported ranks without naming them. Upstream "
       "requires gradOutput and gradInput both 3-D or both 4-D (4-D must be NCHW) and never checks self's rank.",
       "All three ranks 3 or 4 and equal; a 4-D tensor is NCHW and a 3-D one NCL (AP.RANK).",
       {doc("参数说明: 数据格式"), doc("返回值 161002 #3")}},
      {"AP.D.ZERO_VALUES",
       "001 error #4 refuses values < 0; a kernelSize or stride of 0 is not mentioned. Upstream and PyTorch refuse 0.",
       "kernelSize and stride values must be > 0 (AP.KERNEL.VALUE, AP.STRIDE.VALUE).",
       {doc("返回值 161002 #4")}},
      {"AP.D.GRADOUTPUT_SHAPE",
       "001 never relates gradOutput's shape to self's. Upstream checks neither N/C nor H/W on A2/A3 (only the "
       "Ascend950 tiling checks H/W); PyTorch checks C, H, W but not N and overflows the heap when N differs.",
       "gradOutput's leading dims equal self's (AP.SHAPE.BATCH_CHANNEL) and its H, W are the pooled size "
       "(AP.SHAPE.POOLED), else 161002.",
       {doc("参数说明: gradOutput")}},
      {"AP.D.CUBE_MATH_DTYPE",
       "001 says USE_FP16 is '不支持' for BFLOAT16 and USE_HF32 for anything but FLOAT32 on A2/A3, but error #5 "
       "speaks only of values outside the supported range. Upstream checks only the range {0,1,2,3}.",
       "Those combinations fail with 161002 (AP.CUBE_MATH).",
       {doc("参数说明: cubeMathType"), doc("返回值 161002 #5")}},
  };
}

}  // namespace poolcheck::spec::avgpool2d_grad
