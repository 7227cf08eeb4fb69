// Generators for aclnnAdaptiveAvgPool3dBackward: 4-D and 5-D, output sizes that divide the input, that do
// not, that upsample, and 1x1x1; N*C up to past the UB's small/large threshold (reached cheaply through
// small UB knobs); all four documented platforms with their dtypes. A 2-D entry point's draw (GenConfig::spatial_rank)
// keeps the depth axis at one and takes its own SoC and dtype (cfg.target).
#include <algorithm>

#include "generators/boundary.h"
#include "generators/direct_exec.h"
#include "generators/draws.h"
#include "generators/generators.h"
#include "generators/invalid.h"
#include "generators/threshold.h"
#include "ops/adaptive_avgpool3d_grad/generator_family.h"
#include "ops/adaptive_avgpool3d_grad/spec.h"
#include "ops/adaptive_avgpool3d_grad/view.h"

namespace poolcheck::gen {

DType adaptive_family_dtype(const GenConfig& cfg, const spec::OperatorSpec& contract, const std::string& soc) {
  // A 2-D entry point's document lists SoCs this one does not (Ascend950): its own dtype comes with the target.
  if (cfg.spatial_rank == 2 && cfg.target.dtype) return *cfg.target.dtype;
  return pick_dtype(cfg, listed_dtypes(contract, soc));
}

rc::Gen<Case> adaptive_avgpool3d_grad::valid(const GenConfig& cfg) {
  if (cfg.boundary || wants(cfg, kFeatureBoundary)) return adaptive_avgpool3d_grad::boundary(cfg);
  if (wants(cfg, kFeatureThreshold)) return adaptive_avgpool3d_grad::threshold(cfg);
  return direct_exec([cfg] {
    spec::adaptive_avgpool3d_grad::CaseParams p;
    // The kernel platforms given by the caller, plus every other platform the spec marks supported (the Atlas
    // training/inference series), with the dtypes the spec lists there.
    const spec::OperatorSpec& contract = spec::adaptive_avgpool3d_grad::operator_spec();
    const std::vector<std::string> kernels = kernel_socs(cfg, "adaptive_avgpool3d_grad");
    std::vector<std::string> socs = kernels;
    for (const auto& s : supported_socs(contract))
      if (std::find(socs.begin(), socs.end(), s) == socs.end() && kernels.size() > 1) socs.push_back(s);
    p.soc = cfg.target.platform.empty() ? fixed::element_of(socs) : cfg.target.platform;
    p.dtype = adaptive_family_dtype(cfg, contract, p.soc);
    gen_batch(cfg, {1, 1, 2}, &p);
    // Shape kinds: 0 sizes divide, 1 overlapping windows, 2 upsampling, 3 global (the AllOne strategy).
    int shape_kind = value_of(rc::gen::weightedElement<int>({{3, 0}, {3, 1}, {1, 2}, {1, 3}}));
    if (steers_to(cfg, Strategy::AllOne)) shape_kind = 3;
    if (steers_to(cfg, Strategy::General) && shape_kind == 3) shape_kind = 1;
    if (wants(cfg, kFeatureOverlap)) shape_kind = 1;
    const int first = first_free_axis(cfg);
    for (int a = first; a < 3; ++a) {
      const int64_t in = value_of(rc::gen::inRange<int64_t>(1, 9));
      p.in_dims[a] = in;
      switch (shape_kind) {
        case 0: {  // output size divides the input: disjoint windows
          std::vector<int64_t> divisors;
          for (int64_t d = 1; d <= in; ++d)
            if (in % d == 0) divisors.push_back(d);
          p.out_dims[a] = fixed::element_of(divisors);
          break;
        }
        case 1:  // overlapping windows where the sizes do not divide
          p.out_dims[a] = value_of(rc::gen::inRange<int64_t>(1, in + 1));
          if (wants(cfg, kFeatureOverlap) && a == first && in % p.out_dims[a] == 0) {
            p.in_dims[a] = std::max<int64_t>(in, 3) | 1;  // odd, at least 3
            p.out_dims[a] = 2;
          }
          break;
        case 2:
          p.out_dims[a] = value_of(rc::gen::inRange<int64_t>(in, in + 5));
          break;  // upsampling
        default:
          p.out_dims[a] = 1;  // global: 1x1x1
      }
    }
    p.format = value_of(rc::gen::weightedElement<Format>({{4, Format::ND}, {1, Format::NCDHW}}));
    Case c = spec::adaptive_avgpool3d_grad::make_case(p);
    gen_layouts(cfg, &c);
    gen_environment(
        cfg,
        {::poolcheck::adaptive_avgpool3d_grad::kUbSizes.begin(), ::poolcheck::adaptive_avgpool3d_grad::kUbSizes.end()},
        &c);
    return c;
  });
}

rc::Gen<Case> adaptive_avgpool3d_grad::invalid(const GenConfig& cfg, const std::string& rule_id) {
  const spec::OperatorSpec& contract = spec::adaptive_avgpool3d_grad::operator_spec();
  return invalid_from(contract, adaptive_avgpool3d_grad::valid, cfg, supported_socs(contract), rule_id);
}

std::vector<std::string> adaptive_avgpool3d_grad::features() {
  return {kFeaturePlain,   kFeatureViews, kFeatureOffsets,  kFeatureOverlap,
          kFeatureSpecial, kFeatureDet,   kFeatureBoundary, kFeatureThreshold};
}

}  // namespace poolcheck::gen
