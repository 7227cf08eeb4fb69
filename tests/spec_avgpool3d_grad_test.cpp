// Unit tests of the aclnnAvgPool3dBackward spec: valid base cases over its three documented platforms, ranks and
// formats; the exactly-one-violation property of every rule's mutator with negative controls; the rule table; and
// what its document (007) sets apart from the 2-D entry point's (001), whose rules it shares.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/case.h"
#include "ops/avgpool2d_grad/spec.h"
#include "ops/avgpool3d_grad/spec.h"
#include "spec/spec.h"
#include "tests/spec_test_support.h"

namespace {

namespace ap3 = poolcheck::spec::avgpool3d_grad;
using poolcheck::Case;
using poolcheck::DType;
using poolcheck::Format;
using poolcheck::spec::OperatorSpec;

ap3::CaseParams params(const char* soc, DType dt, bool batched, int64_t n, int64_t c, std::array<int64_t, 3> in,
                       std::vector<int64_t> k, std::vector<int64_t> s, std::vector<int64_t> p,
                       Format fmt = Format::ND) {
  ap3::CaseParams x;
  x.soc = soc;
  x.dtype = dt;
  x.batched = batched;
  x.n = n;
  x.c = c;
  x.in_dims = in;
  x.kernel = std::move(k);
  x.stride = std::move(s);
  x.padding = std::move(p);
  x.format = fmt;
  return x;
}

std::vector<Case> base_cases() {
  const DType f32 = DType::F32, f16 = DType::F16, bf16 = DType::BF16;
  std::vector<ap3::CaseParams> ps = {
      params("Ascend910B", f32, true, 1, 16, {4, 4, 4}, {4, 4, 4}, {1, 1, 1}, {0, 0, 0}),  // 007's call example
      params("Ascend910B", bf16, true, 2, 3, {5, 6, 7}, {3}, {2}, {1}),                    // overlapping, padded
      params("Ascend910_93", f16, false, 1, 4, {3, 5, 5}, {1, 2, 3}, {}, {0, 1, 1}, Format::NCDHW),  // 4-D
      params("Ascend950", f32, true, 2, 2, {6, 6, 6}, {2, 3, 2}, {2, 1, 2}, {1, 1, 0}),
      params("Ascend950", bf16, false, 1, 70, {2, 3, 4}, {2}, {1}, {0}),
      params("Ascend910_93", f32, true, 1, 2, {7, 1, 9}, {3, 1, 4}, {3, 1, 5}, {1, 0, 2}),
  };
  ps.push_back(params("Ascend910B", f16, true, 3, 5, {1, 1, 1}, {1}, {}, {0}));                      // one element
  ps.push_back(params("Ascend950", f32, true, 1, 1, {9, 2, 2}, {3, 2, 2}, {1, 1, 1}, {1, 1, 1}));    // overlap
  ps.push_back(params("Ascend910_93", bf16, false, 1, 2, {4, 4, 4}, {2}, {5}, {1}, Format::NCDHW));  // s > k
  ps.push_back(params("Ascend910B", f32, true, 2, 1, {5, 5, 5}, {5, 5, 5}, {}, {2, 2, 2}));          // p = k/2
  ps[3].ceil_mode = true;
  ps[8].ceil_mode = true;
  ps[9].count_include_pad = true;
  ps[3].count_include_pad = true;
  ps[5].divisor_override = -(int64_t{1} << 40);  // no range: any int64 divides as it is
  std::vector<Case> out;
  for (const auto& p : ps) out.push_back(ap3::make_case(p));
  Case strided = out[1];  // channels-last output, gradOutput at an offset with room to spare
  auto& o = strided.tensor_mut("output");
  o.strides = {630, 1, 126, 21, 3};
  auto& go = strided.tensor_mut("gradOutput");
  go.offset = 5;
  go.alloc_elems = *poolcheck::view_extent_elems(go) + 3;
  out.push_back(strided);
  Case no_stride = out[2];  // a null stride means stride = kernel
  no_stride.array_mut("stride").present = false;
  out.push_back(no_stride);
  return out;
}

std::string first_rule(const Case& c) { return poolcheck::spec_test::first_rule(ap3::operator_spec(), c); }

TEST(AvgPool3dCaseBuilder, DocExampleShapes) {
  const Case c = base_cases()[0];
  EXPECT_EQ(c.op, "avgpool3d_grad");
  EXPECT_EQ(c.tensor("gradOutput")->shape, (std::vector<int64_t>{1, 16, 1, 1, 1}));
  EXPECT_EQ(c.tensor("self")->shape, (std::vector<int64_t>{1, 16, 4, 4, 4}));
  EXPECT_EQ(c.tensor("output")->shape, (std::vector<int64_t>{1, 16, 4, 4, 4}));
  // 5 -> (5+2-3)/2+1 = 3, 6 -> 3, 7 -> 4 with k3 s2 p1.
  EXPECT_EQ(base_cases()[1].tensor("gradOutput")->shape, (std::vector<int64_t>{2, 3, 3, 3, 4}));
  ap3::CaseParams bad;
  bad.in_dims = {0, 1, 1};
  EXPECT_THROW(ap3::make_case(bad), std::invalid_argument);
  bad.in_dims = {1, 1, 1};
  bad.kernel = {1, 1};
  EXPECT_THROW(ap3::make_case(bad), std::invalid_argument);
}

TEST(AvgPool3dSpec, BaseCasesAreValid) {
  const auto bases = base_cases();
  poolcheck::spec_test::expect_valid_bases(ap3::operator_spec(), bases);
  std::set<std::string> socs;
  for (const Case& b : bases) socs.insert(b.platform);
  EXPECT_EQ(socs, (std::set<std::string>{"Ascend910B", "Ascend910_93", "Ascend950"}));
}

TEST(AvgPool3dSpec, EveryMutationViolatesExactlyItsRule) {
  poolcheck::spec_test::expect_exactly_one(ap3::operator_spec(), base_cases());
}

TEST(AvgPool3dSpec, NegativeControlSilentRule) {
  poolcheck::spec_test::expect_broken_rule_caught(
      ap3::operator_spec(), "AP3.SHAPE.POOLED", [](const Case&) { return false; }, base_cases());
}

// The 2-D document's ranks (3 or 4) in place of this one's: every valid base is then flagged.
TEST(AvgPool3dSpec, NegativeControlTwoDRanks) {
  const auto two_d_ranks = [](const Case& c) {
    for (const char* name : {"gradOutput", "self", "output"})
      if (const auto* t = c.tensor(name); t && t->present && t->shape.size() != 3 && t->shape.size() != 4) return true;
    return false;
  };
  const OperatorSpec broken = poolcheck::spec_test::with_predicate(ap3::operator_spec(), "AP3.RANK", two_d_ranks);
  const auto res = poolcheck::spec_test::check_exactly_one(broken, base_cases());
  EXPECT_TRUE(poolcheck::spec_test::any_failure_mentions(res, "AP3.RANK")) << "the 2-D ranks went unnoticed";
}

TEST(AvgPool3dSpec, RuleTableOrderCodesAndMetadata) {
  const OperatorSpec& spec = ap3::operator_spec();
  const std::vector<std::string> order = {
      "AP3.NULL.OUT_PARAMS", "AP3.NULL.TENSORS", "AP3.TENSOR.DESCRIPTOR",   "AP3.TENSOR.EXTENT", "AP3.PLATFORM",
      "AP3.DTYPE.SUPPORTED", "AP3.DTYPE.SAME",   "AP3.FORMAT.SUPPORTED",    "AP3.FORMAT.SAME",   "AP3.RANK",
      "AP3.KERNEL.LEN",      "AP3.KERNEL.VALUE", "AP3.STRIDE.LEN",          "AP3.STRIDE.VALUE",  "AP3.PADDING.LEN",
      "AP3.PADDING.VALUE",   "AP3.SHAPE.OUTPUT", "AP3.SHAPE.BATCH_CHANNEL", "AP3.SHAPE.POOLED",  "AP3.OUTPUT.OVERLAP"};
  poolcheck::spec_test::expect_rule_table(spec, order, 2, {});
  EXPECT_EQ(spec.op, "avgpool3d_grad");
  EXPECT_EQ(spec.aclnn_name, "aclnnAvgPool3dBackward");
  EXPECT_EQ(spec.seeds, std::vector<std::string>{"007"});
}

TEST(AvgPool3dSpec, PlatformsAndDiscrepancies) {
  const OperatorSpec& spec = ap3::operator_spec();
  std::vector<std::string> supported;
  for (const auto& row : spec.platforms)
    if (row.supported) supported.push_back(row.soc);
  EXPECT_EQ(supported, (std::vector<std::string>{"Ascend950", "Ascend910_93", "Ascend910B"}));
  const std::set<std::string> have = poolcheck::spec_test::expect_discrepancies(spec);
  for (const char* id : {"AP3.D.NULL_STRIDE", "AP3.D.OUT_DTYPE", "AP3.D.FORMATS", "AP3.D.EMPTY", "AP3.D.DIVISOR_INT32",
                         "AP3.D.POOLED_SIZE"})
    EXPECT_TRUE(have.count(id)) << id;
  for (const auto& r : spec.rules) poolcheck::spec_test::expect_refs_exist("AP3.D.", have, r.id, r.chosen);
}

TEST(AvgPool3dSpec, WhatTheDocumentSetsApart) {
  const OperatorSpec& spec_2d = poolcheck::spec::avgpool2d_grad::operator_spec();
  // Ascend950 is listed (001 refuses it).
  EXPECT_EQ(first_rule(base_cases()[3]), "success");
  // No zero-dim rule: a zero N or C is a legal call (001 refuses it); a zero D has no pooled size.
  Case empty = base_cases()[1];
  for (const char* name : {"gradOutput", "self", "output"}) empty.tensor_mut(name).shape[1] = 0;
  empty.tensor_mut("output").strides.clear();
  empty.tensor_mut("gradOutput").offset = 0;
  EXPECT_EQ(first_rule(empty), "success");
  Case no_depth = base_cases()[1];
  for (const char* name : {"self", "output"}) no_depth.tensor_mut(name).shape[2] = 0;
  EXPECT_EQ(first_rule(no_depth), "AP3.SHAPE.POOLED");
  Case empty_2d = poolcheck::spec::avgpool2d_grad::make_case({});
  for (const char* name : {"gradOutput", "self", "gradInput"}) empty_2d.tensor_mut(name).shape[0] = 0;
  EXPECT_EQ(poolcheck::spec_test::first_rule(spec_2d, empty_2d), "AP.EMPTY");
  // self's dtype is free; output's is gradOutput's.
  Case mixed = base_cases()[0];
  mixed.tensor_mut("self").dtype = DType::F16;
  EXPECT_EQ(first_rule(mixed), "success");
  mixed.tensor_mut("output").dtype = DType::BF16;
  EXPECT_EQ(first_rule(mixed), "AP3.DTYPE.SAME");
  // ND or NCDHW, the same for all three; NCHW is refused.
  Case fmt = base_cases()[0];
  fmt.tensor_mut("self").format = Format::NCDHW;
  EXPECT_EQ(first_rule(fmt), "AP3.FORMAT.SAME");
  fmt.tensor_mut("self").format = Format::NCHW;
  EXPECT_EQ(first_rule(fmt), "AP3.FORMAT.SUPPORTED");
  // Three values per list, no cubeMathType, no divisor range.
  Case two_values = base_cases()[0];
  two_values.array_mut("kernelSize").values = {4, 4};
  EXPECT_EQ(first_rule(two_values), "AP3.KERNEL.LEN");
  Case huge_divisor = base_cases()[0];
  huge_divisor.set_scalar("divisorOverride", int64_t{1} << 40);
  EXPECT_EQ(first_rule(huge_divisor), "success");
  for (const auto& r : ap3::operator_spec().rules) {
    EXPECT_EQ(r.id.find("CUBE_MATH"), std::string::npos) << r.id;
    EXPECT_EQ(r.id.find("DIVISOR"), std::string::npos) << r.id;
  }
  // The 161001 row names output; a null output is 161001.
  Case no_out = base_cases()[0];
  no_out.tensor_mut("output").present = false;
  EXPECT_EQ(first_rule(no_out), "AP3.NULL.TENSORS");
}

}  // namespace
