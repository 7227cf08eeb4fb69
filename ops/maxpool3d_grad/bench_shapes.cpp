// The operator's benchmark shapes (docs/performance.md lists the set) and the cases built from them: the A2 rows,
// then the same shapes on Ascend950, one row per path of its kernels.
#include <string>
#include <vector>

#include "bench/bench_cases.h"
#include "ops/maxpool3d_grad/regbase_knobs.h"
#include "ops/maxpool3d_grad/spec.h"

namespace poolcheck::bench::maxpool3d_grad {

namespace {

Case make(const BenchShape& s, DType dt) {
  spec::maxpool3d_grad::CaseParams p;
  p.dtype = dt;
  p.n = s.n;
  p.c = s.c;
  p.in_dims = {s.in[0], s.in[1], s.in[2]};
  p.kernel = s.k;
  p.stride = s.s;
  p.padding = s.p;
  return spec::maxpool3d_grad::make_case(p);
}

// An Ascend950 row: the shape under "<label>@950-<path>", with the knobs that select the path.
struct RegbasePath {
  BenchShape shape;
  const char* path;
  int64_t ub_bytes;           // 0 = the profile's 240 KiB
  int64_t int32_index_limit;  // 0 = INT32_MAX
  std::vector<DType> dtypes;
};

}  // namespace

std::vector<BenchCase> cases() {
  const std::vector<DType> all{DType::F32, DType::F16, DType::BF16}, f32{DType::F32}, f32_f16{DType::F32, DType::F16};
  // 3-D CNN (C3D/R3D-like): overlapping k3s2p1 and non-overlapping k2s2, and a small early-exit layer.
  const BenchShape overlap = window_shape("maxpool3d_grad", "2x64x16x56x56_k3s2p1", 2, 64, {16, 56, 56}, 3, 2, 1, true);
  const BenchShape plain = window_shape("maxpool3d_grad", "2x64x16x56x56_k2s2p0", 2, 64, {16, 56, 56}, 2, 2, 0, true);
  const BenchShape small = window_shape("maxpool3d_grad", "1x32x8x28x28_k2s2p0", 1, 32, {8, 28, 28}, 2, 2, 0, false);
  std::vector<BenchCase> out = cases_of({{overlap, all}, {plain, all}, {small, f32}}, make);
  // Ascend950: a small plane loads whole (SIMD 2049); the large planes split, on stride multiples without
  // padding or overlap (SIMD 1) and with the range check otherwise (SIMD 1025); a 2 KiB UB leaves no SIMD tile
  // (SIMT 257), and an int32 index limit of 1 selects SIMT's int64 indexing (258).
  const std::vector<RegbasePath> paths{
      {small, "simd-full", 0, 0, f32},
      {plain, "simd-aligned", 0, 0, f32_f16},
      {overlap, "simd-check-range", 0, 0, f32_f16},
      {overlap, "simt-int32", 2048, 0, f32},
      {overlap, "simt-int64", 0, 1, f32},
  };
  for (const RegbasePath& r : paths) {
    BenchShape shape = r.shape;
    shape.label += std::string("@950-") + r.path;
    for (BenchCase& b : cases_of({{shape, r.dtypes}}, make)) {
      b.c.platform = ::poolcheck::maxpool3d_grad::kRegbaseSoc;
      b.c.ub_bytes = r.ub_bytes;
      b.c.int32_index_limit = r.int32_index_limit;
      out.push_back(std::move(b));
    }
  }
  return out;
}

}  // namespace poolcheck::bench::maxpool3d_grad
