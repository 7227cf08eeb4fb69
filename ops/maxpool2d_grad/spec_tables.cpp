// aclnnMaxPool2dWithIndicesBackward's document: its platform table, its facts and its discrepancies.
#include "ops/maxpool2d_grad/spec_internal.h"

namespace poolcheck::spec::maxpool2d_grad {

namespace {

std::vector<PlatformRow> platform_rows() {
  return {
      {"Ascend910B", "Atlas A2 训练系列产品/Atlas A2 推理系列产品", true, {DType::F32}, {DType::I32}, {"005"}},
      {"Ascend910_93", "Atlas A3 训练系列产品/Atlas A3 推理系列产品", true, {DType::F32}, {DType::I32}, {"005"}},
      {"Ascend950",
       "Ascend 950PR/Ascend 950DT",
       true,
       {DType::F32, DType::F16, DType::BF16},
       {DType::I32, DType::I64},
       {"005"}},
      {"Ascend310B", "Atlas 200I/500 A2 推理产品", false, {}, {}, {"005"}},
      {"Ascend310P", "Atlas 推理系列产品", false, {}, {}, {"005"}},
      {"Ascend910", "Atlas 训练系列产品", false, {}, {}, {"005"}},
  };
}

std::vector<Discrepancy> discrepancies() {
  return {
      {"MP2.D.NULL_CHECKS",
       "The 161001 row names only self and indices. ops-nn's op_api checks every pointer argument.",
       "All eight pointer arguments give 161001 (MP2.NULL.SELF_INDICES, MP2.NULL.OTHER); a null workspaceSize or "
       "executor gives 161001 first (MP2.NULL.OUT_PARAMS).",
       {cite("005", "返回值 table row 1", "005")}},
      {"MP2.D.PADDING_BOUND",
       "The 161002 row says padding may not be below 0 or above kernelSize. ops-nn's op_api (the 3-D check it "
       "reuses) refuses padding above kernelSize / 2.",
       "The document's bound: 0 <= padding <= kernelSize (MP2.PADDING.VALUE); the generators draw within "
       "kernelSize / 2, where both agree, and the rule's mutations reach past kernelSize.",
       {cite("005", "返回值 161002 row 9", "005")}},
      {"MP2.D.DILATION",
       "The parameter table gives dilation no length or value text; the platform notes say Ascend950 takes values "
       "above 0 and 1-D or 2-D input, A2/A3 only (1, 1); the 161002 row says only that the values must meet the "
       "parameter's requirement.",
       "Length 1 or 2 (MP2.DILATION.LEN); every value 1 on A2/A3, above 0 on Ascend950 (MP2.DILATION.VALUE).",
       {cite("005", "参数说明 notes; 返回值 161002 row 10", "005")}},
      {"MP2.D.DTYPE_SAME",
       "gradOutput, self and gradInput list the same dtypes, but the document never says they must be equal.",
       "gradOutput and gradInput must have self's dtype, else 161002 (MP2.DTYPE.SAME).",
       {cite("005", "参数说明 table: 数据类型 column", "005")}},
      {"MP2.D.EMPTY",
       "The document says nothing of empty tensors.",
       "A zero dim in any of the four tensors fails GetWorkspaceSize with 161002 (MP2.EMPTY), as for the 3-D entry "
       "point whose kernels run it.",
       {cite("005", "参数说明 table: 维度(shape) column", "005")}},
      {"MP2.D.GRADOUTPUT_SHAPE",
       "gradOutput is '和正向的输出shape一致' with no error row for a mismatch.",
       "Checked in GetWorkspaceSize with 161002: N and C (MP2.SHAPE.BATCH_CHANNEL), then H and W against the "
       "document's output-size formula (MP2.SHAPE.POOLED).",
       {cite("005", "参数说明 table: gradOutput; 功能说明 formula", "005")}},
      {"MP2.D.INDEX_VALIDITY",
       "约束说明 bounds indices by H_in*W_in and 0; nothing is said of an index inside the plane but outside its "
       "window.",
       "Execute returns 161002 and leaves gradInput untouched for an index outside its window, outside the plane or "
       "negative (MP2.INDEX.RANGE).",
       {cite("005", "约束说明", "005")}},
      {"MP2.D.NAN_INPUT",
       "约束说明: '输入数据暂不支持NaN、-Inf'.",
       "The generators never put NaN or infinities into this entry point's inputs (no 'special' fill); what a "
       "library does with them is undefined here.",
       {cite("005", "约束说明", "005")}},
      {"MP2.D.NHWC_950",
       "Ascend950 lists NHWC for all four tensors. ops-nn runs MaxPoolGradWithArgmaxV3's arch35 kernels there, "
       "whose channels-last template the emulated library does not reproduce.",
       "NHWC on Ascend950 is valid (no rule refuses it); the emulated library answers 561003 (no kernel), so the "
       "generators draw ND and NCHW only.",
       {cite("005", "Ascend950 note", "005")}},
  };
}

}  // namespace

RuleWordsById indices_words();           // spec_words.cpp
std::vector<StrategyNote> strategies();  // spec_strategies.cpp

const Document& indices_document() {
  static const Document d{"maxpool2d_grad",
                          "aclnnMaxPool2dWithIndicesBackward",
                          "005",
                          "MP2",
                          platform_rows(),
                          {"Ascend310B", "Ascend310P", "Ascend910", "Ascend310", "Ascend999", "", "ascend910b"},
                          {"Ascend950"},
                          {"Ascend950"},
                          [](const TensorArg& grad_output, const Dims2&) { return grad_output.shape; },
                          true,
                          indices_words(),
                          discrepancies(),
                          strategies()};
  return d;
}

}  // namespace poolcheck::spec::maxpool2d_grad
