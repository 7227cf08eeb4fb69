// Unit tests of the aclnnAdaptiveAvgPool3dBackward spec: the case builder, valid base cases, the exactly-one-
// violation property of every rule's mutator, negative controls that prove the exactly-one checker can fail, and
// the specific choices the spec makes where seed 002 is silent or disagrees with upstream.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/case.h"
#include "ops/adaptive_avgpool3d_grad/spec.h"
#include "spec/spec.h"
#include "tests/spec_test_support.h"

namespace {

namespace adaptive_avgpool3d_grad = poolcheck::spec::adaptive_avgpool3d_grad;
using poolcheck::Case;
using poolcheck::DType;
using poolcheck::Format;
using poolcheck::spec::OperatorSpec;
using poolcheck::spec::Phase;
using poolcheck::spec::Rule;
using poolcheck::spec::adaptive_avgpool3d_grad::CaseParams;
using poolcheck::spec::adaptive_avgpool3d_grad::make_case;
using poolcheck::spec_test::kChoices;

const std::vector<std::string> kNames{"gradOutput", "self", "out"};

// ---------------------------------------------------------------------------------------------------------------
// Base cases

adaptive_avgpool3d_grad::CaseParams params(const char* soc, DType dt, bool batched, int64_t n, int64_t c,
                                           std::array<int64_t, 3> in, std::array<int64_t, 3> out, Format fmt) {
  adaptive_avgpool3d_grad::CaseParams p;
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

// Non-contiguous 5-D: self with padded rows, channels-last out, gradOutput at an offset with spare room.
Case strided_case_5d() {
  Case c = adaptive_avgpool3d_grad::make_case(
      params("Ascend910_93", DType::BF16, true, 2, 2, {3, 4, 5}, {2, 2, 2}, Format::NCDHW));
  c.tensor_mut("self").strides = {144, 72, 24, 6, 1};
  c.tensor_mut("out").strides = {120, 1, 40, 10, 2};
  auto& go = c.tensor_mut("gradOutput");
  go.offset = 7;
  go.alloc_elems = *poolcheck::view_extent_elems(go) + 5;
  return c;
}

// Non-contiguous 4-D: channels-last out (C,D,H,W) with strides (1, H*W*C, W*C, C), gradOutput at an offset.
Case strided_case_4d() {
  Case c = adaptive_avgpool3d_grad::make_case(
      params("Ascend310P", DType::F16, false, 1, 3, {4, 2, 3}, {2, 2, 2}, Format::ND));
  c.tensor_mut("out").strides = {1, 18, 9, 3};
  c.tensor_mut("gradOutput").offset = 3;
  return c;
}

std::vector<Case> base_cases() {
  const DType f32 = DType::F32, f16 = DType::F16, bf16 = DType::BF16;
  const Format nd = Format::ND, ncdhw = Format::NCDHW;
  const char *a2 = "Ascend910B", *a3 = "Ascend910_93", *train = "Ascend910", *infer = "Ascend310P";
  const std::vector<adaptive_avgpool3d_grad::CaseParams> ps = {
      params(a2, f32, true, 2, 3, {4, 6, 8}, {2, 3, 4}, nd),         // divisible
      params(a2, f32, true, 2, 2, {1, 1, 4}, {1, 1, 2}, nd),         // 002's call example
      params(a3, f16, true, 1, 3, {3, 5, 7}, {2, 3, 4}, ncdhw),      // overlapping windows (G-A1)
      params(a3, bf16, false, 1, 4, {5, 7, 9}, {3, 4, 5}, nd),       // 4-D, non-divisible
      params(train, f32, true, 1, 1, {2, 2, 2}, {3, 3, 3}, nd),      // upsampling (G-A2)
      params(train, f16, false, 1, 2, {1, 3, 5}, {1, 2, 3}, ncdhw),  // 4-D labelled NCDHW (G-A4)
      params(infer, f32, true, 2, 3, {4, 4, 4}, {1, 1, 1}, ncdhw),   // 1x1x1 output: upstream's all-one path
      params(infer, f16, false, 1, 3, {2, 3, 1}, {5, 2, 3}, nd),     // up- and downsampling mixed
      params(a2, bf16, true, 1, 1, {1, 1, 1}, {1, 1, 1}, nd),        // a single element
      params(a2, f16, true, 2, 64, {8, 8, 8}, {3, 5, 7}, ncdhw),     // larger N*C
      params(a3, f32, false, 1, 5, {10, 10, 10}, {4, 4, 4}, nd),     // in 10 -> out 4: windows overlap by one
      params(train, f32, false, 1, 3, {3, 4, 5}, {1, 1, 1}, ncdhw),  // 4-D all-one on Atlas training
  };
  std::vector<Case> out;
  for (const auto& p : ps) out.push_back(adaptive_avgpool3d_grad::make_case(p));
  out.push_back(strided_case_5d());
  out.push_back(strided_case_4d());
  return out;
}

TEST(AdaptivePoolCaseBuilder, DocExampleShapesAndConventions) {
  const Case c = base_cases()[1];
  EXPECT_EQ(c.op, "adaptive_avgpool3d_grad");
  EXPECT_EQ(c.platform, "Ascend910B");
  ASSERT_EQ(c.tensors.size(), 3u);
  for (size_t i = 0; i < kNames.size(); ++i) EXPECT_EQ(c.tensors[i].first, kNames[i]);
  EXPECT_TRUE(c.arrays.empty());
  EXPECT_TRUE(c.scalars.empty());
  EXPECT_EQ(c.tensor("gradOutput")->shape, (std::vector<int64_t>{2, 2, 1, 1, 2}));
  EXPECT_EQ(c.tensor("self")->shape, (std::vector<int64_t>{2, 2, 1, 1, 4}));
  EXPECT_EQ(c.tensor("out")->shape, (std::vector<int64_t>{2, 2, 1, 1, 4}));
  for (const auto& [name, t] : c.tensors) {
    EXPECT_TRUE(t.present) << name;
    EXPECT_EQ(t.format, Format::ND) << name;
    EXPECT_EQ(t.dtype, DType::F32) << name;
    EXPECT_TRUE(t.strides.empty()) << name;
    EXPECT_EQ(t.offset, 0) << name;
    EXPECT_EQ(t.alloc_elems, -1) << name;
  }
  const Case unbatched = base_cases()[3];  // bf16 4-D (4,5,7,9) -> (4,3,4,5)
  EXPECT_EQ(unbatched.tensor("gradOutput")->shape, (std::vector<int64_t>{4, 3, 4, 5}));
  EXPECT_EQ(unbatched.tensor("self")->shape, (std::vector<int64_t>{4, 5, 7, 9}));
  EXPECT_EQ(base_cases()[2].tensor("out")->format, Format::NCDHW);
  EXPECT_EQ(base_cases()[4].tensor("gradOutput")->shape, (std::vector<int64_t>{1, 1, 3, 3, 3}));

  adaptive_avgpool3d_grad::CaseParams bad;
  bad.out_dims = {1, 0, 1};
  EXPECT_THROW(adaptive_avgpool3d_grad::make_case(bad), std::invalid_argument);
  bad = adaptive_avgpool3d_grad::CaseParams{};
  bad.n = 0;
  EXPECT_THROW(adaptive_avgpool3d_grad::make_case(bad), std::invalid_argument);
  bad.batched = false;  // N is not used for 4-D
  EXPECT_NO_THROW(adaptive_avgpool3d_grad::make_case(bad));
  bad.in_dims = {-1, 1, 1};
  EXPECT_THROW(adaptive_avgpool3d_grad::make_case(bad), std::invalid_argument);
}

TEST(AdaptivePoolSpec, BaseCasesAreValid) {
  const OperatorSpec& spec = adaptive_avgpool3d_grad::operator_spec();
  const auto bases = base_cases();
  poolcheck::spec_test::expect_valid_bases(spec, bases);
  std::set<std::string> socs;
  for (const Case& base : bases) socs.insert(base.platform);
  EXPECT_EQ(socs, (std::set<std::string>{"Ascend910B", "Ascend910_93", "Ascend910", "Ascend310P"}));
}

// ---------------------------------------------------------------------------------------------------------------
// The exactly-one checker

TEST(AdaptivePoolSpec, EveryMutationViolatesExactlyItsRule) {
  poolcheck::spec_test::expect_exactly_one(adaptive_avgpool3d_grad::operator_spec(), base_cases());
}

TEST(AdaptivePoolSpec, MutationsVaryWithChoice) {
  const OperatorSpec& spec = adaptive_avgpool3d_grad::operator_spec();
  const Case base = base_cases()[0];
  for (const Rule& r : spec.rules) {
    std::vector<Case> seen;
    for (uint64_t choice = 0; choice < kChoices; ++choice)
      if (auto m = r.violate(base, choice); m && std::find(seen.begin(), seen.end(), *m) == seen.end())
        seen.push_back(*m);
    EXPECT_GE(seen.size(), 3u) << r.id;
  }
}

bool present(const Case& c, const char* name) {
  const auto* t = c.tensor(name);
  return t && t->present;
}

TEST(AdaptivePoolSpec, NegativeControlDtypeListIgnoresPlatform) {
  // Broken rule: the doc's F32/F16/BF16 list on every supported SoC, so BF16 on Atlas training/inference passes.
  const auto broken = [](const Case& c) {
    static const std::set<std::string> supported{"Ascend910B", "Ascend910_93", "Ascend910", "Ascend310P"};
    if (!supported.count(c.platform)) return false;
    for (const char* name : {"gradOutput", "self"}) {
      if (!present(c, name)) continue;
      const DType d = c.tensor(name)->dtype;
      if (d != DType::F32 && d != DType::F16 && d != DType::BF16) return true;
    }
    return false;
  };
  poolcheck::spec_test::expect_broken_rule_caught(adaptive_avgpool3d_grad::operator_spec(), "AA.DTYPE.SUPPORTED",
                                                  broken, base_cases());
}

TEST(AdaptivePoolSpec, NegativeControlDoubleOnAllOnePath) {
  // Broken rule: upstream's acceptance of DOUBLE when gradOutput's D,H,W are (1,1,1).
  const OperatorSpec& spec = adaptive_avgpool3d_grad::operator_spec();
  const Rule* real = spec.rule("AA.DTYPE.SUPPORTED");
  const auto broken = [real](const Case& c) {
    const auto* go = c.tensor("gradOutput");
    Case copy = c;
    if (go && go->present && go->shape.size() >= 3 &&
        std::all_of(go->shape.end() - 3, go->shape.end(), [](int64_t d) { return d == 1; }))
      for (const char* name : {"gradOutput", "self"})
        if (copy.tensor_mut(name).dtype == DType::F64) copy.tensor_mut(name).dtype = DType::F32;
    return real->violated(copy);
  };
  poolcheck::spec_test::expect_broken_rule_caught(spec, "AA.DTYPE.SUPPORTED", broken, base_cases());
}

TEST(AdaptivePoolSpec, NegativeControlSilentRule) {
  // A predicate that never fires: its own mutations then violate nothing.
  poolcheck::spec_test::expect_broken_rule_caught(
      adaptive_avgpool3d_grad::operator_spec(), "AA.SHAPE.ZERO", [](const Case&) { return false; }, base_cases());
}

TEST(AdaptivePoolSpec, NegativeControlOutShapeSkipsBatch) {
  // Broken rule: out compared with self from dim 1 on, as upstream's regbase loop does (AA.D.OUT_N_950).
  const auto broken = [](const Case& c) {
    for (const auto& name : kNames)
      if (!present(c, name.c_str())) return false;
    const auto& self = c.tensor("self")->shape;
    const auto& out = c.tensor("out")->shape;
    const auto& go = c.tensor("gradOutput")->shape;
    if (self.size() != out.size() || self.size() != go.size() || (self.size() != 4 && self.size() != 5)) return false;
    for (const auto* shape : {&self, &out, &go})
      for (int64_t d : *shape)
        if (d < 0) return false;
    return !std::equal(self.begin() + 1, self.end(), out.begin() + 1);
  };
  poolcheck::spec_test::expect_broken_rule_caught(adaptive_avgpool3d_grad::operator_spec(), "AA.SHAPE.OUT", broken,
                                                  base_cases());
}

TEST(AdaptivePoolSpec, NegativeControlUnguardedPredicate) {
  // Broken rule: the N,C check forgets its guard and reads a null or rank-changed gradOutput as a mismatch, so
  // mutations of earlier rules cascade into it.
  poolcheck::spec_test::expect_unguarded_batch_caught(adaptive_avgpool3d_grad::operator_spec(), "AA.SHAPE.NC",
                                                      base_cases(), {"AA.NULL.TENSORS", "AA.RANK"});
}

// ---------------------------------------------------------------------------------------------------------------
// The rule table itself

TEST(AdaptivePoolSpec, RuleTableOrderCodesAndMetadata) {
  const OperatorSpec& spec = adaptive_avgpool3d_grad::operator_spec();
  const std::vector<std::string> order = {"AA.NULL.OUT_PARAMS", "AA.NULL.TENSORS",  "AA.TENSOR.DESCRIPTOR",
                                          "AA.TENSOR.EXTENT",   "AA.PLATFORM",      "AA.RANK",
                                          "AA.SHAPE.OUT",       "AA.SHAPE.ZERO",    "AA.SHAPE.NC",
                                          "AA.DTYPE.SUPPORTED", "AA.DTYPE.SAME",    "AA.FORMAT.SUPPORTED",
                                          "AA.FORMAT.SAME",     "AA.OUTPUT.OVERLAP"};
  poolcheck::spec_test::expect_rule_table(spec, order, 2);
  EXPECT_EQ(spec.op, "adaptive_avgpool3d_grad");
  EXPECT_EQ(spec.aclnn_name, "aclnnAdaptiveAvgPool3dBackward");
  EXPECT_EQ(spec.seeds, std::vector<std::string>{"002"});
  const std::set<std::string> not_in_docs = {"AA.NULL.OUT_PARAMS", "AA.TENSOR.DESCRIPTOR", "AA.TENSOR.EXTENT",
                                             "AA.OUTPUT.OVERLAP"};
  for (const Rule& r : spec.rules) {
    SCOPED_TRACE(r.id);
    EXPECT_TRUE(r.platforms.empty());
    EXPECT_TRUE(r.implies.empty());
    EXPECT_EQ(r.in_docs, !not_in_docs.count(r.id));
    for (const auto& c : r.cites) EXPECT_EQ(c.versions, "002");
  }
  EXPECT_EQ(spec.rule("AA.NOPE"), nullptr);
}

TEST(AdaptivePoolSpec, PlatformsAndDiscrepancies) {
  const OperatorSpec& spec = adaptive_avgpool3d_grad::operator_spec();
  ASSERT_EQ(spec.platforms.size(), 6u);
  const std::vector<DType> full{DType::F32, DType::F16, DType::BF16}, no_bf16{DType::F32, DType::F16};
  struct Want {
    const char* soc;
    bool supported;
    std::vector<DType> dtypes;
    const char* product_part;
  };
  const std::vector<Want> want = {{"Ascend910B", true, full, "Atlas A2"},
                                  {"Ascend910_93", true, full, "Atlas A3"},
                                  {"Ascend910", true, no_bf16, "Atlas 训练系列产品"},
                                  {"Ascend310P", true, no_bf16, "Atlas 推理系列产品"},
                                  {"Ascend950", false, {}, "Ascend 950PR"},
                                  {"Ascend310B", false, {}, "Atlas 200I/500 A2"}};
  for (const Want& w : want) {
    const auto* row = spec.platform(w.soc);
    ASSERT_NE(row, nullptr) << w.soc;
    EXPECT_EQ(row->supported, w.supported) << w.soc;
    EXPECT_EQ(row->dtypes, w.dtypes) << w.soc;
    EXPECT_TRUE(row->index_dtypes.empty()) << w.soc;
    EXPECT_EQ(row->doc_versions, std::vector<std::string>{"002"}) << w.soc;
    EXPECT_NE(row->product.find(w.product_part), std::string::npos) << w.soc;
  }
  EXPECT_EQ(spec.platform("Ascend999"), nullptr);

  const std::set<std::string> have = poolcheck::spec_test::expect_discrepancies(spec);
  for (const char* id : {"AA.D.PLATFORMS", "AA.D.ASCEND950", "AA.D.OUT_N_950", "AA.D.DOUBLE_ALL_ONE", "AA.D.BF16_ATLAS",
                         "AA.D.UPSAMPLING", "AA.D.NULL_OUT_PARAMS", "AA.D.ALL_ONE_PRECISION", "AA.D.EMPTY",
                         "AA.D.CALL_EXAMPLE", "AA.D.FORMATS", "AA.D.SEMANTICS"})
    EXPECT_TRUE(have.count(id)) << id;
  // Every discrepancy a rule's `chosen` text or another discrepancy points to exists.
  for (const Rule& r : spec.rules) poolcheck::spec_test::expect_refs_exist("AA.D.", have, r.id, r.chosen);
  for (const auto& d : spec.discrepancies) poolcheck::spec_test::expect_refs_exist("AA.D.", have, d.id, d.normative);
  // The upsampling open point is decided: the normative text says it is legal.
  const auto up = std::find_if(spec.discrepancies.begin(), spec.discrepancies.end(),
                               [](const auto& d) { return d.id == "AA.D.UPSAMPLING"; });
  ASSERT_NE(up, spec.discrepancies.end());
  EXPECT_NE(up->summary.find("Open point"), std::string::npos);
  EXPECT_NE(up->normative.find("legal"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------------------------
// Specific behaviours

std::string first_rule(const Case& c) {
  return poolcheck::spec_test::first_rule(adaptive_avgpool3d_grad::operator_spec(), c);
}

TEST(AdaptivePoolSpec, PrecedenceFollowsRuleOrder) {
  Case c = base_cases()[0];  // (2,3,4,6,8) -> (2,3,2,3,4)
  c.tensor_mut("out").format = Format::NDHWC;
  EXPECT_EQ(first_rule(c), "AA.FORMAT.SUPPORTED");
  c.tensor_mut("self").dtype = DType::F64;
  EXPECT_EQ(first_rule(c), "AA.DTYPE.SUPPORTED");
  c.tensor_mut("gradOutput").shape[1] = 4;
  EXPECT_EQ(first_rule(c), "AA.SHAPE.NC");
  c.tensor_mut("self").shape[2] = 0;
  c.tensor_mut("out").shape[2] = 0;
  EXPECT_EQ(first_rule(c), "AA.SHAPE.ZERO");
  c.tensor_mut("out").shape[4] = 9;
  EXPECT_EQ(first_rule(c), "AA.SHAPE.OUT");
  c.tensor_mut("gradOutput").shape.push_back(1);  // 6-D
  EXPECT_EQ(first_rule(c), "AA.RANK");
  c.platform = "Ascend950";
  EXPECT_EQ(first_rule(c), "AA.PLATFORM");
  c.tensor_mut("self").shape = {2, 3, 4, 6, 8};
  c.tensor_mut("self").alloc_elems = 1;
  EXPECT_EQ(first_rule(c), "AA.TENSOR.EXTENT");
  c.tensor_mut("self").strides = {-1, 1, 1, 1, 1};
  EXPECT_EQ(first_rule(c), "AA.TENSOR.DESCRIPTOR");
  c.tensor_mut("out").present = false;
  EXPECT_EQ(first_rule(c), "AA.NULL.TENSORS");
  EXPECT_EQ(adaptive_avgpool3d_grad::operator_spec().expected(c).code, poolcheck::spec::kParamNullptr);
  c.null_executor = true;
  EXPECT_EQ(first_rule(c), "AA.NULL.OUT_PARAMS");
  EXPECT_EQ(adaptive_avgpool3d_grad::operator_spec().expected(c).code, poolcheck::spec::kParamNullptr);
}

TEST(AdaptivePoolSpec, AnyOutputSizeIsLegal) {
  // AA.D.UPSAMPLING: gradOutput's D,H,W may be smaller than, equal to or larger than self's, axis by axis.
  for (const auto& out : std::vector<std::array<int64_t, 3>>{
           {1, 1, 1}, {2, 3, 4}, {3, 5, 7}, {4, 6, 8}, {5, 6, 9}, {9, 1, 16}, {64, 24, 24}}) {
    for (const char* soc : {"Ascend910B", "Ascend910_93", "Ascend910", "Ascend310P"}) {
      const Case c =
          adaptive_avgpool3d_grad::make_case(params(soc, DType::F32, true, 1, 2, {3, 5, 7}, out, Format::ND));
      EXPECT_EQ(first_rule(c), "success") << soc << " " << out[0] << "x" << out[1] << "x" << out[2];
    }
  }
}

TEST(AdaptivePoolSpec, DtypeListsPerPlatform) {
  struct Row {
    const char* soc;
    DType dt;
    bool ok;
  };
  const std::vector<Row> table = {
      {"Ascend910B", DType::F32, true},    {"Ascend910B", DType::F16, true},   {"Ascend910B", DType::BF16, true},
      {"Ascend910_93", DType::BF16, true}, {"Ascend910", DType::F32, true},    {"Ascend910", DType::F16, true},
      {"Ascend910", DType::BF16, false},   {"Ascend310P", DType::F16, true},   {"Ascend310P", DType::BF16, false},
      {"Ascend910B", DType::F64, false},   {"Ascend910", DType::F64, false},   {"Ascend310P", DType::F64, false},
      {"Ascend910B", DType::I32, false},   {"Ascend910_93", DType::I8, false}, {"Ascend910B", DType::Bool, false},
  };
  for (const Row& row : table) {
    for (const std::array<int64_t, 3>& out : {std::array<int64_t, 3>{1, 1, 1}, std::array<int64_t, 3>{2, 2, 3}}) {
      // The 1x1x1 output is upstream's all-one path, where it accepts DOUBLE; the spec refuses it there too.
      const Case c =
          adaptive_avgpool3d_grad::make_case(params(row.soc, row.dt, true, 1, 2, {4, 4, 4}, out, Format::ND));
      EXPECT_EQ(first_rule(c), row.ok ? "success" : "AA.DTYPE.SUPPORTED")
          << row.soc << " " << poolcheck::dtype_name(row.dt) << " out " << out[2];
    }
  }
}

TEST(AdaptivePoolSpec, DtypesMustAllBeEqual) {
  Case c = base_cases()[0];
  c.tensor_mut("self").dtype = DType::F16;
  EXPECT_EQ(first_rule(c), "AA.DTYPE.SAME");
  c = base_cases()[0];
  c.tensor_mut("out").dtype = DType::F64;  // out is not held to the list; it must equal self
  EXPECT_EQ(first_rule(c), "AA.DTYPE.SAME");
  c = base_cases()[4];                      // Ascend910
  c.tensor_mut("out").dtype = DType::BF16;  // BF16 on out only: a mismatch, not an unsupported dtype
  EXPECT_EQ(first_rule(c), "AA.DTYPE.SAME");
  c.tensor_mut("gradOutput").dtype = DType::BF16;
  EXPECT_EQ(first_rule(c), "AA.DTYPE.SUPPORTED");
}

TEST(AdaptivePoolSpec, FormatsAreNdOrNcdhwForBothRanks) {
  for (const Case& base : {base_cases()[0], base_cases()[3]}) {  // 5-D and 4-D, ND
    Case c = base;
    for (const auto& name : kNames) c.tensor_mut(name).format = Format::NCDHW;
    EXPECT_EQ(first_rule(c), "success");
    c.tensor_mut("self").format = Format::ND;
    EXPECT_EQ(first_rule(c), "AA.FORMAT.SAME");
    c.tensor_mut("self").format = Format::NCDHW;
    c.tensor_mut("out").format = Format::ND;  // row 6 names gradOutput and self only; out is held too
    EXPECT_EQ(first_rule(c), "AA.FORMAT.SAME");
    for (const auto& name : kNames) c.tensor_mut(name).format = Format::NDHWC;  // equal, but not listed
    EXPECT_EQ(first_rule(c), "AA.FORMAT.SUPPORTED");
    for (const auto& name : kNames) c.tensor_mut(name).format = Format::ND;
    c.tensor_mut("out").format = Format::NCHW;
    EXPECT_EQ(first_rule(c), "AA.FORMAT.SUPPORTED");
  }
}

TEST(AdaptivePoolSpec, RanksMustBeFourOrFiveAndEqual) {
  Case c = base_cases()[0];
  c.tensor_mut("gradOutput").shape = {3, 2, 3, 4};  // 4-D gradOutput, 5-D self and out
  EXPECT_EQ(first_rule(c), "AA.RANK");
  c.tensor_mut("self").shape = {3, 4, 6, 8};
  c.tensor_mut("out").shape = {3, 4, 6, 8};
  EXPECT_EQ(first_rule(c), "success");  // all 4-D now, C = 3
  for (const auto& name : kNames) c.tensor_mut(name).shape.erase(c.tensor_mut(name).shape.begin());
  EXPECT_EQ(first_rule(c), "AA.RANK");  // 3-D everywhere
}

TEST(AdaptivePoolSpec, ShapeRelations) {
  Case c = base_cases()[0];  // gradOutput (2,3,2,3,4), self/out (2,3,4,6,8)
  c.tensor_mut("out").shape = {2, 3, 2, 3, 4};
  EXPECT_EQ(first_rule(c), "AA.SHAPE.OUT");
  c.tensor_mut("out").shape = {1, 3, 4, 6, 8};  // N differs: checked on every SoC (AA.D.OUT_N_950)
  EXPECT_EQ(first_rule(c), "AA.SHAPE.OUT");
  c = base_cases()[0];
  c.tensor_mut("gradOutput").shape = {1, 3, 2, 3, 4};
  EXPECT_EQ(first_rule(c), "AA.SHAPE.NC");
  c.tensor_mut("gradOutput").shape = {2, 4, 2, 3, 4};
  EXPECT_EQ(first_rule(c), "AA.SHAPE.NC");
  c.tensor_mut("gradOutput").shape = {2, 3, 9, 9, 9};  // only N,C tie gradOutput to self
  EXPECT_EQ(first_rule(c), "success");
}

TEST(AdaptivePoolSpec, ZeroDimsAreRefused) {
  Case c = base_cases()[0];
  for (const auto& name : kNames) c.tensor_mut(name).shape[0] = 0;  // N = 0, which PyTorch accepts
  EXPECT_EQ(first_rule(c), "AA.SHAPE.ZERO");
  c = base_cases()[0];
  c.tensor_mut("gradOutput").shape[2] = 0;
  EXPECT_EQ(first_rule(c), "AA.SHAPE.ZERO");
  c = base_cases()[0];
  c.tensor_mut("gradOutput").shape[0] = 0;  // a zero N in gradOutput: empty, not an N mismatch
  EXPECT_EQ(first_rule(c), "AA.SHAPE.ZERO");
  EXPECT_EQ(adaptive_avgpool3d_grad::operator_spec().violations(c).size(), 1u);
  c = base_cases()[0];
  c.tensor_mut("out").shape[3] = 0;  // out alone: its shape no longer matches self's
  EXPECT_EQ(first_rule(c), "AA.SHAPE.OUT");
  c = base_cases()[0];
  c.tensor_mut("self").shape[4] = -1;  // negative dims are malformed descriptors
  EXPECT_EQ(first_rule(c), "AA.TENSOR.DESCRIPTOR");
}

TEST(AdaptivePoolSpec, CanonicalZeroMutation) {
  const Rule* zero = adaptive_avgpool3d_grad::operator_spec().rule("AA.SHAPE.ZERO");
  const auto batched = zero->violate(base_cases()[0], 0);
  ASSERT_TRUE(batched.has_value());
  for (const auto& [name, t] : batched->tensors) EXPECT_EQ(t.shape[0], 0) << name;  // N = 0 everywhere
  const auto unbatched = zero->violate(base_cases()[3], 0);
  ASSERT_TRUE(unbatched.has_value());
  for (const auto& [name, t] : unbatched->tensors) {
    EXPECT_EQ(t.shape.size(), 4u);
    EXPECT_EQ(t.shape[0], 0) << name;  // C = 0 everywhere
  }
}

TEST(AdaptivePoolSpec, PlatformTable) {
  const Case base = base_cases()[1];
  for (const auto& row : adaptive_avgpool3d_grad::operator_spec().platforms) {
    Case c = base;
    c.platform = row.soc;
    EXPECT_EQ(first_rule(c), row.supported ? "success" : "AA.PLATFORM") << row.soc;
  }
  Case c = base;
  c.platform = "Ascend910";  // supported for every shape, although upstream allows it only 1x1x1 (AA.D.PLATFORMS)
  EXPECT_NE(c.tensor("gradOutput")->shape.back(), 1);
  EXPECT_EQ(first_rule(c), "success");
  c.platform = "Ascend310";
  EXPECT_EQ(first_rule(c), "AA.PLATFORM");
}

TEST(AdaptivePoolSpec, DocCallExampleAndViews) {
  const Case example = base_cases()[1];  // AA.D.CALL_EXAMPLE
  EXPECT_EQ(first_rule(example), "success");
  Case c = example;
  c.tensor_mut("out").alloc_elems = 15;  // one element short of the 16 the view reaches
  EXPECT_EQ(first_rule(c), "AA.TENSOR.EXTENT");
  EXPECT_EQ(adaptive_avgpool3d_grad::operator_spec().violations(c).size(), 1u);
  c = example;
  c.tensor_mut("out").strides = {4, 4, 4, 4, 1};  // N and C share a stride
  EXPECT_EQ(first_rule(c), "AA.OUTPUT.OVERLAP");
  c = example;
  c.tensor_mut("self").strides = {4, 4, 4, 4, 1};  // an aliasing input is fine: only out is written
  EXPECT_EQ(first_rule(c), "success");
  EXPECT_EQ(first_rule(base_cases()[12]), "success");
  EXPECT_EQ(first_rule(base_cases()[13]), "success");
}

}  // namespace
