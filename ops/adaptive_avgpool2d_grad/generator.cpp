// Generators for aclnnAdaptiveAvgPool2dBackward: the adaptive family's generators drawing a depth axis of one
// (GenConfig::spatial_rank), lowered onto the entry point (family.h), on the SoCs and dtypes of its own document.
// Its own: the formats its document lists (ND, NCHW, NCL), and on Ascend950 the shapes that reach upstream's
// BigKernel and NCHW small-kernel templates (wide windows; many planes with small windows), which the family's
// small draws would leave to SIMT.
#include <stdexcept>

#include "case/descriptor.h"
#include "generators/boundary.h"
#include "generators/direct_exec.h"
#include "generators/draws.h"
#include "generators/generators.h"
#include "generators/invalid.h"
#include "generators/threshold.h"
#include "ops/adaptive_avgpool2d_grad/family.h"
#include "ops/adaptive_avgpool2d_grad/spec.h"

namespace poolcheck::gen {

namespace {

constexpr const char* kOp = "adaptive_avgpool2d_grad";

const spec::OperatorSpec& contract() { return spec::adaptive_avgpool2d_grad::operator_spec(); }

// The SoCs whose route reports `s` (the strategy note's), else every kernel SoC.
std::vector<std::string> socs_for(const GenConfig& cfg) {
  if (cfg.target.strategy)
    for (const spec::StrategyNote& note : contract().strategies)
      if (note.name == *cfg.target.strategy && !note.platforms.empty()) return note.platforms;
  return kernel_socs(cfg, kOp);
}

// Rank 2, the SoC and dtype from this document; the family steers to its own strategies only (AllOne anywhere,
// General for a route other than FillMul), so another route's target becomes "not 1x1".
GenConfig family_config(const GenConfig& cfg) {
  GenConfig fam = cfg;
  fam.spatial_rank = 2;
  if (fam.target.platform.empty()) fam.target.platform = fixed::element_of(socs_for(cfg));
  fam.target.dtype = pick_dtype(cfg, listed_dtypes(contract(), fam.target.platform));
  if (fam.target.strategy && *fam.target.strategy != Strategy::AllOne) fam.target.strategy = Strategy::General;
  return fam;
}

// The family case as this entry point's: the depth axis dropped, the formats this document lists, a UB size the
// SoC's route takes.
Case lowered(const Case& family_case, const GenConfig& cfg) {
  auto c = without_depth_axis(family_case, ::poolcheck::adaptive_avgpool2d_grad::family());
  if (!c)
    throw std::logic_error(std::string(kOp) +
                           ": the family drew a case with a depth axis: " + to_descriptor(family_case));
  const Format f = value_of(rc::gen::weightedElement<Format>({{4, Format::ND}, {2, Format::NCHW}, {1, Format::NCL}}));
  for (const char* name : ::poolcheck::adaptive_avgpool2d_grad::kTensorNames) c->tensor_mut(name).format = f;
  if (cfg.vary_knobs) c->ub_bytes = fixed::element_of(::poolcheck::adaptive_avgpool2d_grad::ub_sizes_on(c->platform));
  return *c;
}

// The Ascend950 shapes the family's small draws rarely make.
enum class RegbaseShape { Family, WideWindow, SmallWindows, WideOffsets };

// A wide window: ceil(H/Ho) * ceil(W/Wo) >= 256 with the W window past half a vector register in any dtype
// (upstream's BigKernel capability), gradOutput not 1x1; W one longer where windows must overlap.
void wide_window(const GenConfig& cfg, spec::adaptive_avgpool2d_grad::CaseParams* p) {
  const int64_t ho = value_of(rc::gen::element<int64_t>(1, 2));
  const int64_t wo = ho == 1 ? 2 : value_of(rc::gen::element<int64_t>(1, 2));
  p->out_dims = {ho, wo};
  p->in_dims = {ho * value_of(rc::gen::inRange<int64_t>(4, 9)), wo * value_of(rc::gen::inRange<int64_t>(65, 97))};
  if (wants(cfg, kFeatureOverlap)) ++p->in_dims[1];
  p->c = value_of(rc::gen::inRange<int64_t>(1, 5));
}

// Many planes with small windows and a wide output: N*C >= 128, Wo >= 16, only H resized (upstream's
// SIMT-preferred resizes need both axes, or a narrow W); H upsampled by one where windows must overlap.
void small_windows(const GenConfig& cfg, spec::adaptive_avgpool2d_grad::CaseParams* p) {
  const int64_t w = value_of(rc::gen::inRange<int64_t>(16, 25));
  const int64_t h = value_of(rc::gen::inRange<int64_t>(2, 9));
  p->in_dims = {h, w};
  p->out_dims = {wants(cfg, kFeatureOverlap) ? h + 1 : fixed::element_of(std::vector<int64_t>{h, (h + 1) / 2, h + 1}),
                 w};
  p->c = value_of(rc::gen::inRange<int64_t>(128, 161));
}

// A 2^16 axis pooled to just over half of it, the other axis short: the product of the input and output extents
// passes INT32_MAX, so SIMT takes 64-bit offsets (its int64 key) on a plane of 2^16 elements.
void wide_offsets(spec::adaptive_avgpool2d_grad::CaseParams* p) {
  const size_t axis = value_of(rc::gen::element<size_t>(0, 1));
  const int64_t other = value_of(rc::gen::inRange<int64_t>(1, 4));
  p->in_dims = {other, other};
  p->out_dims = {other, other};
  p->in_dims[axis] = int64_t{1} << 16;
  p->out_dims[axis] = value_of(rc::gen::element<int64_t>((int64_t{1} << 15) + 1, (int64_t{1} << 16) - 1));
  p->c = 1;
}

// An Ascend950 case of one of those shapes.
Case regbase_case(const GenConfig& cfg, RegbaseShape shape) {
  spec::adaptive_avgpool2d_grad::CaseParams p;
  p.soc = "Ascend950";
  p.dtype = pick_dtype(cfg, listed_dtypes(contract(), p.soc));
  p.batched = value_of(rc::gen::arbitrary<bool>());
  if (shape == RegbaseShape::WideWindow)
    wide_window(cfg, &p);
  else if (shape == RegbaseShape::SmallWindows)
    small_windows(cfg, &p);
  else
    wide_offsets(&p);
  if (p.batched) {  // N*C as drawn, split over N and C
    p.n = value_of(rc::gen::element<int64_t>(1, 2));
    p.c = (p.c + p.n - 1) / p.n;
  }
  p.format = value_of(rc::gen::weightedElement<Format>({{4, Format::ND}, {2, Format::NCHW}, {1, Format::NCL}}));
  Case c = spec::adaptive_avgpool2d_grad::make_case(p);
  gen_layouts(cfg, &c);
  gen_environment(cfg, ::poolcheck::adaptive_avgpool2d_grad::ub_sizes_on(p.soc), &c);
  return c;
}

// The shape for an Ascend950 case: the target strategy's, else a mixture.
RegbaseShape regbase_shape(const GenConfig& cfg) {
  const auto s = cfg.target.strategy;
  if (s == Strategy::BigKernel) return RegbaseShape::WideWindow;
  if (s == Strategy::NchwSmallKernel) return RegbaseShape::SmallWindows;
  if (s == Strategy::SIMT)
    return value_of(
        rc::gen::weightedElement<RegbaseShape>({{3, RegbaseShape::Family}, {1, RegbaseShape::WideOffsets}}));
  if (s) return RegbaseShape::Family;  // AllOne
  return value_of(rc::gen::weightedElement<RegbaseShape>({{3, RegbaseShape::Family},
                                                          {1, RegbaseShape::WideWindow},
                                                          {1, RegbaseShape::SmallWindows},
                                                          {1, RegbaseShape::WideOffsets}}));
}

}  // namespace

rc::Gen<Case> adaptive_avgpool2d_grad::valid(const GenConfig& cfg) {
  if (cfg.boundary || wants(cfg, kFeatureBoundary)) return adaptive_avgpool2d_grad::boundary(cfg);
  if (wants(cfg, kFeatureThreshold)) return adaptive_avgpool2d_grad::threshold(cfg);
  return direct_exec([cfg] {
    const GenConfig fam = family_config(cfg);
    if (::poolcheck::adaptive_avgpool2d_grad::route_on(fam.target.platform) ==
        ::poolcheck::adaptive_avgpool2d_grad::KernelRoute::Arch35)
      if (const RegbaseShape shape = regbase_shape(cfg); shape != RegbaseShape::Family) return regbase_case(fam, shape);
    return lowered(value_of(adaptive_avgpool3d_grad::valid(fam)), fam);
  });
}

rc::Gen<Case> adaptive_avgpool2d_grad::boundary(const GenConfig& cfg, const std::vector<std::string>& classes) {
  return direct_exec([cfg, classes] {
    const GenConfig fam = family_config(cfg);
    return lowered(*adaptive_avgpool3d_grad::boundary(fam, classes), fam);
  });
}

std::vector<std::string> adaptive_avgpool2d_grad::boundary_classes() {
  return adaptive_avgpool3d_grad::boundary_classes();
}

rc::Gen<Case> adaptive_avgpool2d_grad::invalid(const GenConfig& cfg, const std::string& rule_id) {
  return invalid_from(contract(), adaptive_avgpool2d_grad::valid, cfg, supported_socs(contract()), rule_id);
}

std::vector<std::string> adaptive_avgpool2d_grad::features() {
  return {kFeaturePlain,   kFeatureViews, kFeatureOffsets,  kFeatureOverlap,
          kFeatureSpecial, kFeatureDet,   kFeatureBoundary, kFeatureThreshold};
}

}  // namespace poolcheck::gen
