// Threshold cases of the average-pool family: an ordinary vector-path case with its UB size or core count at, one
// step below or one above a threshold of its tiling (generators/threshold.h): N*C channels in one pass, and the
// cores against the output positions. The 2-D call's cube and global paths read no knob.
#include "generators/direct_exec.h"
#include "generators/draws.h"
#include "generators/threshold.h"
#include "ops/avgpool2d_grad/generator_family.h"

namespace poolcheck::gen {

namespace {

using tiling_oracle::ThresholdRule;

constexpr std::array<ThresholdRule, 2> kRules{ThresholdRule::VectorChannelsFit, ThresholdRule::VectorCoresVsPositions};

}  // namespace

std::vector<std::string> avg_family::vector_pairs() {
  std::vector<std::string> names;
  for (ThresholdRule r : kRules) names.push_back(tiling_oracle::rule_name(r));
  return threshold::pairs(names);
}

rc::Gen<Case> avg_family::threshold(const GenConfig& cfg, const Entry& e) {
  return direct_exec([cfg, e] {
    GenConfig base = cfg;
    base.target.feature.clear();
    base.target.strategy = Strategy::Vector;
    if (base.target.platform.empty()) base.target.platform = fixed::element_of(kernel_platforms(e.op));
    const size_t pick = threshold::pick(cfg, vector_pairs());
    const ThresholdRule rule = kRules[pick / threshold::kSides.size()];
    // The 3-D op_api hands 12 <= N*C < 256 to AvgPool3DGrad's NCDHW templates, which read no stated knob threshold:
    // on the channels-last path the cores meet the positions with N*C up to 11, and the channels that fit the UB
    // decide from N*C = 256 on.
    if (e.spatial_rank == 3) {
      const bool channels = rule == ThresholdRule::VectorChannelsFit;
      base.min_nc = channels ? 256 : 1;
      base.max_nc = channels ? 320 : 11;
    }
    return threshold::place_on(avg_family::valid(base, e), rule, threshold::kSides[pick % threshold::kSides.size()]);
  });
}

std::vector<Strategy> avgpool2d_grad::threshold_strategies() { return {Strategy::Vector}; }

std::vector<std::string> avgpool2d_grad::threshold_pairs(Strategy strategy) {
  return strategy == Strategy::Vector ? avg_family::vector_pairs() : std::vector<std::string>{};
}

std::vector<threshold::ShapeBoundary> avgpool2d_grad::shape_boundaries() { return {}; }

rc::Gen<Case> avgpool2d_grad::threshold(const GenConfig& cfg) { return avg_family::threshold(cfg, entry()); }

}  // namespace poolcheck::gen
