// aclnnMaxPool2dWithMaskBackward's document (seed 006): its platform table, its facts, what it says of each rule,
// its discrepancies and strategies. The rules themselves are the 2-D max-pool backward's (its family's).
#include "ops/maxpool2d_grad/spec_document.h"

#include "ops/maxpool2d_mask_grad/family.h"
#include "ops/maxpool2d_mask_grad/spec.h"
#include "spec/view_rules.h"

namespace poolcheck::spec::maxpool2d_mask_grad {

namespace {

using maxpool2d_grad::Document;

Citation c006(const char* section) { return cite("006", section, "006"); }

std::vector<PlatformRow> platform_rows() {
  const std::vector<DType> all{DType::F32, DType::F16, DType::BF16};
  return {
      {"Ascend910B", "Atlas A2 训练系列产品/Atlas A2 推理系列产品", true, all, {DType::I8}, {"006"}},
      {"Ascend910_93", "Atlas A3 训练系列产品/Atlas A3 推理系列产品", true, all, {DType::I8}, {"006"}},
      {"Ascend910", "Atlas 训练系列产品", true, {DType::F32, DType::F16}, {DType::I8}, {"006"}},
      {"Ascend950", "Ascend 950PR/Ascend 950DT", false, {}, {}, {"006"}},
      {"Ascend310B", "Atlas 200I/500 A2 推理产品", false, {}, {}, {"006"}},
      {"Ascend310P", "Atlas 推理系列产品", false, {}, {}, {"006"}},
  };
}

RuleWordsById words() {
  RuleWordsById words = maxpool2d_grad::unstated_rule_words("MPM");
  words.merge(RuleWordsById{
      {"NULL.SELF_INDICES",
       {{c006("返回值 table row 1 (ACLNN_ERR_PARAM_NULLPTR: 传入的self、indices是空指针)")},
        "self and indices must not be nullptr",
        "",
        true}},
      {"PLATFORM",
       {{c006("产品支持情况")},
        "platform (SoC) must be Ascend910B, Ascend910_93 or Ascend910 (the Atlas training series)",
        "161002 for every other SoC, Ascend950 included (no error row names the platform)",
        true}},
      {"DTYPE.SELF",
       {{c006("参数说明: self 数据类型 (FLOAT32、FLOAT16、BFLOAT16); 返回值 161002 row 1")},
        "self dtype must be FLOAT, FLOAT16 or BFLOAT16 on Ascend910B/Ascend910_93, FLOAT or FLOAT16 on Ascend910",
        "no BFLOAT16 on the Atlas training series, as its forward's document (aclnnMaxPool2dWithMask) says "
        "(MPM.D.BF16_TRAINING)",
        true}},
      {"DTYPE.INDICES",
       {{c006("参数说明: indices INT8; 返回值 161002 row 1")}, "indices (the mask) dtype must be INT8", "", true}},
      {"FORMAT.SUPPORTED",
       {{c006("参数说明 table: 数据格式 column (NCHW); 返回值 161002 row 2")},
        "every tensor's format must be ND or NCHW",
        "ND too, as for the Indices entry point on the same SoCs (MPM.D.FORMAT_ND)",
        true}},
      {"FORMAT.SAME",
       {{c006("参数说明 table: gradOutput 数据格式和self一致, gradInput shape和数据格式与self保持一致")},
        "gradOutput, indices and gradInput must have self's format",
        "",
        true}},
      {"RANK",
       {{c006("参数说明 table: 维度(shape) column (4)")},
        "gradOutput, self, indices and gradInput must each have 3 or 4 dims",
        "3 (CHW) too: its forward writes CHW masks and ops-nn's op_api takes them (MPM.D.RANK_CHW)",
        true}},
      {"KERNEL.LEN",
       {{c006("参数说明 table: kernelSize (长度仅支持1、2); 返回值 161002 row 4")},
        "kernelSize length must be 1 or 2",
        "",
        true}},
      {"KERNEL.VALUE",
       {{c006("返回值 161002 row 5 (kernelSize中的数值中存在小于等于0的数值)")},
        "every kernelSize value must be > 0",
        "",
        true}},
      {"STRIDE.LEN",
       {{c006("参数说明 table: stride (长度仅支持0、1、2); 返回值 161002 row 6")},
        "stride length must be 0 (stride = kernelSize), 1 or 2",
        "",
        true}},
      {"STRIDE.VALUE",
       {{c006("返回值 161002 row 7 (stride的数值中存在小于等于0的值)")}, "every stride value must be > 0", "", true}},
      {"PADDING.LEN",
       {{c006("参数说明 table: padding (长度仅支持1、2); 返回值 161002 row 8")},
        "padding length must be 1 or 2",
        "",
        true}},
      {"PADDING.VALUE",
       {{c006("返回值 161002 row 9 (padding的数值中存在小于0或者大于kernelSize的数值)")},
        "every padding value must satisfy 0 <= padding <= kernelSize (per axis after broadcasting)",
        "the document's bound kernelSize, not ops-nn's op_api's kernelSize / 2 (MPM.D.PADDING_BOUND)",
        true}},
      {"DILATION.LEN",
       {{c006("参数说明 table: dilation (长度仅支持1、2，值仅支持1)")}, "dilation length must be 1 or 2", "", true}},
      {"DILATION.VALUE",
       {{c006("参数说明 table: dilation (值仅支持1); 返回值 161002 row 10 (dilation的数值不等于1)")},
        "every dilation value must be 1",
        "",
        true}},
      {"SHAPE.INDICES",
       {{c006("参数说明 table: indices (最大值在求mask的kernel位置的bit值组成的Tensor)")},
        "indices (the mask) shape must be [N, C, kH*kW, (ceil(Ho*Wo/16)+1)*32] of gradOutput's N, C, Ho, Wo "
        "(CHW: without N)",
        "the shape aclnnMaxPool2dWithMask's document gives its mask, not the error row's 'gradOutput与indices的shape"
        "一致' (MPM.D.INDICES_SHAPE)",
        true}},
      {"SHAPE.GRADINPUT",
       {{c006("参数说明 table: gradInput (shape和数据格式与self保持一致); 返回值 161002 row 3")},
        "gradInput shape must equal self shape",
        "",
        true}},
      {"SHAPE.BATCH_CHANNEL",
       {{c006("参数说明 table: gradOutput (和正向的输出shape一致)")},
        "gradOutput's N and C must equal self's",
        "161002 in GetWorkspaceSize (MPM.D.GRADOUTPUT_SHAPE)",
        true}},
      {"SHAPE.POOLED",
       {{c006("参数说明 table: gradOutput (和正向的输出shape一致)")},
        "gradOutput's H,W must equal the max-pool output size of self's H,W for kernelSize, stride, padding and "
        "ceilMode (a last window starting in the padding dropped), each >= 1",
        "161002 in GetWorkspaceSize; the output size is the forward's (aclnnMaxPool2dWithIndices' formula, "
        "MPM.D.GRADOUTPUT_SHAPE)",
        true}},
  });
  return words;
}

std::vector<Discrepancy> discrepancies() {
  return {
      {"MPM.D.NULL_CHECKS",
       "The 161001 row names only self and indices. ops-nn's op_api checks every pointer argument.",
       "All eight pointer arguments give 161001 (MPM.NULL.SELF_INDICES, MPM.NULL.OTHER); a null workspaceSize or "
       "executor gives 161001 first (MPM.NULL.OUT_PARAMS).",
       {c006("返回值 table row 1")}},
      {"MPM.D.BF16_TRAINING",
       "The parameter table lists BFLOAT16 for every platform; the forward's document (aclnnMaxPool2dWithMask) "
       "says the Atlas training series has no BFLOAT16, and ops-nn's op_api lists FLOAT16 and FLOAT only there.",
       "BFLOAT16 is refused with 161002 on Ascend910 (MPM.DTYPE.SELF).",
       {c006("参数说明 table: 数据类型 column")}},
      {"MPM.D.FORMAT_ND",
       "The parameter table lists NCHW only. ops-nn's op_api takes ND as well (the Indices entry point's check), "
       "and an ND tensor of rank 4 has NCHW's layout.",
       "ND and NCHW are valid; NHWC and every other format give 161002 (MPM.FORMAT.SUPPORTED).",
       {c006("参数说明 table: 数据格式 column")}},
      {"MPM.D.RANK_CHW",
       "The parameter table gives 4 dims. Its forward writes a CHW call's mask as [C, kH*kW, width] and ops-nn's "
       "op_api checks that shape for 3-D calls.",
       "3 or 4 dims, all equal (MPM.RANK, MPM.RANK.SAME).",
       {c006("参数说明 table: 维度(shape) column")}},
      {"MPM.D.INDICES_SHAPE",
       "The 161002 row says gradOutput and indices must have the same shape, which a mask never has; the "
       "parameter table describes indices as the forward's bit mask.",
       "The mask's shape from the forward's formula, checked in GetWorkspaceSize (MPM.SHAPE.INDICES), as "
       "ops-nn's op_api checks it.",
       {c006("返回值 161002 row 3; 参数说明 table: indices")}},
      {"MPM.D.PADDING_BOUND",
       "The 161002 row says padding may not be below 0 or above kernelSize. ops-nn's op_api refuses padding above "
       "kernelSize / 2.",
       "The document's bound: 0 <= padding <= kernelSize (MPM.PADDING.VALUE); the generators draw within "
       "kernelSize / 2, where both agree, and the rule's mutations reach past kernelSize.",
       {c006("返回值 161002 row 9")}},
      {"MPM.D.DTYPE_SAME",
       "gradOutput, self and gradInput list the same dtypes, but the document never says they must be equal.",
       "gradOutput and gradInput must have self's dtype, else 161002 (MPM.DTYPE.SAME).",
       {c006("参数说明 table: 数据类型 column")}},
      {"MPM.D.EMPTY",
       "The document says nothing of empty tensors.",
       "A zero dim in any of the four tensors fails GetWorkspaceSize with 161002 (MPM.EMPTY).",
       {c006("参数说明 table: 维度(shape) column")}},
      {"MPM.D.GRADOUTPUT_SHAPE",
       "gradOutput is '和正向的输出shape一致' with no error row for a mismatch, and this document gives no "
       "output-size formula (the Indices document's is the same forward's).",
       "Checked in GetWorkspaceSize with 161002: N and C (MPM.SHAPE.BATCH_CHANNEL), then H and W against the "
       "output-size formula (MPM.SHAPE.POOLED).",
       {c006("参数说明 table: gradOutput")}},
      {"MPM.D.MASK_CONTENT",
       "The document says what the mask is made of ('最大值在求mask的kernel位置的bit值') but not how; no error row "
       "concerns its contents.",
       "The layout is the forward's (docs/mask-layout.md): INT32 argmax offsets on A2/A3 for a kernel other than "
       "1x1, NC1HWC0 lane bits otherwise. No mask is refused for its contents; the generators write masks as the "
       "forward does.",
       {c006("参数说明 table: indices")}},
      {"MPM.D.MASK_CONTIGUOUS",
       "The parameter table marks indices as taking non-contiguous tensors; ops-nn's op_api hands the mask to the "
       "kernel as it is ('自定义mask语义接口时，indices不支持不连续Tensor').",
       "A strided mask is valid, as the table says: the generators give the mask the layout they draw for the other "
       "tensors (views and storage offsets too), and the emulated library copies a strided mask densely first.",
       {c006("参数说明 table: 非连续Tensor column")}},
      {"MPM.D.NAN_INPUT",
       "约束说明: '输入数据暂不支持NaN、-Inf'.",
       "The generators never put NaN or infinities into this entry point's inputs (no 'special' fill).",
       {c006("约束说明")}},
      {"MPM.D.FP16_COMPUTE",
       "约束说明: FLOAT input on the Atlas training series is computed as FLOAT16, with some loss of precision.",
       "The reference judges such a result as FLOAT16's: each gradient and the sum round to FLOAT16 "
       "(docs/tolerance.md).",
       {c006("约束说明 (Atlas 训练系列产品)")}},
  };
}

}  // namespace

std::vector<StrategyNote> strategies() {
  const std::vector<std::string> a2{"Ascend910B", "Ascend910_93"};
  const std::vector<std::string> v1{"Ascend910B", "Ascend910_93", "Ascend910"};
  return {
      {Strategy::Normal,
       {0, 100},
       "A kernel other than 1x1 on A2/A3: the mask's INT32 argmax read by the 3-D max-pool family's Normal template "
       "with D = 1 (key 100 with overlapping windows cut over cores or UB tiles).",
       a2},
      {Strategy::Scatter,
       {2, 102},
       "The same, where Normal's smallest tile does not fit: the family's Scatter template with D = 1.",
       a2},
      {Strategy::V1Plane,
       {1},
       "MaxPoolGradWithArgmaxV1 on the NC1HWC0 lane bits (every call on Ascend910, a 1x1 kernel on A2/A3): blocks "
       "over N*C1 planes, a whole input plane accumulated per pass. The TBE kernel's tiling is not in ops-nn: the "
       "emulated library's own, not stated.",
       v1},
      {Strategy::V1Rows,
       {2},
       "MaxPoolGradWithArgmaxV1 where a plane does not fit the UB: input rows per pass (not stated, as V1Plane).",
       v1},
  };
}

}  // namespace poolcheck::spec::maxpool2d_mask_grad

namespace poolcheck::spec {

namespace {

const maxpool2d_grad::Document& mask_document() {
  static const maxpool2d_grad::Document d{
      "maxpool2d_mask_grad",
      "aclnnMaxPool2dWithMaskBackward",
      "006",
      "MPM",
      maxpool2d_mask_grad::platform_rows(),
      {"Ascend950", "Ascend310B", "Ascend310P", "Ascend310", "Ascend999", "", "ascend910b"},
      {},
      {},
      [](const TensorArg& grad_output, const maxpool2d_grad::Dims2& kernel) {
        return ::poolcheck::maxpool2d_mask_grad::mask_shape(grad_output, kernel);
      },
      false,
      maxpool2d_mask_grad::words(),
      maxpool2d_mask_grad::discrepancies(),
      maxpool2d_mask_grad::strategies()};
  return d;
}

}  // namespace

const OperatorSpec& maxpool2d_mask_grad::operator_spec() {
  static const OperatorSpec spec = maxpool2d_grad::spec_of(mask_document());
  return spec;
}

}  // namespace poolcheck::spec
