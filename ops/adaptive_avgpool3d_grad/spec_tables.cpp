// aclnnAdaptiveAvgPool3dBackward's document (seed 002) as its rules read it: the platform table, what it says of
// each rule and what was chosen where it is silent, and the discrepancies: where 002 is silent or ambiguous, or
// differs from the upstream implementation and PyTorch.
#include "ops/adaptive_avgpool3d_grad/spec_internal.h"

namespace poolcheck::spec::adaptive_avgpool3d_grad {

namespace {

constexpr const char* kSeed = "002";

const std::vector<DType> kA2A3{DType::F32, DType::F16, DType::BF16};
const std::vector<DType> kAtlas{DType::F32, DType::F16};

Citation doc(std::string section) { return cite(kSeed, std::move(section), kSeed); }

std::vector<PlatformRow> platform_rows() {
  // Product names as 002's 产品支持情况 table prints them; characters lost in transit (U+FFFD) are restored from
  // the same rows of the other seed documents. The dtype lists of the Atlas training/inference rows are upstream's
  // (no BFLOAT16), not the doc's (AA.D.BF16_ATLAS).
  return {
      {"Ascend910B", "Atlas A2 训练系列产品/Atlas A2 推理系列产品", true, kA2A3, {}, {kSeed}},
      {"Ascend910_93", "Atlas A3 训练系列产品/Atlas A3 推理系列产品", true, kA2A3, {}, {kSeed}},
      {"Ascend910", "Atlas 训练系列产品", true, kAtlas, {}, {kSeed}},
      {"Ascend310P", "Atlas 推理系列产品", true, kAtlas, {}, {kSeed}},
      {"Ascend950", "Ascend 950PR/Ascend 950DT", false, {}, {}, {kSeed}},
      {"Ascend310B", "Atlas 200I/500 A2 推理产品", false, {}, {}, {kSeed}},
  };
}

std::vector<Discrepancy> discrepancies() {
  return {
      {"AA.D.PLATFORMS",
       "002's 产品支持情况 marks Atlas A3, Atlas A2, Atlas 推理系列产品 and Atlas 训练系列产品 supported and Ascend "
       "950PR/950DT and Atlas 200I/500 A2 推理产品 not supported, with no per-platform restriction anywhere else. "
       "Upstream's CheckParamsLogic refuses (161002) every call on ASCEND910 (Atlas training) whose gradOutput D,H,W "
       "is not (1,1,1), i.e. everything but the all-one Fill+Mul path; Atlas inference has no such restriction.",
       "The doc's table: Ascend910B, Ascend910_93, Ascend910 and Ascend310P are supported for every shape; "
       "Ascend950, Ascend310B and unknown SoCs fail GetWorkspaceSize with 161002 (AA.PLATFORM). Upstream's "
       "Ascend910 limit is an undocumented implementation restriction: a device run on Ascend910 with an output "
       "other than 1x1x1 is expected to differ from this spec.",
       {doc("产品支持情况")}},
      {"AA.D.ASCEND950",
       "002 marks Ascend 950PR/950DT not supported, yet upstream has a complete arch35 (regbase) path: its dtype "
       "list (FP32/FP16/BF16, DOUBLE when all-one), AdaptiveAvgPool3dGrad with data_format NCDHW and three tiling "
       "templates (big kernel, small kernel, SIMT).",
       "Not supported: 161002 (AA.PLATFORM), as the doc's table says.",
       {doc("产品支持情况")}},
      {"AA.D.OUT_N_950",
       "On regbase SoCs (Ascend950) upstream's dim loop in CheckInputOutDims starts at 1: out's N is never compared "
       "with self's and self's N may be 0. Moot under 002 (950 is not supported), but the check would miss an out "
       "that differs from self only in N if 950 were enabled.",
       "out equals self in every dim, N included (AA.SHAPE.OUT), and N = 0 is refused (AA.SHAPE.ZERO), on every "
       "supported SoC.",
       {doc("返回值 161002 #4"), doc("返回值 161002 #5")}},
      {"AA.D.DOUBLE_ALL_ONE",
       "002 lists FLOAT32, FLOAT16 and BFLOAT16 only. Upstream's CheckDtypeValid also accepts DOUBLE on A2/A3 (and "
       "950) when gradOutput's D,H,W are (1,1,1), the all-one Fill+Mul path (UT dtype_allone_support_11), and keeps "
       "DOUBLE in the list of the other SoCs for every shape (the common path's kernel has no DOUBLE).",
       "DOUBLE is refused on every SoC and every shape with 161002 (AA.DTYPE.SUPPORTED): the doc lists no DOUBLE.",
       {doc("参数说明: gradOutput, self, out (数据类型)"), doc("返回值 161002 #1")}},
      {"AA.D.BF16_ATLAS",
       "002 lists BFLOAT16 for gradOutput, self and out without a per-platform note and marks Atlas training and "
       "Atlas inference supported. Upstream's dtype list for SoCs other than 910B/910_93/950 has no BFLOAT16.",
       "Per-platform lists as upstream: Ascend910B/Ascend910_93 {FLOAT32, FLOAT16, BFLOAT16}, Ascend910/Ascend310P "
       "{FLOAT32, FLOAT16}; BFLOAT16 on the latter fails with 161002 (AA.DTYPE.SUPPORTED).",
       {doc("参数说明: gradOutput, self, out (数据类型)"), doc("产品支持情况")}},
      {"AA.D.UPSAMPLING",
       "Open point: 002 states no relation between gradOutput's D,H,W (the forward's output size) and self's. "
       "Upstream has none (its tiling UT feeds a 64x24x24 gradOutput for a 16x12x12 input); PyTorch allows an "
       "output size larger than the input (windows then share input elements). The upstream ATK ST cases never "
       "upsample.",
       "Any gradOutput D,H,W >= 1 is legal, smaller than, equal to or larger than self's (no rule refuses it); the "
       "windows are PyTorch's start = floor(o*I/O), end = ceil((o+1)*I/O) (AA.D.SEMANTICS).",
       {doc("参数说明: gradOutput"), doc("功能说明")}},
      {"AA.D.NULL_OUT_PARAMS",
       "002's 161001 row names only gradOutput, self and out. Upstream's OP_CHECK_COMM_INPUT checks workspaceSize "
       "and executor before anything else and returns 161001.",
       "A null workspaceSize or executor fails with 161001 before any other check (AA.NULL.OUT_PARAMS).",
       {doc("返回值 161001 #1")}},
      {"AA.D.ALL_ONE_PRECISION",
       "002 gives no precision statement. Upstream computes a 1x1x1 gradOutput as Fill(self.shape, 1/(D*H*W)) in "
       "self's dtype followed by Mul(fill, gradOutput) in that dtype: for FLOAT16/BFLOAT16 the factor is rounded to "
       "the dtype and the product rounded again. The common A2/A3 path casts to FLOAT32, scales by 1/(kD*kH*kW) and "
       "rounds back once (CAST_RINT, through an FP32 workspace when atomic). PyTorch divides by kD, kH, kW "
       "successively in the tensor dtype.",
       "The reference is the exact gradient rounded once to the dtype; the tolerance must admit the all-one path's "
       "two roundings (about 2 ulp of the dtype) and FP32 summation-order differences on the atomic path.",
       {doc("功能说明")}},
      {"AA.D.EMPTY",
       "002 refuses a dim that is not > 0 in gradOutput or self (row 5) and has no empty-tensor notes. Upstream "
       "A2/A3 refuses a zero dim in self and in gradOutput's D,H,W (its N,C fail the NC comparison); the later "
       "'empty tensor: success, workspace 0' branch is unreachable there. On 950 self's N may be 0. PyTorch "
       "accepts N = 0.",
       "No empty-tensor support: a zero dim anywhere in gradOutput or self, N included, fails with 161002 "
       "(AA.SHAPE.ZERO); a zero dim only in out is an out-shape mismatch (AA.SHAPE.OUT).",
       {doc("返回值 161002 #5")}},
      {"AA.D.CALL_EXAMPLE",
       "002's call example: yGrad (2,2,1,1,2), x and xGrad (2,2,1,1,4), FLOAT32, ACL_FORMAT_ND, contiguous, buffers "
       "of exactly the view size. It omits CHECK_RET after creating yGrad and leaves `executor` uninitialised "
       "before the call (harmless: the call writes it). W 4 -> 2 gives windows [0,2) and [2,4), so each xGrad element "
       "is its yGrad value / 2.",
       "A valid call (success on every supported SoC); result[0..15] = 0.5, 0.5, 1, 1, 1.5, 1.5, 2, 2, 2.5, 2.5, 3, "
       "3, 3.5, 3.5, 4, 4.",
       {doc("调用示例")}},
      {"AA.D.FORMATS",
       "002's format column lists NCDHW and ND for all three tensors, whatever the rank (4-D included). Upstream's "
       "CheckFormat accepts any non-private format as long as the three are equal (NCHW, NDHWC, ... pass op_api), "
       "and the A2/A3 path ignores the label and reshapes by rank; upstream UTs also use CDHW for 4-D.",
       "ND or NCDHW on every tensor, for both ranks (a 4-D (C,D,H,W) tensor labelled NCDHW is accepted); any other "
       "format fails with 161002 (AA.FORMAT.SUPPORTED).",
       {doc("参数说明: 数据格式 (NCDHW、ND)"), doc("返回值 161002 #1")}},
      {"AA.D.OUT_CHECKS",
       "002 rows 1 and 6 name only gradOutput and self (dtype/format outside the supported range, formats "
       "differ); row 2 names all three for differing dtypes; out's parameter row lists the same dtypes and formats. "
       "Upstream checks gradOutput and self against the dtype list, ties out by self == out, and requires all three "
       "formats equal.",
       "gradOutput and self are checked against the platform's dtype list (AA.DTYPE.SUPPORTED) and out is tied by "
       "AA.DTYPE.SAME; every format, out's included, must be ND or NCDHW (AA.FORMAT.SUPPORTED) and all three equal "
       "(AA.FORMAT.SAME).",
       {doc("返回值 161002 #1, #2, #6"), doc("参数说明: out")}},
      {"AA.D.RANK_EQUAL",
       "002 row 3 refuses a rank other than 4 or 5 on each tensor; nothing says the three ranks must agree. "
       "Upstream requires gradOutput, self and out to have the same rank.",
       "Ranks 4 or 5 and all three equal, else 161002 (AA.RANK).",
       {doc("返回值 161002 #3"), doc("参数说明: 维度(shape) 4-5")}},
      {"AA.D.SHAPE_MATCH",
       "002 row 4 ('gradOutput、self和out的shape不匹配') does not say which shapes must match: gradOutput's D,H,W "
       "is the adaptive output size and differs from self's in general, and row 7 covers N,C. Upstream compares out "
       "with self in every dim.",
       "out's shape equals self's (AA.SHAPE.OUT); gradOutput is tied to self only through its N,C (AA.SHAPE.NC).",
       {doc("返回值 161002 #4, #7"), doc("参数说明: gradOutput (NC维度和self保持一致)")}},
      {"AA.D.SEMANTICS",
       "002 defines the operator only as 'aclnnAdaptiveAvgPool3d的反向计算', without a formula or window "
       "definition. Upstream's kernel and PyTorch both use start = floor(o*I/O), end = ceil((o+1)*I/O) per axis "
       "(PyTorch in integer arithmetic).",
       "PyTorch's _adaptive_avg_pool3d_backward: each input element receives the sum, over the output cells whose "
       "window covers it, of gradOutput / (kD*kH*kW) (pytorch-semantics 4.1-4.2).",
       {doc("功能说明")}},
      {"AA.D.DETERMINISM",
       "002 约束说明: non-deterministic by default, deterministic on request (aclrtCtxSetSysParamOpt). Upstream A2/A3 "
       "accumulates with atomic adds exactly when some axis does not divide evenly (Di%Do, Hi%Ho, Wi%Wo) and runs "
       "on one core in deterministic mode; PyTorch's CPU kernel is deterministic.",
       "Deterministic mode must repeat bitwise; default mode may vary between runs only by FP32 summation order on "
       "non-divisible shapes, within the tolerance.",
       {doc("约束说明: 确定性计算")}},
  };
}

RuleWordsById words() {
  return {
      {"NULL.OUT_PARAMS",
       {{},
        "",
        "161001 before any other check, as upstream's OP_CHECK_COMM_INPUT does; 002's 161001 row names only the "
        "tensors (AA.D.NULL_OUT_PARAMS)",
        false}},
      {"NULL.TENSORS",
       {{doc("返回值 161001 #1 (传入的gradOutput、self或out是空指针)")},
        "gradOutput, self and out must not be nullptr",
        ""}},
      {"TENSOR.DESCRIPTOR",
       {{},
        "",
        "161002 for every descriptor the runtime cannot address (negative dims, strides or offset, a stride count "
        "that differs from the rank, int64 overflow); not in the docs as such, though 002 row 5 ('某一维不大于0') "
        "also covers a negative dim of gradOutput or self, which this rule reports first with the same code",
        false}},
      {"TENSOR.EXTENT", {{}, "", "161002 instead of reading or writing outside the buffer; not in the docs", false}},
      {"PLATFORM",
       {{doc("产品支持情况 (950PR/950DT ×, A3 √, A2 √, 200I/500 A2 ×, Atlas 推理 √, Atlas 训练 √)")},
        "platform (SoC) must be Ascend910B, Ascend910_93, Ascend910 or Ascend310P",
        "161002 for Ascend950, Ascend310B and unknown SoCs; the doc has no error row for it. Ascend910 is supported "
        "for every shape as the table says, although upstream allows it only a 1x1x1 gradOutput (AA.D.PLATFORMS); "
        "Ascend950 is refused although upstream has a path for it (AA.D.ASCEND950)"}},
      {"RANK",
       {{doc("返回值 161002 #3 (gradOutput、self和out的维数不等于4或5)"),
         doc("参数说明: gradOutput, self, out (维度(shape) 4-5)")},
        "gradOutput, self and out must each have 4 (C,D,H,W) or 5 (N,C,D,H,W) dims, all three the same",
        "equal ranks as upstream requires; 002 bounds each rank only (AA.D.RANK_EQUAL)"}},
      {"SHAPE.OUT",
       {{doc("返回值 161002 #4 (gradOutput、self和out的shape不匹配)"), doc("参数说明: out (对应了输入反向节点的梯度)")},
        "out's shape must equal self's in every dim",
        "row 4 read as out == self; gradOutput's D,H,W is the adaptive output size and is tied to self only through "
        "N,C (AA.D.SHAPE_MATCH); N is compared too (AA.D.OUT_N_950)"}},
      {"SHAPE.ZERO",
       {{doc("返回值 161002 #5 (gradOutput或self的shape的某一维不大于0)")},
        "no dim of gradOutput or self may be 0 (N included): empty tensors are not supported",
        "161002 for a zero dim in gradOutput or self, as 002 and upstream A2/A3 say; PyTorch accepts N = 0; negative "
        "dims are AA.TENSOR.DESCRIPTOR; a zero dim in out alone is AA.SHAPE.OUT (AA.D.EMPTY)"}},
      {"SHAPE.NC",
       {{doc("返回值 161002 #7 (NC维度不一致)"), doc("参数说明: gradOutput (NC维度和self保持一致)")},
        "gradOutput's leading dims (N,C for 5-D, C for 4-D) must equal self's",
        ""}},
      {"DTYPE.SUPPORTED",
       {{doc("参数说明: gradOutput, self, out (数据类型 FLOAT32、FLOAT16、BFLOAT16)"),
         doc("返回值 161002 #1 (gradOutput和self的数据类型和数据格式不在支持的范围之内)")},
        "gradOutput's and self's dtypes must be in the platform's list: FLOAT32, FLOAT16, BFLOAT16 on Ascend910B and "
        "Ascend910_93; FLOAT32, FLOAT16 on Ascend910 and Ascend310P. DOUBLE is refused everywhere",
        "no BFLOAT16 on Atlas training/inference, as upstream (AA.D.BF16_ATLAS); DOUBLE refused also for a 1x1x1 "
        "gradOutput, which upstream accepts (AA.D.DOUBLE_ALL_ONE); out's dtype is tied by AA.DTYPE.SAME "
        "(AA.D.OUT_CHECKS)"}},
      {"DTYPE.SAME",
       {{doc("返回值 161002 #2 (gradOutput、self和out数据类型不一致)"),
         doc("参数说明: gradOutput (数据类型与self一致)")},
        "gradOutput, self and out must all have the same dtype",
        "out's dtype is checked only here, against self's, as upstream does (AA.D.OUT_CHECKS)"}},
      {"FORMAT.SUPPORTED",
       {{doc("参数说明: gradOutput, self, out (数据格式 NCDHW、ND)"),
         doc("返回值 161002 #1 (gradOutput和self的数据类型和数据格式不在支持的范围之内)")},
        "every tensor's format must be ND or NCDHW, for 4-D and 5-D tensors alike",
        "the doc's list rather than upstream's 'any non-private format'; out is checked too (AA.D.FORMATS, "
        "AA.D.OUT_CHECKS)"}},
      {"FORMAT.SAME",
       {{doc("返回值 161002 #6 (gradOutput和self的数据格式不一致)")},
        "gradOutput, self and out must all have the same format",
        "out is held to it too, as upstream; row 6 names gradOutput and self only (AA.D.OUT_CHECKS)"}},
      {"OUTPUT.OVERLAP",
       {{}, "", "161002, so no write is ambiguous; not in the docs (002 allows non-contiguous out)", false}},
  };
}

}  // namespace

const Document& document_002() {
  static const Document d{
      "adaptive_avgpool3d_grad",
      "aclnnAdaptiveAvgPool3dBackward",
      kSeed,
      "AA",
      3,
      platform_rows(),
      {"Ascend950", "Ascend310B", "Ascend999", "", "ascend910b", "Ascend910B ", "Ascend310", "Ascend910_95"},
      {Format::ND, Format::NCDHW},
      {Format::NDHWC, Format::NCHW, Format::NHWC, Format::NCL, Format::NC1HWC0, Format::FractalZ, Format::NDC1HWC0,
       Format::Undefined},
      kTensors,
      true,
      true,
      words(),
      discrepancies(),
      strategies()};
  return d;
}

}  // namespace poolcheck::spec::adaptive_avgpool3d_grad
