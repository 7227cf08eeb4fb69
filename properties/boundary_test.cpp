// Boundary-heavy cases (GenConfig::boundary): every operator's boundary case is valid per the spec, within the
// per-case memory budget, and matches the oracle; every boundary class an operator names is actually drawn
// (read back from the cases); with negative controls for each of those checks.
#include "generators/boundary.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <sstream>

#include "case/descriptor.h"
#include "generators/generators.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"
#include "ops/adaptive_avgpool3d_grad/spec.h"
#include "properties/boundary_classes.h"
#include "properties/prop_util.h"

namespace poolcheck {

namespace {

gen::GenConfig boundary_config() {
  gen::GenConfig cfg;
  cfg.boundary = true;
  return cfg;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

std::string describe(const std::map<std::string, int>& tally) {
  std::ostringstream os;
  for (const auto& [cls, n] : tally) os << "\n  " << cls << ": " << n;
  return os.str();
}

// The property of one boundary case: the spec calls it valid, no tensor is over the budget, and it passes.
void check_boundary_case(const Case& c) {
  const spec::Expected e = find_adapter(c.op)->spec().expected(c);
  if (e.rule) RC_FAIL("boundary case violates " + e.rule->id + ": " + to_descriptor(c));
  const std::string big = gen::boundary::over_budget(c);
  if (!big.empty()) RC_FAIL("boundary case over the memory budget in " + big + ": " + to_descriptor(c));
  const CaseResult r = run_case(c);
  RC_TAG(r.strategy);
  RC_ASSERT_PASSES(r);
}

void boundary_property(const std::string& op) { check_boundary_case(*gen::valid_case(op, boundary_config())); }

}  // namespace

RC_GTEST_PROP(MaxPool3dGradBoundary, ValidPerSpecWithinBudgetAndMatchesOracle, ()) {
  boundary_property("maxpool3d_grad");
}
RC_GTEST_PROP(AvgPool2dGradBoundary, ValidPerSpecWithinBudgetAndMatchesOracle, ()) {
  boundary_property("avgpool2d_grad");
}
RC_GTEST_PROP(AdaptiveAvgPool3dGradBoundary, ValidPerSpecWithinBudgetAndMatchesOracle, ()) {
  boundary_property("adaptive_avgpool3d_grad");
}

// Every class an operator's boundary generator names shows up in the cases it draws (classified from the cases).
TEST(BoundaryCoverage, EveryOperatorDrawsEveryBoundaryClass) {
  for (const auto& op : gen::operators()) {
    const auto wanted = gen::boundary_classes(op);
    ASSERT_FALSE(wanted.empty()) << op;
    const auto tally = tally_boundary_classes(gen::valid_case(op, boundary_config()), 500, 600);
    EXPECT_EQ(joined(missing_classes(tally, wanted)), "")
        << op << " never drew these classes; tally:" << describe(tally);
  }
}

// The mix does not depend on RapidCheck's size: at size 0, where a size-scaled draw gives its smallest values,
// every class is still drawn.
TEST(BoundaryCoverage, EveryClassIsDrawnAtSizeZero) {
  for (const auto& op : gen::operators()) {
    const auto tally = tally_boundary_classes(gen::valid_case(op, boundary_config()), 900, 600, 0);
    EXPECT_EQ(joined(missing_classes(tally, gen::boundary_classes(op))), "") << op << describe(tally);
  }
}

// Its control: a class picked with a size-scaled inRange collapses to the first one ("in=1") at size 0. The small
// axes beside it still show most other classes; the long axis, which only its own draw reaches, goes missing.
TEST(BoundaryCoverageNegativeControl, ASizeScaledClassChoiceIsCaughtAtSizeZero) {
  const std::string op = "adaptive_avgpool3d_grad";
  const auto classes = gen::boundary_classes(op);
  const auto sized = rc::gen::exec([op, classes] {
    const auto i = *rc::gen::inRange<size_t>(0, classes.size());
    return *gen::boundary_case(op, {}, {classes[i]});
  });
  const auto missing = missing_classes(tally_boundary_classes(sized, 900, 600, 0), classes);
  EXPECT_EQ(joined(missing), gen::boundary::kLongAxis);
}

// Classes only their own draw reaches: a generator without one must be caught, by name. (avgpool2d_grad's global
// pools reach kernels of 16 and more too, so its wide kernels are not such a class.)
TEST(BoundaryCoverageNegativeControl, AGeneratorThatNeverDrawsAClassIsNamed) {
  const std::vector<std::pair<std::string, std::string>> controls{
      {"maxpool3d_grad", gen::boundary::kLongAxis},
      {"maxpool3d_grad", gen::boundary::kWideKernel},
      {"avgpool2d_grad", gen::boundary::kLongAxis},
      {"adaptive_avgpool3d_grad", gen::boundary::kLongAxis}};
  for (const auto& [op, left_out] : controls) {
    auto classes = gen::boundary_classes(op);
    ASSERT_EQ(std::erase(classes, left_out), 1u) << op << " has no class " << left_out;
    const auto tally = tally_boundary_classes(gen::boundary_case(op, {}, classes), 500, 600);
    EXPECT_EQ(joined(missing_classes(tally, gen::boundary_classes(op))), left_out) << op << describe(tally);
  }
}

TEST(BoundaryGenerators, AnUnknownClassIsRefusedByName) {
  try {
    gen::sample(gen::boundary_case("maxpool3d_grad", {}, {"in=k+2"}), 1);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'in=k+2'"), std::string::npos) << e.what();
  }
}

// The property's own checks, each shown to fire on a case made to break it.
TEST(BoundaryNegativeControl, AnInvalidCaseIsNamedByItsRule) {
  const auto why = quiet_failure([] {
    const Case c = *gen::valid_case("maxpool3d_grad", boundary_config());
    const auto bad = find_adapter(c.op)->spec().rule("MP.PADDING.VALUE")->violate(c, 1);  // padding k/2 + 1
    RC_PRE(bad.has_value());
    check_boundary_case(*bad);
  });
  ASSERT_TRUE(why.has_value()) << "a case with padding past k/2 passed the boundary property";
  EXPECT_TRUE(has_line_starting(*why, "boundary case violates MP.PADDING.VALUE")) << *why;
}

TEST(BoundaryNegativeControl, ACaseOverTheBudgetIsNamedByItsTensor) {
  const auto why = quiet_failure([] {
    spec::adaptive_avgpool3d_grad::CaseParams p;  // valid, but one element per sample past the budget
    p.c = gen::boundary::kMaxElements + 1;
    check_boundary_case(spec::adaptive_avgpool3d_grad::make_case(p));
  });
  ASSERT_TRUE(why.has_value()) << "a case over the budget passed the boundary property";
  EXPECT_TRUE(has_line_starting(*why, "boundary case over the memory budget in gradOutput")) << *why;
}

// A shifted tap on boundary cases: with the race shadow off the oracle comparison rejects it, or, when the first
// run's tiling happens to hide the shift, the deterministic second run's bitwise comparison under other knobs.
TEST(BoundaryNegativeControl, WrongTapFailsTheOracleComparisonOnBoundaryCases) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope scope("wrong_tap");
  EmulatorChecksOff race_shadow_off;
  for (const auto& op : gen::operators()) {
    SCOPED_TRACE(op);
    expect_rejected_by(tally_rejections(gen::valid_case(op, boundary_config()), 3000, 150), Check::OracleComparison,
                       {Check::Determinism});
  }
}

}  // namespace poolcheck
