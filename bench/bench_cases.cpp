#include "bench/bench_cases.h"

#include <algorithm>

#include "harness/op_adapter.h"
#include "spec/adaptive_avg_pool3d_grad_spec.h"
#include "spec/avg_pool2d_grad_spec.h"
#include "spec/max_pool3d_grad_spec.h"

namespace poolcheck::bench {

namespace {

// The fields the max- and avg-pool case parameters share: dtype, batch, channels, spatial input and window.
template <typename Params>
Params window_params(const BenchShape& s, DType dt) {
  Params p;
  p.dtype = dt;
  p.n = s.n;
  p.c = s.c;
  std::copy_n(s.in.begin(), p.in_dims.size(), p.in_dims.begin());
  p.kernel = s.k;
  p.stride = s.s;
  p.padding = s.p;
  return p;
}

Case max_case(const BenchShape& s, DType dt) {
  return spec::make_max_pool3d_grad_case(window_params<spec::MaxPoolCaseParams>(s, dt));
}

Case avg_case(const BenchShape& s, DType dt) {
  auto p = window_params<spec::AvgPoolCaseParams>(s, dt);
  p.count_include_pad = s.count_include_pad;
  return spec::make_avg_pool2d_grad_case(p);
}

Case adaptive_case(const BenchShape& s, DType dt) {
  spec::AdaptivePoolCaseParams p;
  p.dtype = dt;
  p.n = s.n;
  p.c = s.c;
  p.in_dims = {s.in[0], s.in[1], s.in[2]};
  p.out_dims = {s.out[0], s.out[1], s.out[2]};
  return spec::make_adaptive_avg_pool3d_grad_case(p);
}

// Spatial output dims of a (floor-mode) window pooling, for the peers.
std::vector<int64_t> pooled(const BenchShape& s) {
  std::vector<int64_t> o;
  for (size_t a = 0; a < s.in.size(); ++a) o.push_back((s.in[a] + 2 * s.p[a] - s.k[a]) / s.s[a] + 1);
  return o;
}

BenchShape window(std::string op, std::string label, int64_t n, int64_t c, std::vector<int64_t> in, int64_t k,
                  int64_t s, int64_t p, bool large) {
  BenchShape b{std::move(op), std::move(label), n, c, std::move(in), {}, {}, {}, {}, true, large};
  b.k.assign(b.in.size(), k);
  b.s.assign(b.in.size(), s);
  b.p.assign(b.in.size(), p);
  b.out = pooled(b);
  return b;
}

// Every shape of the set with the dtypes it runs in.
std::vector<std::pair<BenchShape, std::vector<DType>>> shape_set() {
  const std::vector<DType> all{DType::F32, DType::F16, DType::BF16}, f32{DType::F32};
  BenchShape adaptive_large{
      "adaptive_avgpool3d_grad", "2x64x16x28x28_to_4x7x7", 2, 64, {16, 28, 28}, {4, 7, 7}, {}, {}, {}, true, true};
  BenchShape adaptive_overlap{
      "adaptive_avgpool3d_grad", "2x64x8x14x14_to_3x5x5", 2, 64, {8, 14, 14}, {3, 5, 5}, {}, {}, {}, true, false};
  BenchShape adaptive_global{
      "adaptive_avgpool3d_grad", "4x256x4x7x7_to_1x1x1", 4, 256, {4, 7, 7}, {1, 1, 1}, {}, {}, {}, true, false};
  return {
      // 3-D CNN (C3D/R3D-like): overlapping k3s2p1 and non-overlapping k2s2, and a small early-exit layer.
      {window("maxpool3d_grad", "2x64x16x56x56_k3s2p1", 2, 64, {16, 56, 56}, 3, 2, 1, true), all},
      {window("maxpool3d_grad", "2x64x16x56x56_k2s2p0", 2, 64, {16, 56, 56}, 2, 2, 0, true), all},
      {window("maxpool3d_grad", "1x32x8x28x28_k2s2p0", 1, 32, {8, 28, 28}, 2, 2, 0, false), f32},
      // 2-D CNN (ResNet-like): overlapping k3s2p1, non-overlapping k2s2, and a 7x7 global pool.
      {window("avgpool2d_grad", "8x64x56x56_k3s2p1", 8, 64, {56, 56}, 3, 2, 1, true), all},
      {window("avgpool2d_grad", "8x64x56x56_k2s2p0", 8, 64, {56, 56}, 2, 2, 0, true), all},
      {window("avgpool2d_grad", "8x512x7x7_k7s7p0", 8, 512, {7, 7}, 7, 7, 0, false), f32},
      // 3-D heads: divisible (no overlap), non-divisible (overlapping windows), global.
      {adaptive_large, all},
      {adaptive_overlap, f32},
      {adaptive_global, f32},
  };
}

}  // namespace

std::string BenchCase::name() const { return shape.op + "/" + shape.label + "/" + dtype_name(dtype); }

std::vector<BenchCase> bench_cases(const std::string& op) {
  std::vector<BenchCase> out;
  for (const auto& [shape, dtypes] : shape_set()) {
    if (!op.empty() && shape.op != op) continue;
    for (DType dt : dtypes) {
      Case c = shape.op == "maxpool3d_grad"   ? max_case(shape, dt)
               : shape.op == "avgpool2d_grad" ? avg_case(shape, dt)
                                              : adaptive_case(shape, dt);
      out.push_back({shape, dt, std::move(c)});
    }
  }
  return out;
}

int64_t bytes_moved(const Case& c) {
  int64_t bytes = 0;
  for (const auto& [name, t] : c.tensors)
    if (name != "self") bytes += element_count(t.shape).value_or(0) * dtype_size(t.dtype);
  return bytes;
}

int64_t output_elements(const Case& c) {
  const std::string& output = find_adapter(c.op)->output;
  for (const auto& [name, t] : c.tensors)
    if (name == output) return element_count(t.shape).value_or(0);
  return 0;
}

}  // namespace poolcheck::bench
