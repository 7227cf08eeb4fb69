// Threshold cases for aclnnMaxPool3dWithArgmaxBackward: an ordinary case of the cell's strategy with its UB size,
// core count or int32 index limit at, one step below or one above a threshold of its tiling (generators/threshold.h):
// Normal's 1x1x1 tile, lane count and core split, Scatter's plane, layer, row and cores, and CutK's tile and blocks on
// A2/A3; the index limit, SIMD's smallest tile, whole planes and planes per core, and SIMT's blocks against the cores
// on Ascend 950.
#include "generators/direct_exec.h"
#include "generators/draws.h"
#include "generators/threshold.h"
#include "ops/maxpool3d_grad/regbase_knobs.h"

namespace poolcheck::gen {

namespace {

using tiling_oracle::ThresholdRule;

// The rules a strategy's cells are placed at: the ones whose flip the strategy is on a side of.
std::vector<ThresholdRule> rules_of(Strategy strategy) {
  if (strategy == Strategy::Normal)
    return {ThresholdRule::NormalTileFits, ThresholdRule::NormalLanes, ThresholdRule::NormalCoreSplit};
  if (strategy == Strategy::Scatter)
    return {ThresholdRule::ScatterPlaneFits, ThresholdRule::NormalTileFits, ThresholdRule::ScatterLayerFits,
            ThresholdRule::ScatterRowFits, ThresholdRule::ScatterCoresVsNc};
  if (strategy == Strategy::CutK) return {ThresholdRule::CutKFits, ThresholdRule::CutKBlocksVsCores};
  if (strategy == Strategy::SIMD)
    return {ThresholdRule::SimdPlanesFit, ThresholdRule::Int32IndexLimit, ThresholdRule::SimdMinTileFits,
            ThresholdRule::SimdCoresVsNc};
  return {ThresholdRule::SimtBlocksVsCores, ThresholdRule::Int32IndexLimit, ThresholdRule::SimdMinTileFits};
}

std::vector<std::string> names_of(const std::vector<ThresholdRule>& rules) {
  std::vector<std::string> names;
  for (ThresholdRule r : rules) names.push_back(tiling_oracle::rule_name(r));
  return names;
}

}  // namespace

std::vector<std::string> maxpool3d_grad::threshold_pairs(Strategy strategy) {
  return threshold::pairs(names_of(rules_of(strategy)));
}

std::vector<Strategy> maxpool3d_grad::threshold_strategies() {
  return {Strategy::Normal, Strategy::Scatter, Strategy::CutK, Strategy::SIMD, Strategy::SIMT};
}

std::vector<threshold::ShapeBoundary> maxpool3d_grad::shape_boundaries() { return {}; }

rc::Gen<Case> maxpool3d_grad::threshold(const GenConfig& cfg) {
  return direct_exec([cfg] {
    GenConfig base = cfg;
    base.target.feature.clear();
    if (!base.target.strategy) base.target.strategy = fixed::element_of(threshold_strategies());
    const bool regbase = base.target.strategy == Strategy::SIMD || base.target.strategy == Strategy::SIMT;
    if (base.target.platform.empty())
      base.target.platform = regbase ? ::poolcheck::maxpool3d_grad::kRegbaseSoc
                                     : value_of(rc::gen::element<std::string>("Ascend910B", "Ascend910_93"));
    const std::vector<ThresholdRule> rules = rules_of(*base.target.strategy);
    const size_t pick = threshold::pick(cfg, threshold::pairs(names_of(rules)));
    const ThresholdRule rule = rules[pick / threshold::kSides.size()];
    if (rule == ThresholdRule::ScatterRowFits) {
      // A row of Wo outputs must outgrow Scatter's 96-byte UB minimum (a dozen or more outputs): one long W axis,
      // the other axes and N*C small so the case stays cheap.
      base.min_width = 64;
      base.max_spatial = 3;
      base.max_nc = 4;
    }
    return threshold::place_on(maxpool3d_grad::valid(base), rule, threshold::kSides[pick % threshold::kSides.size()]);
  });
}

}  // namespace poolcheck::gen
