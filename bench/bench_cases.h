// The fixed, documented shape set of the benchmarks (3-D and 2-D CNN layer sizes).
#pragma once

#include <string>
#include <vector>

#include "harness/case.h"

namespace poolcheck::bench {

struct BenchCase {
  std::string name;  // e.g. "maxpool3d_grad/k3s2p1/f32"
  Case c;
};

std::vector<BenchCase> bench_cases();
// Bytes a backward pass must move at least: gradOutput (+ indices) read, gradInput written.
int64_t bytes_moved(const Case& c);

}  // namespace poolcheck::bench
