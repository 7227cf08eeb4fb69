// Unit tests of the aclnnAdaptiveAvgPool2dBackward spec: valid base cases over its six documented platforms, ranks
// and formats; the exactly-one-violation property of every rule's mutator with negative controls; the rule table;
// and what its document (008) sets apart from the 3-D entry point's (002), whose rules it shares.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/case.h"
#include "ops/adaptive_avgpool2d_grad/spec.h"
#include "ops/adaptive_avgpool3d_grad/spec.h"
#include "spec/spec.h"
#include "tests/spec_test_support.h"

namespace {

namespace aa2 = poolcheck::spec::adaptive_avgpool2d_grad;
using poolcheck::Case;
using poolcheck::DType;
using poolcheck::Format;
using poolcheck::spec::OperatorSpec;

aa2::CaseParams params(const char* soc, DType dt, bool batched, int64_t n, int64_t c, std::array<int64_t, 2> in,
                       std::array<int64_t, 2> out, Format fmt = Format::ND) {
  aa2::CaseParams p;
  p.soc = soc;
  p.dtype = dt;
  p.batched = batched;
  p.n = n;
  p.c = c;
  p.in_dims = in;
  p.out_dims = out;
  p.format = fmt;
  return p;
}

std::vector<Case> base_cases() {
  const DType f32 = DType::F32, f16 = DType::F16, bf16 = DType::BF16;
  const std::vector<aa2::CaseParams> ps = {
      params("Ascend910B", f32, true, 1, 1, {4, 2}, {3, 2}, Format::NCHW),    // 008's call example
      params("Ascend910B", bf16, true, 2, 3, {6, 8}, {3, 4}),                 // divisible
      params("Ascend910_93", f16, false, 1, 4, {5, 7}, {3, 4}, Format::NCL),  // 3-D, overlapping windows
      params("Ascend950", bf16, true, 2, 2, {7, 9}, {3, 5}, Format::NCHW),
      params("Ascend950", f32, false, 1, 130, {4, 16}, {4, 16}),           // many planes, identity
      params("Ascend910", f16, true, 1, 2, {3, 3}, {5, 4}),                // upsampling
      params("Ascend310P", f32, false, 1, 3, {6, 6}, {1, 1}),              // 1x1: Fill x Mul
      params("Ascend310P", f16, true, 2, 1, {9, 4}, {2, 3}, Format::NCL),  // NCL on a 4-D tensor
      params("Ascend950", f16, false, 1, 3, {1, 1}, {1, 1}),               // a single element per plane
      params("Ascend910", f32, true, 1, 2, {8, 8}, {3, 5}, Format::NCHW),
      params("Ascend910_93", bf16, true, 2, 64, {8, 8}, {3, 5}),  // larger N*C
  };
  std::vector<Case> out;
  for (const auto& p : ps) out.push_back(aa2::make_case(p));
  Case strided = out[1];  // padded self rows, channels-last out, gradOutput at an offset with room to spare
  strided.tensor_mut("self").strides = {120, 40, 10, 1};
  strided.tensor_mut("out").strides = {144, 1, 24, 3};
  auto& go = strided.tensor_mut("gradOutput");
  go.offset = 5;
  go.alloc_elems = *poolcheck::view_extent_elems(go) + 3;
  out.push_back(strided);
  return out;
}

std::string first_rule(const Case& c) { return poolcheck::spec_test::first_rule(aa2::operator_spec(), c); }

TEST(AdaptivePool2dCaseBuilder, DocExampleShapes) {
  const Case c = base_cases()[0];
  EXPECT_EQ(c.op, "adaptive_avgpool2d_grad");
  EXPECT_EQ(c.tensor("gradOutput")->shape, (std::vector<int64_t>{1, 1, 3, 2}));
  EXPECT_EQ(c.tensor("self")->shape, (std::vector<int64_t>{1, 1, 4, 2}));
  EXPECT_EQ(c.tensor("out")->shape, (std::vector<int64_t>{1, 1, 4, 2}));
  EXPECT_EQ(base_cases()[2].tensor("self")->shape, (std::vector<int64_t>{4, 5, 7}));
  aa2::CaseParams bad;
  bad.in_dims = {0, 1};
  EXPECT_THROW(aa2::make_case(bad), std::invalid_argument);
}

TEST(AdaptivePool2dSpec, BaseCasesAreValid) {
  const auto bases = base_cases();
  poolcheck::spec_test::expect_valid_bases(aa2::operator_spec(), bases);
  std::set<std::string> socs;
  for (const Case& b : bases) socs.insert(b.platform);
  EXPECT_EQ(socs, (std::set<std::string>{"Ascend910B", "Ascend910_93", "Ascend950", "Ascend910", "Ascend310P"}));
}

TEST(AdaptivePool2dSpec, EveryMutationViolatesExactlyItsRule) {
  poolcheck::spec_test::expect_exactly_one(aa2::operator_spec(), base_cases());
}

TEST(AdaptivePool2dSpec, NegativeControlSilentRule) {
  poolcheck::spec_test::expect_broken_rule_caught(
      aa2::operator_spec(), "AA2.SHAPE.NC", [](const Case&) { return false; }, base_cases());
}

// The 3-D document's ranks (4 or 5) in place of this one's: every valid base is then flagged.
TEST(AdaptivePool2dSpec, NegativeControlThreeDRanks) {
  const auto three_d_ranks = [](const Case& c) {
    for (const char* name : {"gradOutput", "self", "out"})
      if (const auto* t = c.tensor(name); t && t->present && t->shape.size() != 4 && t->shape.size() != 5) return true;
    return false;
  };
  const OperatorSpec broken = poolcheck::spec_test::with_predicate(aa2::operator_spec(), "AA2.RANK", three_d_ranks);
  const auto res = poolcheck::spec_test::check_exactly_one(broken, base_cases());
  EXPECT_TRUE(poolcheck::spec_test::any_failure_mentions(res, "AA2.RANK")) << "the 3-D ranks went unnoticed";
}

TEST(AdaptivePool2dSpec, RuleTableOrderCodesAndMetadata) {
  const OperatorSpec& spec = aa2::operator_spec();
  const std::vector<std::string> order = {"AA2.NULL.OUT_PARAMS", "AA2.NULL.TENSORS",     "AA2.TENSOR.DESCRIPTOR",
                                          "AA2.TENSOR.EXTENT",   "AA2.PLATFORM",         "AA2.RANK",
                                          "AA2.SHAPE.OUT",       "AA2.SHAPE.NC",         "AA2.DTYPE.SUPPORTED",
                                          "AA2.DTYPE.SAME",      "AA2.FORMAT.SUPPORTED", "AA2.OUTPUT.OVERLAP"};
  poolcheck::spec_test::expect_rule_table(spec, order, 2, {});
  EXPECT_EQ(spec.op, "adaptive_avgpool2d_grad");
  EXPECT_EQ(spec.aclnn_name, "aclnnAdaptiveAvgPool2dBackward");
  EXPECT_EQ(spec.seeds, std::vector<std::string>{"008"});
}

TEST(AdaptivePool2dSpec, PlatformsAndDiscrepancies) {
  const OperatorSpec& spec = aa2::operator_spec();
  std::vector<std::string> supported;
  for (const auto& row : spec.platforms)
    if (row.supported) supported.push_back(row.soc);
  EXPECT_EQ(supported,
            (std::vector<std::string>{"Ascend950", "Ascend910_93", "Ascend910B", "Ascend310P", "Ascend910"}));
  const std::set<std::string> have = poolcheck::spec_test::expect_discrepancies(spec);
  for (const char* id : {"AA2.D.OUT_CHECKS", "AA2.D.FORMATS", "AA2.D.EMPTY", "AA2.D.ASSIST_FLOAT"})
    EXPECT_TRUE(have.count(id)) << id;
  for (const auto& r : spec.rules) poolcheck::spec_test::expect_refs_exist("AA2.D.", have, r.id, r.chosen);
}

TEST(AdaptivePool2dSpec, WhatTheDocumentSetsApart) {
  // Ascend950 is listed (002 refuses it); BFLOAT16 is not on the training and inference series.
  EXPECT_EQ(first_rule(base_cases()[3]), "success");
  Case bf16 = base_cases()[5];
  for (const char* name : {"gradOutput", "self", "out"}) bf16.tensor_mut(name).dtype = DType::BF16;
  EXPECT_EQ(first_rule(bf16), "AA2.DTYPE.SUPPORTED");
  // No zero-dim rule: an empty tensor is a legal call (002 refuses it).
  Case empty = base_cases()[1];
  for (const char* name : {"gradOutput", "self", "out"}) {
    auto shape = empty.tensor("self")->shape;
    if (std::string(name) == "gradOutput") shape = empty.tensor("gradOutput")->shape;
    shape[0] = 0;
    empty.tensor_mut(name).shape = shape;
  }
  EXPECT_EQ(first_rule(empty), "success");
  Case empty_3d = poolcheck::spec::adaptive_avgpool3d_grad::make_case({});
  for (const char* name : {"gradOutput", "self", "out"}) empty_3d.tensor_mut(name).shape[0] = 0;
  EXPECT_EQ(poolcheck::spec_test::first_rule(poolcheck::spec::adaptive_avgpool3d_grad::operator_spec(), empty_3d),
            "AA.SHAPE.ZERO");
  // Formats need not agree, and out's is not judged; gradOutput's and self's must be listed.
  Case mixed = base_cases()[1];
  mixed.tensor_mut("self").format = Format::NCHW;
  mixed.tensor_mut("out").format = Format::NCDHW;
  EXPECT_EQ(first_rule(mixed), "success");
  mixed.tensor_mut("gradOutput").format = Format::NCDHW;
  EXPECT_EQ(first_rule(mixed), "AA2.FORMAT.SUPPORTED");
  // Ranks 3 and 4 only; out held to self's shape.
  Case five_d = base_cases()[1];
  for (const char* name : {"gradOutput", "self", "out"}) {
    auto shape = five_d.tensor(name)->shape;
    shape.insert(shape.begin(), 1);
    five_d.tensor_mut(name).shape = shape;
  }
  EXPECT_EQ(first_rule(five_d), "AA2.RANK");
  Case out_hw = base_cases()[1];
  out_hw.tensor_mut("out").shape.back() += 1;
  EXPECT_EQ(first_rule(out_hw), "AA2.SHAPE.OUT");
  // Its 161001 row names gradOutput and self; out null is 161001 too.
  Case no_out = base_cases()[0];
  no_out.tensor_mut("out").present = false;
  EXPECT_EQ(first_rule(no_out), "AA2.NULL.TENSORS");
}

}  // namespace
