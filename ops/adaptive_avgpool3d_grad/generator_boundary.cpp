// Boundary cases for aclnnAdaptiveAvgPool3dBackward: one axis (D, H or W) drawn from an adaptive boundary class
// (generators/boundary.h: input 1, output 1, upsampling, output = input - 1, = input, = input + 1, coprime
// primes, a long axis), the other two small; N*C at the lane block edges within the memory budget. A 2-D entry
// point's draw (generator_family.h) focuses on H or W and keeps D at one.
#include <algorithm>

#include "generators/boundary.h"
#include "generators/direct_exec.h"
#include "generators/draws.h"
#include "ops/adaptive_avgpool3d_grad/generator_family.h"
#include "ops/adaptive_avgpool3d_grad/spec.h"

namespace poolcheck::gen {

namespace {

spec::adaptive_avgpool3d_grad::CaseParams boundary_params(const GenConfig& cfg,
                                                          const std::vector<std::string>& classes) {
  const std::string cls = boundary::draw_class(boundary::adaptive_classes(), classes);
  spec::adaptive_avgpool3d_grad::CaseParams p;
  // As the ordinary generator: the kernel platforms, plus every other platform the spec marks supported.
  const spec::OperatorSpec& contract = spec::adaptive_avgpool3d_grad::operator_spec();
  const std::vector<std::string> kernels = kernel_socs(cfg, "adaptive_avgpool3d_grad");
  std::vector<std::string> socs = kernels;
  for (const auto& s : supported_socs(contract))
    if (std::find(socs.begin(), socs.end(), s) == socs.end() && kernels.size() > 1) socs.push_back(s);
  const bool entry_2d = cfg.spatial_rank == 2;
  p.soc = entry_2d && !cfg.target.platform.empty() ? cfg.target.platform : fixed::element_of(socs);
  p.dtype = entry_2d && cfg.target.dtype ? *cfg.target.dtype : fixed::element_of(listed_dtypes(contract, p.soc));
  const auto first = static_cast<size_t>(first_free_axis(cfg));
  std::vector<size_t> free_axes;
  for (size_t a = first; a < 3; ++a) free_axes.push_back(a);
  const size_t focus = fixed::element_of(free_axes);
  std::array<boundary::AdaptiveAxis, 3> axes;
  int64_t others = 1;
  for (size_t a = 0; a < 3; ++a)
    if (a < first) {
      axes[a].in = axes[a].out = 1;
    } else if (a != focus) {
      axes[a] = boundary::draw_small_adaptive_axis(boundary::small_extent(cls));
      others *= std::max(axes[a].in, axes[a].out);
    }
  axes[focus] = boundary::draw_adaptive_axis(cls, boundary::long_axis_limit(others));
  int64_t in_elems = 1, out_elems = 1;
  for (size_t a = 0; a < 3; ++a) {
    p.in_dims[a] = axes[a].in;
    p.out_dims[a] = axes[a].out;
    in_elems *= axes[a].in;
    out_elems *= axes[a].out;
  }
  p.batched = fixed::element_of(std::vector<bool>{true, false});
  boundary::draw_batch_channels(std::max(in_elems, out_elems), p.batched, &p.n, &p.c);
  p.format = fixed::element_of(std::vector<Format>{Format::ND, Format::NCDHW});
  return p;
}

}  // namespace

std::vector<std::string> adaptive_avgpool3d_grad::boundary_classes() { return boundary::adaptive_classes(); }

rc::Gen<Case> adaptive_avgpool3d_grad::boundary(const GenConfig& cfg, const std::vector<std::string>& classes) {
  return direct_exec([cfg, classes] {
    Case c = spec::adaptive_avgpool3d_grad::make_case(boundary_params(cfg, classes));
    gen_layouts(cfg, &c);
    gen_environment(cfg, {0, 65536, 8192, 2048, 1024, 512}, &c);
    return c;
  });
}

}  // namespace poolcheck::gen
