// The operator's benchmark shapes (docs/performance.md lists the set) and the cases built from them.
#include <vector>

#include "bench/bench_cases.h"
#include "ops/avgpool3d_grad/spec.h"

namespace poolcheck::bench::avgpool3d_grad {

std::vector<BenchCase> cases() {
  const std::vector<DType> all{DType::F32, DType::F16, DType::BF16}, f32{DType::F32};
  // 3-D CNN (video, C3D/I3D-like): overlapping k3s2p1, non-overlapping k2s2, and a 2x7x7 global pool.
  const ShapeSet set{
      {window_shape("avgpool3d_grad", "2x64x16x56x56_k3s2p1", 2, 64, {16, 56, 56}, 3, 2, 1, true), all},
      {window_shape("avgpool3d_grad", "2x64x16x56x56_k2s2p0", 2, 64, {16, 56, 56}, 2, 2, 0, true), all},
      {window_shape("avgpool3d_grad", "8x512x2x7x7_k2s2p0", 8, 512, {2, 7, 7}, 2, 2, 0, false), f32},
  };
  return cases_of(set, [](const BenchShape& s, DType dt) {
    spec::avgpool3d_grad::CaseParams p;
    p.dtype = dt;
    p.n = s.n;
    p.c = s.c;
    p.in_dims = {s.in[0], s.in[1], s.in[2]};
    p.kernel = s.k;
    p.stride = s.s;
    p.padding = s.p;
    p.count_include_pad = s.count_include_pad;
    return spec::avgpool3d_grad::make_case(p);
  });
}

}  // namespace poolcheck::bench::avgpool3d_grad
