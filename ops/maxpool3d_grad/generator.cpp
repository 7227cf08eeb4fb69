// Generators for aclnnMaxPool3dWithArgmaxBackward: shapes, kernels, strides, paddings (up to k/2),
// ceilMode (including a dropped last window), list forms, dtypes, layouts, data and tiling knobs.
#include <algorithm>

#include "case/descriptor.h"
#include "generators/draws.h"
#include "generators/generators.h"
#include "generators/invalid.h"
#include "ops/maxpool3d_grad/spec.h"
#include "ops/maxpool3d_grad/view.h"

namespace poolcheck::gen {

namespace {

spec::maxpool3d_grad::CaseParams gen_params(const GenConfig& cfg) {
  spec::maxpool3d_grad::CaseParams p;
  p.soc = *rc::gen::elementOf(cfg.kernel_platforms);
  p.dtype = *rc::gen::elementOf(listed_dtypes(spec::maxpool3d_grad::operator_spec(), p.soc));
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
  for (int a = 0; a < 3; ++a) {
    const int64_t lo = std::max<int64_t>(1, k[a] - 2 * pad[a]);
    p.in_dims[a] = *rc::gen::inRange<int64_t>(lo, std::max(lo, cfg.max_spatial) + 1);
  }
  p.kernel = list_form(k, false);
  const bool stride_is_kernel = s == k;
  p.stride = list_form(s, stride_is_kernel);
  if (p.stride.empty() && !stride_is_kernel) p.stride = {s[0], s[1], s[2]};
  p.padding = list_form(pad, false);
  p.dilation = *rc::gen::element(std::vector<int64_t>{1}, std::vector<int64_t>{1, 1, 1});
  p.ceil_mode = *rc::gen::arbitrary<bool>();
  p.format = *rc::gen::weightedElement<Format>({{5, Format::ND}, {1, Format::NCDHW}});
  return p;
}

}  // namespace

rc::Gen<Case> maxpool3d_grad::valid(const GenConfig& cfg) {
  return rc::gen::exec([cfg] {
    Case c = spec::maxpool3d_grad::make_case(gen_params(cfg));
    gen_layouts(cfg, &c);
    gen_environment(cfg, {::poolcheck::maxpool3d_grad::kUbSizes.begin(), ::poolcheck::maxpool3d_grad::kUbSizes.end()},
                    &c, {{6, "normal"}, {2, "ints"}, {2, "ties"}, {1, "special"}, {1, "large"}});
    return c;
  });
}

rc::Gen<Case> maxpool3d_grad::invalid(const GenConfig& cfg, const std::string& rule_id) {
  // Every platform the spec supports, Ascend950 included (its kernels are simply not emulated).
  const spec::OperatorSpec& contract = spec::maxpool3d_grad::operator_spec();
  return invalid_from(contract, maxpool3d_grad::valid, cfg, supported_socs(contract), rule_id);
}

}  // namespace poolcheck::gen

namespace poolcheck {
void showValue(const Case& c, std::ostream& os) { os << to_descriptor(c); }
}  // namespace poolcheck
