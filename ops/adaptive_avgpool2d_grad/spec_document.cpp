// aclnnAdaptiveAvgPool2dBackward's document (seed 008) as the adaptive family's rules read it: its platform table,
// what it says of each rule and what was chosen where it is silent, and the discrepancies with upstream's op_api
// (pooling/adaptive_avg_pool2d_grad/op_api/aclnn_adaptive_avg_pool2d_backward.cpp) and PyTorch.
#include "ops/adaptive_avgpool2d_grad/spec.h"
#include "ops/adaptive_avgpool3d_grad/spec_internal.h"

namespace poolcheck::spec {

namespace adaptive_avgpool2d_grad {

namespace {

using adaptive_avgpool3d_grad::Document;
using adaptive_avgpool3d_grad::kInputs;

constexpr const char* kSeed = "008";

Citation doc(std::string section) { return cite(kSeed, std::move(section), kSeed); }

std::vector<PlatformRow> platform_rows() {
  const std::vector<DType> all{DType::F32, DType::F16, DType::BF16};
  const std::vector<DType> atlas{DType::F32, DType::F16};  // 参数说明's note: no BFLOAT16 there
  return {
      {"Ascend950", "Ascend 950PR/Ascend 950DT", true, all, {}, {kSeed}},
      {"Ascend910_93", "Atlas A3 训练系列产品/Atlas A3 推理系列产品", true, all, {}, {kSeed}},
      {"Ascend910B", "Atlas A2 训练系列产品/Atlas A2 推理系列产品", true, all, {}, {kSeed}},
      {"Ascend310B", "Atlas 200I/500 A2 推理产品", false, {}, {}, {kSeed}},
      {"Ascend310P", "Atlas 推理系列产品", true, atlas, {}, {kSeed}},
      {"Ascend910", "Atlas 训练系列产品", true, atlas, {}, {kSeed}},
  };
}

RuleWordsById words() {
  return {
      {"NULL.OUT_PARAMS",
       {{}, "", "161001 before any other check, as for every operator here (AA2.D.NULL_CHECKS)", false}},
      {"NULL.TENSORS",
       {{doc("返回值 161001 (传入的gradOutput或self是空指针)")},
        "gradOutput, self and out must not be nullptr",
        "out is held to it too, as upstream's CheckNotNull does; the row names gradOutput and self only "
        "(AA2.D.NULL_CHECKS)"}},
      {"TENSOR.DESCRIPTOR", {{}, "", "161002: an aclTensor the runtime cannot address is an invalid parameter", false}},
      {"TENSOR.EXTENT", {{}, "", "161002 instead of reading or writing outside the buffer; not in the docs", false}},
      {"PLATFORM",
       {{doc("产品支持情况 (950PR/950DT √, A3 √, A2 √, 200I/500 A2 ×, Atlas 推理 √, Atlas 训练 √)")},
        "platform (SoC) must be Ascend950, Ascend910_93, Ascend910B, Ascend310P or Ascend910",
        "161002 for Ascend310B and unknown SoCs; the document has no error row for it (AA2.D.PLATFORMS)"}},
      {"RANK",
       {{doc("返回值 161002 #3 (gradOutput和self维度不一致)"),
         doc("返回值 161002 #4 (gradOutput或self的维度不等于3或4)"),
         doc("参数说明: gradOutput, self, out (维度(shape) 3-4)")},
        "gradOutput, self and out must each have 3 (C,H,W) or 4 (N,C,H,W) dims, all three the same",
        "out is held to it too: its row lists 3-4 dims and it receives self's gradient (AA2.D.RANKS)"}},
      {"SHAPE.OUT",
       {{},
        "out's shape must equal self's in every dim",
        "161002: out receives self's gradient; the document states no rule for out's shape, and upstream compares "
        "only its rank and leading dims (AA2.D.OUT_CHECKS, AA2.D.OUT_SHAPE)",
        false}},
      {"SHAPE.NC",
       {{doc("返回值 161002 #5 (NC维度不一致)"), doc("参数说明: gradOutput (NC维度和self保持一致)")},
        "gradOutput's leading dims (N,C for 4-D, C for 3-D) must equal self's",
        "judged on empty tensors too: the document refuses none (AA2.D.EMPTY)"}},
      {"DTYPE.SUPPORTED",
       {{doc("参数说明: gradOutput, self, out (数据类型 FLOAT32、FLOAT16、BFLOAT16)"),
         doc("参数说明: Atlas 推理系列产品、Atlas 训练系列产品 (self、out的数据类型不支持BFLOAT16)"),
         doc("返回值 161002 #1 (gradOutput或self的数据类型和数据格式不在支持的范围之内)")},
        "gradOutput's and self's dtypes must be in the platform's list: FLOAT32, FLOAT16, BFLOAT16 on Ascend950, "
        "Ascend910_93 and Ascend910B; FLOAT32, FLOAT16 on Ascend310P and Ascend910",
        "the note names self and out; gradOutput shares self's dtype (AA2.DTYPE.SAME)"}},
      {"DTYPE.SAME",
       {{doc("返回值 161002 #2 (gradOutput和self数据类型不一致)"), doc("参数说明: gradOutput (数据类型与self一致)")},
        "gradOutput, self and out must all have the same dtype",
        "out is held to self's dtype too: it receives self's gradient; the row names gradOutput and self only "
        "(AA2.D.OUT_CHECKS, AA2.D.OUT_DTYPE)"}},
      {"FORMAT.SUPPORTED",
       {{doc("参数说明: gradOutput, self (数据格式 ND、NCHW、NCL)"),
         doc("返回值 161002 #1 (gradOutput或self的数据类型和数据格式不在支持的范围之内)")},
        "gradOutput's and self's formats must be ND, NCHW or NCL, for 3-D and 4-D tensors alike",
        "out's format is not judged: its row lists the same formats but no error row names it; nothing ties the "
        "formats together (AA2.D.FORMATS)"}},
      {"OUTPUT.OVERLAP",
       {{}, "", "161002, so no write is ambiguous; not in the docs (008 allows non-contiguous out)", false}},
  };
}

std::vector<Discrepancy> discrepancies() {
  return {
      {"AA2.D.NULL_CHECKS",
       "008's 161001 row names gradOutput and self. Upstream's CheckNotNull also refuses a null out with 161001; "
       "the document says nothing of workspaceSize and executor.",
       "gradOutput, self and out null: 161001 (AA2.NULL.TENSORS); a null workspaceSize or executor: 161001 before "
       "any other check (AA2.NULL.OUT_PARAMS).",
       {doc("返回值 161001")}},
      {"AA2.D.OUT_CHECKS",
       "008 lists out's dtypes, formats and ranks but no error row names out. Upstream's CheckInputOutputShape "
       "requires out's rank to be 3 or 4 and equal to self's, and out's and gradOutput's leading dims to equal "
       "self's; out's H and W, dtype and format are never compared.",
       "out receives self's gradient: its shape and dtype equal self's (AA2.SHAPE.OUT, AA2.DTYPE.SAME) and its rank "
       "is listed (AA2.RANK); its format is free (AA2.FORMAT.SUPPORTED judges gradOutput and self).",
       {doc("参数说明: out"), doc("返回值 161002")}},
      {"AA2.D.FORMATS",
       "008 lists ND, NCHW and NCL for all three tensors and refuses formats 'not in the supported range' for "
       "gradOutput and self. Upstream's CheckFormat accepts any non-private format, requires gradOutput's and "
       "self's storage formats to be equal, and ignores out's; the label never changes the computation (the "
       "tensors are read by rank). NCL is listed for 3-D and 4-D tensors alike.",
       "gradOutput and self each ND, NCHW or NCL, whatever the rank, not necessarily equal; out's format free; "
       "any other format on gradOutput or self fails with 161002 (AA2.FORMAT.SUPPORTED).",
       {doc("参数说明: 数据格式 (ND、NCHW、NCL)"), doc("返回值 161002 #1")}},
      {"AA2.D.EMPTY",
       "008 has no row for empty tensors and no zero-dim rule. Upstream checks only that no dim is negative and, "
       "for an empty self or gradOutput, succeeds with a workspace of 0 and launches nothing, so out is left as it "
       "was.",
       "Empty tensors are legal: success with no kernel. The generators draw no empty tensor (a valid case has "
       "something to compute), and a zero dim is judged by the other rules alone (AA2.SHAPE.NC included).",
       {doc("返回值 161002")}},
      {"AA2.D.ASSIST_FLOAT",
       "008 lists FLOAT32 on the Atlas training and inference series without a precision note (the mask entry "
       "point's document says where FLOAT is computed as FLOAT16; this one does not). Upstream's route there "
       "(AdaptiveAvgPool2dAssistMatrix, Mul, two BatchMatMul) runs the matmuls on a Cube without FLOAT32 inputs "
       "(IsInputSupportFp32 is false off DAV_2201/DAV_3510): the operands are cast to FLOAT16, so a FLOAT32 call "
       "carries FLOAT16 rounding.",
       "FLOAT32 results meet the FLOAT32 rows of docs/tolerance.md on every SoC; upstream's FLOAT16 operands are a "
       "finding against the document, reproduced by the upstream profile.",
       {doc("参数说明: gradOutput, self, out (数据类型)"), doc("产品支持情况")}},
      {"AA2.D.PLATFORMS",
       "008's 产品支持情况 marks Atlas 200I/500 A2 推理产品 not supported and has no error row for a platform. "
       "Upstream's "
       "op_api has no SoC check: on every SoC outside ASCEND910B..ASCEND910E, unlisted ones included, FLOAT32 and "
       "FLOAT16 pass its checks and take the Fill x Mul or assist-matmul route.",
       "Ascend310B and unknown SoCs fail GetWorkspaceSize with 161002 (AA2.PLATFORM), as the table says.",
       {doc("产品支持情况")}},
      {"AA2.D.DTYPES",
       "008 lists FLOAT32, FLOAT16 and BFLOAT16, no BFLOAT16 on the Atlas training and inference series, gradOutput's "
       "dtype equal to self's. Upstream's list is the same on the documented SoCs (BFLOAT16 only between ASCEND910B "
       "and ASCEND910E in CANN's SoC order, where Ascend950's place is not visible in ops-nn) and refuses DOUBLE.",
       "The document's lists per SoC, BFLOAT16 on Ascend950 included (AA2.DTYPE.SUPPORTED, AA2.DTYPE.SAME).",
       {doc("参数说明: gradOutput, self, out (数据类型)")}},
      {"AA2.D.RANKS",
       "008 refuses gradOutput and self of unequal ranks or of a rank other than 3 or 4, and lists 3-4 for out. "
       "Upstream requires gradOutput's rank to equal self's and out's to be 3 or 4 and equal to self's.",
       "All three ranks 3 or 4 and equal, else 161002 (AA2.RANK).",
       {doc("返回值 161002 #3, #4")}},
      {"AA2.D.OUT_SHAPE",
       "008 states no rule for out's H and W. Upstream's op_api does not compare them with self's; the route's last "
       "ViewCopy of the self-shaped result into out (after a Reshape to out's shape on A2/A3) then fails inside "
       "GetWorkspaceSize with an internal status (561103).",
       "out's shape equals self's, else 161002 before any computation is built (AA2.SHAPE.OUT).",
       {doc("参数说明: out")}},
      {"AA2.D.OUT_DTYPE",
       "008 states no rule for out's dtype. Upstream's op_api does not compare it with self's: the Fill x Mul route "
       "casts its product to out's dtype and succeeds, the other routes' ViewCopy of a gradOutput-dtype result fails "
       "with an internal status (561103).",
       "out's dtype equals self's, else 161002 (AA2.DTYPE.SAME).",
       {doc("参数说明: out")}},
      {"AA2.D.ALL_ONE_PRECISION",
       "008 gives no precision statement. For a 1x1 gradOutput upstream computes Fill(1/(H*W)) in self's dtype (the "
       "factor a double division rounded to float, then to the dtype) times the gradient in that dtype: two "
       "roundings in FLOAT16 and BFLOAT16.",
       "The reference is the exact gradient; the tolerance admits the factor's and the product's roundings in the "
       "dtype (docs/tolerance.md, the adaptive all-one path).",
       {doc("功能说明")}},
      {"AA2.D.CALL_EXAMPLE",
       "008's call example: gradOutput (1,1,3,2), self and out (1,1,4,2), FLOAT32, ACL_FORMAT_NCHW, contiguous. It "
       "omits CHECK_RET after creating gradOutput and leaves `executor` uninitialised before the call (harmless: "
       "the call writes it). H 4 -> 3 gives windows [0,2), [1,3), [2,4); W 2 -> 2 is the identity.",
       "A valid call (success on every supported SoC); result[0..7] = 0.5, 1, 2, 3, 4, 5, 2.5, 3.",
       {doc("调用示例")}},
      {"AA2.D.SEMANTICS",
       "008 defines the operator only as aclnnAdaptiveAvgPool2d's backward, without a formula or window "
       "definition. Upstream's kernels and PyTorch both use start = floor(o*I/O), end = ceil((o+1)*I/O) per axis.",
       "PyTorch's _adaptive_avg_pool2d_backward: each input element receives the sum, over the output cells whose "
       "window covers it, of gradOutput / (kH*kW); the family's reference with a depth of one.",
       {doc("功能说明")}},
      {"AA2.D.DETERMINISM",
       "008 约束说明: non-deterministic by default, deterministic on request (aclrtCtxSetSysParamOpt). Upstream "
       "accumulates with atomic adds only on the A2/A3 route when a size does not divide; the Ascend950 and Atlas "
       "training/inference routes write each element once.",
       "Deterministic mode must repeat bitwise; default mode may vary between runs only by FP32 summation order, "
       "within the tolerance.",
       {doc("约束说明: 确定性计算")}},
  };
}

const Document& document_008() {
  static const Document d{"adaptive_avgpool2d_grad",
                          "aclnnAdaptiveAvgPool2dBackward",
                          kSeed,
                          "AA2",
                          2,
                          platform_rows(),
                          {"Ascend310B", "Ascend999", "", "ascend910b", "Ascend910B ", "Ascend310", "Ascend910_95"},
                          {Format::ND, Format::NCHW, Format::NCL},
                          {Format::NCDHW, Format::NHWC, Format::NDHWC, Format::NC1HWC0, Format::FractalZ,
                           Format::NDC1HWC0, Format::Undefined},
                          kInputs,
                          false,
                          false,
                          words(),
                          discrepancies(),
                          strategies()};
  return d;
}

}  // namespace

}  // namespace adaptive_avgpool2d_grad

const OperatorSpec& adaptive_avgpool2d_grad::operator_spec() {
  static const OperatorSpec spec = adaptive_avgpool3d_grad::spec_of(adaptive_avgpool2d_grad::document_008());
  return spec;
}

}  // namespace poolcheck::spec
