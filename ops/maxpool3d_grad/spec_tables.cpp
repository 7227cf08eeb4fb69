// Platform table and doc-version discrepancies of aclnnMaxPool3dWithArgmaxBackward.
#include "ops/maxpool3d_grad/spec_internal.h"

namespace poolcheck::spec::maxpool3d_grad {

namespace {

const std::vector<DType> kFloat{DType::F32, DType::F16, DType::BF16};

}  // namespace

std::vector<PlatformRow> platform_rows() {
  // Product names as 003 prints them; 003's mojibake ate some characters, restored from 000/004 where they
  // show the same row (MP.D.PLATFORMS).
  return {
      {"Ascend910B", "Atlas A2 训练系列产品/Atlas A2 推理系列产品", true, kFloat, {DType::I32}, {"000", "003", "004"}},
      {"Ascend910_93",
       "Atlas A3 训练系列产品/Atlas A3 推理系列产品",
       true,
       kFloat,
       {DType::I32},
       {"000", "003", "004"}},
      {"Ascend950", "Ascend 950PR/Ascend 950DT", true, kFloat, {DType::I32, DType::I64}, {"003"}},
      {"Ascend310B", "Atlas 200I/500 A2 推理产品", false, {}, {}, {"003", "004"}},
      {"Ascend310P", "Atlas 推理系列产品", false, {}, {}, {"003", "004"}},
      {"Ascend910", "Atlas 训练系列产品", false, {}, {}, {"003", "004"}},
  };
}

const PlatformRow* supported_row(const Case& c) {
  static const std::vector<PlatformRow> rows = platform_rows();
  return supported_platform(rows, c.platform);
}

bool soc_has_dhw_limit(const std::string& soc) { return soc == "Ascend910B" || soc == "Ascend910_93"; }

std::vector<Discrepancy> discrepancies() {
  return {
      {"MP.D.PLATFORMS",
       "000 lists only Atlas A3 and Atlas A2 (named 'Atlas A2 训练系列产品/Atlas 800I A2 推理产品/A200I A2 Box "
       "异构组件'), "
       "both supported. 004 (web rendering of the same older doc) lists five rows: A3 and A2 supported, Atlas 200I/500 "
       "A2 推理产品, Atlas 推理系列产品 and Atlas 训练系列产品 marked x. 003 adds 'Ascend 950PR/Ascend 950DT' "
       "(supported) "
       "and renames A2 to 'Atlas A2 训练系列产品/Atlas A2 推理系列产品'. Upstream op_api has an empty dtype list on "
       "every "
       "arch other than DAV_2201 (A2/A3) and DAV_3510 (950), so other SoCs always fail.",
       "003's table: Ascend910B, Ascend910_93 and Ascend950 are supported; every other SoC, listed or unknown, fails "
       "GetWorkspaceSize with 161002 (MP.PLATFORM), as 000 error #11 and 003's '平台不支持' row say.",
       {cite("000", "产品支持情况", "000"), cite("004", "产品支持情况", "004"), cite("003", "产品支持情况", "003")}},
      {"MP.D.INDICES_INT64",
       "000/004: indices '数据类型仅支持INT32' and 约束说明 'indices支持INT32'. 003: indices INT32 or INT64, with the "
       "note "
       "that A2/A3 do not support INT64. Upstream: INT64 accepted only on regbase (Ascend950).",
       "INT32 on every supported SoC; INT64 additionally on Ascend950 only (MP.DTYPE.INDICES).",
       {cite("000", "参数说明: indices; 约束说明: 数据类型支持", "000,004"),
        cite("003", "参数说明 table: indices; note under the table", "003")}},
      {"MP.D.DILATION",
       "000: dilation '值仅支持1' and error #10 'dilation的数值不等于1', but no error item for its length. 003: "
       "parameter "
       "table '长度为1或3，值仅支持1', but the error table lists only 'dilation的长度不等于1或者3'. Upstream op_api "
       "accepts "
       "any dilation > 0 (A2 sends dilation != 1 to the Scatter tiling).",
       "Both documented restrictions hold with 161002: length 1 or 3 (MP.DILATION.LEN) and every value == 1 "
       "(MP.DILATION.VALUE); every doc version's parameter text states the value restriction.",
       {cite("000", "参数说明: dilation", "000,004"), cite("000", "返回值 161002 #10", "000"),
        cite("003", "参数说明 table: dilation; 返回值 table row 11", "003")}},
      {"MP.D.DHW_LIMIT",
       "000 error #12: 'depth * height * width > max INT32' is a 161002 error. 003 moves it to a note for A2/A3 under "
       "the parameter table, without an error-table row (its 161002 cell says rowspan=12 but has 11 rows). Upstream "
       "checks self D*H*W <= 2147483647 on non-regbase only, and its log message says '2^32 - 1'. Ascend950 has no "
       "such check.",
       "Ascend910B and Ascend910_93 only: self D*H*W > 2147483647 (2^31-1, the largest INT32 index) fails with 161002 "
       "(MP.SHAPE.DHW_LIMIT). No limit on Ascend950.",
       {cite("000", "返回值 161002 #12", "000"), cite("003", "note under the 参数说明 table", "003")}},
      {"MP.D.NULL_CHECKS",
       "000 (161001 #1) and 003 (返回值 table row 1) name only self and indices as null-pointer errors. Upstream "
       "checks "
       "all 8 pointer arguments (gradOutput, self, indices, kernelSize, stride, padding, dilation, gradInput) with "
       "161001, creates the executor before any check, and never checks the workspaceSize/executor out-parameters.",
       "All 8 pointer arguments give 161001 (MP.NULL.SELF_INDICES, MP.NULL.OTHER); a null workspaceSize or executor "
       "gives 161001 before anything else (MP.NULL.OUT_PARAMS) instead of a crash. An empty stride list is legal, a "
       "null stride pointer is not.",
       {cite("000", "返回值 161001 #1", "000"), cite("003", "返回值 table row 1", "003")}},
      {"MP.D.EMPTY",
       "All versions' 约束说明: '是否支持空tensor：不支持空进空出'. Upstream returns success with workspace 0 and no "
       "kernel when gradOutput, self or indices is empty; an empty gradOutput with a non-empty self leaves gradInput "
       "unwritten.",
       "A zero dim in any of the four tensors fails GetWorkspaceSize with 161002 (MP.EMPTY).",
       {cite("000", "约束说明: 未支持类型说明", "000,004"), cite("003", "约束说明: 未支持类型说明", "003")}},
      {"MP.D.FORMATS",
       "000/004: gradOutput and self 'ND' (processed internally as NCDHW), indices and gradInput '支持NCDHW，与self保持"
       "一致', 约束说明 '数据格式支持：ND'. 003: ND for all four; gradOutput and gradInput '和self一致', indices has "
       "no "
       "format relation. Upstream: no private format on any tensor; self, gradOutput, gradInput storage formats equal; "
       "indices not compared.",
       "Each tensor's format is ND or NCDHW (MP.FORMAT.SUPPORTED); self, gradOutput and gradInput formats are equal, "
       "indices is not compared (MP.FORMAT.SAME), as in 003.",
       {cite("000", "参数说明: gradOutput, self, indices, gradInput; 约束说明", "000,004"),
        cite("003", "参数说明 table: 数据格式 column and 使用说明", "003")}},
      {"MP.D.CEILMODE_TEXT",
       "000/004 describe ceilMode as '表示正向平均池化过程中推导的输出的shape是否向上取整' (average pooling: a "
       "copy-paste "
       "slip). 003: '为True时表示计算输出形状时用向上取整的方法，为False时则表示向下取整'.",
       "003's text: ceilMode selects ceil or floor in the max-pool output-size rule (pooled_size, "
       "MP.SHAPE.POOLED).",
       {cite("000", "参数说明: ceilMode", "000,004"), cite("003", "参数说明 table: ceilMode", "003")}},
      {"MP.D.GRADOUTPUT_SHAPE",
       "Docs: gradOutput '和正向的输出shape一致' (000 参数说明; 003 parameter table), with no error listed for a "
       "mismatch. Upstream op_api never compares gradOutput's N/C or D/H/W with self and "
       "kernel/stride/padding/ceilMode; "
       "only tiling does (GRAPH_FAILED, no documented aclnn status).",
       "Checked in GetWorkspaceSize with 161002: leading dims (MP.SHAPE.BATCH_CHANNEL), then D/H/W against the "
       "output-size rule (MP.SHAPE.POOLED).",
       {cite("000", "参数说明: gradOutput", "000,004"), cite("003", "参数说明 table: gradOutput", "003")}},
      {"MP.D.INDEX_VALIDITY",
       "Docs describe indices only as '正向输入中最大元素的索引位置'; nothing about values outside the window or the "
       "plane. Upstream A2 Normal kernel matches indices against window positions and silently drops the rest; A2 "
       "Scatter writes gradInput[nc*DHW + argmax] without a bound check (an out-of-bounds write).",
       "aclnnMaxPool3dWithArgmaxBackward (execute) returns 161002 and leaves gradInput untouched when an index lies "
       "outside its window, outside the plane, or is negative (MP.INDEX.RANGE); never a stray write.",
       {cite("000", "参数说明: indices", "000,004"), cite("003", "参数说明 table: indices", "003")}},
      {"MP.D.CALL_EXAMPLE_INT8",
       "The call examples in 000 and 003 keep the indices host data as std::vector<int8_t>{6} but create the tensor as "
       "ACL_INT32: CreateAclTensor allocates GetShapeSize(shape)*sizeof(int8_t) = 1 byte for a 4-byte INT32 view.",
       "A view that reaches beyond its allocation (allocation counted as floor(bytes / element size) elements) fails "
       "GetWorkspaceSize with 161002 (MP.TENSOR.EXTENT); the example as printed is expected to fail there.",
       {cite("000", "调用示例: indicesHostData", "000"), cite("003", "调用示例: indicesHostData", "003")}},
      {"MP.D.004_RENDERING",
       "004 renders the return-code block and the call example as '[object Object]' and its links as 'undefined', so "
       "it states no error codes at all.",
       "004 is cited only for what it shows (product table, parameter text, constraints); error codes of the older "
       "version come from 000.",
       {cite("004", "返回值; 调用示例", "004")}},
      {"MP.D.RANK",
       "003's 维度(shape) column says 4-5 for each tensor; 000 describes 5-D and 4-D handling ('在0维度处补1'). "
       "Neither "
       "requires equal ranks. Upstream checks 4-5 per tensor and takes the unbatched decision from self's rank alone.",
       "Each rank is 4 or 5 (MP.RANK) and all four are equal (MP.RANK.SAME), 161002; mixed ranks leave N ambiguous.",
       {cite("000", "参数说明: gradOutput, self", "000,004"),
        cite("003", "参数说明 table: 维度(shape) column", "003")}},
      {"MP.D.DTYPE_SAME",
       "Docs give gradOutput, self and gradInput the same dtype list but never say the three must be equal. Upstream "
       "requires gradOutput == self and gradInput == self.",
       "gradOutput and gradInput dtypes equal self's, else 161002 (MP.DTYPE.SAME): a mixed call has no documented "
       "accumulation or output rounding.",
       {cite("000", "参数说明: gradOutput, self, gradInput", "000,004"),
        cite("003", "参数说明 table: 数据类型 column", "003")}},
  };
}

}  // namespace poolcheck::spec::maxpool3d_grad
