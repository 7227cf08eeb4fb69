// The operator's benchmark shapes (docs/performance.md lists the set) and the cases built from them.
#include <vector>

#include "bench/bench_cases.h"
#include "ops/adaptive_avgpool3d_grad/spec.h"

namespace poolcheck::bench::adaptive_avgpool3d_grad {

std::vector<BenchCase> cases() {
  const std::vector<DType> all{DType::F32, DType::F16, DType::BF16}, f32{DType::F32};
  auto shape = [](std::string label, int64_t n, int64_t c, std::vector<int64_t> in, std::vector<int64_t> out,
                  bool large) {
    return BenchShape{
        "adaptive_avgpool3d_grad", std::move(label), n, c, std::move(in), std::move(out), {}, {}, {}, true, large};
  };
  // 3-D heads: divisible (no overlap), non-divisible (overlapping windows), global.
  const ShapeSet set{
      {shape("2x64x16x28x28_to_4x7x7", 2, 64, {16, 28, 28}, {4, 7, 7}, true), all},
      {shape("2x64x8x14x14_to_3x5x5", 2, 64, {8, 14, 14}, {3, 5, 5}, false), f32},
      {shape("4x256x4x7x7_to_1x1x1", 4, 256, {4, 7, 7}, {1, 1, 1}, false), f32},
  };
  return cases_of(set, [](const BenchShape& s, DType dt) {
    spec::adaptive_avgpool3d_grad::CaseParams p;
    p.dtype = dt;
    p.n = s.n;
    p.c = s.c;
    p.in_dims = {s.in[0], s.in[1], s.in[2]};
    p.out_dims = {s.out[0], s.out[1], s.out[2]};
    return spec::adaptive_avgpool3d_grad::make_case(p);
  });
}

}  // namespace poolcheck::bench::adaptive_avgpool3d_grad
