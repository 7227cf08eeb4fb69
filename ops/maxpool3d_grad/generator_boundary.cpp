// Boundary cases for aclnnMaxPool3dWithArgmaxBackward: one axis (D, H or W) drawn from a fixed-window boundary
// class (generators/boundary.h), the other two small; N*C at the 64-lane block edges within the memory budget.
#include <algorithm>

#include "generators/boundary.h"
#include "generators/direct_exec.h"
#include "generators/draws.h"
#include "ops/maxpool3d_grad/generator_regbase.h"
#include "ops/maxpool3d_grad/spec.h"
#include "ops/maxpool3d_grad/view.h"

namespace poolcheck::gen {

namespace {

using boundary::WindowAxis;

// The value list in one of its documented forms: one value when all are equal (sometimes), else three.
std::vector<int64_t> as_list(const std::array<int64_t, 3>& v) {
  if (v[0] == v[1] && v[1] == v[2] && fixed::element_of(std::vector<bool>{false, true})) return {v[0]};
  return {v[0], v[1], v[2]};
}

spec::maxpool3d_grad::CaseParams boundary_params(const GenConfig& cfg, const std::vector<std::string>& classes) {
  const std::string cls = boundary::draw_class(boundary::window_classes(), classes);
  spec::maxpool3d_grad::CaseParams p;
  p.soc = maxpool_regbase::pick_soc(cfg);
  p.dtype = fixed::element_of(listed_dtypes(spec::maxpool3d_grad::operator_spec(), p.soc));
  const auto first = static_cast<size_t>(first_free_axis(cfg));  // a 2-D entry point's depth axis stays 1
  const size_t focus = fixed::element_of(first == 0 ? std::vector<size_t>{0, 1, 2} : std::vector<size_t>{1, 2});
  std::array<WindowAxis, 3> axes;
  int64_t others = 1;  // an output axis is at most one longer than its input (p <= k/2)
  for (size_t a = first; a < 3; ++a)
    if (a != focus) {
      axes[a] = boundary::draw_small_window_axis(boundary::small_extent(cls));
      others *= axes[a].in + 1;
    }
  bool ceil = fixed::element_of(std::vector<bool>{false, true});
  axes[focus] = boundary::draw_window_axis(cls, boundary::long_axis_limit(others) - 1, &ceil);

  std::array<int64_t, 3> k{}, s{}, pad{};
  int64_t in_elems = 1, out_elems = 1;
  for (size_t a = 0; a < 3; ++a) {
    p.in_dims[a] = axes[a].in;
    k[a] = axes[a].k, s[a] = axes[a].s, pad[a] = axes[a].p;
    in_elems *= axes[a].in;
    out_elems *= spec::pooled_size(axes[a].in, k[a], s[a], pad[a], 1, ceil).value_or(1);
  }
  p.batched = fixed::element_of(std::vector<bool>{true, false});
  boundary::draw_batch_channels(std::max(in_elems, out_elems), p.batched, &p.n, &p.c);
  p.kernel = as_list(k);
  p.stride = s == k && fixed::element_of(std::vector<bool>{false, true}) ? std::vector<int64_t>{} : as_list(s);
  p.padding = as_list(pad);
  p.dilation = fixed::element_of(std::vector<std::vector<int64_t>>{{1}, {1, 1, 1}});
  p.ceil_mode = ceil;
  p.format = fixed::element_of(std::vector<Format>{Format::ND, Format::NCDHW});
  return p;
}

}  // namespace

std::vector<std::string> maxpool3d_grad::boundary_classes() { return boundary::window_classes(); }

rc::Gen<Case> maxpool3d_grad::boundary(const GenConfig& cfg, const std::vector<std::string>& classes) {
  return direct_exec([cfg, classes] {
    spec::maxpool3d_grad::CaseParams p = boundary_params(cfg, classes);
    // On Ascend950 the boundary shape stays; the index dtype and the knobs steer its tiling.
    const maxpool_regbase::Key key = maxpool_regbase::steer_shape(cfg, true, &p);
    Case c = spec::maxpool3d_grad::make_case(p);
    gen_layouts(cfg, &c);
    const auto& a2_sizes = ::poolcheck::maxpool3d_grad::kUbSizes;
    gen_environment(cfg, maxpool_regbase::ub_sizes(p.soc, {a2_sizes.begin(), a2_sizes.end()}), &c,
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

}  // namespace poolcheck::gen
