// Generators for aclnnAvgPool2dBackward: 3-D (NCL) and 4-D (NCHW) shapes, kernels, strides, paddings up to
// k/2, ceilMode x countIncludePad x divisorOverride (0, positive, negative, beyond the cube's 255), every
// legal cubeMathType, global-average shapes, layouts, data and tiling knobs.
#include <algorithm>

#include "generators/boundary.h"
#include "generators/draws.h"
#include "generators/generators.h"
#include "generators/invalid.h"
#include "generators/threshold.h"
#include "ops/avgpool2d_grad/spec.h"
#include "ops/avgpool2d_grad/view.h"

namespace poolcheck::gen {

namespace {

spec::avgpool2d_grad::CaseParams gen_params(const GenConfig& cfg) {
  spec::avgpool2d_grad::CaseParams p;
  p.soc = pick_soc(cfg, "avgpool2d_grad");
  p.dtype = pick_dtype(cfg, listed_dtypes(spec::avgpool2d_grad::operator_spec(), p.soc));
  gen_batch(cfg, {1, 1, 2, 3}, &p);
  std::array<int64_t, 2> k{}, s{}, pad{};
  const bool global = steers_to(cfg, Strategy::Global) ||
                      (!cfg.target.strategy && *rc::gen::weightedElement<int>({{7, 0}, {1, 1}}) == 1);
  if (global) {  // global average: kernel == input, 1x1 output
    const int64_t h = *rc::gen::inRange<int64_t>(10, 15), w = *rc::gen::inRange<int64_t>(10, 15);
    p.in_dims = {h, w};
    k = {h, w};
    s = {*rc::gen::inRange<int64_t>(h, h + 3), *rc::gen::inRange<int64_t>(w, w + 3)};
    pad = {*rc::gen::inRange<int64_t>(0, 2), *rc::gen::inRange<int64_t>(0, 2)};
    // The window features inside a global window: the output stays 1x1 (2 * pad < stride).
    const int axis = wants(cfg, kFeaturePadLimit) || wants(cfg, kFeatureOverlap) ? *rc::gen::element(0, 1) : 0;
    if (wants(cfg, kFeaturePadLimit)) pad[axis] = k[axis] / 2, s[axis] = k[axis] + 1;
    if (wants(cfg, kFeatureOverlap)) s[axis] = k[axis] - 1;
  } else {
    // Square inputs avoid the long-strip rule: Cube is reachable.
    const bool square = *rc::gen::arbitrary<bool>() || steers_to(cfg, Strategy::Cube);
    for (int a = 0; a < 2; ++a) {
      k[a] = square && a == 1 ? k[0] : *rc::gen::inRange<int64_t>(1, 6);
      s[a] = square && a == 1 ? s[0] : *rc::gen::inRange<int64_t>(1, 5);
      pad[a] = square && a == 1 ? pad[0] : *rc::gen::inRange<int64_t>(0, k[a] / 2 + 1);
      const int64_t lo = std::max<int64_t>(1, k[a] - 2 * pad[a]);
      p.in_dims[a] =
          square && a == 1 ? p.in_dims[0] : *rc::gen::inRange<int64_t>(lo, std::max(lo, cfg.max_spatial + 3) + 1);
    }
  }
  if (!global && wants(cfg, kFeaturePadLimit)) {
    const int axis = *rc::gen::element(0, 1);
    k[axis] = std::max<int64_t>(k[axis], 2);
    pad[axis] = k[axis] / 2;
  }
  if (!global && wants(cfg, kFeatureOverlap)) {
    const int axis = *rc::gen::element(0, 1);
    k[axis] = std::max<int64_t>(k[axis], 2);
    s[axis] = std::min<int64_t>(s[axis], k[axis] - 1);
  }
  for (int a = 0; a < 2 && !global; ++a) p.in_dims[a] = std::max(p.in_dims[a], std::max<int64_t>(1, k[a] - 2 * pad[a]));
  p.kernel = list_form(k, false);
  p.stride = list_form(s, s == k);
  if (p.stride.empty() && s != k) p.stride = {s[0], s[1]};
  p.padding = list_form(pad, false);
  p.ceil_mode = *rc::gen::weightedElement<bool>({{2, false}, {1, true}}) || wants(cfg, kFeatureCeil);
  p.count_include_pad = *rc::gen::weightedElement<bool>({{2, true}, {1, false}});
  // Cube takes countIncludePad without ceil mode and a divisor within [-255, 255]; Vector takes the rest.
  if (steers_to(cfg, Strategy::Cube)) p.count_include_pad = true;
  if (steers_to(cfg, Strategy::Vector) && !p.ceil_mode) p.count_include_pad = false;
  if (steers_to(cfg, Strategy::Cube) && !wants(cfg, kFeatureCeil)) p.ceil_mode = false;
  const int kind =
      global && steers_to(cfg, Strategy::Global)
          ? 0
          : *rc::gen::weightedElement<int>({{4, 0}, {2, 1}, {1, 2}, {steers_to(cfg, Strategy::Cube) ? 0u : 1u, 3}});
  p.divisor_override = kind == 0   ? 0
                       : kind == 1 ? *rc::gen::inRange<int64_t>(1, 12)
                       : kind == 2 ? -*rc::gen::inRange<int64_t>(1, 12)
                                   : *rc::gen::inRange<int64_t>(256, 70000);  // beyond the cube's [-255, 255]
  const int64_t max_mode = p.dtype == DType::F32 ? 3 : p.dtype == DType::F16 ? 2 : 1;
  p.cube_math_type = *rc::gen::inRange<int64_t>(0, max_mode + 1);
  return p;
}

}  // namespace

rc::Gen<Case> avgpool2d_grad::valid(const GenConfig& cfg) {
  if (cfg.boundary || wants(cfg, kFeatureBoundary)) return avgpool2d_grad::boundary(cfg);
  if (wants(cfg, kFeatureThreshold)) return avgpool2d_grad::threshold(cfg);
  return rc::gen::exec([cfg] {
    Case c = spec::avgpool2d_grad::make_case(gen_params(cfg));
    gen_layouts(cfg, &c);
    if (*rc::gen::weightedElement<int>({{5, 0}, {1, 1}}) == 1 &&
        ::poolcheck::avgpool2d_grad::View(c).stride()->values.empty())
      ::poolcheck::avgpool2d_grad::Edit(c).stride().present = false;  // a null stride is legal: stride = kernel
    gen_environment(cfg, {::poolcheck::avgpool2d_grad::kUbSizes.begin(), ::poolcheck::avgpool2d_grad::kUbSizes.end()},
                    &c);
    return c;
  });
}

rc::Gen<Case> avgpool2d_grad::invalid(const GenConfig& cfg, const std::string& rule_id) {
  return invalid_from(spec::avgpool2d_grad::operator_spec(), avgpool2d_grad::valid, cfg,
                      kernel_socs(cfg, "avgpool2d_grad"), rule_id);
}

std::vector<std::string> avgpool2d_grad::features() {
  return {kFeaturePlain,   kFeatureViews,   kFeatureOffsets, kFeatureCeil,     kFeaturePadLimit,
          kFeatureOverlap, kFeatureSpecial, kFeatureDet,     kFeatureBoundary, kFeatureThreshold};
}

}  // namespace poolcheck::gen
