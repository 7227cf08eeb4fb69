// The entry point's benchmark shapes (docs/performance.md lists the set): ResNet-like 2-D layers in FLOAT on A2
// (the one dtype its document lists there), and the overlapping layer in every dtype on Ascend950.
#include <vector>

#include "bench/bench_cases.h"
#include "ops/maxpool2d_grad/spec.h"

namespace poolcheck::bench::maxpool2d_grad {

namespace {

std::vector<BenchCase> on(const std::string& soc, const ShapeSet& set) {
  return cases_of(set, [soc](const BenchShape& s, DType dt) {
    spec::maxpool2d_grad::CaseParams p;
    p.soc = soc;
    p.dtype = dt;
    p.n = s.n;
    p.c = s.c;
    p.in_dims = {s.in[0], s.in[1]};
    p.kernel = s.k;
    p.stride = s.s;
    p.padding = s.p;
    return spec::maxpool2d_grad::make_case(p);
  });
}

}  // namespace

std::vector<BenchCase> cases() {
  const std::vector<DType> all{DType::F32, DType::F16, DType::BF16}, f32{DType::F32};
  std::vector<BenchCase> out =
      on("Ascend910B", {{window_shape("maxpool2d_grad", "8x64x112x112_k3s2p1", 8, 64, {112, 112}, 3, 2, 1, true), f32},
                        {window_shape("maxpool2d_grad", "8x64x56x56_k2s2p0", 8, 64, {56, 56}, 2, 2, 0, true), f32}});
  const auto regbase =
      on("Ascend950",
         {{window_shape("maxpool2d_grad", "8x64x112x112_k3s2p1@950", 8, 64, {112, 112}, 3, 2, 1, true), all}});
  out.insert(out.end(), regbase.begin(), regbase.end());
  return out;
}

}  // namespace poolcheck::bench::maxpool2d_grad
