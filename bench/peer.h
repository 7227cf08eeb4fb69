// A CPU peer library (PyTorch's ATen kernels, oneDNN) as the benchmarks see it: whether it was built
// in, how to give it the run's thread count, and how to prepare one backward pass on a bench case.
#pragma once

#include <functional>
#include <string>

#include "bench/bench_cases.h"
#include "harness/op_adapter.h"

namespace poolcheck::bench {

// One prepared backward pass: tensors are built once; `run` only executes the operator.
struct PeerKernel {
  std::function<void()> run;  // empty when the peer cannot run this case
  std::string skip;           // why not, e.g. "ATen has no CPU Half kernel for this operator"
};

struct Peer {
  std::string name;     // "torch", "onednn"
  std::string absent;   // non-empty: not built in, and why
  std::string version;  // library version, for the benchmark context
  std::function<void(int)> set_threads;
  std::function<PeerKernel(const BenchCase&, const HostValues&)> prepare;
};

const Peer& torch_peer();
const Peer& onednn_peer();

}  // namespace poolcheck::bench
