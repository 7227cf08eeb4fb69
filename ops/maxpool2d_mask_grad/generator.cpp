// Generators for aclnnMaxPool2dWithMaskBackward: the 2-D max-pool family's draws (the 3-D family's generators with
// a depth axis of one, ops/maxpool2d_grad/generator_family.h) on this document's SoCs and dtypes, with the indices
// turned into the forward's INT8 mask (family.h). The mask takes the layout drawn for the other tensors: a view
// when they are views, an offset when they have one.
#include <stdexcept>

#include "generators/boundary.h"
#include "generators/draws.h"
#include "generators/generators.h"
#include "generators/invalid.h"
#include "generators/layout.h"
#include "generators/threshold.h"
#include "ops/maxpool2d_grad/generator_family.h"
#include "ops/maxpool2d_mask_grad/family.h"
#include "ops/maxpool2d_mask_grad/spec.h"

namespace poolcheck::gen {

namespace {

constexpr const char* kOp = "maxpool2d_mask_grad";

const spec::OperatorSpec& contract() { return spec::maxpool2d_mask_grad::operator_spec(); }

GenConfig family_config(const GenConfig& cfg) { return maxpool2d_family::family_config(cfg, contract(), kOp); }

// The mask case of a case of the 2-D problem, its mask laid out as the family's indices were.
Case with_mask(const Case& problem) {
  const TensorArg& drawn = *problem.tensor(::poolcheck::maxpool2d_mask_grad::kIndices);
  Case c = ::poolcheck::maxpool2d_mask_grad::as_mask_case(problem, kOp);
  const LayoutDemand demand = !drawn.strides.empty() ? LayoutDemand::kView
                              : drawn.offset > 0     ? LayoutDemand::kOffset
                                                     : LayoutDemand::kAny;
  if (demand != LayoutDemand::kAny) {
    TensorArg& mask = c.tensor_mut(::poolcheck::maxpool2d_mask_grad::kIndices);
    mask = *with_layout(mask, demand);
  }
  return c;
}

bool one_by_one(const Case& c) {
  const auto k = per_axis<2>(c.array(::poolcheck::maxpool2d_mask_grad::kKernelSize));
  return k && (*k)[0] == 1 && (*k)[1] == 1;
}

}  // namespace

rc::Gen<Case> maxpool2d_mask_grad::valid(const GenConfig& cfg) {
  if (cfg.boundary || wants(cfg, kFeatureBoundary)) return maxpool2d_mask_grad::boundary(cfg);
  if (wants(cfg, kFeatureThreshold)) return maxpool2d_mask_grad::threshold(cfg);
  return rc::gen::exec([cfg] {
    const GenConfig fam = family_config(cfg);
    return with_mask(maxpool2d_family::lowered(*maxpool3d_grad::valid(fam), fam));
  });
}

rc::Gen<Case> maxpool2d_mask_grad::boundary(const GenConfig& cfg, const std::vector<std::string>& classes) {
  return rc::gen::exec([cfg, classes] {
    const GenConfig fam = family_config(cfg);
    return with_mask(maxpool2d_family::lowered(*maxpool3d_grad::boundary(fam, classes), fam));
  });
}

std::vector<std::string> maxpool2d_mask_grad::boundary_classes() { return maxpool3d_grad::boundary_classes(); }

rc::Gen<Case> maxpool2d_mask_grad::invalid(const GenConfig& cfg, const std::string& rule_id) {
  return invalid_from(contract(), maxpool2d_mask_grad::valid, cfg, supported_socs(contract()), rule_id);
}

// The family's A2/A3 thresholds where the mask holds INT32 argmax (a kernel other than 1x1): there the family's
// kernels run and its tiling statement holds. The bit-mask kernel's tiling is not stated, so none is placed there.
std::vector<std::string> maxpool2d_mask_grad::threshold_pairs(Strategy strategy) {
  return maxpool2d_grad::threshold_pairs(strategy);
}

std::vector<Strategy> maxpool2d_mask_grad::threshold_strategies() { return maxpool2d_grad::threshold_strategies(); }

std::vector<threshold::ShapeBoundary> maxpool2d_mask_grad::shape_boundaries() { return {}; }

rc::Gen<Case> maxpool2d_mask_grad::threshold(const GenConfig& cfg) {
  return rc::gen::exec([cfg] {
    return with_mask(*rc::gen::suchThat(maxpool2d_grad::threshold(cfg), [](const Case& c) { return !one_by_one(c); }));
  });
}

std::vector<std::string> maxpool2d_mask_grad::features() {
  return {kFeaturePlain,   kFeatureViews, kFeatureOffsets, kFeatureCeil,     kFeaturePadLimit,
          kFeatureOverlap, kFeatureTies,  kFeatureDet,     kFeatureBoundary, kFeatureThreshold};
}

}  // namespace poolcheck::gen
