// PyTorch's ATen CPU kernels through libtorch's public operator API, writing into a preallocated
// gradInput (the *_out variants) as the aclnn call does.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <ATen/ops/_adaptive_avg_pool2d_backward.h>
#include <ATen/ops/adaptive_avg_pool3d_backward.h>
#include <ATen/ops/avg_pool2d_backward.h>
#include <ATen/ops/avg_pool3d_backward.h>
#include <ATen/ops/max_pool2d_with_indices_backward.h>
#include <ATen/ops/max_pool3d_with_indices_backward.h>
#include <torch/version.h>

#include <algorithm>

#include "bench/peer.h"

namespace poolcheck::bench {

namespace {

at::ScalarType scalar_type(DType dt) {
  return dt == DType::F16 ? at::kHalf : dt == DType::BF16 ? at::kBFloat16 : at::kFloat;
}

at::Tensor from_values(const std::vector<double>& v, const std::vector<int64_t>& shape, at::ScalarType st) {
  at::Tensor t = at::empty(shape, at::kDouble);
  std::copy(v.begin(), v.end(), t.data_ptr<double>());
  return t.to(st).contiguous();
}

std::vector<int64_t> full_shape(const BenchShape& s, const std::vector<int64_t>& spatial) {
  std::vector<int64_t> d{s.n, s.c};
  d.insert(d.end(), spatial.begin(), spatial.end());
  return d;
}

PeerKernel prepare(const BenchCase& b, const HostValues& in) {
  const BenchShape& s = b.shape;
  const at::ScalarType st = scalar_type(b.dtype);
  const OperatorRow* row = find_operator_row(s.op);
  const OpAdapter* op = find_adapter(s.op);
  if (row == nullptr || op == nullptr) return {{}, "'" + s.op + "' is no row of the operator table"};
  const ArgumentNames& names = op->arguments;
  auto grad = std::make_shared<at::Tensor>(from_values(in.at(names.gradient), full_shape(s, s.out), st));
  auto self = std::make_shared<at::Tensor>(from_values(in.at(names.forward_input), full_shape(s, s.in), st));
  auto out = std::make_shared<at::Tensor>(at::empty(full_shape(s, s.in), st));
  const bool three_d = row->spatial_rank == 3;
  std::function<void()> run;
  switch (row->algorithm) {
    case PoolAlgorithm::Max: {
      // The forward's argmax, as offsets of gradOutput's shape whatever the entry point hands over (a mask).
      std::string derived;
      for (const std::string& t : names.tensors)
        if (op->is_derived(t)) derived = t;
      const HostValues problem = op->problem_inputs(b.c, in);
      auto idx = std::make_shared<at::Tensor>(from_values(problem.at(derived), full_shape(s, s.out), at::kLong));
      const std::vector<int64_t> dilation(s.k.size(), 1);
      if (three_d)
        run = [=] {
          at::max_pool3d_with_indices_backward_out(*out, *grad, *self, s.k, s.s, s.p, dilation, false, *idx);
        };
      else
        run = [=] {
          at::max_pool2d_with_indices_backward_out(*out, *grad, *self, s.k, s.s, s.p, dilation, false, *idx);
        };
      break;
    }
    case PoolAlgorithm::Avg:
      if (three_d)
        run = [=] {
          at::avg_pool3d_backward_out(*out, *grad, *self, s.k, s.s, s.p, false, s.count_include_pad, c10::nullopt);
        };
      else
        run = [=] {
          at::avg_pool2d_backward_out(*out, *grad, *self, s.k, s.s, s.p, false, s.count_include_pad, c10::nullopt);
        };
      break;
    case PoolAlgorithm::AdaptiveAvg:
      if (three_d)
        run = [=] { at::adaptive_avg_pool3d_backward_out(*out, *grad, *self); };
      else  // the functional form copied into gradInput: not every libtorch has its _out form
        run = [=] { out->copy_(at::_adaptive_avg_pool2d_backward(*grad, *self)); };
      break;
  }
  try {
    run();  // dtypes without a CPU kernel in this libtorch throw here
  } catch (const c10::Error& e) {
    std::string what = e.what_without_backtrace();
    return {{}, "ATen refused: " + what.substr(0, what.find('\n'))};
  }
  return {run, ""};
}

}  // namespace

const Peer& torch_peer() {
  static const Peer p{"torch", "", TORCH_VERSION, [](int n) { at::set_num_threads(n); }, prepare};
  return p;
}

}  // namespace poolcheck::bench
