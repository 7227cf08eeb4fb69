// Unit tests of the aclnnAvgPool2dBackward spec: the output-size rule against hand-computed values, valid base
// cases, the exactly-one-violation property of every rule's mutator, and negative controls that prove the
// exactly-one checker can fail.
#include <gtest/gtest.h>

#include <array>
#include <limits>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/case.h"
#include "ops/avgpool2d_grad/spec.h"
#include "spec/spec.h"
#include "tests/spec_test_support.h"

namespace {

namespace avgpool2d_grad = poolcheck::spec::avgpool2d_grad;
using poolcheck::Case;
using poolcheck::DType;
using poolcheck::Format;
using poolcheck::spec::OperatorSpec;
using poolcheck::spec::Phase;
using poolcheck::spec::pooled_size;
using poolcheck::spec::Rule;
using poolcheck::spec::avgpool2d_grad::CaseParams;
using poolcheck::spec::avgpool2d_grad::make_case;

constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();
constexpr int64_t kInt32Min = std::numeric_limits<int32_t>::min();

// ---------------------------------------------------------------------------------------------------------------
// Output-size rule

TEST(AvgPoolOutSize, HandComputedTable) {
  // (I, k, s, p, ceil) -> O, worked out by hand from floor((I + 2p - k [+ s-1]) / s) + 1 and the ceil-mode
  // "last window starts at or beyond I + p" drop.
  EXPECT_EQ(pooled_size(4, 4, 1, 0, 1, false), 1);  // 001's call example
  EXPECT_EQ(pooled_size(5, 3, 2, 1, 1, true), 3);   // (5+2-3+1)/2+1 = 3
  EXPECT_EQ(pooled_size(5, 3, 2, 1, 1, false), 3);  // (5+2-3)/2+1 = 3
  EXPECT_EQ(pooled_size(6, 3, 2, 1, 1, true), 4);   // (6+2-3+1)/2+1 = 4, 4th starts at 6 < 7
  EXPECT_EQ(pooled_size(6, 3, 2, 1, 1, false), 3);
  EXPECT_EQ(pooled_size(4, 3, 2, 0, 1, true), 2);  // last window [2,5) overhangs by one
  EXPECT_EQ(pooled_size(4, 3, 2, 0, 1, false), 1);
  EXPECT_EQ(pooled_size(5, 2, 2, 1, 1, true), 3);  // ceil gives 4, the 4th starts at 6 = I + p: dropped
  EXPECT_EQ(pooled_size(3, 2, 1, 1, 1, true), 4);  // H of (3,4) with k (2,3), s (1,2), p 1
  EXPECT_EQ(pooled_size(4, 3, 2, 1, 1, true), 3);  // W of the same
  EXPECT_EQ(pooled_size(7, 2, 3, 0, 1, true), 3);
  EXPECT_EQ(pooled_size(7, 2, 3, 0, 1, false), 2);
  EXPECT_EQ(pooled_size(10, 10, 3, 1, 1, false), 1);  // a global window with padding
  EXPECT_EQ(pooled_size(10, 10, 10, 0, 1, true), 1);
  EXPECT_EQ(pooled_size(1, 4, 3, 1, 1, false), std::nullopt);  // floor(-1/3) = -1 -> 0 windows
  EXPECT_EQ(pooled_size(1, 4, 3, 1, 1, true), 1);
  EXPECT_EQ(pooled_size(1, 1, 1, 0, 1, false), 1);
  EXPECT_EQ(pooled_size(9, 3, 1, 1, 1, false), 9);
  EXPECT_EQ(pooled_size(2147483647, 2147483647, 2147483647, 0, 1, true), 1);
}

TEST(AvgPoolOutSize, InvalidArguments) {
  EXPECT_EQ(pooled_size(0, 1, 1, 0, 1, false), std::nullopt);
  EXPECT_EQ(pooled_size(5, 0, 1, 0, 1, false), std::nullopt);
  EXPECT_EQ(pooled_size(5, 2, 0, 0, 1, false), std::nullopt);
  EXPECT_EQ(pooled_size(5, 2, -1, 0, 1, true), std::nullopt);
  EXPECT_EQ(pooled_size(5, 2, 1, -1, 1, false), std::nullopt);
  EXPECT_EQ(pooled_size(2, 5, 1, 0, 1, false), std::nullopt);  // window longer than the input
  const int64_t big = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(pooled_size(big, 1, 1, big / 2, 1, false), std::nullopt);  // size exceeds int64
  EXPECT_EQ(pooled_size(big, 1, big, 0, 1, true), 1);
}

// ---------------------------------------------------------------------------------------------------------------
// Base cases

avgpool2d_grad::CaseParams params(const char* soc, DType dt, bool batched, int64_t n, int64_t c,
                                  std::array<int64_t, 2> in, std::vector<int64_t> k, std::vector<int64_t> s,
                                  std::vector<int64_t> p, bool ceil, bool cip, int64_t divisor, int64_t cube) {
  avgpool2d_grad::CaseParams ap;
  ap.soc = soc;
  ap.dtype = dt;
  ap.batched = batched;
  ap.n = n;
  ap.c = c;
  ap.in_dims = in;
  ap.kernel = std::move(k);
  ap.stride = std::move(s);
  ap.padding = std::move(p);
  ap.ceil_mode = ceil;
  ap.count_include_pad = cip;
  ap.divisor_override = divisor;
  ap.cube_math_type = cube;
  return ap;
}

// Non-contiguous 4-D: padded self rows, channels-last gradInput, offset and spare room on gradOutput.
Case strided_case_4d() {
  Case c = avgpool2d_grad::make_case(
      params("Ascend910_93", DType::BF16, true, 2, 2, {4, 4}, {2}, {}, {0}, false, true, 0, 0));
  c.tensor_mut("self").strides = {48, 24, 6, 1};
  c.tensor_mut("gradInput").strides = {32, 1, 8, 2};
  auto& go = c.tensor_mut("gradOutput");
  go.offset = 5;
  go.alloc_elems = *poolcheck::view_extent_elems(go) + 10;
  return c;
}

// Non-contiguous 3-D: channels-last gradInput (C,H,W) with strides (1, 3W, 3).
Case strided_case_3d() {
  Case c = avgpool2d_grad::make_case(
      params("Ascend910B", DType::F16, false, 1, 3, {5, 4}, {2}, {1}, {1}, true, false, 0, 1));
  c.tensor_mut("gradInput").strides = {1, 12, 3};
  return c;
}

// A null stride pointer: stride = kernel, like an empty list.
Case null_stride_case() {
  Case c = avgpool2d_grad::make_case(
      params("Ascend910_93", DType::F32, true, 1, 2, {5, 5}, {2}, {}, {1}, false, true, 0, 2));
  c.array_mut("stride").present = false;
  return c;
}

std::vector<Case> base_cases() {
  const DType f32 = DType::F32, f16 = DType::F16, bf16 = DType::BF16;
  const char *a2 = "Ascend910B", *a3 = "Ascend910_93";
  const std::vector<avgpool2d_grad::CaseParams> ps = {
      params(a2, f32, true, 2, 3, {6, 7}, {3}, {2}, {1}, true, true, 0, 0),
      params(a2, f32, true, 1, 16, {4, 4}, {4, 4}, {1, 1}, {0, 0}, false, true, 0, 1),  // 001's call example
      params(a3, f16, false, 1, 4, {5, 5}, {2}, {}, {1}, true, false, 0, 2),
      params(a2, bf16, true, 1, 2, {7, 5}, {2, 3}, {3}, {0, 1}, false, true, 3, 0),
      params(a3, bf16, false, 1, 3, {9, 4}, {3, 3}, {1, 2}, {1}, false, false, -4, 1),
      params(a2, f32, false, 1, 1, {10, 10}, {10}, {}, {0}, false, true, 0, 3),  // global average
      params(a3, f32, true, 2, 2, {10, 10}, {10}, {3}, {1}, false, true, 0, 3),  // global window + padding
      params(a2, f16, true, 3, 17, {3, 4}, {3}, {1}, {1}, false, true, kInt32Max, 0),
      params(a2, f32, true, 1, 1, {1, 1}, {4}, {3}, {1}, true, false, 0, 0),  // only ceil gives a window
      params(a3, f16, false, 1, 5, {6, 6}, {3}, {2}, {1}, true, true, kInt32Min, 1),
      params(a2, bf16, true, 1, 1, {4, 6}, {2, 2}, {}, {1, 0}, false, false, 0, 1),
      params(a3, f32, true, 1, 3, {3, 4}, {2, 3}, {1, 2}, {1}, true, true, 2, 2),  // G9-like, rectangular
  };
  std::vector<Case> out;
  for (const auto& p : ps) out.push_back(avgpool2d_grad::make_case(p));
  out.push_back(strided_case_4d());
  out.push_back(strided_case_3d());
  out.push_back(null_stride_case());
  return out;
}

TEST(AvgPoolCaseBuilder, DocExampleShapesAndConventions) {
  const Case c = base_cases()[1];
  EXPECT_EQ(c.op, "avgpool2d_grad");
  EXPECT_EQ(c.platform, "Ascend910B");
  ASSERT_EQ(c.tensors.size(), 3u);
  EXPECT_EQ(c.tensors[0].first, "gradOutput");
  EXPECT_EQ(c.tensors[1].first, "self");
  EXPECT_EQ(c.tensors[2].first, "gradInput");
  ASSERT_EQ(c.arrays.size(), 3u);
  EXPECT_EQ(c.arrays[0].first, "kernelSize");
  EXPECT_EQ(c.arrays[1].first, "stride");
  EXPECT_EQ(c.arrays[2].first, "padding");
  ASSERT_EQ(c.scalars.size(), 4u);
  EXPECT_EQ(c.scalars[0], (std::pair<std::string, int64_t>{"ceilMode", 0}));
  EXPECT_EQ(c.scalars[1], (std::pair<std::string, int64_t>{"countIncludePad", 1}));
  EXPECT_EQ(c.scalars[2], (std::pair<std::string, int64_t>{"divisorOverride", 0}));
  EXPECT_EQ(c.scalars[3], (std::pair<std::string, int64_t>{"cubeMathType", 1}));
  EXPECT_EQ(c.tensor("gradOutput")->shape, (std::vector<int64_t>{1, 16, 1, 1}));
  EXPECT_EQ(c.tensor("self")->shape, (std::vector<int64_t>{1, 16, 4, 4}));
  EXPECT_EQ(c.tensor("gradInput")->shape, (std::vector<int64_t>{1, 16, 4, 4}));
  for (const auto& [name, t] : c.tensors) {
    EXPECT_EQ(t.format, Format::NCHW) << name;
    EXPECT_EQ(t.dtype, DType::F32) << name;
    EXPECT_TRUE(t.strides.empty()) << name;
  }
  const Case unbatched = base_cases()[2];  // f16 3-D (4,5,5), k=2, stride=k, p=1, ceil -> 3
  EXPECT_EQ(unbatched.tensor("gradOutput")->shape, (std::vector<int64_t>{4, 3, 3}));
  for (const auto& [name, t] : unbatched.tensors) EXPECT_EQ(t.format, Format::NCL) << name;
  EXPECT_EQ(unbatched.array("stride")->values, std::vector<int64_t>{});
  EXPECT_EQ(base_cases()[11].tensor("gradOutput")->shape, (std::vector<int64_t>{1, 3, 4, 3}));
  EXPECT_EQ(base_cases()[3].scalar("divisorOverride"), 3);
  EXPECT_THROW(
      avgpool2d_grad::make_case(params("Ascend910B", DType::F32, true, 1, 1, {1, 1}, {4}, {3}, {1}, false, true, 0, 0)),
      std::invalid_argument);
}

TEST(AvgPoolSpec, BaseCasesAreValid) {
  poolcheck::spec_test::expect_valid_bases(avgpool2d_grad::operator_spec(), base_cases());
}

// ---------------------------------------------------------------------------------------------------------------
// The exactly-one checker

TEST(AvgPoolSpec, EveryMutationViolatesExactlyItsRule) {
  poolcheck::spec_test::expect_exactly_one(avgpool2d_grad::operator_spec(), base_cases());
}

TEST(AvgPoolSpec, NegativeControlPaddingOffByOne) {
  // Broken rule: padding must be < kernel/2 (">= k/2" rejects), so p == k/2 is wrongly flagged in valid bases.
  poolcheck::spec_test::expect_padding_off_by_one_caught(avgpool2d_grad::operator_spec(), "AP.PADDING.VALUE", 2,
                                                         base_cases());
}

TEST(AvgPoolSpec, NegativeControlSilentRule) {
  // A predicate that never fires: its own mutations then violate nothing.
  poolcheck::spec_test::expect_broken_rule_caught(
      avgpool2d_grad::operator_spec(), "AP.EMPTY", [](const Case&) { return false; }, base_cases());
}

TEST(AvgPoolSpec, NegativeControlCubeMathIgnoresDtype) {
  // Broken rule: only the value range is checked, so USE_FP16 with BF16 / USE_HF32 with FP16 pass unnoticed.
  const auto broken = [](const Case& c) {
    const int8_t t = static_cast<int8_t>(c.scalar("cubeMathType").value_or(0));
    return t < 0 || t > 3;
  };
  poolcheck::spec_test::expect_broken_rule_caught(avgpool2d_grad::operator_spec(), "AP.CUBE_MATH", broken,
                                                  base_cases());
}

TEST(AvgPoolSpec, NegativeControlUnguardedPredicate) {
  // Broken rule: the batch check forgets its guard and reads a null or rank-changed gradOutput as a mismatch,
  // so mutations of earlier rules cascade into it.
  poolcheck::spec_test::expect_unguarded_batch_caught(avgpool2d_grad::operator_spec(), "AP.SHAPE.BATCH_CHANNEL",
                                                      base_cases(), {"AP.NULL.TENSORS", "AP.RANK"});
}

// ---------------------------------------------------------------------------------------------------------------
// The rule table itself

TEST(AvgPoolSpec, RuleTableOrderCodesAndMetadata) {
  const OperatorSpec& spec = avgpool2d_grad::operator_spec();
  const std::vector<std::string> order = {
      "AP.NULL.OUT_PARAMS",     "AP.NULL.TENSORS", "AP.TENSOR.DESCRIPTOR", "AP.TENSOR.EXTENT",   "AP.PLATFORM",
      "AP.DTYPE.SUPPORTED",     "AP.DTYPE.SAME",   "AP.FORMAT.SUPPORTED",  "AP.FORMAT.SAME",     "AP.RANK",
      "AP.KERNEL.LEN",          "AP.KERNEL.VALUE", "AP.STRIDE.LEN",        "AP.STRIDE.VALUE",    "AP.PADDING.LEN",
      "AP.PADDING.VALUE",       "AP.CUBE_MATH",    "AP.DIVISOR.RANGE",     "AP.SHAPE.GRADINPUT", "AP.EMPTY",
      "AP.SHAPE.BATCH_CHANNEL", "AP.SHAPE.POOLED", "AP.OUTPUT.OVERLAP"};
  poolcheck::spec_test::expect_rule_table(spec, order, 2);
  EXPECT_EQ(spec.op, "avgpool2d_grad");
  EXPECT_EQ(spec.aclnn_name, "aclnnAvgPool2dBackward");
  EXPECT_EQ(spec.seeds, std::vector<std::string>{"001"});
  const std::set<std::string> not_in_docs = {"AP.NULL.OUT_PARAMS",     "AP.TENSOR.EXTENT", "AP.SHAPE.GRADINPUT",
                                             "AP.SHAPE.BATCH_CHANNEL", "AP.SHAPE.POOLED",  "AP.OUTPUT.OVERLAP"};
  for (const Rule& r : spec.rules) {
    SCOPED_TRACE(r.id);
    EXPECT_TRUE(r.platforms.empty());
    EXPECT_TRUE(r.implies.empty());
    EXPECT_EQ(r.in_docs, !not_in_docs.count(r.id));
  }
  EXPECT_EQ(spec.rule("AP.NOPE"), nullptr);
}

TEST(AvgPoolSpec, PlatformsAndDiscrepancies) {
  const OperatorSpec& spec = avgpool2d_grad::operator_spec();
  for (const char* soc : {"Ascend910B", "Ascend910_93"}) {
    const auto* row = spec.platform(soc);
    ASSERT_NE(row, nullptr) << soc;
    EXPECT_TRUE(row->supported);
    EXPECT_EQ(row->dtypes, (std::vector<DType>{DType::F32, DType::F16, DType::BF16}));
    EXPECT_TRUE(row->index_dtypes.empty());
    EXPECT_EQ(row->doc_versions, std::vector<std::string>{"001"});
  }
  for (const char* soc : {"Ascend950", "Ascend310B", "Ascend310P", "Ascend910"}) {
    const auto* row = spec.platform(soc);
    ASSERT_NE(row, nullptr) << soc;
    EXPECT_FALSE(row->supported);
    EXPECT_TRUE(row->dtypes.empty());
    EXPECT_TRUE(row->doc_versions.empty());
    EXPECT_NE(row->product.find("not listed in 001"), std::string::npos);
  }
  EXPECT_EQ(spec.platform("Ascend999"), nullptr);

  const std::set<std::string> have = poolcheck::spec_test::expect_discrepancies(spec);
  for (const char* id : {"AP.D.FORMULA", "AP.D.DIVISOR_RANGE", "AP.D.CUBE_MATH_1", "AP.D.DTYPE_SAME",
                         "AP.D.NEGATIVE_PADDING", "AP.D.EMPTY", "AP.D.NULL_STRIDE", "AP.D.GLOBAL_POOL_PADDING",
                         "AP.D.ND_FORMAT", "AP.D.CALL_EXAMPLE_CUBE1", "AP.D.PLATFORMS"})
    EXPECT_TRUE(have.count(id)) << id;
  // Every discrepancy a rule's `chosen` text points to exists.
  for (const Rule& r : spec.rules) poolcheck::spec_test::expect_refs_exist("AP.D.", have, r.id, r.chosen);
}

// ---------------------------------------------------------------------------------------------------------------
// Specific behaviours

std::string first_rule(const Case& c) { return poolcheck::spec_test::first_rule(avgpool2d_grad::operator_spec(), c); }

TEST(AvgPoolSpec, PrecedenceFollowsRuleOrder) {
  Case c = base_cases()[0];
  c.array_mut("kernelSize").values = {0};
  c.set_scalar("divisorOverride", int64_t{1} << 40);
  EXPECT_EQ(first_rule(c), "AP.KERNEL.VALUE");
  c.tensor_mut("gradInput").format = Format::ND;
  EXPECT_EQ(first_rule(c), "AP.FORMAT.SUPPORTED");
  c.platform = "Ascend950";
  EXPECT_EQ(first_rule(c), "AP.PLATFORM");
  c.tensor_mut("gradOutput").present = false;
  EXPECT_EQ(first_rule(c), "AP.NULL.TENSORS");
  EXPECT_EQ(avgpool2d_grad::operator_spec().expected(c).code, poolcheck::spec::kParamNullptr);
  c.null_workspace_size = true;
  EXPECT_EQ(first_rule(c), "AP.NULL.OUT_PARAMS");
}

TEST(AvgPoolSpec, NullOrEmptyStrideMeansKernel) {
  Case c = base_cases()[2];
  EXPECT_TRUE(c.array("stride")->values.empty());
  EXPECT_EQ(first_rule(c), "success");
  c.array_mut("stride").present = false;
  EXPECT_EQ(first_rule(c), "success");
  c.array_mut("stride") = {true, {2}};  // explicit stride = kernel: same pooled size
  EXPECT_EQ(first_rule(c), "success");
  c.array_mut("stride") = {true, {1}};  // a different stride: gradOutput no longer fits
  EXPECT_EQ(first_rule(c), "AP.SHAPE.POOLED");
  c.array_mut("padding").present = false;
  EXPECT_EQ(first_rule(c), "AP.NULL.TENSORS");
}

TEST(AvgPoolSpec, CubeMathTypePerDtype) {
  // (dtype, cubeMathType) -> allowed, per 001's cubeMathType text for A2/A3.
  struct Row {
    DType dt;
    int64_t cube;
    bool ok;
  };
  const std::vector<Row> table = {
      {DType::F32, 0, true},  {DType::F32, 1, true},   {DType::F32, 2, true},     {DType::F32, 3, true},
      {DType::F16, 0, true},  {DType::F16, 1, true},   {DType::F16, 2, true},     {DType::F16, 3, false},
      {DType::BF16, 0, true}, {DType::BF16, 1, true},  {DType::BF16, 2, false},   {DType::BF16, 3, false},
      {DType::F32, 4, false}, {DType::F32, -1, false}, {DType::BF16, 127, false}, {DType::F16, -128, false},
  };
  for (const Row& row : table) {
    Case c = avgpool2d_grad::make_case(
        params("Ascend910_93", row.dt, true, 1, 2, {6, 6}, {3}, {2}, {1}, false, true, 0, row.cube));
    EXPECT_EQ(first_rule(c), row.ok ? "success" : "AP.CUBE_MATH") << poolcheck::dtype_name(row.dt) << " " << row.cube;
  }
  // The API receives an int8_t: the spec judges static_cast<int8_t>(value), as the runner passes it.
  Case c = base_cases()[0];
  c.set_scalar("cubeMathType", 256 + 3);
  EXPECT_EQ(first_rule(c), "success");
  c.set_scalar("cubeMathType", 255);  // -1
  EXPECT_EQ(first_rule(c), "AP.CUBE_MATH");
}

TEST(AvgPoolSpec, DivisorOverrideRange) {
  Case c = base_cases()[0];
  for (int64_t d : {int64_t{0}, int64_t{1}, int64_t{-1}, int64_t{255}, int64_t{-256}, kInt32Max, kInt32Min}) {
    c.set_scalar("divisorOverride", d);
    EXPECT_EQ(first_rule(c), "success") << d;
  }
  for (int64_t d : {kInt32Max + 1, kInt32Min - 1, int64_t{1} << 32, std::numeric_limits<int64_t>::min()}) {
    c.set_scalar("divisorOverride", d);
    EXPECT_EQ(first_rule(c), "AP.DIVISOR.RANGE") << d;
  }
}

TEST(AvgPoolSpec, PaddingBoundaryIsHalfKernel) {
  Case c = avgpool2d_grad::make_case(
      params("Ascend910B", DType::F32, true, 1, 1, {6, 6}, {3, 4}, {1}, {1, 2}, false, true, 0, 0));
  EXPECT_EQ(first_rule(c), "success");
  c.array_mut("padding").values = {1, 3};  // 3 > 4/2
  EXPECT_EQ(first_rule(c), "AP.PADDING.VALUE");
  c.array_mut("padding").values = {2};  // broadcast: 2 > 3/2 on H
  EXPECT_EQ(first_rule(c), "AP.PADDING.VALUE");
  c.array_mut("padding").values = {-1, 0};  // negative: refused although 001 does not say so
  EXPECT_EQ(first_rule(c), "AP.PADDING.VALUE");
}

TEST(AvgPoolSpec, FormatsNameTheRank) {
  Case c = base_cases()[0];  // 4-D NCHW
  for (const char* name : {"gradOutput", "self", "gradInput"}) c.tensor_mut(name).format = Format::NCL;
  EXPECT_EQ(first_rule(c), "AP.RANK");
  for (const char* name : {"gradOutput", "self", "gradInput"}) c.tensor_mut(name).format = Format::ND;
  EXPECT_EQ(first_rule(c), "AP.FORMAT.SUPPORTED");
  Case u = base_cases()[2];  // 3-D NCL
  u.tensor_mut("self").format = Format::NCHW;
  EXPECT_EQ(first_rule(u), "AP.FORMAT.SAME");
  for (const char* name : {"gradOutput", "gradInput"}) u.tensor_mut(name).format = Format::NCHW;
  EXPECT_EQ(first_rule(u), "AP.RANK");
}

TEST(AvgPoolSpec, DtypesMustAllBeEqual) {
  Case c = base_cases()[0];
  c.tensor_mut("self").dtype = DType::F16;  // upstream would accept this; the spec does not
  EXPECT_EQ(first_rule(c), "AP.DTYPE.SAME");
  c.tensor_mut("self").dtype = DType::F64;
  EXPECT_EQ(first_rule(c), "AP.DTYPE.SUPPORTED");
}

TEST(AvgPoolSpec, GradOutputShapeIsChecked) {
  Case c = base_cases()[0];                         // (2,3,6,7) -> (2,3,4,4)
  c.tensor_mut("gradOutput").shape = {1, 3, 4, 4};  // the batch PyTorch does not check
  EXPECT_EQ(first_rule(c), "AP.SHAPE.BATCH_CHANNEL");
  c.tensor_mut("gradOutput").shape = {2, 3, 4, 5};
  EXPECT_EQ(first_rule(c), "AP.SHAPE.POOLED");
  c.tensor_mut("gradOutput").shape = {2, 3, 0, 4};
  EXPECT_EQ(first_rule(c), "AP.EMPTY");
}

TEST(AvgPoolSpec, DocCallExampleAndGlobalWindowsAreValid) {
  EXPECT_EQ(first_rule(base_cases()[1]), "success");  // cubeMathType = 1 on FLOAT32 (AP.D.CALL_EXAMPLE_CUBE1)
  EXPECT_EQ(first_rule(base_cases()[6]), "success");  // the upstream global-average shortcut's padding case
  Case c = base_cases()[1];
  c.tensor_mut("gradOutput").alloc_elems = 15;  // one element short of the 16 the view reaches
  EXPECT_EQ(first_rule(c), "AP.TENSOR.EXTENT");
  EXPECT_EQ(avgpool2d_grad::operator_spec().violations(c).size(), 1u);
}

TEST(AvgPoolSpec, CanonicalEmptyMutation) {
  const Rule* empty = avgpool2d_grad::operator_spec().rule("AP.EMPTY");
  const auto batched = empty->violate(base_cases()[0], 0);
  ASSERT_TRUE(batched.has_value());
  for (const auto& [name, t] : batched->tensors) EXPECT_EQ(t.shape[0], 0) << name;  // N = 0 everywhere
  const auto unbatched = empty->violate(base_cases()[2], 0);
  ASSERT_TRUE(unbatched.has_value());
  for (const auto& [name, t] : unbatched->tensors) {
    EXPECT_EQ(t.shape.size(), 3u);
    EXPECT_EQ(t.shape[0], 0) << name;  // C = 0 everywhere
  }
}

}  // namespace
