// The operator's benchmark shapes (docs/performance.md lists the set) and the cases built from them.
#include <vector>

#include "bench/bench_cases.h"
#include "ops/avgpool2d_grad/spec.h"

namespace poolcheck::bench::avgpool2d_grad {

std::vector<BenchCase> cases() {
  const std::vector<DType> all{DType::F32, DType::F16, DType::BF16}, f32{DType::F32};
  // 2-D CNN (ResNet-like): overlapping k3s2p1, non-overlapping k2s2, and a 7x7 global pool.
  const ShapeSet set{
      {window_shape("avgpool2d_grad", "8x64x56x56_k3s2p1", 8, 64, {56, 56}, 3, 2, 1, true), all},
      {window_shape("avgpool2d_grad", "8x64x56x56_k2s2p0", 8, 64, {56, 56}, 2, 2, 0, true), all},
      {window_shape("avgpool2d_grad", "8x512x7x7_k7s7p0", 8, 512, {7, 7}, 7, 7, 0, false), f32},
  };
  return cases_of(set, [](const BenchShape& s, DType dt) {
    spec::avgpool2d_grad::CaseParams p;
    p.dtype = dt;
    p.n = s.n;
    p.c = s.c;
    p.in_dims = {s.in[0], s.in[1]};
    p.kernel = s.k;
    p.stride = s.s;
    p.padding = s.p;
    p.count_include_pad = s.count_include_pad;
    return spec::avgpool2d_grad::make_case(p);
  });
}

}  // namespace poolcheck::bench::avgpool2d_grad
