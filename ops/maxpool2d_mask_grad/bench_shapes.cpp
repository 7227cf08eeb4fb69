// The entry point's benchmark shapes (docs/performance.md lists the set): the ResNet-like 2-D layers on A2 (the
// family's kernels reading INT32 argmax from the mask), a 1x1 layer on A2 and the overlapping layer on the Atlas
// training series (the bit-mask kernel).
#include <vector>

#include "bench/bench_cases.h"
#include "ops/maxpool2d_mask_grad/spec.h"

namespace poolcheck::bench::maxpool2d_mask_grad {

namespace {

std::vector<BenchCase> on(const std::string& soc, const ShapeSet& set) {
  return cases_of(set, [soc](const BenchShape& s, DType dt) {
    spec::maxpool2d_mask_grad::CaseParams p;
    p.soc = soc;
    p.dtype = dt;
    p.n = s.n;
    p.c = s.c;
    p.in_dims = {s.in[0], s.in[1]};
    p.kernel = s.k;
    p.stride = s.s;
    p.padding = s.p;
    return spec::maxpool2d_mask_grad::make_case(p);
  });
}

}  // namespace

std::vector<BenchCase> cases() {
  const std::vector<DType> a2{DType::F32, DType::F16, DType::BF16}, f32{DType::F32}, training{DType::F32, DType::F16};
  const char* op = "maxpool2d_mask_grad";
  std::vector<BenchCase> out =
      on("Ascend910B", {{window_shape(op, "8x64x112x112_k3s2p1", 8, 64, {112, 112}, 3, 2, 1, true), a2},
                        {window_shape(op, "8x64x56x56_k2s2p0", 8, 64, {56, 56}, 2, 2, 0, true), f32},
                        {window_shape(op, "8x64x56x56_k1s2p0", 8, 64, {56, 56}, 1, 2, 0, true), f32}});
  const auto v1 =
      on("Ascend910", {{window_shape(op, "8x64x112x112_k3s2p1@910", 8, 64, {112, 112}, 3, 2, 1, true), training}});
  out.insert(out.end(), v1.begin(), v1.end());
  return out;
}

}  // namespace poolcheck::bench::maxpool2d_mask_grad
