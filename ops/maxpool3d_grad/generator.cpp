// Generators for aclnnMaxPool3dWithArgmaxBackward: shapes, kernels, strides, paddings (up to k/2),
// ceilMode (including a dropped last window), list forms, dtypes, layouts, data and tiling knobs.
#include <algorithm>

#include "case/descriptor.h"
#include "generators/boundary.h"
#include "generators/draws.h"
#include "generators/generators.h"
#include "generators/invalid.h"
#include "ops/maxpool3d_grad/generator_regbase.h"
#include "ops/maxpool3d_grad/spec.h"
#include "ops/maxpool3d_grad/view.h"

namespace poolcheck::gen {

namespace {

spec::maxpool3d_grad::CaseParams gen_params(const GenConfig& cfg) {
  spec::maxpool3d_grad::CaseParams p;
  p.soc = maxpool_regbase::pick_soc(cfg);
  p.dtype = pick_dtype(cfg, listed_dtypes(spec::maxpool3d_grad::operator_spec(), p.soc));
  gen_batch(cfg, {1, 1, 2, 3}, &p);
  const bool uniform = *rc::gen::arbitrary<bool>();  // same kernel/stride/padding on every axis
  std::array<int64_t, 3> k{}, s{}, pad{};
  for (int a = 0; a < 3; ++a) {
    if (uniform && a > 0) {
      k[a] = k[0], s[a] = s[0], pad[a] = pad[0];
      continue;
    }
    k[a] = *rc::gen::inRange<int64_t>(1, 5);
    s[a] = *rc::gen::inRange<int64_t>(1, 5);
    pad[a] = *rc::gen::inRange<int64_t>(0, k[a] / 2 + 1);
  }
  int cutk_axis = -1;
  if (steers_to(cfg, "CutK")) {
    // One long window axis and few lanes: a window that no longer fits a small UB must be cut. A W window
    // needs more than 16 taps before the W chunk itself is cut (rows are 8-aligned).
    const int axis = *rc::gen::element(0, 1, 2);
    k[axis] = axis == 2 ? *rc::gen::element<int64_t>(17, 20, 24) : *rc::gen::element<int64_t>(3, 5, 8);
    s[axis] = *rc::gen::element<int64_t>(1, 2, k[axis], k[axis] + 1);
    pad[axis] = *rc::gen::element<int64_t>(0, k[axis] / 2);
    p.c = std::max<int64_t>(1, std::min<int64_t>(p.c, 16 / p.n));  // one block of the minimum 16 lanes
    cutk_axis = axis;
  }
  if (wants(cfg, kFeaturePadLimit)) {
    const int axis = *rc::gen::element(0, 1, 2);
    k[axis] = std::max<int64_t>(k[axis], 2);
    pad[axis] = k[axis] / 2;
  }
  if (wants(cfg, kFeatureOverlap)) {
    const int axis = *rc::gen::element(0, 1, 2);
    k[axis] = std::max<int64_t>(k[axis], 2);
    s[axis] = std::min<int64_t>(s[axis], k[axis] - 1);
  }
  for (int a = 0; a < 3; ++a) {
    // The long window must really be long: the kernel clips windows to the input.
    const int64_t lo = a == cutk_axis ? k[a] : std::max<int64_t>(1, k[a] - 2 * pad[a]);
    p.in_dims[a] = *rc::gen::inRange<int64_t>(lo, std::max(lo, cfg.max_spatial) + 1);
  }
  p.kernel = list_form(k, false);
  const bool stride_is_kernel = s == k;
  p.stride = list_form(s, stride_is_kernel);
  if (p.stride.empty() && !stride_is_kernel) p.stride = {s[0], s[1], s[2]};
  p.padding = list_form(pad, false);
  p.dilation = *rc::gen::element(std::vector<int64_t>{1}, std::vector<int64_t>{1, 1, 1});
  p.ceil_mode = *rc::gen::arbitrary<bool>() || wants(cfg, kFeatureCeil);
  p.format = *rc::gen::weightedElement<Format>({{5, Format::ND}, {1, Format::NCDHW}});
  return p;
}

// UB sizes per strategy the scheduler steers to: the profile's 192 KiB and mid sizes keep whole windows
// (Normal), 2 KiB holds 16 lanes of a window chunk but not of a long window (CutK), 512 B no window (Scatter).
std::vector<int64_t> ub_sizes(const GenConfig& cfg) {
  if (steers_to(cfg, "Normal")) return {0, 65536, 16384};
  if (steers_to(cfg, "CutK")) return {2048};
  if (steers_to(cfg, "Scatter")) return {512};
  return {::poolcheck::maxpool3d_grad::kUbSizes.begin(), ::poolcheck::maxpool3d_grad::kUbSizes.end()};
}

}  // namespace

rc::Gen<Case> maxpool3d_grad::valid(const GenConfig& cfg) {
  if (cfg.boundary || wants(cfg, kFeatureBoundary)) return maxpool3d_grad::boundary(cfg);
  return rc::gen::exec([cfg] {
    spec::maxpool3d_grad::CaseParams p = gen_params(cfg);
    const maxpool_regbase::Key key = maxpool_regbase::steer_shape(cfg, false, &p);  // Ascend950 only
    Case c = spec::maxpool3d_grad::make_case(p);
    gen_layouts(cfg, &c);
    gen_environment(cfg, maxpool_regbase::ub_sizes(p.soc, ub_sizes(cfg)), &c,
                    {{6, "normal"}, {2, "ints"}, {2, "ties"}, {1, "special"}, {1, "large"}});
    maxpool_regbase::steer_knobs(cfg, key, p, &c);
    return c;
  });
}

rc::Gen<Case> maxpool3d_grad::invalid(const GenConfig& cfg, const std::string& rule_id) {
  // Every platform the spec supports.
  const spec::OperatorSpec& contract = spec::maxpool3d_grad::operator_spec();
  return invalid_from(contract, maxpool3d_grad::valid, cfg, supported_socs(contract), rule_id);
}

std::vector<std::string> maxpool3d_grad::features() {
  return {kFeaturePlain, kFeatureViews,   kFeatureOffsets, kFeatureCeil,     kFeaturePadLimit,    kFeatureOverlap,
          kFeatureTies,  kFeatureSpecial, kFeatureDet,     kFeatureBoundary, kFeatureInt64Indices};
}

}  // namespace poolcheck::gen

namespace poolcheck {
void showValue(const Case& c, std::ostream& os) { os << to_descriptor(c); }
}  // namespace poolcheck
