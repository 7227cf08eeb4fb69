// The entry point's benchmark shapes (docs/performance.md lists the set), one per route: the family's General
// kernel on A2, each arch35 template on Ascend950, the assist matmuls on the Atlas training series.
#include <vector>

#include "bench/bench_cases.h"
#include "ops/adaptive_avgpool2d_grad/spec.h"

namespace poolcheck::bench::adaptive_avgpool2d_grad {

namespace {

BenchShape shape(std::string label, int64_t n, int64_t c, std::vector<int64_t> in, std::vector<int64_t> out,
                 bool large) {
  return BenchShape{
      "adaptive_avgpool2d_grad", std::move(label), n, c, std::move(in), std::move(out), {}, {}, {}, true, large};
}

std::vector<BenchCase> on(const std::string& soc, const ShapeSet& set) {
  return cases_of(set, [soc](const BenchShape& s, DType dt) {
    spec::adaptive_avgpool2d_grad::CaseParams p;
    p.soc = soc;
    p.dtype = dt;
    p.n = s.n;
    p.c = s.c;
    p.in_dims = {s.in[0], s.in[1]};
    p.out_dims = {s.out[0], s.out[1]};
    return spec::adaptive_avgpool2d_grad::make_case(p);
  });
}

}  // namespace

std::vector<BenchCase> cases() {
  const std::vector<DType> all{DType::F32, DType::F16, DType::BF16}, f32{DType::F32}, f16{DType::F16};
  std::vector<BenchCase> out = on("Ascend910B", {{shape("8x64x56x56_to_7x7", 8, 64, {56, 56}, {7, 7}, true), all},
                                                 {shape("8x64x14x14_to_5x5", 8, 64, {14, 14}, {5, 5}, false), f32}});
  // Ascend950: one shape per arch35 template (SIMT, NchwSmallKernel, BigKernel).
  const ShapeSet arch35{{shape("8x64x56x56_to_7x7@950", 8, 64, {56, 56}, {7, 7}, true), all},
                        {shape("8x64x16x32_to_8x32@950", 8, 64, {16, 32}, {8, 32}, false), f32},
                        {shape("2x8x64x1024_to_2x8@950", 2, 8, {64, 1024}, {2, 8}, true), f32}};
  for (auto more : {on("Ascend950", arch35),
                    on("Ascend910", {{shape("8x64x28x28_to_5x5@910", 8, 64, {28, 28}, {5, 5}, false), f16}})})
    out.insert(out.end(), more.begin(), more.end());
  return out;
}

}  // namespace poolcheck::bench::adaptive_avgpool2d_grad
