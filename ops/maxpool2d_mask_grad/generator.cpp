// Generators for aclnnMaxPool2dWithMaskBackward: the 2-D max-pool family's draws (the 3-D family's generators with
// a depth axis of one, ops/maxpool2d_grad/generator_family.h) on this document's SoCs and dtypes, with the indices
// turned into the forward's INT8 mask (family.h). The mask takes the layout drawn for the other tensors: a view
// when they are views, an offset when they have one.
#include <stdexcept>

#include "generators/boundary.h"
#include "generators/direct_exec.h"
#include "generators/draws.h"
#include "generators/generators.h"
#include "generators/invalid.h"
#include "generators/layout.h"
#include "generators/such_that.h"
#include "generators/threshold.h"
#include "ops/maxpool2d_grad/generator_family.h"
#include "ops/maxpool2d_mask_grad/family.h"
#include "ops/maxpool2d_mask_grad/spec.h"

namespace poolcheck::gen {

namespace {

constexpr const char* kOp = "maxpool2d_mask_grad";
constexpr int64_t kRowPassUb = 512;  // bytes: the family's smallest UB knob

const spec::OperatorSpec& contract() { return spec::maxpool2d_mask_grad::operator_spec(); }

GenConfig family_config(const GenConfig& cfg) { return maxpool2d_family::family_config(cfg, contract(), kOp); }

bool one_by_one(const Case& c) {
  const auto k = per_axis<2>(c.array(::poolcheck::maxpool2d_mask_grad::kKernelSize));
  return k && (*k)[0] == 1 && (*k)[1] == 1;
}

bool is_lane_bits(const Case& c) {
  return ::poolcheck::maxpool2d_mask_grad::mask_layout_of(c) == ::poolcheck::maxpool2d_mask_grad::MaskLayout::LaneBits;
}

// The mask case of a case of the 2-D problem, its mask laid out as the family's indices were.
Case with_mask(const Case& problem) {
  const TensorArg& drawn = *problem.tensor(::poolcheck::maxpool2d_mask_grad::kIndices);
  Case c = ::poolcheck::maxpool2d_mask_grad::as_mask_case(problem, kOp);
  const LayoutDemand demand = !drawn.strides.empty() ? LayoutDemand::kView
                              : drawn.offset > 0     ? LayoutDemand::kOffset
                                                     : LayoutDemand::kAny;
  if (demand != LayoutDemand::kAny) {
    TensorArg& mask = c.tensor_mut(::poolcheck::maxpool2d_mask_grad::kIndices);
    mask = value_of(with_layout(mask, demand));
  }
  return c;
}

// The same data and plane pooled by 1x1 windows with stride 1 (every window one element), dense tensors.
Case with_one_by_one(const Case& c) {
  namespace mask = ::poolcheck::maxpool2d_mask_grad;
  spec::maxpool2d_mask_grad::CaseParams p;
  const auto& self = c.tensor(mask::kSelf)->shape;
  const size_t r = self.size();
  p.soc = c.platform;
  p.dtype = c.tensor(mask::kSelf)->dtype;
  p.batched = r == 4;
  p.n = r == 4 ? self[0] : 1;
  p.c = self[r - 3];
  p.in_dims = {self[r - 2], self[r - 1]};
  p.format = c.tensor(mask::kSelf)->format;
  Case out = spec::maxpool2d_mask_grad::make_case(p);
  out.seed = c.seed;
  out.fill = c.fill;
  out.cores = c.cores;
  out.deterministic = c.deterministic;
  return out;
}

}  // namespace

rc::Gen<Case> maxpool2d_mask_grad::valid(const GenConfig& cfg) {
  if (cfg.boundary || wants(cfg, kFeatureBoundary)) return maxpool2d_mask_grad::boundary(cfg);
  if (wants(cfg, kFeatureThreshold)) return maxpool2d_mask_grad::threshold(cfg);
  return direct_exec([cfg] {
    GenConfig fam = family_config(cfg);
    // The bit-mask kernel: the training series, or a 1x1 kernel where A2/A3 is asked for; its row passes with the
    // family's smallest UB, which holds no plane of more than a row or two.
    const bool bit_mask = steers_to(cfg, Strategy::V1Plane) || steers_to(cfg, Strategy::V1Rows);
    if (bit_mask && cfg.target.platform.empty()) fam.target.platform = "Ascend910";
    Case c = with_mask(maxpool2d_family::lowered(value_of(maxpool3d_grad::valid(fam)), fam));
    if (bit_mask && !is_lane_bits(c)) c = with_one_by_one(c);
    if (steers_to(cfg, Strategy::V1Rows)) c.ub_bytes = kRowPassUb;
    return c;
  });
}

rc::Gen<Case> maxpool2d_mask_grad::boundary(const GenConfig& cfg, const std::vector<std::string>& classes) {
  return direct_exec([cfg, classes] {
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
  const auto problem = direct_exec([cfg] {
    GenConfig fam = cfg;
    fam.spatial_rank = 2;
    if (!fam.target.strategy) fam.target.strategy = fixed::element_of(threshold_strategies());
    if (fam.target.platform.empty() || fam.target.platform == "Ascend910")
      fam.target.platform = value_of(rc::gen::element<std::string>("Ascend910B", "Ascend910_93"));
    fam.target.dtype = pick_dtype(cfg, listed_dtypes(contract(), fam.target.platform));
    return maxpool2d_family::lowered(value_of(maxpool3d_grad::threshold(fam)), fam);
  });
  return direct_exec(
      [problem] { return with_mask(value_of(such_that(problem, [](const Case& c) { return !one_by_one(c); }))); });
}

std::vector<std::string> maxpool2d_mask_grad::features() {
  return {kFeaturePlain,   kFeatureViews, kFeatureOffsets, kFeatureCeil,     kFeaturePadLimit,
          kFeatureOverlap, kFeatureTies,  kFeatureDet,     kFeatureBoundary, kFeatureThreshold};
}

}  // namespace poolcheck::gen
