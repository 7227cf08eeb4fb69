// The fixed, documented shape set of the benchmarks (3-D and 2-D CNN layer sizes, with and without
// overlapping windows, fp32/fp16/bf16). docs/performance.md lists it; the peers read the pooling
// parameters from BenchShape, the impl and the harness from the Case built from it.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "case/case.h"

namespace poolcheck::bench {

struct BenchShape {
  std::string op;     // registry name, e.g. "maxpool3d_grad"
  std::string label;  // e.g. "2x64x16x56x56_k3s2p1"
  int64_t n = 1, c = 1;
  std::vector<int64_t> in;        // spatial input dims (3 or 2)
  std::vector<int64_t> out;       // spatial output dims (adaptive pool; computed for the others)
  std::vector<int64_t> k, s, p;   // kernel, stride, padding per spatial axis (not adaptive)
  bool count_include_pad = true;  // avg pool
  bool large = false;             // counts towards the copy-bandwidth target
};

struct BenchCase {
  BenchShape shape;
  DType dtype = DType::F32;
  Case c;
  std::string name() const;  // "<op>/<label>/<dtype>", the suffix of every benchmark name
};

// The set (every operator's ops/<token>/bench_shapes.cpp, in table order), optionally one operator's cases.
std::vector<BenchCase> bench_cases(const std::string& op = "");
// Every shape of `set` in each of its dtypes, as the case `make` builds.
using ShapeSet = std::vector<std::pair<BenchShape, std::vector<DType>>>;
std::vector<BenchCase> cases_of(const ShapeSet& set, const std::function<Case(const BenchShape&, DType)>& make);
// A window pooling's shape with one kernel, stride and padding on every spatial axis (output dims computed).
BenchShape window_shape(std::string op, std::string label, int64_t n, int64_t c, std::vector<int64_t> in, int64_t k,
                        int64_t s, int64_t p, bool large);
// Bytes a backward pass must move at least: gradOutput (+ indices) read, gradInput written.
int64_t bytes_moved(const Case& c);
// Elements of the operator's output tensor (gradInput, or `out` for the adaptive operator).
int64_t output_elements(const Case& c);

}  // namespace poolcheck::bench

// Each operator's shapes (ops/<token>/bench_shapes.cpp), declared for every row of the operator table.
#define POOLCHECK_OPERATOR(token, aclnn) \
  namespace poolcheck::bench::token {    \
  std::vector<BenchCase> cases();        \
  }
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
