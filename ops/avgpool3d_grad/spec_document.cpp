// aclnnAvgPool3dBackward's document (seed 007) as the average-pool rules read it: its platform table, what it says
// of each rule and what was chosen where it is silent, and the discrepancies with upstream's op_api
// (pooling/avg_pool3_d_grad/op_api/aclnn_avgpool3d_backward.cpp) and PyTorch.
#include "ops/avgpool2d_grad/spec_internal.h"
#include "ops/avgpool3d_grad/spec.h"
#include "ops/avgpool3d_grad/view.h"

namespace poolcheck::spec {

namespace avgpool3d_grad {

namespace {

using avgpool2d_grad::Document;

constexpr const char* kSeed = "007";

Citation doc(std::string section) { return cite(kSeed, std::move(section), kSeed); }

std::vector<PlatformRow> platform_rows() {
  const std::vector<DType> all{DType::F32, DType::F16, DType::BF16};
  return {
      {"Ascend950", "Ascend 950PR/Ascend 950DT", true, all, {}, {kSeed}},
      {"Ascend910_93", "Atlas A3 训练系列产品/Atlas A3 推理系列产品", true, all, {}, {kSeed}},
      {"Ascend910B", "Atlas A2 训练系列产品/Atlas A2 推理系列产品", true, all, {}, {kSeed}},
      {"Ascend310B", "Atlas 200I/500 A2 推理产品", false, {}, {}, {kSeed}},
      {"Ascend310P", "Atlas 推理系列产品", false, {}, {}, {kSeed}},
      {"Ascend910", "Atlas 训练系列产品", false, {}, {}, {kSeed}},
  };
}

RuleWordsById tensor_words() {
  return {
      {"NULL.OUT_PARAMS",
       {{}, "", "161001 before any other check instead of a crash; 007's 161001 row names only the arguments", false}},
      {"NULL.TENSORS",
       {{doc("返回值 161001 (传入的gradOutput、self、kernelSize、padding或output是空指针)"),
         doc("参数说明: stride (长度为0: 数值与kernelSize数值保持一致)")},
        "gradOutput, self, kernelSize, padding and output must not be nullptr; stride may be nullptr (stride = "
        "kernelSize), and an empty stride list means the same",
        "a null stride is legal: the 161001 row leaves it out and an empty list means stride = kernelSize; upstream "
        "refuses it with 161001 (AP3.D.NULL_STRIDE)"}},
      {"TENSOR.DESCRIPTOR",
       {{}, "", "161002 for every descriptor the runtime cannot address; 007 does not say", false}},
      {"TENSOR.EXTENT", {{}, "", "161002 instead of reading or writing outside the buffer; not in the docs", false}},
      {"OUTPUT.OVERLAP",
       {{}, "", "161002, so no write is ambiguous; not in the docs (007 allows a non-contiguous output)", false}},
  };
}

RuleWordsById type_words() {
  return {
      {"PLATFORM",
       {{doc("产品支持情况 (950PR/950DT √, A3 √, A2 √, 200I/500 A2 ×, Atlas 推理 ×, Atlas 训练 ×)")},
        "platform (SoC) must be Ascend950, Ascend910_93 or Ascend910B",
        "161002 for every other SoC, listed as unsupported or unknown; 007 has no error row for it, upstream's dtype "
        "lists are empty there (AP3.D.PLATFORMS)"}},
      {"DTYPE.SUPPORTED",
       {{doc("参数说明: gradOutput, self, output (数据类型 FLOAT32、FLOAT16、BFLOAT16)"),
         doc("返回值 161002 #1 (gradOutput、self和output的数据类型/维度不在支持的范围之内)")},
        "gradOutput, self and output dtypes must each be FLOAT32, FLOAT16 or BFLOAT16",
        ""}},
      {"DTYPE.SAME",
       {{},
        "output's dtype must equal gradOutput's; self's may differ (only its shape is read)",
        "161002: the gradient is computed and written in gradOutput's dtype; 007 ties no dtypes together and upstream "
        "compares none (AP3.D.OUT_DTYPE)",
        false}},
      {"FORMAT.SUPPORTED",
       {{doc("参数说明: gradOutput, self, output (数据格式 ND)"),
         doc("返回值 161002 #1 (gradOutput、self和output的数据类型/维度不在支持的范围之内)")},
        "every tensor's format must be ND or NCDHW (private and 2-D formats are refused)",
        "NCDHW, which names the dims an ND tensor here has, is accepted besides the listed ND; upstream checks no "
        "list, only that gradOutput's format is output's and not private (AP3.D.FORMATS)"}},
      {"FORMAT.SAME",
       {{},
        "gradOutput, self and output formats must be equal",
        "161002: one listed format for all three; upstream compares only gradOutput's with output's (AP3.D.FORMATS)",
        false}},
      {"RANK",
       {{doc("参数说明: gradOutput, self, output (维度(shape) 4-5)"),
         doc("返回值 161002 #1 (gradOutput、self和output的数据类型/维度不在支持的范围之内)")},
        "gradOutput, self and output must each have 4 (C,D,H,W) or 5 (N,C,D,H,W) dims, all the same",
        "equal ranks, as upstream requires"}},
  };
}

RuleWordsById param_words() {
  return {
      {"KERNEL.LEN",
       {{doc("参数说明: kernelSize (长度为1(KD = KH = KW)或3(KD, KH, KW))"), doc("返回值 161002 #2")},
        "kernelSize length must be 1 (kD = kH = kW) or 3 (kD, kH, kW)",
        ""}},
      {"KERNEL.VALUE",
       {{doc("参数说明: kernelSize (数值必须大于0)"), doc("返回值 161002 #3 (kernelSize某个维度值小于等于0)")},
        "every kernelSize value must be > 0",
        ""}},
      {"STRIDE.LEN",
       {{doc("参数说明: stride (长度为0、1(SD = SH = SW)或者3(SD, SH, SW))"), doc("返回值 161002 #2")},
        "a non-null stride's length must be 0 (stride = kernelSize), 1 (sD = sH = sW) or 3 (sD, sH, sW)",
        ""}},
      {"STRIDE.VALUE",
       {{doc("参数说明: stride (数值必须大于0)"), doc("返回值 161002 #3 (stride某个维度值小于等于0)")},
        "every stride value must be > 0, with no upper bound: a stride past the input gives pooled size 1 on that "
        "axis",
        ""}},
      {"PADDING.LEN",
       {{doc("参数说明: padding (长度为1(PD = PH = PW)或3(PD, PH, PW))"), doc("返回值 161002 #2")},
        "padding length must be 1 (pD = pH = pW) or 3 (pD, pH, pW)",
        ""}},
      {"PADDING.VALUE",
       {{doc("参数说明: padding (数值在[0, kernelSize/2]的范围内)"), doc("返回值 161002 #3 (padding某个维度值小于0)"),
         doc("返回值 161002 #4 (padding超过kernelSize对应位置的1/2)")},
        "every padding value must satisfy 0 <= padding <= kernelSize/2 (integer division, per axis after "
        "broadcasting length-1 lists)",
        ""}},
  };
}

RuleWordsById shape_words() {
  return {
      {"SHAPE.OUTPUT",
       {{doc("参数说明: output (shape与入参self相同)"), doc("返回值 161002 #5 (output的shape与self的shape不一致)")},
        "output shape must equal self shape",
        ""}},
      {"SHAPE.BATCH_CHANNEL",
       {{doc("返回值 161002 #6 (根据平均池化语义计算得到的gradOutput的shape与接口传入的gradOutput的shape不一致)")},
        "gradOutput's leading dims (N,C for 5-D, C for 4-D) must equal self's",
        "judged on empty tensors too: 007 refuses none (AP3.D.EMPTY)"}},
      {"SHAPE.POOLED",
       {{doc("返回值 161002 #6 (根据平均池化语义计算得到的gradOutput的shape与接口传入的gradOutput的shape不一致)"),
         doc("功能说明: 计算公式")},
        "gradOutput's D,H,W must equal the avg-pool output size of self's D,H,W for kernelSize/stride/padding/"
        "ceilMode (pooled_size); self's D,H,W and each pooled size must be >= 1",
        "judged on empty tensors too; a zero D, H or W of self has no pooled size, as in PyTorch (AP3.D.EMPTY)"}},
  };
}

RuleWordsById words() {
  RuleWordsById all;
  for (auto part : {tensor_words, type_words, param_words, shape_words}) all.merge(part());
  return all;
}

std::vector<Discrepancy> discrepancies() {
  return {
      {"AP3.D.FORMULA",
       "007's 计算公式 gives D_in = (D_out - 1) * stride + kernel - 2 * padding (and H, W alike): the inverse "
       "relation, exact only when the windows tile the padded input; with the ceilMode note ('D_out shrinks by one "
       "when (D_out - 1) * stride >= D_in + padding') it is PyTorch's output size rule read backwards. It says "
       "nothing of how the gradient is spread.",
       "PyTorch's avg_pool3d_backward is the contract: gradOutput's D, H, W are pooled_size of self's, and every "
       "window [o*s-p, o*s-p+k) clipped to the padded input and then to the input spreads grad/divisor over the "
       "input elements it covers, the divisor being divisorOverride if non-zero, else the padded window size "
       "(countIncludePad) or the number of real elements.",
       {doc("功能说明: 计算公式")}},
      {"AP3.D.NULL_STRIDE",
       "007's 161001 row names gradOutput, self, kernelSize, padding and output, not stride, and a length-0 stride "
       "means stride = kernelSize. Upstream's CheckNotNull refuses a null stride with 161001.",
       "A null stride is legal and means stride = kernelSize, like an empty list (AP3.NULL.TENSORS).",
       {doc("返回值 161001"), doc("参数说明: stride")}},
      {"AP3.D.OUT_DTYPE",
       "007 lists FLOAT32, FLOAT16 and BFLOAT16 for gradOutput, self and output and ties none of them together. "
       "Upstream checks each against the list and compares none; AvgPool3DGrad computes in gradOutput's dtype and "
       "the final ViewCopy casts to output's.",
       "output's dtype equals gradOutput's, else 161002 (AP3.DTYPE.SAME); self's dtype is free.",
       {doc("参数说明")}},
      {"AP3.D.FORMATS",
       "007 lists ND for all three tensors. Upstream checks no format list: it requires only gradOutput's storage "
       "format to equal output's and not to be private, so NCDHW, NCHW or NHWC labels pass.",
       "ND or NCDHW (which names the dims every tensor here has), the same for all three, else 161002 "
       "(AP3.FORMAT.SUPPORTED, AP3.FORMAT.SAME).",
       {doc("参数说明: 数据格式")}},
      {"AP3.D.EMPTY",
       "007 says nothing of empty tensors. Upstream returns success with workspace 0 for an empty gradOutput right "
       "after the null, dtype, rank, list-length and format checks, before the list values and the shapes are "
       "checked; a negative kernel with an empty gradOutput succeeds.",
       "Empty tensors are legal and every rule judges them (a zero N or C passes, a zero D, H or W has no pooled "
       "size); nothing is launched.",
       {doc("参数说明")}},
      {"AP3.D.DIVISOR_INT32",
       "007 says only that divisorOverride 0 has no effect. Upstream hands it to l0op::AvgPool3DGrad as an int, so "
       "an int64 beyond 32 bits is truncated (2^32 becomes 0: no override).",
       "Any int64 is legal and divides as it is; 0 means no override and negative values divide by a negative "
       "number, as in PyTorch.",
       {doc("参数说明: divisorOverride")}},
      {"AP3.D.POOLED_SIZE",
       "007 gives the sizes only as its formula and the ceilMode note. Upstream's PoolingOutShape divides in C++, "
       "toward zero, so a window longer than the padded input still counts one output: depth 2 under kernel 5, "
       "stride 4, padding 1 gives (2 + 2 - 5) / 4 + 1 = 1 where PyTorch's floor gives 0.",
       "PyTorch's pooled_size (floor): such a call has no output window and fails with 161002 (AP3.SHAPE.POOLED); "
       "with padding <= kernel/2 every other size agrees.",
       {doc("功能说明: 计算公式")}},
      {"AP3.D.PLATFORMS",
       "007 marks Ascend950, Atlas A3 and Atlas A2 supported and the other three series not, with no error row "
       "for an unsupported SoC. Upstream's dtype lists are empty off Atlas A2/A3 and the regbase SoCs, so the dtype "
       "check refuses every call there with 161002.",
       "Ascend950, Ascend910_93 and Ascend910B only; every other SoC fails with 161002 (AP3.PLATFORM).",
       {doc("产品支持情况")}},
      {"AP3.D.CALL_EXAMPLE",
       "007's call example: gradOutput (1,16,1,1,1) of ones, self and output (1,16,4,4,4), FLOAT32 in the helper's "
       "default ND format, kernel 4, stride 1, padding 0, countIncludePad false, divisorOverride 0. One window per "
       "plane covers the whole 4x4x4 input.",
       "A valid call (success on every supported SoC); every one of the 1024 results is 1/64 = 0.015625.",
       {doc("调用示例")}},
      {"AP3.D.DETERMINISM",
       "007 约束说明: non-deterministic by default, deterministic on request (aclrtCtxSetSysParamOpt). Upstream "
       "splits N*C over the cores in deterministic mode (TransGrad2CDHW) and accumulates overlapping windows with "
       "atomic adds otherwise.",
       "Deterministic mode must repeat bitwise; default mode may vary between runs only by fp32 summation order, "
       "within the tolerance.",
       {doc("约束说明: 确定性计算")}},
  };
}

}  // namespace

std::vector<StrategyNote> strategies() {
  return {
      {Strategy::Vector,
       {1000, 2000, 3000, 4000, 5000, 6000},
       "AvgPool3DGrad, the 2-D entry point's vector kernel with its depth axis, gradients scaled by 1/divisor in fp32 "
       "and added to their D x H x W windows, atomically when windows overlap (fp16/bf16 through an fp32 workspace "
       "and a cast pass). On upstream's route: NCDHW for kH = sH = kW = sW = 1 (only T: chunks of each (N*C, Do) "
       "plane over the cores, 3000 fp32, 4000 fp16/bf16) and for 12 <= N*C < 256 (blocks of N*C planes x Do/Ho/Wo "
       "ranges round-robin over the cores, 5000, or 6000 one gradient column at a time when one window's row of 64 "
       "planes does not fit the UB); else N*C merged into a channels-last axis tiled by the UB, at most one core per "
       "gradient position (1000 fp16/bf16, 2000 fp32), N*C split over the cores in deterministic mode."},
  };
}

const Document& document_007() {
  static const Document d = [] {
    Document x;
    x.op = "avgpool3d_grad";
    x.aclnn = "aclnnAvgPool3dBackward";
    x.seed = kSeed;
    x.prefix = "AP3";
    x.spatial_rank = 3;
    x.tensor_names = {avgpool2d_grad::kGradOutput, avgpool2d_grad::kSelf, ::poolcheck::avgpool3d_grad::kOutput};
    x.rows = platform_rows();
    x.refused_socs = {"Ascend310B", "Ascend310P", "Ascend910", "Ascend999", "", "ascend910b", "Ascend910_9391"};
    x.formats = {Format::ND, Format::NCDHW};
    x.unlisted_formats = {Format::NCHW,    Format::NCL,      Format::NHWC,     Format::NDHWC,
                          Format::NC1HWC0, Format::FractalZ, Format::NDC1HWC0, Format::Undefined};
    x.format_names_rank = false;
    x.dtype_tied = {::poolcheck::avgpool3d_grad::kGradOutput, ::poolcheck::avgpool3d_grad::kOutput};
    x.cube_math = false;
    x.divisor_in_int32 = false;
    x.empty_refused = false;
    x.words = words();
    x.discrepancies = discrepancies();
    x.strategies = strategies();
    return x;
  }();
  return d;
}

}  // namespace avgpool3d_grad

const OperatorSpec& avgpool3d_grad::operator_spec() {
  static const OperatorSpec spec = avgpool2d_grad::spec_of(avgpool3d_grad::document_007());
  return spec;
}

}  // namespace poolcheck::spec
