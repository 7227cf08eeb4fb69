// Unit tests of the aclnnMaxPool2dWithIndicesBackward spec: valid base cases over its platforms, dtypes, formats
// and list forms; the exactly-one-violation property of every rule's mutator with negative controls; the rule
// table; and the behaviours its document sets apart from the 3-D entry point (padding up to kernelSize, dilation
// and NHWC on Ascend950 only, FLOAT only on A2/A3).
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <string>
#include <vector>

#include "case/case.h"
#include "case/depth_axis.h"
#include "ops/maxpool2d_grad/family.h"
#include "ops/maxpool2d_grad/spec.h"
#include "ops/maxpool3d_grad/spec.h"
#include "spec/spec.h"
#include "tests/spec_test_support.h"

namespace {

namespace mp2 = poolcheck::spec::maxpool2d_grad;
using poolcheck::Case;
using poolcheck::DType;
using poolcheck::Format;
using poolcheck::spec::OperatorSpec;

mp2::CaseParams params(const char* soc, DType dt, DType idx, bool batched, int64_t n, int64_t c,
                       std::array<int64_t, 2> in, std::vector<int64_t> k, std::vector<int64_t> s,
                       std::vector<int64_t> p, bool ceil, Format fmt = Format::ND) {
  mp2::CaseParams mp;
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

std::vector<Case> base_cases() {
  const DType f32 = DType::F32, f16 = DType::F16, bf16 = DType::BF16, i32 = DType::I32, i64 = DType::I64;
  std::vector<mp2::CaseParams> ps = {
      params("Ascend910B", f32, i32, true, 1, 1, {4, 4}, {2, 2}, {2, 2}, {0, 0}, false, Format::NCHW),  // doc example
      params("Ascend910B", f32, i32, true, 2, 3, {6, 7}, {3}, {2}, {1}, true),
      params("Ascend910_93", f32, i32, false, 1, 4, {5, 5}, {2}, {}, {1}, true),
      params("Ascend910_93", f32, i32, true, 1, 2, {7, 6}, {2, 3}, {3}, {2, 3}, false),  // padding == kernelSize
      params("Ascend950", f16, i64, true, 2, 2, {5, 5}, {2}, {2}, {1}, true),
      params("Ascend950", bf16, i32, false, 1, 2, {6, 6}, {3}, {2}, {1}, true, Format::NCHW),
      params("Ascend950", f32, i64, true, 1, 3, {6, 8}, {3, 2}, {}, {0}, false, Format::NHWC),
      params("Ascend910B", f32, i32, true, 1, 1, {1, 1}, {1}, {}, {0}, false),
      params("Ascend910B", f32, i32, true, 1, 1, {1, 1}, {4}, {3}, {1}, true),  // only ceil gives a window
      params("Ascend910_93", f32, i32, false, 1, 5, {9, 4}, {3, 1}, {2, 1}, {1, 0}, false, Format::NCHW),
      params("Ascend950", f32, i32, true, 3, 7, {8, 5}, {2}, {1}, {0}, false),
      params("Ascend950", bf16, i64, false, 1, 1, {4, 9}, {2, 3}, {}, {1, 0}, true),
  };
  ps[4].dilation = {2};
  ps[6].dilation = {1, 3};
  std::vector<Case> out;
  for (const auto& p : ps) out.push_back(mp2::make_case(p));
  Case strided = out[1];  // padded self rows, offset and spare room on gradOutput
  strided.tensor_mut("self").strides = {100, 20, 10, 1};
  auto& go = strided.tensor_mut("gradOutput");
  go.offset = 3;
  go.alloc_elems = *poolcheck::view_extent_elems(go) + 7;
  out.push_back(strided);
  return out;
}

TEST(MaxPool2dCaseBuilder, DocExampleShapes) {
  const Case c = base_cases()[0];
  EXPECT_EQ(c.op, "maxpool2d_grad");
  EXPECT_EQ(c.tensor("self")->shape, (std::vector<int64_t>{1, 1, 4, 4}));
  EXPECT_EQ(c.tensor("gradOutput")->shape, (std::vector<int64_t>{1, 1, 2, 2}));
  EXPECT_EQ(c.tensor("indices")->shape, (std::vector<int64_t>{1, 1, 2, 2}));
  // NHWC keeps C last: 6x8 with kernel 3x2, stride = kernel and dilation 1x3 pools to 2x3 (H: (6 - 3) / 3 + 1;
  // W: the dilated window spans 4, (8 - 4) / 2 + 1).
  const Case nhwc = base_cases()[6];
  EXPECT_EQ(nhwc.tensor("self")->shape, (std::vector<int64_t>{1, 6, 8, 3}));
  EXPECT_EQ(nhwc.tensor("gradOutput")->shape, (std::vector<int64_t>{1, 2, 3, 3}));
}

TEST(MaxPool2dSpec, BaseCasesAreValid) { poolcheck::spec_test::expect_valid_bases(mp2::operator_spec(), base_cases()); }

TEST(MaxPool2dSpec, EveryMutationViolatesExactlyItsRule) {
  poolcheck::spec_test::expect_exactly_one(mp2::operator_spec(), base_cases());
}

TEST(MaxPool2dSpec, NegativeControlSilentRule) {
  poolcheck::spec_test::expect_broken_rule_caught(
      mp2::operator_spec(), "MP2.EMPTY", [](const Case&) { return false; }, base_cases());
}

// The 3-D document's bound (kernelSize / 2) in place of this one's: the valid base whose padding equals
// kernelSize is then flagged, which the base check must notice.
TEST(MaxPool2dSpec, NegativeControlThreeDPaddingBound) {
  const auto half_bound = [](const Case& c) {
    const auto& k = c.array("kernelSize")->values;
    const auto& p = c.array("padding")->values;
    for (size_t i = 0; i < p.size(); ++i)
      if (p[i] > k[std::min(i, k.size() - 1)] / 2) return true;
    return false;
  };
  const OperatorSpec broken =
      poolcheck::spec_test::with_predicate(mp2::operator_spec(), "MP2.PADDING.VALUE", half_bound);
  const auto res = poolcheck::spec_test::check_exactly_one(broken, base_cases());
  EXPECT_TRUE(poolcheck::spec_test::any_failure_mentions(res, "MP2.PADDING.VALUE"))
      << "the broken bound went unnoticed";
}

TEST(MaxPool2dSpec, RuleTableOrderCodesAndMetadata) {
  const OperatorSpec& spec = mp2::operator_spec();
  const std::vector<std::string> order = {"MP2.NULL.OUT_PARAMS",
                                          "MP2.NULL.SELF_INDICES",
                                          "MP2.NULL.OTHER",
                                          "MP2.TENSOR.DESCRIPTOR",
                                          "MP2.TENSOR.EXTENT",
                                          "MP2.PLATFORM",
                                          "MP2.DTYPE.SELF",
                                          "MP2.DTYPE.SAME",
                                          "MP2.DTYPE.INDICES",
                                          "MP2.FORMAT.SUPPORTED",
                                          "MP2.FORMAT.NHWC_PLATFORM",
                                          "MP2.FORMAT.SAME",
                                          "MP2.RANK",
                                          "MP2.RANK.SAME",
                                          "MP2.KERNEL.LEN",
                                          "MP2.KERNEL.VALUE",
                                          "MP2.STRIDE.LEN",
                                          "MP2.STRIDE.VALUE",
                                          "MP2.PADDING.LEN",
                                          "MP2.PADDING.VALUE",
                                          "MP2.DILATION.LEN",
                                          "MP2.DILATION.VALUE",
                                          "MP2.SHAPE.INDICES",
                                          "MP2.SHAPE.GRADINPUT",
                                          "MP2.EMPTY",
                                          "MP2.SHAPE.BATCH_CHANNEL",
                                          "MP2.SHAPE.POOLED",
                                          "MP2.OUTPUT.OVERLAP",
                                          "MP2.INDEX.RANGE"};
  poolcheck::spec_test::expect_rule_table(spec, order, 3, {"MP2.INDEX.RANGE"});
  EXPECT_EQ(spec.op, "maxpool2d_grad");
  EXPECT_EQ(spec.aclnn_name, "aclnnMaxPool2dWithIndicesBackward");
}

TEST(MaxPool2dSpec, PlatformsAndDiscrepancies) {
  const OperatorSpec& spec = mp2::operator_spec();
  for (const char* soc : {"Ascend910B", "Ascend910_93"}) {
    ASSERT_NE(spec.platform(soc), nullptr) << soc;
    EXPECT_EQ(spec.platform(soc)->dtypes, std::vector<DType>{DType::F32}) << soc;
    EXPECT_EQ(spec.platform(soc)->index_dtypes, std::vector<DType>{DType::I32}) << soc;
  }
  EXPECT_EQ(spec.platform("Ascend950")->dtypes, (std::vector<DType>{DType::F32, DType::F16, DType::BF16}));
  EXPECT_EQ(spec.platform("Ascend950")->index_dtypes, (std::vector<DType>{DType::I32, DType::I64}));
  for (const char* soc : {"Ascend310B", "Ascend310P", "Ascend910"}) EXPECT_FALSE(spec.platform(soc)->supported);
  const std::set<std::string> have = poolcheck::spec_test::expect_discrepancies(spec);
  for (const char* id : {"MP2.D.NULL_CHECKS", "MP2.D.PADDING_BOUND", "MP2.D.DILATION", "MP2.D.NAN_INPUT"})
    EXPECT_TRUE(have.count(id)) << id;
}

std::string first_rule(const Case& c) { return poolcheck::spec_test::first_rule(mp2::operator_spec(), c); }

TEST(MaxPool2dSpec, PlatformNotesSetDtypesFormatsAndDilation) {
  Case a2 = base_cases()[1];
  a2.tensor_mut("self").dtype = a2.tensor_mut("gradOutput").dtype = a2.tensor_mut("gradInput").dtype = DType::F16;
  EXPECT_EQ(first_rule(a2), "MP2.DTYPE.SELF");  // FLOAT only on A2/A3
  Case dil = base_cases()[1];
  dil.array_mut("dilation").values = {2};
  EXPECT_EQ(first_rule(dil), "MP2.DILATION.VALUE");  // (1, 1) only on A2/A3
  dil.platform = "Ascend950";
  EXPECT_NE(first_rule(dil), "MP2.DILATION.VALUE");  // any value > 0 on Ascend950
  Case nhwc = base_cases()[6];
  EXPECT_EQ(first_rule(nhwc), "success");
  nhwc.platform = "Ascend910B";
  nhwc.tensor_mut("indices").dtype = DType::I32;
  for (const char* t : {"gradOutput", "self", "gradInput"}) nhwc.tensor_mut(t).dtype = DType::F32;
  EXPECT_EQ(first_rule(nhwc), "MP2.FORMAT.NHWC_PLATFORM");
}

TEST(MaxPool2dSpec, PaddingBoundIsTheKernelNotItsHalf) {
  Case c = base_cases()[3];  // kernel 2x3, padding 2x3: valid here, refused by the 3-D bound
  EXPECT_EQ(first_rule(c), "success");
  c.array_mut("padding").values = {3, 3};
  EXPECT_EQ(first_rule(c), "MP2.PADDING.VALUE");
}

// The lift onto the family is a case of the 3-D spec's valid space wherever the 3-D document's bounds hold:
// same SoC, tensors with a depth axis of one, lists with their neutral depth entry.
TEST(MaxPool2dFamily, LiftedValidCasesAreValidThreeDCases) {
  const auto& family = poolcheck::maxpool2d_grad::family();
  for (size_t i : {1u, 2u, 4u, 5u, 7u, 9u}) {
    const Case c = base_cases()[i];
    const Case lifted = poolcheck::with_depth_axis(c, family);
    EXPECT_EQ(lifted.op, "maxpool3d_grad");
    if (c.platform != "Ascend950" || c.array("dilation")->values == std::vector<int64_t>{1}) {
      EXPECT_EQ(poolcheck::spec_test::first_rule(poolcheck::spec::maxpool3d_grad::operator_spec(), lifted), "success")
          << i;
    }
    const auto back = poolcheck::without_depth_axis(lifted, family);
    ASSERT_TRUE(back.has_value()) << i;
    EXPECT_EQ(back->tensors, c.tensors) << i;
  }
  // A depth axis that is not neutral is no 2-D problem (negative control of the lowering).
  Case deep = poolcheck::with_depth_axis(base_cases()[1], family);
  deep.array_mut("kernelSize").values[0] = 2;
  EXPECT_FALSE(poolcheck::without_depth_axis(deep, family).has_value());
  Case thick = poolcheck::with_depth_axis(base_cases()[1], family);
  thick.tensor_mut("self").shape[2] = 2;
  EXPECT_FALSE(poolcheck::without_depth_axis(thick, family).has_value());
}

}  // namespace
