// The operator's benchmark shapes (docs/performance.md lists the set) and the cases built from them.
#include <vector>

#include "bench/bench_cases.h"
#include "ops/maxpool3d_grad/spec.h"

namespace poolcheck::bench::maxpool3d_grad {

std::vector<BenchCase> cases() {
  const std::vector<DType> all{DType::F32, DType::F16, DType::BF16}, f32{DType::F32};
  // 3-D CNN (C3D/R3D-like): overlapping k3s2p1 and non-overlapping k2s2, and a small early-exit layer.
  const ShapeSet set{
      {window_shape("maxpool3d_grad", "2x64x16x56x56_k3s2p1", 2, 64, {16, 56, 56}, 3, 2, 1, true), all},
      {window_shape("maxpool3d_grad", "2x64x16x56x56_k2s2p0", 2, 64, {16, 56, 56}, 2, 2, 0, true), all},
      {window_shape("maxpool3d_grad", "1x32x8x28x28_k2s2p0", 1, 32, {8, 28, 28}, 2, 2, 0, false), f32},
  };
  return cases_of(set, [](const BenchShape& s, DType dt) {
    spec::maxpool3d_grad::CaseParams p;
    p.dtype = dt;
    p.n = s.n;
    p.c = s.c;
    p.in_dims = {s.in[0], s.in[1], s.in[2]};
    p.kernel = s.k;
    p.stride = s.s;
    p.padding = s.p;
    return spec::maxpool3d_grad::make_case(p);
  });
}

}  // namespace poolcheck::bench::maxpool3d_grad
