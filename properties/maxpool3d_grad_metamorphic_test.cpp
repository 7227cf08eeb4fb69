// Properties c and d: checks that need no oracle. Gradient conservation, linearity in gradOutput,
// bitwise determinism, tiling-knob invariance, and guard zones / no leaks after any call; each with a
// negative control.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "generators/generators.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"
#include "properties/prop_util.h"

namespace poolcheck {

namespace {

using HostInputs = std::vector<std::pair<std::string, std::vector<double>>>;

// Runs `c` (optionally with replaced host data) and returns its gradInput; fails the property otherwise.
std::vector<double> grad_input_of(const Case& c, const HostInputs* data = nullptr) {
  RunOptions opt;
  opt.host_inputs = data;
  CaseTensors t;
  const CaseResult r = run_case(c, opt, &t);
  RC_ASSERT_PASSES(r);
  return t.impl;
}

bool bitwise_equal(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i])))) return false;
  return true;
}

// Integer-valued data: every fp32 sum is exact, so any accumulation order gives the same bits.
Case exact_data_case() {
  Case c = *gen::maxpool3d_grad::valid();
  c.fill = FillKind::Ints;
  return c;
}

// Every gradient lands on exactly one input element (indices come from the forward), so with exact integer
// sums (|values| <= 8, far below 2^11) the totals agree exactly in every dtype. The violation, named
// "conservation:", or nullopt.
std::optional<std::string> exact_conservation_violation(const std::vector<double>& grad_output,
                                                        const std::vector<double>& grad_input) {
  double sum_in = 0, sum_out = 0;
  for (double v : grad_input) sum_in += v;
  for (double v : grad_output) sum_out += v;
  if (sum_in == sum_out) return std::nullopt;
  return "conservation: sum(gradInput) = " + std::to_string(sum_in) +
         " but sum(gradOutput) = " + std::to_string(sum_out);
}

void conservation() {
  const Case c = exact_data_case();
  const auto go = find_adapter(c.op)->make_inputs(c).at("gradOutput");
  if (const auto v = exact_conservation_violation(go, grad_input_of(c))) RC_FAIL(*v);
}

}  // namespace

RC_GTEST_PROP(MaxPool3dGradMetamorphic, GradientSumIsConserved, ()) { conservation(); }

RC_GTEST_PROP(MaxPool3dGradMetamorphic, ScalingGradOutputByTwoScalesGradInputExactly, ()) {
  Case c = *gen::maxpool3d_grad::valid();
  if (c.fill == FillKind::Large || c.fill == FillKind::Special) c.fill = FillKind::Normal;
  c.deterministic = true;  // atomics from several cores may add in any order otherwise
  auto inputs = find_adapter(c.op)->make_inputs(c);
  const auto base = grad_input_of(c);
  for (double& v : inputs["gradOutput"]) v *= 2;  // exact in binary floating point
  const HostInputs doubled{{"gradOutput", inputs["gradOutput"]}};
  const auto twice = grad_input_of(c, &doubled);
  for (size_t i = 0; i < base.size(); ++i) RC_ASSERT(twice[i] == 2 * base[i]);
}

RC_GTEST_PROP(MaxPool3dGradMetamorphic, SumOfGradOutputsGivesSumOfGradInputs, ()) {
  const Case c = exact_data_case();
  Case other = c;
  other.seed = c.seed ^ 0x5eedull;
  const auto* op = find_adapter(c.op);
  const auto in1 = op->make_inputs(c), in2 = op->make_inputs(other);
  std::vector<double> sum(in1.at("gradOutput").size());
  for (size_t i = 0; i < sum.size(); ++i) sum[i] = in1.at("gradOutput")[i] + in2.at("gradOutput")[i];
  const HostInputs g2{{"gradOutput", in2.at("gradOutput")}}, g12{{"gradOutput", sum}};
  const auto a = grad_input_of(c), b = grad_input_of(c, &g2), ab = grad_input_of(c, &g12);
  for (size_t i = 0; i < a.size(); ++i) RC_ASSERT(ab[i] == a[i] + b[i]);
}

RC_GTEST_PROP(MaxPool3dGradMetamorphic, DeterministicModeIsBitwiseReproducible, ()) {
  Case c = *gen::maxpool3d_grad::valid();
  c.deterministic = true;
  RC_ASSERT(bitwise_equal(grad_input_of(c), grad_input_of(c)));
}

RC_GTEST_PROP(MaxPool3dGradMetamorphic, ResultDoesNotDependOnCoresOrUbSize, ()) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetKnobs, "varying the tiling knobs");
  const Case c = exact_data_case();
  Case other = c;
  other.cores = *rc::gen::element<int32_t>(0, 1, 2, 5, 16);
  other.ub_bytes = *rc::gen::element<int64_t>(0, 65536, 4096, 1024, 512);
  other.deterministic = *rc::gen::arbitrary<bool>();
  other.platform = *rc::gen::element<std::string>("Ascend910B", "Ascend910_93", "Ascend950");
  if (other.platform != "Ascend950") other.tensor_mut("indices").dtype = DType::I32;  // INT64 on Ascend950 only
  RC_ASSERT(bitwise_equal(grad_input_of(c), grad_input_of(other)));
}

RC_GTEST_PROP(MaxPool3dGradGuards, AnyCallLeavesGuardZonesIntactAndFreesEverything, ()) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuGuardsIntact, "reading the device's guard zones and live allocations");
  const bool valid = *rc::gen::arbitrary<bool>();
  const Case c = valid ? *gen::maxpool3d_grad::valid() : *gen::maxpool3d_grad::invalid();
  const int64_t before = backend::api().pcEmuLiveAllocations();
  const CaseResult r = run_case(c);
  RC_ASSERT(!outcome_is_failure(r.outcome));
  RC_ASSERT(backend::api().pcEmuGuardsIntact() == 1);
  RC_ASSERT(backend::api().pcEmuLiveAllocations() == before);
}

// The law on its own, without the oracle comparison in front of it (which would reject these runs first).
TEST(MaxPool3dGradMetamorphicNegativeControl, ConservationAloneRejectsASkippedInit) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  FaultScope fault("skip_init");
  const auto why = quiet_failure([] {
    const Case c = exact_data_case();
    const auto go = find_adapter(c.op)->make_inputs(c).at("gradOutput");
    CaseTensors t;
    RC_PRE(run_case(c, {}, &t).observed_status == 0);
    if (const auto v = exact_conservation_violation(go, t.impl)) RC_FAIL(*v);
  });
  ASSERT_TRUE(why.has_value()) << "conservation held for every run with the init skipped";
  EXPECT_TRUE(has_line_starting(*why, "conservation:")) << *why;
}

TEST(MaxPool3dGradMetamorphicNegativeControl, ConservationSeesOneLostGradient) {
  const std::vector<double> go{1, -2, 3}, gi{0, 1, 0, -2, 3, 0};
  EXPECT_FALSE(exact_conservation_violation(go, gi).has_value());
  const std::vector<double> lost{0, 1, 0, 0, 3, 0};
  ASSERT_TRUE(exact_conservation_violation(go, lost).has_value());
  EXPECT_EQ(exact_conservation_violation(go, lost)->rfind("conservation:", 0), 0u);
}

TEST(MaxPool3dGradMetamorphicNegativeControl, BitwiseComparisonSeesOneUlp) {
  const std::vector<double> a{1.0, 2.0}, b{1.0, std::nextafter(2.0, 3.0)};
  EXPECT_TRUE(bitwise_equal(a, a));
  EXPECT_FALSE(bitwise_equal(a, b));
}

TEST(MaxPool3dGradGuardsNegativeControl, OverwrittenGuardZoneIsReported) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuGuardsIntact, "reading the device's guard zones");
  ensure_runtime();
  void* p = nullptr;
  ASSERT_EQ(backend::api().aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(backend::api().pcEmuGuardsIntact(), 1);
  static_cast<unsigned char*>(p)[64] ^= 0xFF;  // one byte past the end, as a buggy kernel would write
  EXPECT_EQ(backend::api().pcEmuGuardsIntact(), 0);
  static_cast<unsigned char*>(p)[64] ^= 0xFF;
  EXPECT_EQ(backend::api().aclrtFree(p), ACL_SUCCESS);
}

}  // namespace poolcheck
