// Generators for aclnnMaxPool3dWithArgmaxBackward: shapes, kernels, strides, paddings (up to k/2),
// ceilMode (including a dropped last window), list forms, dtypes, layouts, data and tiling knobs.
#include <algorithm>

#include "case/descriptor.h"
#include "generators/boundary.h"
#include "generators/direct_exec.h"
#include "generators/draws.h"
#include "generators/generators.h"
#include "generators/invalid.h"
#include "generators/threshold.h"
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
  const bool uniform = fixed::boolean();  // same kernel/stride/padding on every axis
  // A 2-D entry point's case keeps the depth axis neutral: extent, kernel and stride 1, no padding.
  const int first = first_free_axis(cfg);
  std::array<int64_t, 3> k{1, 1, 1}, s{1, 1, 1}, pad{};
  for (int a = first; a < 3; ++a) {
    if (uniform && a > first) {
      k[a] = k[first], s[a] = s[first], pad[a] = pad[first];
      continue;
    }
    k[a] = fixed::in_range<int64_t>(1, 5);
    s[a] = fixed::in_range<int64_t>(1, 5);
    pad[a] = fixed::in_range<int64_t>(0, k[a] / 2 + 1);
  }
  // CutK is capable only for upstream's whitelisted geometry (output 1x6x8 from kernel 5x1x6, stride
  // 8x13x18, N*C <= 3072); unsteered draws take it now and then so plain sampling meets it too. The inputs
  // are the smallest that pool to 1x6x8 (one D row under padding 2, 8.3k to 8.7k elements) and N*C is 1:
  // every element costs the harness a fill, a check and a comparison, and a larger geometry would cost the
  // campaign a tenth of its throughput (the conformance test runs a five-row D walk). Overlap cannot be had
  // in this geometry.
  const bool cutk = first == 0 && ((steers_to(cfg, Strategy::CutK) && !wants(cfg, kFeatureOverlap)) ||
                                   (!cfg.target.strategy && fixed::in_range<int>(0, 32) == 0));
  bool pad_limit_done = false;
  if (cutk) {
    k = {5, 1, 6}, s = {8, 13, 18};
    pad = {2, 0, fixed::in_range<int64_t>(0, 4)};
    pad_limit_done = true;  // D's padding 2 is kd/2
    p.ceil_mode = fixed::boolean() || wants(cfg, kFeatureCeil);
    if (p.ceil_mode)  // ceil would add a window unless each axis ends where its last window fits
      p.in_dims = {5 - 2 * pad[0], 66, 127 - pad[2] + fixed::in_range<int64_t>(0, 3)};
    else  // floor: the smallest of Di+2p in 5..12, Hi in 66..78, Wi+2p in 132..149 (they pool to 1, 6, 8)
      p.in_dims = {5 - 2 * pad[0], 66, 132 - 2 * pad[2]};
    p.n = 1;
    p.c = 1;
  }
  if (wants(cfg, kFeaturePadLimit) && !pad_limit_done) {
    const int axis = first == 0 ? value_of(rc::gen::element(0, 1, 2)) : value_of(rc::gen::element(1, 2));
    k[axis] = std::max<int64_t>(k[axis], 2);
    pad[axis] = k[axis] / 2;
  }
  if (wants(cfg, kFeatureOverlap)) {
    const int axis = first == 0 ? value_of(rc::gen::element(0, 1, 2)) : value_of(rc::gen::element(1, 2));
    k[axis] = std::max<int64_t>(k[axis], 2);
    s[axis] = std::min<int64_t>(s[axis], k[axis] - 1);
  }
  // A 2-D problem's plane may be as large as the 3-D volumes: three times the extent per axis (Normal's tiles then
  // cut overlapping planes too).
  const int64_t hi = first == 0 ? cfg.max_spatial : 3 * cfg.max_spatial;
  for (int a = first; a < 3 && !cutk; ++a) {
    const int64_t lo = std::max<int64_t>({1, k[a] - 2 * pad[a], a == 2 ? cfg.min_width : 1});
    p.in_dims[a] = fixed::in_range<int64_t>(lo, std::max(lo, hi) + 1);
  }
  if (cutk && wants(cfg, kFeatureOverlap))  // an unsteered CutK draw: inputs for the changed kernel and stride
    for (int a = 0; a < 3; ++a) p.in_dims[a] = std::max(p.in_dims[a], k[a] - 2 * pad[a]);
  p.kernel = list_form(k, false);
  const bool stride_is_kernel = s == k;
  p.stride = list_form(s, stride_is_kernel);
  if (p.stride.empty() && !stride_is_kernel) p.stride = {s[0], s[1], s[2]};
  p.padding = list_form(pad, false);
  static const rc::Gen<std::vector<int64_t>> kDilation =
      rc::gen::element(std::vector<int64_t>{1}, std::vector<int64_t>{1, 1, 1});
  static const rc::Gen<Format> kFormat = rc::gen::weightedElement<Format>({{5, Format::ND}, {1, Format::NCDHW}});
  p.dilation = value_of(kDilation);
  if (!cutk) p.ceil_mode = fixed::boolean() || wants(cfg, kFeatureCeil);
  p.format = value_of(kFormat);
  return p;
}

// UB sizes per strategy the scheduler steers to, by upstream's models: Normal's smallest tile needs 12 KiB
// of fixed buffers and the 8 KiB reserve besides the window, so the profile's 192 KiB and 64 KiB keep it
// (64 KiB also cuts overlapping planes: key 100); CutK's whitelisted geometry needs about 156 KiB for its
// H cut (the profile's UB); at 512 B and 16 KiB only Scatter fits.
std::vector<int64_t> ub_sizes(const GenConfig& cfg) {
  if (steers_to(cfg, Strategy::Normal)) return {0, 65536};
  if (steers_to(cfg, Strategy::CutK)) return {0};
  if (steers_to(cfg, Strategy::Scatter)) return {512, 16384};
  return {::poolcheck::maxpool3d_grad::kUbSizes.begin(), ::poolcheck::maxpool3d_grad::kUbSizes.end()};
}

}  // namespace

rc::Gen<Case> maxpool3d_grad::valid(const GenConfig& cfg) {
  if (cfg.boundary || wants(cfg, kFeatureBoundary)) return maxpool3d_grad::boundary(cfg);
  if (wants(cfg, kFeatureThreshold)) return maxpool3d_grad::threshold(cfg);
  return direct_exec([cfg] {
    spec::maxpool3d_grad::CaseParams p = gen_params(cfg);
    const maxpool_regbase::Key key = maxpool_regbase::steer_shape(cfg, false, &p);  // Ascend950 only
    Case c = spec::maxpool3d_grad::make_case(p);
    gen_layouts(cfg, &c);
    gen_environment(cfg, maxpool_regbase::ub_sizes(p.soc, ub_sizes(cfg)), &c,
                    {{6, FillKind::Normal},
                     {2, FillKind::Ints},
                     {2, FillKind::WideInts},
                     {2, FillKind::Ties},
                     {1, FillKind::Special},
                     {1, FillKind::Large}});
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
  return {kFeaturePlain, kFeatureViews,   kFeatureOffsets, kFeatureCeil,     kFeaturePadLimit,     kFeatureOverlap,
          kFeatureTies,  kFeatureSpecial, kFeatureDet,     kFeatureBoundary, kFeatureInt64Indices, kFeatureThreshold};
}

}  // namespace poolcheck::gen

namespace poolcheck {
void showValue(const Case& c, std::ostream& os) { os << to_descriptor(c); }
}  // namespace poolcheck
