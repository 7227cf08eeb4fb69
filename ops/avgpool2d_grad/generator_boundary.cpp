// Boundary cases of the average-pool family: one spatial axis drawn from a fixed-window boundary class
// (generators/boundary.h), the others small; or a global pool whose kernel is the whole input. N*C at the lane
// block edges within the memory budget; divisorOverride at its edges (the cube's 255, the int32 limits, and for
// the 3-D call, whose divisor is an int64 it keeps, beyond them).
#include <algorithm>
#include <cstdint>
#include <limits>

#include "generators/boundary.h"
#include "generators/direct_exec.h"
#include "generators/draws.h"
#include "ops/avgpool2d_grad/generator_family.h"
#include "ops/avgpool2d_grad/view.h"
#include "spec/pooled_size.h"

namespace poolcheck::gen {

namespace avg_family {

namespace {

using boundary::WindowAxis;
using ::poolcheck::avgpool2d_grad::kStride;

// Kernel = input on every axis, one output: the Global strategy from H, W >= 10 (no divisorOverride) on the 2-D
// call, the vector path below. s >= in + p keeps ceil mode at one window.
constexpr const char* kGlobal = "global";

std::vector<int64_t> as_list(const std::vector<int64_t>& v) {
  const bool same = std::all_of(v.begin(), v.end(), [&](int64_t x) { return x == v[0]; });
  if (same && fixed::element_of(std::vector<bool>{false, true})) return {v[0]};
  return v;
}

bool pick_bool() { return fixed::element_of(std::vector<bool>{false, true}); }

std::vector<size_t> axes_of(size_t rank) {
  return rank == 2 ? std::vector<size_t>{0, 1} : std::vector<size_t>{0, 1, 2};
}

Draw boundary_params(const GenConfig& cfg, const std::vector<std::string>& classes, const Entry& e) {
  const size_t r = e.spatial_rank;
  const std::string cls = boundary::draw_class(boundary_classes(), classes);
  Draw p;
  p.soc = fixed::element_of(kernel_socs(cfg, e.op));
  p.dtype = fixed::element_of(listed_dtypes(e.spec(), p.soc));
  std::vector<WindowAxis> axes(r);
  bool ceil = pick_bool();
  if (cls == kGlobal) {
    // Three axes of 31 or 64 would pass the memory budget.
    const std::vector<int64_t> extents =
        r == 2 ? std::vector<int64_t>{1, 2, 9, 10, 11, 31, 64} : std::vector<int64_t>{1, 2, 3, 9, 10, 11};
    for (auto& a : axes) {
      a.in = fixed::element_of(extents);
      a.k = a.in;
      a.p = std::min<int64_t>(a.k / 2, fixed::element_of(std::vector<int64_t>{0, 1}));
      a.s = a.in + a.p + fixed::element_of(std::vector<int64_t>{0, 4});
    }
  } else {
    const size_t focus = fixed::element_of(axes_of(r));
    int64_t others = 1;  // an output axis is at most one longer than its input
    for (size_t a = 0; a < r; ++a) {
      if (a == focus) continue;
      axes[a] = boundary::draw_small_window_axis(boundary::small_extent(cls));
      others *= axes[a].in + 1;
    }
    axes[focus] = boundary::draw_window_axis(cls, boundary::long_axis_limit(others) - 1, &ceil);
    // Sometimes equal axes, so the 2-D cube path (no long strips) meets the boundary too, its kernel limits (both
    // <= 20, kH*kW <= 255) included.
    const int64_t side = axes[focus].in + 1;
    int64_t cube = side;
    for (size_t a = 1; a < r; ++a)
      cube = cube > boundary::kMaxElements / side ? boundary::kMaxElements + 1 : cube * side;
    if (cube <= boundary::kMaxElements && pick_bool())
      for (size_t a = 0; a < r; ++a) axes[a] = axes[focus];
  }
  std::vector<int64_t> k(r), s(r), pad(r);
  int64_t in_elems = 1, out_elems = 1;
  p.in_dims.resize(r);
  for (size_t a = 0; a < r; ++a) {
    p.in_dims[a] = axes[a].in;
    k[a] = axes[a].k, s[a] = axes[a].s, pad[a] = axes[a].p;
    in_elems *= axes[a].in;
    out_elems *= spec::pooled_size(axes[a].in, k[a], s[a], pad[a], 1, ceil).value_or(1);
  }
  p.batched = pick_bool();
  boundary::draw_batch_channels(std::max(in_elems, out_elems), p.batched, &p.n, &p.c);
  p.kernel = as_list(k);
  p.stride = s == k && pick_bool() ? std::vector<int64_t>{} : as_list(s);
  p.padding = as_list(pad);
  p.ceil_mode = ceil;
  p.count_include_pad = pick_bool();
  constexpr int64_t kInt32Min = std::numeric_limits<int32_t>::min(), kInt32Max = std::numeric_limits<int32_t>::max();
  if (e.cube_paths) {
    p.divisor_override = value_of(rc::gen::weightedElement<int64_t>(
        {{6, 0}, {1, 1}, {1, -1}, {1, 255}, {1, 256}, {1, -256}, {1, kInt32Max}, {1, kInt32Min}}));
    std::vector<int64_t> modes{0, 1};
    if (p.dtype != DType::BF16) modes.push_back(2);
    if (p.dtype == DType::F32) modes.push_back(3);
    p.cube_math_type = fixed::element_of(modes);
  } else {
    p.divisor_override = value_of(rc::gen::weightedElement<int64_t>({{6, 0},
                                                                     {1, 1},
                                                                     {1, -1},
                                                                     {1, kInt32Max},
                                                                     {1, kInt32Min},
                                                                     {1, int64_t{1} << 32},
                                                                     {1, std::numeric_limits<int64_t>::max()},
                                                                     {1, std::numeric_limits<int64_t>::min()}}));
  }
  return p;
}

}  // namespace

std::vector<std::string> boundary_classes() {
  std::vector<std::string> all = boundary::window_classes();
  all.emplace_back(kGlobal);
  return all;
}

rc::Gen<Case> boundary(const GenConfig& cfg, const std::vector<std::string>& classes, const Entry& e) {
  return direct_exec([cfg, classes, e] {
    Case c = e.make_case(boundary_params(cfg, classes, e));
    gen_layouts(cfg, &c);
    if (c.array_mut(kStride).values.empty() && pick_bool())
      c.array_mut(kStride).present = false;  // a null stride is legal: stride = kernel
    gen_environment(cfg, e.ub_sizes, &c);
    return c;
  });
}

}  // namespace avg_family

std::vector<std::string> avgpool2d_grad::boundary_classes() { return avg_family::boundary_classes(); }

rc::Gen<Case> avgpool2d_grad::boundary(const GenConfig& cfg, const std::vector<std::string>& classes) {
  return avg_family::boundary(cfg, classes, entry());
}

}  // namespace poolcheck::gen
