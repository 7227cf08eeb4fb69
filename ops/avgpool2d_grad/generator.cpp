// Generators of the average-pool family: batched and unbatched shapes of either spatial rank, kernels, strides,
// paddings up to k/2, ceilMode x countIncludePad x divisorOverride (0, positive, negative, beyond the cube's 255),
// every legal cubeMathType of the 2-D call, global-average shapes, layouts, data and tiling knobs. The 2-D entry
// point aclnnAvgPool2dBackward is the family's rank-2 entry.
#include <algorithm>

#include "generators/boundary.h"
#include "generators/direct_exec.h"
#include "generators/draws.h"
#include "generators/generators.h"
#include "generators/invalid.h"
#include "generators/threshold.h"
#include "ops/avgpool2d_grad/generator_family.h"
#include "ops/avgpool2d_grad/spec.h"
#include "ops/avgpool2d_grad/view.h"

namespace poolcheck::gen {

namespace avg_family {

namespace {

using ::poolcheck::avgpool2d_grad::kStride;

// One of the spatial axes (the rank-2 draw is the one the 2-D generator always made).
int pick_axis(size_t rank) {
  return rank == 2 ? value_of(rc::gen::element(0, 1)) : value_of(rc::gen::element(0, 1, 2));
}

Draw gen_params(const GenConfig& cfg, const Entry& e) {
  const size_t r = e.spatial_rank;
  Draw p;
  p.soc = pick_soc(cfg, e.op);
  p.dtype = pick_dtype(cfg, listed_dtypes(e.spec(), p.soc));
  gen_batch(cfg, {1, 1, 2, 3}, &p);
  std::vector<int64_t> k(r), s(r), pad(r);
  p.in_dims.assign(r, 1);
  const bool global = steers_to(cfg, Strategy::Global) ||
                      (!cfg.target.strategy && value_of(rc::gen::weightedElement<int>({{7, 0}, {1, 1}})) == 1);
  if (global) {  // global average: kernel == input, one output per plane
    // The 2-D shortcut needs H, W >= 10; a 3-D global window stays small (it is the vector path's case).
    const int64_t lo = r == 2 ? 10 : 2, hi = r == 2 ? 15 : 6;
    for (size_t a = 0; a < r; ++a) p.in_dims[a] = value_of(rc::gen::inRange<int64_t>(lo, hi));
    k = p.in_dims;
    for (size_t a = 0; a < r; ++a) s[a] = value_of(rc::gen::inRange<int64_t>(k[a], k[a] + 3));
    for (size_t a = 0; a < r; ++a) pad[a] = value_of(rc::gen::inRange<int64_t>(0, 2));
    // The window features inside a global window: the output stays one window (2 * pad < stride).
    const int axis = wants(cfg, kFeaturePadLimit) || wants(cfg, kFeatureOverlap) ? pick_axis(r) : 0;
    if (wants(cfg, kFeaturePadLimit)) pad[axis] = k[axis] / 2, s[axis] = k[axis] + 1;
    if (wants(cfg, kFeatureOverlap)) s[axis] = k[axis] - 1;
  } else {
    // Equal axes avoid the 2-D long-strip rule: Cube is reachable.
    const bool square = value_of(rc::gen::arbitrary<bool>()) || steers_to(cfg, Strategy::Cube);
    // Three axes multiply: a 3-D input keeps each one shorter.
    const int64_t longest = r == 2 ? cfg.max_spatial + 3 : cfg.max_spatial / 2 + 2;
    for (size_t a = 0; a < r; ++a) {
      const bool copy = square && a >= 1;
      k[a] = copy ? k[0] : value_of(rc::gen::inRange<int64_t>(1, 6));
      s[a] = copy ? s[0] : value_of(rc::gen::inRange<int64_t>(1, 5));
      pad[a] = copy ? pad[0] : value_of(rc::gen::inRange<int64_t>(0, k[a] / 2 + 1));
      const int64_t lo = std::max<int64_t>(1, k[a] - 2 * pad[a]);
      p.in_dims[a] = copy ? p.in_dims[0] : value_of(rc::gen::inRange<int64_t>(lo, std::max(lo, longest) + 1));
    }
  }
  if (!global && wants(cfg, kFeaturePadLimit)) {
    const int axis = pick_axis(r);
    k[axis] = std::max<int64_t>(k[axis], 2);
    pad[axis] = k[axis] / 2;
  }
  if (!global && wants(cfg, kFeatureOverlap)) {
    const int axis = pick_axis(r);
    k[axis] = std::max<int64_t>(k[axis], 2);
    s[axis] = std::min<int64_t>(s[axis], k[axis] - 1);
  }
  for (size_t a = 0; a < r && !global; ++a)
    p.in_dims[a] = std::max(p.in_dims[a], std::max<int64_t>(1, k[a] - 2 * pad[a]));
  p.kernel = list_form(k, false);
  p.stride = list_form(s, s == k);
  p.padding = list_form(pad, false);
  p.ceil_mode = value_of(rc::gen::weightedElement<bool>({{2, false}, {1, true}})) || wants(cfg, kFeatureCeil);
  p.count_include_pad = value_of(rc::gen::weightedElement<bool>({{2, true}, {1, false}}));
  // Cube takes countIncludePad without ceil mode and a divisor within [-255, 255]; Vector takes the rest.
  if (e.cube_paths) {
    if (steers_to(cfg, Strategy::Cube)) p.count_include_pad = true;
    if (steers_to(cfg, Strategy::Vector) && !p.ceil_mode) p.count_include_pad = false;
    if (steers_to(cfg, Strategy::Cube) && !wants(cfg, kFeatureCeil)) p.ceil_mode = false;
  }
  const int kind = global && steers_to(cfg, Strategy::Global)
                       ? 0
                       : value_of(rc::gen::weightedElement<int>(
                             {{4, 0}, {2, 1}, {1, 2}, {steers_to(cfg, Strategy::Cube) ? 0u : 1u, 3}}));
  p.divisor_override = kind == 0   ? 0
                       : kind == 1 ? value_of(rc::gen::inRange<int64_t>(1, 12))
                       : kind == 2 ? -value_of(rc::gen::inRange<int64_t>(1, 12))
                                   : value_of(rc::gen::inRange<int64_t>(256, 70000));  // beyond the cube's [-255, 255]
  if (e.cube_paths) {
    const int64_t max_mode = p.dtype == DType::F32 ? 3 : p.dtype == DType::F16 ? 2 : 1;
    p.cube_math_type = value_of(rc::gen::inRange<int64_t>(0, max_mode + 1));
  }
  return p;
}

}  // namespace

rc::Gen<Case> valid(const GenConfig& cfg, const Entry& e) {
  if (cfg.boundary || wants(cfg, kFeatureBoundary)) return boundary(cfg, {}, e);
  if (wants(cfg, kFeatureThreshold)) return threshold(cfg, e);
  return direct_exec([cfg, e] {
    Case c = e.make_case(gen_params(cfg, e));
    gen_layouts(cfg, &c);
    if (value_of(rc::gen::weightedElement<int>({{5, 0}, {1, 1}})) == 1 && c.array_mut(kStride).values.empty())
      c.array_mut(kStride).present = false;  // a null stride is legal: stride = kernel
    gen_environment(cfg, e.ub_sizes, &c);
    return c;
  });
}

std::vector<std::string> features() {
  return {kFeaturePlain,   kFeatureViews,   kFeatureOffsets, kFeatureCeil,     kFeaturePadLimit,
          kFeatureOverlap, kFeatureSpecial, kFeatureDet,     kFeatureBoundary, kFeatureThreshold};
}

}  // namespace avg_family

namespace {

Case make_2d(const avg_family::Draw& d) {
  auto p = avg_family::case_params<spec::avgpool2d_grad::CaseParams>(d);
  p.cube_math_type = d.cube_math_type;
  return spec::avgpool2d_grad::make_case(p);
}

}  // namespace

const avg_family::Entry& avgpool2d_grad::entry() {
  static const avg_family::Entry e{
      "avgpool2d_grad",
      2,
      true,
      {::poolcheck::avgpool2d_grad::kUbSizes.begin(), ::poolcheck::avgpool2d_grad::kUbSizes.end()},
      make_2d,
      spec::avgpool2d_grad::operator_spec};
  return e;
}

rc::Gen<Case> avgpool2d_grad::valid(const GenConfig& cfg) { return avg_family::valid(cfg, entry()); }

rc::Gen<Case> avgpool2d_grad::invalid(const GenConfig& cfg, const std::string& rule_id) {
  return invalid_from(spec::avgpool2d_grad::operator_spec(), avgpool2d_grad::valid, cfg,
                      kernel_socs(cfg, "avgpool2d_grad"), rule_id);
}

std::vector<std::string> avgpool2d_grad::features() { return avg_family::features(); }

}  // namespace poolcheck::gen
