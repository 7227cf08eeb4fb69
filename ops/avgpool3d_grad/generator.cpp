// Generators of aclnnAvgPool3dBackward: the average-pool family's (ops/avgpool2d_grad/generator_family.h) with
// three spatial axes, on the SoCs and dtypes of this entry point's document, in its formats (ND, NCDHW).
#include "generators/boundary.h"
#include "generators/draws.h"
#include "generators/invalid.h"
#include "generators/threshold.h"
#include "ops/avgpool2d_grad/generator_family.h"
#include "ops/avgpool3d_grad/spec.h"
#include "ops/avgpool3d_grad/view.h"

namespace poolcheck::gen {

namespace {

Case make_3d(const avg_family::Draw& d) {
  auto p = avg_family::case_params<spec::avgpool3d_grad::CaseParams>(d);
  // The document lists ND; NCDHW names the same dims (AP3.D.FORMATS). One format for all three tensors.
  p.format = value_of(rc::gen::weightedElement<Format>({{3, Format::ND}, {1, Format::NCDHW}}));
  return spec::avgpool3d_grad::make_case(p);
}

const avg_family::Entry& entry() {
  static const avg_family::Entry e{
      "avgpool3d_grad",
      3,
      false,
      {::poolcheck::avgpool3d_grad::kUbSizes.begin(), ::poolcheck::avgpool3d_grad::kUbSizes.end()},
      make_3d,
      spec::avgpool3d_grad::operator_spec};
  return e;
}

}  // namespace

rc::Gen<Case> avgpool3d_grad::valid(const GenConfig& cfg) { return avg_family::valid(cfg, entry()); }

rc::Gen<Case> avgpool3d_grad::invalid(const GenConfig& cfg, const std::string& rule_id) {
  return invalid_from(spec::avgpool3d_grad::operator_spec(), avgpool3d_grad::valid, cfg,
                      kernel_socs(cfg, "avgpool3d_grad"), rule_id);
}

std::vector<std::string> avgpool3d_grad::features() { return avg_family::features(); }

std::vector<std::string> avgpool3d_grad::boundary_classes() { return avg_family::boundary_classes(); }

rc::Gen<Case> avgpool3d_grad::boundary(const GenConfig& cfg, const std::vector<std::string>& classes) {
  return avg_family::boundary(cfg, classes, entry());
}

std::vector<Strategy> avgpool3d_grad::threshold_strategies() { return {Strategy::Vector}; }

std::vector<std::string> avgpool3d_grad::threshold_pairs(Strategy strategy) {
  return strategy == Strategy::Vector ? avg_family::vector_pairs() : std::vector<std::string>{};
}

std::vector<threshold::ShapeBoundary> avgpool3d_grad::shape_boundaries() { return {}; }

rc::Gen<Case> avgpool3d_grad::threshold(const GenConfig& cfg) { return avg_family::threshold(cfg, entry()); }

}  // namespace poolcheck::gen
