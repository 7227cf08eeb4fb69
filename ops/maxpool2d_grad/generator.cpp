// Generators for aclnnMaxPool2dWithIndicesBackward: the 3-D max-pool family's generators drawing a depth axis of
// one (GenConfig::spatial_rank), lowered onto the entry point (family.h, generator_family.h), on the SoCs and dtypes
// of its own document. Its own: no NaN or infinity in the data (the document excludes them).
#include <stdexcept>

#include "case/descriptor.h"
#include "generators/boundary.h"
#include "generators/direct_exec.h"
#include "generators/draws.h"
#include "generators/generators.h"
#include "generators/invalid.h"
#include "generators/threshold.h"
#include "ops/maxpool2d_grad/family.h"
#include "ops/maxpool2d_grad/generator_family.h"
#include "ops/maxpool2d_grad/spec.h"

namespace poolcheck::gen {

namespace {

const spec::OperatorSpec& contract() { return spec::maxpool2d_grad::operator_spec(); }

}  // namespace

GenConfig maxpool2d_family::family_config(const GenConfig& cfg, const spec::OperatorSpec& contract,
                                          const std::string& op) {
  GenConfig fam = cfg;
  fam.spatial_rank = 2;
  if (fam.target.platform.empty()) {
    std::vector<std::string> socs = kernel_socs(cfg, op);
    if (wants(cfg, kFeatureInt64Indices))
      std::erase_if(socs, [&](const std::string& s) { return !feature_applies(contract, {s}, kFeatureInt64Indices); });
    if (socs.empty()) socs = kernel_socs(cfg, op);
    fam.target.platform = fixed::element_of(socs);
  }
  fam.target.dtype = pick_dtype(cfg, listed_dtypes(contract, fam.target.platform));
  return fam;
}

Case maxpool2d_family::lowered(const Case& family_case, const GenConfig& fam) {
  auto c = without_depth_axis(family_case, ::poolcheck::maxpool2d_grad::family());
  if (!c)
    throw std::logic_error("maxpool2d_grad: the family drew a case with a depth axis: " + to_descriptor(family_case));
  for (const char* name : {::poolcheck::maxpool2d_grad::kGradOutput, ::poolcheck::maxpool2d_grad::kSelf,
                           ::poolcheck::maxpool2d_grad::kGradInput})
    c->tensor_mut(name).dtype = *fam.target.dtype;               // the family's boundary draw takes its own dtypes
  if (c->fill == FillKind::Special) c->fill = FillKind::Normal;  // 约束说明: no NaN or -Inf input
  return *c;
}

namespace {

GenConfig family_config(const GenConfig& cfg) {
  return maxpool2d_family::family_config(cfg, contract(), "maxpool2d_grad");
}

using maxpool2d_family::lowered;

}  // namespace

rc::Gen<Case> maxpool2d_grad::valid(const GenConfig& cfg) {
  if (cfg.boundary || wants(cfg, kFeatureBoundary)) return maxpool2d_grad::boundary(cfg);
  if (wants(cfg, kFeatureThreshold)) return maxpool2d_grad::threshold(cfg);
  return direct_exec([cfg] {
    const GenConfig fam = family_config(cfg);
    return lowered(value_of(maxpool3d_grad::valid(fam)), fam);
  });
}

rc::Gen<Case> maxpool2d_grad::boundary(const GenConfig& cfg, const std::vector<std::string>& classes) {
  return direct_exec([cfg, classes] {
    const GenConfig fam = family_config(cfg);
    return lowered(*maxpool3d_grad::boundary(fam, classes), fam);
  });
}

std::vector<std::string> maxpool2d_grad::boundary_classes() { return maxpool3d_grad::boundary_classes(); }

rc::Gen<Case> maxpool2d_grad::invalid(const GenConfig& cfg, const std::string& rule_id) {
  return invalid_from(contract(), maxpool2d_grad::valid, cfg, supported_socs(contract()), rule_id);
}

std::vector<std::string> maxpool2d_grad::features() {
  return {kFeaturePlain, kFeatureViews, kFeatureOffsets,  kFeatureCeil,         kFeaturePadLimit, kFeatureOverlap,
          kFeatureTies,  kFeatureDet,   kFeatureBoundary, kFeatureInt64Indices, kFeatureThreshold};
}

}  // namespace poolcheck::gen
