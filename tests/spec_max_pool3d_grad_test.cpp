// Unit tests of the aclnnMaxPool3dWithArgmaxBackward spec: the output-size rule against hand-computed values,
// valid base cases, the exactly-one-violation property of every rule's mutator, and negative controls that prove
// the exactly-one checker can fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <functional>
#include <limits>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/case.h"
#include "spec/max_pool3d_grad_spec.h"
#include "spec/spec.h"

namespace {

using poolcheck::Case;
using poolcheck::DType;
using poolcheck::Format;
using poolcheck::IndexFault;
using poolcheck::spec::make_max_pool3d_grad_case;
using poolcheck::spec::max_pool3d_grad_spec;
using poolcheck::spec::max_pool_out_size;
using poolcheck::spec::MaxPoolCaseParams;
using poolcheck::spec::OperatorSpec;
using poolcheck::spec::Phase;
using poolcheck::spec::Rule;

constexpr uint64_t kChoices = 8;

// ---------------------------------------------------------------------------------------------------------------
// Output-size rule

TEST(MaxPoolOutSize, HandComputedTable) {
  // (I, k, s, p, d, ceil) -> O, worked out by hand from floor((I + 2p - d(k-1) - 1 [+ s-1]) / s) + 1 and the
  // ceil-mode "last window starts at or beyond I + p" drop.
  EXPECT_EQ(max_pool_out_size(5, 2, 2, 1, 1, true), 3);  // 4th window starts at 6 = I + p: dropped
  EXPECT_EQ(max_pool_out_size(5, 2, 2, 1, 1, false), 3);
  EXPECT_EQ(max_pool_out_size(6, 3, 2, 1, 1, true), 4);
  EXPECT_EQ(max_pool_out_size(6, 3, 2, 1, 1, false), 3);
  EXPECT_EQ(max_pool_out_size(7, 2, 3, 0, 1, true), 3);
  EXPECT_EQ(max_pool_out_size(7, 2, 3, 0, 1, false), 2);
  EXPECT_EQ(max_pool_out_size(5, 3, 3, 1, 1, true), 2);  // ceil gives 3, the 3rd starts at 6 = I + p: dropped
  EXPECT_EQ(max_pool_out_size(1, 4, 3, 1, 1, false), std::nullopt);  // floor(-1/3) = -1 -> 0 windows
  EXPECT_EQ(max_pool_out_size(1, 4, 3, 1, 1, true), 1);
  EXPECT_EQ(max_pool_out_size(4, 3, 2, 0, 1, true), 2);
  EXPECT_EQ(max_pool_out_size(10, 3, 4, 1, 2, true), 3);
  EXPECT_EQ(max_pool_out_size(10, 3, 4, 1, 2, false), 2);
  EXPECT_EQ(max_pool_out_size(1, 1, 1, 0, 1, false), 1);
  EXPECT_EQ(max_pool_out_size(2147483647, 2147483647, 2147483647, 0, 1, true), 1);
}

TEST(MaxPoolOutSize, InvalidArguments) {
  EXPECT_EQ(max_pool_out_size(0, 1, 1, 0, 1, false), std::nullopt);
  EXPECT_EQ(max_pool_out_size(5, 0, 1, 0, 1, false), std::nullopt);
  EXPECT_EQ(max_pool_out_size(5, 2, 0, 0, 1, false), std::nullopt);
  EXPECT_EQ(max_pool_out_size(5, 2, 1, -1, 1, false), std::nullopt);
  EXPECT_EQ(max_pool_out_size(5, 2, 1, 0, 0, false), std::nullopt);
  EXPECT_EQ(max_pool_out_size(2, 5, 1, 0, 1, false), std::nullopt);  // window longer than the input
  // Near-INT64_MAX arguments must not wrap.
  const int64_t big = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(max_pool_out_size(big, 1, 1, big / 2, 1, false), std::nullopt);  // size exceeds int64
  EXPECT_EQ(max_pool_out_size(big, 1, big, 0, 1, true), 1);
}

// ---------------------------------------------------------------------------------------------------------------
// Base cases

MaxPoolCaseParams params(const char* soc, DType dt, DType idx, bool batched, int64_t n, int64_t c,
                         std::array<int64_t, 3> in, std::vector<int64_t> k, std::vector<int64_t> s,
                         std::vector<int64_t> p, bool ceil, Format fmt = Format::ND) {
  MaxPoolCaseParams mp;
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
  Case c = make_max_pool3d_grad_case(
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
  std::vector<MaxPoolCaseParams> ps = {
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
  for (const auto& p : ps) out.push_back(make_max_pool3d_grad_case(p));
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
  EXPECT_THROW(make_max_pool3d_grad_case(
                   params("Ascend910B", DType::F32, DType::I32, true, 1, 1, {1, 1, 1}, {4}, {3}, {1}, false)),
               std::invalid_argument);
}

TEST(MaxPoolSpec, BaseCasesAreValid) {
  const OperatorSpec& spec = max_pool3d_grad_spec();
  const auto bases = base_cases();
  ASSERT_GE(bases.size(), 12u);
  for (size_t i = 0; i < bases.size(); ++i) {
    SCOPED_TRACE("base " + std::to_string(i));
    for (const Rule* r : spec.violations(bases[i])) ADD_FAILURE() << "violates " << r->id;
    const auto e = spec.expected(bases[i]);
    EXPECT_EQ(e.code, poolcheck::spec::kSuccess);
    EXPECT_EQ(e.rule, nullptr);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The exactly-one checker

struct CheckResult {
  std::vector<std::string> failures;
  std::set<std::string> reached;  // rules some mutation produced a case for
};

std::string ids(const std::vector<const Rule*>& rules) {
  std::string s;
  for (const Rule* r : rules) s += (s.empty() ? "" : ",") + r->id;
  return s.empty() ? "{}" : s;
}

CheckResult check_exactly_one(const OperatorSpec& spec, const std::vector<Case>& bases) {
  CheckResult res;
  for (size_t b = 0; b < bases.size(); ++b) {
    if (!spec.violations(bases[b]).empty())
      res.failures.push_back("base " + std::to_string(b) + " not valid: " + ids(spec.violations(bases[b])));
  }
  for (const Rule& rule : spec.rules) {
    std::vector<const Rule*> want;
    for (const Rule& other : spec.rules)
      if (&other == &rule || std::count(rule.implies.begin(), rule.implies.end(), other.id)) want.push_back(&other);
    for (size_t b = 0; b < bases.size(); ++b) {
      for (uint64_t choice = 0; choice < kChoices; ++choice) {
        const auto m = rule.violate(bases[b], choice);
        if (!m) continue;
        res.reached.insert(rule.id);
        std::ostringstream where;
        where << rule.id << " base " << b << " choice " << choice << ": ";
        if (*m == bases[b]) res.failures.push_back(where.str() + "mutation left the case unchanged");
        const auto got = spec.violations(*m);
        if (got != want) res.failures.push_back(where.str() + "violations " + ids(got) + ", want " + ids(want));
        const auto e = spec.expected(*m);
        if (e.rule != &rule || e.code != rule.code || e.phase != rule.phase)
          res.failures.push_back(where.str() + "expected() gives " + (e.rule ? e.rule->id : "success"));
      }
    }
  }
  return res;
}

TEST(MaxPoolSpec, EveryMutationViolatesExactlyItsRule) {
  const OperatorSpec& spec = max_pool3d_grad_spec();
  const CheckResult res = check_exactly_one(spec, base_cases());
  for (const auto& f : res.failures) ADD_FAILURE() << f;
  for (const Rule& r : spec.rules) EXPECT_TRUE(res.reached.count(r.id)) << r.id << " unreachable from every base";
}

// A copy of the spec whose rule `id` gets a different predicate.
OperatorSpec with_predicate(const std::string& id, std::function<bool(const Case&)> pred) {
  OperatorSpec copy = max_pool3d_grad_spec();
  for (Rule& r : copy.rules)
    if (r.id == id) r.violated = std::move(pred);
  return copy;
}

bool any_failure_mentions(const CheckResult& res, const std::string& text) {
  return std::any_of(res.failures.begin(), res.failures.end(),
                     [&](const std::string& f) { return f.find(text) != std::string::npos; });
}

TEST(MaxPoolSpec, NegativeControlPaddingOffByOne) {
  // Broken rule: padding must be < kernel/2 (">= k/2" rejects), so p == k/2 is wrongly flagged.
  const OperatorSpec broken = with_predicate("MP.PADDING.VALUE", [](const Case& c) {
    const auto* k = c.array("kernelSize");
    const auto* p = c.array("padding");
    if (!k || !p || !k->present || !p->present) return false;
    auto ok_len = [](size_t n) { return n == 1 || n == 3; };
    if (!ok_len(k->values.size()) || !ok_len(p->values.size())) return false;
    for (size_t i = 0; i < 3; ++i) {
      const int64_t kv = k->values[k->values.size() == 1 ? 0 : i];
      const int64_t pv = p->values[p->values.size() == 1 ? 0 : i];
      if (kv <= 0) return false;
      if (pv < 0 || pv >= kv / 2) return true;
    }
    return false;
  });
  const CheckResult res = check_exactly_one(broken, base_cases());
  EXPECT_FALSE(res.failures.empty());
  EXPECT_TRUE(any_failure_mentions(res, "MP.PADDING.VALUE"));
}

TEST(MaxPoolSpec, NegativeControlSilentRule) {
  // A predicate that never fires: its own mutations then violate nothing.
  const OperatorSpec broken = with_predicate("MP.EMPTY", [](const Case&) { return false; });
  const CheckResult res = check_exactly_one(broken, base_cases());
  EXPECT_TRUE(any_failure_mentions(res, "MP.EMPTY base"));
}

// ---------------------------------------------------------------------------------------------------------------
// The rule table itself

TEST(MaxPoolSpec, RuleTableOrderCodesAndMetadata) {
  const OperatorSpec& spec = max_pool3d_grad_spec();
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
  ASSERT_EQ(spec.rules.size(), order.size());
  EXPECT_EQ(spec.op, "maxpool3d_grad");
  EXPECT_EQ(spec.aclnn_name, "aclnnMaxPool3dWithArgmaxBackward");
  for (size_t i = 0; i < order.size(); ++i) {
    const Rule& r = spec.rules[i];
    SCOPED_TRACE(r.id);
    EXPECT_EQ(r.id, order[i]);
    EXPECT_EQ(r.code, i < 3 ? poolcheck::spec::kParamNullptr : poolcheck::spec::kParamInvalid);
    EXPECT_EQ(r.phase, r.id == "MP.INDEX.RANGE" ? Phase::Execute : Phase::GetWorkspaceSize);
    EXPECT_FALSE(r.text.empty());
    EXPECT_TRUE(r.violated);
    EXPECT_TRUE(r.violate);
    EXPECT_EQ(r.in_docs, !r.cites.empty());
    if (!r.in_docs) {
      EXPECT_FALSE(r.chosen.empty());
    }
    for (const auto& c : r.cites) EXPECT_TRUE(c.seed == "000" || c.seed == "003" || c.seed == "004") << c.seed;
    for (const auto& later : r.implies) {
      const Rule* target = spec.rule(later);
      ASSERT_NE(target, nullptr) << later;
      EXPECT_GT(target, &r) << later << " must come after " << r.id;
    }
    EXPECT_EQ(spec.rule(r.id), &r);
  }
  EXPECT_EQ(spec.rule("MP.SHAPE.DHW_LIMIT")->implies, std::vector<std::string>{"MP.OUTPUT.OVERLAP"});
  EXPECT_EQ(spec.rule("MP.NOPE"), nullptr);
  EXPECT_STREQ(poolcheck::spec::phase_name(Phase::Execute), "Execute");
  EXPECT_STREQ(poolcheck::spec::phase_name(Phase::GetWorkspaceSize), "GetWorkspaceSize");
}

TEST(MaxPoolSpec, PlatformsAndDiscrepancies) {
  const OperatorSpec& spec = max_pool3d_grad_spec();
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

  std::set<std::string> have;
  for (const auto& d : spec.discrepancies) {
    have.insert(d.id);
    EXPECT_FALSE(d.summary.empty()) << d.id;
    EXPECT_FALSE(d.normative.empty()) << d.id;
    EXPECT_FALSE(d.sources.empty()) << d.id;
  }
  for (const char* id :
       {"MP.D.PLATFORMS", "MP.D.INDICES_INT64", "MP.D.DILATION", "MP.D.DHW_LIMIT", "MP.D.NULL_CHECKS", "MP.D.EMPTY",
        "MP.D.FORMATS", "MP.D.CEILMODE_TEXT", "MP.D.GRADOUTPUT_SHAPE", "MP.D.INDEX_VALIDITY", "MP.D.CALL_EXAMPLE_INT8"})
    EXPECT_TRUE(have.count(id)) << id;
}

// ---------------------------------------------------------------------------------------------------------------
// Specific behaviours

std::string first_rule(const Case& c) {
  const auto e = max_pool3d_grad_spec().expected(c);
  return e.rule ? e.rule->id : "success";
}

TEST(MaxPoolSpec, PrecedenceFollowsRuleOrder) {
  Case c = base_cases()[0];
  c.platform = "Ascend310P";
  c.array_mut("kernelSize").values = {0};
  EXPECT_EQ(first_rule(c), "MP.PLATFORM");
  c.tensor_mut("self").present = false;
  EXPECT_EQ(first_rule(c), "MP.NULL.SELF_INDICES");
  EXPECT_EQ(max_pool3d_grad_spec().expected(c).code, poolcheck::spec::kParamNullptr);
  c.null_executor = true;
  EXPECT_EQ(first_rule(c), "MP.NULL.OUT_PARAMS");
}

TEST(MaxPoolSpec, DocCallExampleFailsOnIndicesExtent) {
  // indices created as ACL_INT32 over a 1-byte buffer: floor(1 byte / 4 bytes) = 0 elements.
  Case c = base_cases()[1];
  c.tensor_mut("indices").alloc_elems = 0;
  EXPECT_EQ(first_rule(c), "MP.TENSOR.EXTENT");
  EXPECT_EQ(max_pool3d_grad_spec().violations(c).size(), 1u);
}

TEST(MaxPoolSpec, DhwLimitOnlyOnA2A3) {
  const Rule* dhw = max_pool3d_grad_spec().rule("MP.SHAPE.DHW_LIMIT");
  auto huge = dhw->violate(base_cases()[0], 0);
  ASSERT_TRUE(huge.has_value());
  EXPECT_EQ(first_rule(*huge), "MP.SHAPE.DHW_LIMIT");
  huge->platform = "Ascend950";  // no limit there: only the (unavoidable) aliasing remains
  EXPECT_EQ(first_rule(*huge), "MP.OUTPUT.OVERLAP");
  EXPECT_FALSE(dhw->violate(base_cases()[5], 0).has_value());  // an Ascend950 base
}

TEST(MaxPoolSpec, PaddingBoundaryIsHalfKernel) {
  Case c = make_max_pool3d_grad_case(
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
  for (IndexFault f : {IndexFault::OutOfWindow, IndexFault::OutOfPlane, IndexFault::Negative}) {
    Case c = base_cases()[0];
    c.index_fault = f;
    const auto e = max_pool3d_grad_spec().expected(c);
    ASSERT_NE(e.rule, nullptr);
    EXPECT_EQ(e.rule->id, "MP.INDEX.RANGE");
    EXPECT_EQ(e.phase, Phase::Execute);
    EXPECT_EQ(e.code, poolcheck::spec::kParamInvalid);
  }
  // A 1x1x1 plane has no out-of-window index: that choice falls back to an out-of-plane one.
  const auto m = max_pool3d_grad_spec().rule("MP.INDEX.RANGE")->violate(base_cases()[8], 0);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->index_fault, IndexFault::OutOfPlane);
  EXPECT_EQ(max_pool3d_grad_spec().rule("MP.INDEX.RANGE")->violate(base_cases()[0], 0)->index_fault,
            IndexFault::OutOfWindow);
}

}  // namespace
