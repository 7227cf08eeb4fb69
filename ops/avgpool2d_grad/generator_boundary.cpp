// Boundary cases for aclnnAvgPool2dBackward: one axis (H or W) drawn from a fixed-window boundary class
// (generators/boundary.h), the other small; or a global pool whose kernel is the whole input. N*C at the lane
// block edges within the memory budget; divisorOverride at its edges (the cube's 255, the int32 limits).
#include <algorithm>
#include <cstdint>
#include <limits>

#include "generators/boundary.h"
#include "generators/draws.h"
#include "ops/avgpool2d_grad/spec.h"
#include "ops/avgpool2d_grad/view.h"

namespace poolcheck::gen {

namespace {

using boundary::WindowAxis;

// Kernel = input on both axes, one output: the Global strategy from H, W >= 10 (no divisorOverride), the
// vector path below. s >= in + p keeps ceil mode at one window.
constexpr const char* kGlobal = "global";

std::vector<int64_t> as_list(const std::array<int64_t, 2>& v) {
  if (v[0] == v[1] && *rc::gen::elementOf(std::vector<bool>{false, true})) return {v[0]};
  return {v[0], v[1]};
}

bool pick_bool() { return *rc::gen::elementOf(std::vector<bool>{false, true}); }

std::vector<std::string> classes_of_avgpool() {
  std::vector<std::string> all = boundary::window_classes();
  all.emplace_back(kGlobal);
  return all;
}

spec::avgpool2d_grad::CaseParams boundary_params(const GenConfig& cfg, const std::vector<std::string>& classes) {
  const std::string cls = boundary::draw_class(classes_of_avgpool(), classes);
  spec::avgpool2d_grad::CaseParams p;
  p.soc = *rc::gen::elementOf(kernel_socs(cfg, "avgpool2d_grad"));
  p.dtype = *rc::gen::elementOf(listed_dtypes(spec::avgpool2d_grad::operator_spec(), p.soc));
  std::array<WindowAxis, 2> axes;
  bool ceil = pick_bool();
  if (cls == kGlobal) {
    for (auto& a : axes) {
      a.in = *rc::gen::elementOf(std::vector<int64_t>{1, 2, 9, 10, 11, 31, 64});
      a.k = a.in;
      a.p = std::min<int64_t>(a.k / 2, *rc::gen::elementOf(std::vector<int64_t>{0, 1}));
      a.s = a.in + a.p + *rc::gen::elementOf(std::vector<int64_t>{0, 4});
    }
  } else {
    const size_t focus = *rc::gen::elementOf(std::vector<size_t>{0, 1});
    axes[1 - focus] = boundary::draw_small_window_axis(boundary::small_extent(cls));
    const int64_t others = axes[1 - focus].in + 1;  // an output axis is at most one longer than its input
    axes[focus] = boundary::draw_window_axis(cls, boundary::long_axis_limit(others) - 1, &ceil);
    // Sometimes square: the other axis the same, so the cube path (no long strips) meets the boundary too,
    // its kernel limits (both <= 20, kH*kW <= 255) included.
    const int64_t side = axes[focus].in + 1;
    if (side * side <= boundary::kMaxElements && pick_bool()) axes[1 - focus] = axes[focus];
  }
  std::array<int64_t, 2> k{}, s{}, pad{};
  int64_t in_elems = 1, out_elems = 1;
  for (size_t a = 0; a < 2; ++a) {
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
  p.divisor_override = *rc::gen::weightedElement<int64_t>(
      {{6, 0}, {1, 1}, {1, -1}, {1, 255}, {1, 256}, {1, -256}, {1, kInt32Max}, {1, kInt32Min}});
  std::vector<int64_t> modes{0, 1};
  if (p.dtype != DType::BF16) modes.push_back(2);
  if (p.dtype == DType::F32) modes.push_back(3);
  p.cube_math_type = *rc::gen::elementOf(modes);
  return p;
}

}  // namespace

std::vector<std::string> avgpool2d_grad::boundary_classes() { return classes_of_avgpool(); }

rc::Gen<Case> avgpool2d_grad::boundary(const GenConfig& cfg, const std::vector<std::string>& classes) {
  return rc::gen::exec([cfg, classes] {
    Case c = spec::avgpool2d_grad::make_case(boundary_params(cfg, classes));
    gen_layouts(cfg, &c);
    if (::poolcheck::avgpool2d_grad::View(c).stride()->values.empty() && pick_bool())
      ::poolcheck::avgpool2d_grad::Edit(c).stride().present = false;  // a null stride is legal: stride = kernel
    gen_environment(cfg, {0, 65536, 16384, 4096, 1024, 512}, &c);
    return c;
  });
}

}  // namespace poolcheck::gen
