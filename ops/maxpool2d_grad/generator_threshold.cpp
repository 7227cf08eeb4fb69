// Threshold cases for aclnnMaxPool2dWithIndicesBackward: the family's A2/A3 threshold cases (Normal's tile, lanes
// and core split, Scatter's plane, layer, row and cores) with a depth axis of one. On Ascend950 ops-nn runs
// another kernel family whose tiling is not stated (spec_strategies.cpp), so no thresholds are placed there.
#include "generators/direct_exec.h"
#include "generators/draws.h"
#include "generators/threshold.h"
#include "ops/maxpool2d_grad/family.h"

namespace poolcheck::gen {

// The family's pairs but Scatter's layer rule: with a depth of one a layer is the whole plane, so the plane rule
// decides first and the layer threshold is never stated.
std::vector<std::string> maxpool2d_grad::threshold_pairs(Strategy strategy) {
  std::vector<std::string> pairs = maxpool3d_grad::threshold_pairs(strategy);
  const std::string layer = std::string(tiling_oracle::rule_name(tiling_oracle::ThresholdRule::ScatterLayerFits)) + "/";
  std::erase_if(pairs, [&](const std::string& p) { return p.rfind(layer, 0) == 0; });
  return pairs;
}

std::vector<Strategy> maxpool2d_grad::threshold_strategies() { return {Strategy::Normal, Strategy::Scatter}; }

std::vector<threshold::ShapeBoundary> maxpool2d_grad::shape_boundaries() { return {}; }

rc::Gen<Case> maxpool2d_grad::threshold(const GenConfig& cfg) {
  return direct_exec([cfg] {
    GenConfig fam = cfg;
    fam.spatial_rank = 2;
    if (!fam.target.strategy) fam.target.strategy = fixed::element_of(threshold_strategies());
    if (fam.target.platform.empty())
      fam.target.platform = value_of(rc::gen::element<std::string>("Ascend910B", "Ascend910_93"));
    fam.target.dtype = DType::F32;  // the one dtype the document lists on A2/A3
    const Case c = value_of(maxpool3d_grad::threshold(fam));
    auto lowered = without_depth_axis(c, ::poolcheck::maxpool2d_grad::family());
    if (!lowered) throw std::logic_error("maxpool2d_grad: the family's threshold case has a depth axis");
    if (lowered->fill == FillKind::Special) lowered->fill = FillKind::Normal;
    return *lowered;
  });
}

}  // namespace poolcheck::gen
