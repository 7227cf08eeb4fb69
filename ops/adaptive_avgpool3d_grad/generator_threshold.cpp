// Threshold cases for aclnnAdaptiveAvgPool3dBackward: an ordinary General-kernel case with its UB size or core
// count at, one step below or one above a threshold of its tiling (generators/threshold.h): an aligned N*C row in
// the UB, and the cores against the tasks. Beside them a shape boundary no knob decides: one long axis (the other
// axes and N*C 1) whose window bounds i * in / out are products out * in around 2^24, where float stops holding
// every integer: just below it (out one short of 2^24 / in), exactly at it, and past it with out next to in (in of
// 2^13), where window bounds computed in float land on the wrong element.
#include <algorithm>

#include "generators/direct_exec.h"
#include "generators/draws.h"
#include "generators/threshold.h"
#include "ops/adaptive_avgpool3d_grad/generator_family.h"
#include "ops/adaptive_avgpool3d_grad/spec.h"

namespace poolcheck::gen {

namespace {

using threshold::Side;
using tiling_oracle::ThresholdRule;

constexpr const char* kFloatExactWindows = "float-exact-windows";
constexpr int64_t kFloatExact = int64_t{1} << 24;  // the integers a float holds exactly end here
constexpr int64_t kLongFrom = 4096;                // the long axis: a power of two from 2^12

// The side of 2^24 a long power-of-two axis sits on: out * in just below (out one short of 2^24 / in), exactly
// 2^24, or past it with out next to in.
std::optional<Side> float_window_side(const Case& c) {
  const TensorArg* grad = c.tensor("gradOutput");
  const TensorArg* self = c.tensor("self");
  if (grad == nullptr || self == nullptr || grad->shape.size() < 3 || self->shape.size() < 3) return std::nullopt;
  for (size_t a = 1; a <= 3; ++a) {
    const int64_t in = self->shape[self->shape.size() - a];
    const int64_t out = grad->shape[grad->shape.size() - a];
    if (in < kLongFrom || in > kFloatExact || (in & (in - 1)) != 0) continue;
    if (out * in == kFloatExact) return Side::At;
    if (out == kFloatExact / in - 1) return Side::Below;
    if (out * in > kFloatExact && (out == in - 1 || out == in + 1)) return Side::Above;
  }
  return std::nullopt;
}

// One long axis, N = C = 1, the other axes 1: below, in 2^12 and out 2^12 - 1; at, in 2^12 or 2^13 and
// out 2^24 / in; above, in 2^13 and out in - 1 or in + 1 (window bounds a float computation misses).
Case float_window_case(const GenConfig& cfg, Side side) {
  const spec::OperatorSpec& contract = spec::adaptive_avgpool3d_grad::operator_spec();
  spec::adaptive_avgpool3d_grad::CaseParams p;
  p.soc = cfg.target.platform.empty() ? fixed::element_of(kernel_platforms("adaptive_avgpool3d_grad"))
                                      : cfg.target.platform;
  p.dtype = adaptive_family_dtype(cfg, contract, p.soc);
  // Drawn with elementOf: the case does not depend on RapidCheck's size. A 2-D entry point's long axis is H or W.
  p.batched = value_of(rc::gen::element(false, true));
  const size_t axis =
      cfg.spatial_rank == 2 ? value_of(rc::gen::element<size_t>(1, 2)) : value_of(rc::gen::element<size_t>(0, 1, 2));
  int64_t in = kLongFrom, out = kFloatExact / kLongFrom - 1;
  if (side == Side::At) {
    in = fixed::element_of(std::vector<int64_t>{kLongFrom, 2 * kLongFrom});
    out = kFloatExact / in;
  } else if (side == Side::Above) {
    in = 2 * kLongFrom;  // the shortest axis past 2^24 whose bounds a float misses; 2^14 costs twice the time
    out = in + fixed::element_of(std::vector<int64_t>{-1, 1});
  }
  p.in_dims[axis] = in;
  p.out_dims[axis] = out;
  p.format = value_of(rc::gen::element(Format::ND, Format::NCDHW));
  Case c = spec::adaptive_avgpool3d_grad::make_case(p);
  gen_environment(cfg, {0, 65536, 8192, 2048}, &c);
  return c;
}

// Two knob rules, then the shape boundary.
constexpr std::array<ThresholdRule, 2> kRules{ThresholdRule::GeneralRowFits, ThresholdRule::GeneralCoresVsTasks};

std::vector<std::string> general_pairs() {
  std::vector<std::string> names;
  for (ThresholdRule r : kRules) names.push_back(tiling_oracle::rule_name(r));
  names.push_back(kFloatExactWindows);
  return threshold::pairs(names);
}

}  // namespace

std::vector<std::string> adaptive_avgpool3d_grad::threshold_pairs(Strategy strategy) {
  return strategy == Strategy::General ? general_pairs() : std::vector<std::string>{};
}

std::vector<Strategy> adaptive_avgpool3d_grad::threshold_strategies() { return {Strategy::General}; }

std::vector<threshold::ShapeBoundary> adaptive_avgpool3d_grad::shape_boundaries() {
  return {{kFloatExactWindows, float_window_side}};
}

rc::Gen<Case> adaptive_avgpool3d_grad::threshold(const GenConfig& cfg) {
  return direct_exec([cfg] {
    // Two knob rules and the shape boundary, each on three sides.
    const size_t sides = threshold::kSides.size();
    const size_t pick = threshold::pick(cfg, general_pairs());
    const Side side = threshold::kSides[pick % sides];
    if (pick / sides == kRules.size()) return float_window_case(cfg, side);
    GenConfig base = cfg;
    base.target.feature.clear();
    base.target.strategy = Strategy::General;
    if (base.target.platform.empty())
      base.target.platform = fixed::element_of(kernel_platforms("adaptive_avgpool3d_grad"));
    return threshold::place_on(adaptive_avgpool3d_grad::valid(base), kRules[pick / sides], side);
  });
}

}  // namespace poolcheck::gen
