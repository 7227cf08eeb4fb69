// Unit tests of the aclnnMaxPool3dWithArgmaxBackward spec: the output-size rule against hand-computed values,
// valid base cases, the exactly-one-violation property of every rule's mutator, and negative controls that prove
// the exactly-one checker can fail.
#include <gtest/gtest.h>

#include <array>
#include <limits>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/case.h"
#include "harness/op_adapter.h"
#include "ops/maxpool3d_grad/spec.h"
#include "ops/maxpool3d_grad/view.h"
#include "spec/spec.h"
#include "tests/spec_test_support.h"

namespace {

namespace maxpool3d_grad = poolcheck::spec::maxpool3d_grad;
using poolcheck::Case;
using poolcheck::DType;
using poolcheck::Format;
using poolcheck::maxpool3d_grad::IndexFault;
using poolcheck::spec::OperatorSpec;
using poolcheck::spec::Phase;
using poolcheck::spec::pooled_size;
using poolcheck::spec::Rule;
using poolcheck::spec::maxpool3d_grad::CaseParams;
using poolcheck::spec::maxpool3d_grad::make_case;

// ---------------------------------------------------------------------------------------------------------------
// Output-size rule

TEST(MaxPoolOutSize, HandComputedTable) {
  // (I, k, s, p, d, ceil) -> O, worked out by hand from floor((I + 2p - d(k-1) - 1 [+ s-1]) / s) + 1 and the
  // ceil-mode "last window starts at or beyond I + p" drop.
  EXPECT_EQ(pooled_size(5, 2, 2, 1, 1, true), 3);  // 4th window starts at 6 = I + p: dropped
  EXPECT_EQ(pooled_size(5, 2, 2, 1, 1, false), 3);
  EXPECT_EQ(pooled_size(6, 3, 2, 1, 1, true), 4);
  EXPECT_EQ(pooled_size(6, 3, 2, 1, 1, false), 3);
  EXPECT_EQ(pooled_size(7, 2, 3, 0, 1, true), 3);
  EXPECT_EQ(pooled_size(7, 2, 3, 0, 1, false), 2);
  EXPECT_EQ(pooled_size(5, 3, 3, 1, 1, true), 2);              // ceil gives 3, the 3rd starts at 6 = I + p: dropped
  EXPECT_EQ(pooled_size(1, 4, 3, 1, 1, false), std::nullopt);  // floor(-1/3) = -1 -> 0 windows
  EXPECT_EQ(pooled_size(1, 4, 3, 1, 1, true), 1);
  EXPECT_EQ(pooled_size(4, 3, 2, 0, 1, true), 2);
  EXPECT_EQ(pooled_size(10, 3, 4, 1, 2, true), 3);
  EXPECT_EQ(pooled_size(10, 3, 4, 1, 2, false), 2);
  EXPECT_EQ(pooled_size(1, 1, 1, 0, 1, false), 1);
  EXPECT_EQ(pooled_size(2147483647, 2147483647, 2147483647, 0, 1, true), 1);
}

TEST(MaxPoolOutSize, InvalidArguments) {
  EXPECT_EQ(pooled_size(0, 1, 1, 0, 1, false), std::nullopt);
  EXPECT_EQ(pooled_size(5, 0, 1, 0, 1, false), std::nullopt);
  EXPECT_EQ(pooled_size(5, 2, 0, 0, 1, false), std::nullopt);
  EXPECT_EQ(pooled_size(5, 2, 1, -1, 1, false), std::nullopt);
  EXPECT_EQ(pooled_size(5, 2, 1, 0, 0, false), std::nullopt);
  EXPECT_EQ(pooled_size(2, 5, 1, 0, 1, false), std::nullopt);  // window longer than the input
  // Near-INT64_MAX arguments must not wrap.
  const int64_t big = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(pooled_size(big, 1, 1, big / 2, 1, false), std::nullopt);  // size exceeds int64
  EXPECT_EQ(pooled_size(big, 1, big, 0, 1, true), 1);
}

// ---------------------------------------------------------------------------------------------------------------
// Base cases

maxpool3d_grad::CaseParams params(const char* soc, DType dt, DType idx, bool batched, int64_t n, int64_t c,
                                  std::array<int64_t, 3> in, std::vector<int64_t> k, std::vector<int64_t> s,
                                  std::vector<int64_t> p, bool ceil, Format fmt = Format::ND) {
  maxpool3d_grad::CaseParams mp;
  mp.soc = soc;
  mp.dtype = dt;
  mp.index_dtype = idx;
  mp.batched = batched;
  mp.n = n;
  mp.c = c;
  mp.in_dims = in;
  mp.kernel = std::move(k);
  mp.stride = std::move(s);
  mp.padding = std::move(p);
  mp.ceil_mode = ceil;
  mp.format = fmt;
  return mp;
}

// A non-contiguous variant: padded self rows, channels-last gradInput, offset and spare room on gradOutput, and
// indices in NCDHW while the rest is ND (indices' format is not compared).
Case strided_case() {
  Case c = maxpool3d_grad::make_case(
      params("Ascend910_93", DType::BF16, DType::I32, true, 2, 2, {4, 4, 4}, {2}, {}, {0}, false));
  c.tensor_mut("self").strides = {192, 96, 24, 6, 1};
  c.tensor_mut("gradInput").strides = {128, 1, 32, 8, 2};
  auto& go = c.tensor_mut("gradOutput");
  go.offset = 5;
  go.alloc_elems = *poolcheck::view_extent_elems(go) + 10;
  c.tensor_mut("indices").format = Format::NCDHW;
  return c;
}

std::vector<Case> base_cases() {
  const DType f32 = DType::F32, f16 = DType::F16, bf16 = DType::BF16, i32 = DType::I32, i64 = DType::I64;
  std::vector<maxpool3d_grad::CaseParams> ps = {
      params("Ascend910B", f32, i32, true, 2, 3, {6, 7, 8}, {3}, {2}, {1}, true),
      params("Ascend910B", f16, i32, true, 1, 1, {2, 2, 2}, {2, 2, 2}, {2, 2, 2}, {0, 0, 0}, false),  // doc example
      params("Ascend910B", bf16, i32, false, 1, 4, {5, 5, 5}, {2}, {}, {1}, true),
      params("Ascend910_93", f32, i32, true, 1, 2, {7, 6, 5}, {2, 3, 2}, {3}, {0, 1, 1}, false),
      params("Ascend910_93", f16, i32, false, 1, 3, {4, 9, 4}, {3, 3, 3}, {1, 2, 1}, {1}, false),
      params("Ascend950", f32, i64, true, 2, 2, {5, 5, 5}, {2}, {2}, {1}, true),
      params("Ascend950", bf16, i32, false, 1, 2, {6, 6, 6}, {3}, {2}, {1}, true),
      params("Ascend950", f16, i64, true, 1, 5, {7, 7, 7}, {2}, {3}, {0}, true, Format::NCDHW),
      params("Ascend910B", f32, i32, true, 1, 1, {1, 1, 1}, {1}, {}, {0}, false, Format::NCDHW),
      params("Ascend910B", f16, i32, true, 1, 1, {5, 3, 3}, {3, 1, 1}, {3, 1, 1}, {1, 0, 0}, true),
      params("Ascend950", f32, i32, false, 1, 3, {3, 10, 1}, {2, 3, 1}, {1}, {1, 1, 0}, false),
      params("Ascend910B", f32, i32, true, 3, 17, {3, 4, 5}, {3}, {1}, {1}, false),
      params("Ascend950", f16, i64, false, 1, 1, {4, 6, 8}, {2, 2, 2}, {}, {0}, false, Format::NCDHW),
      params("Ascend910B", f32, i32, true, 1, 1, {1, 1, 1}, {4}, {3}, {1}, true),  // only ceil gives a window
  };
  ps[1].dilation = {1, 1, 1};
  std::vector<Case> out;
  for (const auto& p : ps) out.push_back(maxpool3d_grad::make_case(p));
  out.push_back(strided_case());
  return out;
}

TEST(MaxPoolCaseBuilder, DocExampleShapes) {
  const Case c = base_cases()[1];
  EXPECT_EQ(c.op, "maxpool3d_grad");
  ASSERT_EQ(c.tensors.size(), 4u);
  EXPECT_EQ(c.tensors[0].first, "gradOutput");
  EXPECT_EQ(c.tensors[1].first, "self");
  EXPECT_EQ(c.tensors[2].first, "indices");
  EXPECT_EQ(c.tensors[3].first, "gradInput");
  EXPECT_EQ(c.tensor("gradOutput")->shape, (std::vector<int64_t>{1, 1, 1, 1, 1}));
  EXPECT_EQ(c.tensor("self")->shape, (std::vector<int64_t>{1, 1, 2, 2, 2}));
  EXPECT_EQ(c.tensor("indices")->dtype, DType::I32);
  EXPECT_EQ(c.scalar("ceilMode"), 0);
  const Case unbatched = base_cases()[2];  // bf16 4-D (4,5,5,5), k=2, stride=k, p=1, ceil -> 3
  EXPECT_EQ(unbatched.tensor("gradOutput")->shape, (std::vector<int64_t>{4, 3, 3, 3}));
  EXPECT_EQ(unbatched.array("stride")->values, std::vector<int64_t>{});
  EXPECT_THROW(maxpool3d_grad::make_case(
                   params("Ascend910B", DType::F32, DType::I32, true, 1, 1, {1, 1, 1}, {4}, {3}, {1}, false)),
               std::invalid_argument);
}

TEST(MaxPoolSpec, BaseCasesAreValid) {
  poolcheck::spec_test::expect_valid_bases(maxpool3d_grad::operator_spec(), base_cases());
}

// ---------------------------------------------------------------------------------------------------------------
// The exactly-one checker

TEST(MaxPoolSpec, EveryMutationViolatesExactlyItsRule) {
  poolcheck::spec_test::expect_exactly_one(maxpool3d_grad::operator_spec(), base_cases());
}

TEST(MaxPoolSpec, NegativeControlPaddingOffByOne) {
  // Broken rule: padding must be < kernel/2 (">= k/2" rejects), so p == k/2 is wrongly flagged.
  poolcheck::spec_test::expect_padding_off_by_one_caught(maxpool3d_grad::operator_spec(), "MP.PADDING.VALUE", 3,
                                                         base_cases());
}

TEST(MaxPoolSpec, NegativeControlSilentRule) {
  // A predicate that never fires: its own mutations then violate nothing.
  poolcheck::spec_test::expect_broken_rule_caught(
      maxpool3d_grad::operator_spec(), "MP.EMPTY", [](const Case&) { return false; }, base_cases());
}

// ---------------------------------------------------------------------------------------------------------------
// The rule table itself

TEST(MaxPoolSpec, RuleTableOrderCodesAndMetadata) {
  const OperatorSpec& spec = maxpool3d_grad::operator_spec();
  const std::vector<std::string> order = {"MP.NULL.OUT_PARAMS", "MP.NULL.SELF_INDICES",
                                          "MP.NULL.OTHER",      "MP.TENSOR.DESCRIPTOR",
                                          "MP.TENSOR.EXTENT",   "MP.PLATFORM",
                                          "MP.DTYPE.SELF",      "MP.DTYPE.INDICES",
                                          "MP.DTYPE.SAME",      "MP.FORMAT.SUPPORTED",
                                          "MP.FORMAT.SAME",     "MP.RANK",
                                          "MP.RANK.SAME",       "MP.KERNEL.LEN",
                                          "MP.KERNEL.VALUE",    "MP.STRIDE.LEN",
                                          "MP.STRIDE.VALUE",    "MP.PADDING.LEN",
                                          "MP.PADDING.VALUE",   "MP.DILATION.LEN",
                                          "MP.DILATION.VALUE",  "MP.SHAPE.DHW_LIMIT",
                                          "MP.SHAPE.INDICES",   "MP.SHAPE.GRADINPUT",
                                          "MP.EMPTY",           "MP.SHAPE.BATCH_CHANNEL",
                                          "MP.SHAPE.POOLED",    "MP.OUTPUT.OVERLAP",
                                          "MP.INDEX.RANGE"};
  poolcheck::spec_test::expect_rule_table(spec, order, 3, {"MP.INDEX.RANGE"});
  EXPECT_EQ(spec.op, "maxpool3d_grad");
  EXPECT_EQ(spec.aclnn_name, "aclnnMaxPool3dWithArgmaxBackward");
  EXPECT_EQ(spec.rule("MP.SHAPE.DHW_LIMIT")->implies, std::vector<std::string>{"MP.OUTPUT.OVERLAP"});
  EXPECT_EQ(spec.rule("MP.NOPE"), nullptr);
  EXPECT_STREQ(poolcheck::spec::phase_name(Phase::Execute), "Execute");
  EXPECT_STREQ(poolcheck::spec::phase_name(Phase::GetWorkspaceSize), "GetWorkspaceSize");
}

TEST(MaxPoolSpec, PlatformsAndDiscrepancies) {
  const OperatorSpec& spec = maxpool3d_grad::operator_spec();
  for (const char* soc : {"Ascend910B", "Ascend910_93", "Ascend950"}) {
    const auto* row = spec.platform(soc);
    ASSERT_NE(row, nullptr) << soc;
    EXPECT_TRUE(row->supported);
    EXPECT_EQ(row->dtypes, (std::vector<DType>{DType::F32, DType::F16, DType::BF16}));
  }
  EXPECT_EQ(spec.platform("Ascend950")->index_dtypes, (std::vector<DType>{DType::I32, DType::I64}));
  EXPECT_EQ(spec.platform("Ascend910B")->index_dtypes, std::vector<DType>{DType::I32});
  EXPECT_EQ(spec.platform("Ascend950")->doc_versions, std::vector<std::string>{"003"});
  for (const char* soc : {"Ascend310B", "Ascend310P", "Ascend910"}) {
    ASSERT_NE(spec.platform(soc), nullptr) << soc;
    EXPECT_FALSE(spec.platform(soc)->supported);
  }
  EXPECT_EQ(spec.platform("Ascend999"), nullptr);

  const std::set<std::string> have = poolcheck::spec_test::expect_discrepancies(spec);
  for (const char* id :
       {"MP.D.PLATFORMS", "MP.D.INDICES_INT64", "MP.D.DILATION", "MP.D.DHW_LIMIT", "MP.D.NULL_CHECKS", "MP.D.EMPTY",
        "MP.D.FORMATS", "MP.D.CEILMODE_TEXT", "MP.D.GRADOUTPUT_SHAPE", "MP.D.INDEX_VALIDITY", "MP.D.CALL_EXAMPLE_INT8"})
    EXPECT_TRUE(have.count(id)) << id;
}

// ---------------------------------------------------------------------------------------------------------------
// Specific behaviours

std::string first_rule(const Case& c) { return poolcheck::spec_test::first_rule(maxpool3d_grad::operator_spec(), c); }

TEST(MaxPoolSpec, PrecedenceFollowsRuleOrder) {
  Case c = base_cases()[0];
  c.platform = "Ascend310P";
  c.array_mut("kernelSize").values = {0};
  EXPECT_EQ(first_rule(c), "MP.PLATFORM");
  c.tensor_mut("self").present = false;
  EXPECT_EQ(first_rule(c), "MP.NULL.SELF_INDICES");
  EXPECT_EQ(maxpool3d_grad::operator_spec().expected(c).code, poolcheck::spec::kParamNullptr);
  c.null_executor = true;
  EXPECT_EQ(first_rule(c), "MP.NULL.OUT_PARAMS");
}

TEST(MaxPoolSpec, DocCallExampleFailsOnIndicesExtent) {
  // indices created as ACL_INT32 over a 1-byte buffer: floor(1 byte / 4 bytes) = 0 elements.
  Case c = base_cases()[1];
  c.tensor_mut("indices").alloc_elems = 0;
  EXPECT_EQ(first_rule(c), "MP.TENSOR.EXTENT");
  EXPECT_EQ(maxpool3d_grad::operator_spec().violations(c).size(), 1u);
}

TEST(MaxPoolSpec, DhwLimitOnlyOnA2A3) {
  const Rule* dhw = maxpool3d_grad::operator_spec().rule("MP.SHAPE.DHW_LIMIT");
  auto huge = dhw->violate(base_cases()[0], 0);
  ASSERT_TRUE(huge.has_value());
  EXPECT_EQ(first_rule(*huge), "MP.SHAPE.DHW_LIMIT");
  huge->platform = "Ascend950";  // no limit there: only the (unavoidable) aliasing remains
  EXPECT_EQ(first_rule(*huge), "MP.OUTPUT.OVERLAP");
  EXPECT_FALSE(dhw->violate(base_cases()[5], 0).has_value());  // an Ascend950 base
}

TEST(MaxPoolSpec, PaddingBoundaryIsHalfKernel) {
  Case c = maxpool3d_grad::make_case(
      params("Ascend910B", DType::F32, DType::I32, true, 1, 1, {6, 6, 6}, {3, 4, 5}, {1}, {1, 2, 2}, false));
  EXPECT_EQ(first_rule(c), "success");
  c.array_mut("padding").values = {1, 2, 3};  // 3 > 5/2
  EXPECT_EQ(first_rule(c), "MP.PADDING.VALUE");
  c.array_mut("padding").values = {2};  // broadcast: 2 > 3/2 on D
  EXPECT_EQ(first_rule(c), "MP.PADDING.VALUE");
}

TEST(MaxPoolSpec, IndicesDtypePerPlatform) {
  Case c = base_cases()[0];  // Ascend910B
  c.tensor_mut("indices").dtype = DType::I64;
  EXPECT_EQ(first_rule(c), "MP.DTYPE.INDICES");
  c.platform = "Ascend950";
  EXPECT_EQ(first_rule(c), "success");
  c.platform = "Ascend910_93";
  EXPECT_EQ(first_rule(c), "MP.DTYPE.INDICES");
}

TEST(MaxPoolSpec, EmptyStrideListIsLegalNullStrideIsNot) {
  Case c = base_cases()[2];
  EXPECT_TRUE(c.array("stride")->values.empty());
  EXPECT_EQ(first_rule(c), "success");
  c.array_mut("stride").present = false;
  EXPECT_EQ(first_rule(c), "MP.NULL.OTHER");
}

TEST(MaxPoolSpec, IndexFaultIsAnExecutePhaseError) {
  for (IndexFault f : {IndexFault::OutOfWindow, IndexFault::OutOfPlane, IndexFault::Negative, IndexFault::HighWord,
                       IndexFault::NegativeWrap}) {
    Case c = base_cases()[5];  // Ascend950 with INT64 indices, where every fault can be held
    poolcheck::maxpool3d_grad::Edit(c).set_index_fault(f);
    const auto e = maxpool3d_grad::operator_spec().expected(c);
    ASSERT_NE(e.rule, nullptr);
    EXPECT_EQ(e.rule->id, "MP.INDEX.RANGE");
    EXPECT_EQ(e.phase, Phase::Execute);
    EXPECT_EQ(e.code, poolcheck::spec::kParamInvalid);
  }
  // A 1x1x1 plane has no out-of-window index: the out-of-window class is not made there.
  const Rule& range = *maxpool3d_grad::operator_spec().rule("MP.INDEX.RANGE");
  EXPECT_FALSE(range.violate(base_cases()[8], 0).has_value());
  const auto w = range.violate(base_cases()[0], 0);
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(poolcheck::maxpool3d_grad::View(*w).index_fault(), IndexFault::OutOfWindow);
}

// The INT64 index classes need INT64 indices (Ascend950); INT64 indices where only INT32 is listed need A2/A3.
TEST(MaxPoolSpec, Int64ClassesAreMadeOnlyWhereTheirConditionsHold) {
  const OperatorSpec& s = maxpool3d_grad::operator_spec();
  const Rule& range = *s.rule("MP.INDEX.RANGE");
  const Rule& indices = *s.rule("MP.DTYPE.INDICES");
  for (const uint64_t k : {uint64_t{3}, uint64_t{4}}) {
    EXPECT_EQ(range.classes[k].socs, std::vector<std::string>{"Ascend950"});
    const auto made = range.violate(base_cases()[5], k);  // Ascend950, INT64
    ASSERT_TRUE(made.has_value());
    EXPECT_EQ(first_rule(*made), "MP.INDEX.RANGE");
    EXPECT_FALSE(range.violate(base_cases()[6], k).has_value()) << "Ascend950 with INT32 indices";
    EXPECT_FALSE(range.violate(base_cases()[0], k).has_value()) << "Ascend910B";
  }
  EXPECT_EQ(indices.classes[0].name, "int64-where-int32-only");
  const auto a2 = indices.violate(base_cases()[0], 0);
  ASSERT_TRUE(a2.has_value());
  EXPECT_EQ(a2->tensor("indices")->dtype, DType::I64);
  EXPECT_EQ(first_rule(*a2), "MP.DTYPE.INDICES");
  EXPECT_FALSE(indices.violate(base_cases()[6], 0).has_value()) << "INT64 is valid on Ascend950";
}

// The data the INT64 classes run with: one index moved by a multiple of 2^32, so its low 32 bits still name the
// true argmax (a library reading 32 bits sees a valid case). Control: an out-of-plane fault keeps no low word.
TEST(MaxPoolSpec, Int64IndexFaultsKeepTheLowWord) {
  const poolcheck::OpAdapter* op = poolcheck::find_adapter("maxpool3d_grad");
  ASSERT_NE(op, nullptr);
  const Case clean = base_cases()[5];
  const std::vector<double> want = op->make_inputs(clean).at("indices");
  auto changed = [&](IndexFault f) {
    Case c = clean;
    poolcheck::maxpool3d_grad::Edit(c).set_index_fault(f);
    const std::vector<double> got = op->make_inputs(c).at("indices");
    std::vector<std::pair<int64_t, int64_t>> diffs;  // (was, now)
    for (size_t i = 0; i < got.size(); ++i)
      if (got[i] != want[i]) diffs.emplace_back(static_cast<int64_t>(want[i]), static_cast<int64_t>(got[i]));
    return diffs;
  };
  auto low_word = [](int64_t v) { return static_cast<uint32_t>(static_cast<uint64_t>(v)); };
  for (IndexFault f : {IndexFault::HighWord, IndexFault::NegativeWrap}) {
    const auto diffs = changed(f);
    ASSERT_EQ(diffs.size(), 1u);
    const auto [was, now] = diffs[0];
    EXPECT_EQ(low_word(now), low_word(was));
    if (f == IndexFault::HighWord)
      EXPECT_GE(now, int64_t{1} << 32);
    else
      EXPECT_LT(now, 0);
  }
  const auto oop = changed(IndexFault::OutOfPlane);
  ASSERT_EQ(oop.size(), 1u);
  EXPECT_NE(low_word(oop[0].second), low_word(oop[0].first));
}

}  // namespace
