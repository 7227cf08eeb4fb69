// Threshold cases for aclnnAdaptiveAvgPool2dBackward: the family's (the General kernel's aligned N*C row in the
// UB and cores against tasks; window bounds around 2^24 on a long H or W axis) with a depth axis of one, on Atlas
// A2/A3 where upstream runs the family's kernels. The Ascend950 and Atlas training/inference routes have no knob
// thresholds stated here.
#include <stdexcept>

#include "generators/direct_exec.h"
#include "generators/draws.h"
#include "generators/threshold.h"
#include "ops/adaptive_avgpool2d_grad/family.h"

namespace poolcheck::gen {

std::vector<std::string> adaptive_avgpool2d_grad::threshold_pairs(Strategy strategy) {
  return adaptive_avgpool3d_grad::threshold_pairs(strategy);
}

std::vector<Strategy> adaptive_avgpool2d_grad::threshold_strategies() { return {Strategy::General}; }

std::vector<threshold::ShapeBoundary> adaptive_avgpool2d_grad::shape_boundaries() {
  return adaptive_avgpool3d_grad::shape_boundaries();
}

rc::Gen<Case> adaptive_avgpool2d_grad::threshold(const GenConfig& cfg) {
  return direct_exec([cfg] {
    GenConfig fam = cfg;
    fam.spatial_rank = 2;
    fam.target.strategy = Strategy::General;
    if (::poolcheck::adaptive_avgpool2d_grad::route_on(fam.target.platform) !=
        ::poolcheck::adaptive_avgpool2d_grad::KernelRoute::Family)
      fam.target.platform = value_of(rc::gen::element<std::string>("Ascend910B", "Ascend910_93"));
    fam.target.dtype = pick_dtype(cfg, {DType::F32, DType::F16, DType::BF16});
    const Case c = value_of(adaptive_avgpool3d_grad::threshold(fam));
    auto lowered = without_depth_axis(c, ::poolcheck::adaptive_avgpool2d_grad::family());
    if (!lowered) throw std::logic_error("adaptive_avgpool2d_grad: the family's threshold case has a depth axis");
    for (const char* name : ::poolcheck::adaptive_avgpool2d_grad::kTensorNames)
      lowered->tensor_mut(name).format = Format::ND;
    return *lowered;
  });
}

}  // namespace poolcheck::gen
