// Runner adapter of aclnnMaxPool3dWithArgmaxBackward: realistic indices from the forward max pool over `self`
// (harness/window_argmax.h, the oracle's forward computed axis by axis), optional index corruption, the two-phase call,
// and the scatter-add oracle.
#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"
#include "backend/backend.h"
#include "case/numeric.h"
#include "case/per_axis.h"
#include "case/rng.h"
#include "harness/adapter_data.h"
#include "harness/op_adapter.h"
#include "harness/window_argmax.h"
#include "ops/maxpool3d_grad/regbase_knobs.h"
#include "ops/maxpool3d_grad/spec.h"
#include "ops/maxpool3d_grad/view.h"
#include "oracle/maxpool3d_grad.h"

namespace poolcheck::maxpool3d_grad {

namespace {

using Dims3 = std::array<int64_t, 3>;

struct Geometry {
  int64_t planes = 1;
  std::array<int64_t, 3> in{}, out{};
  oracle::Pool3dParams params;
};

Geometry geometry(const Case& c) {
  Geometry g;
  const View v(c);
  const auto& self = v.self()->shape;
  const auto& go = v.grad_output()->shape;
  const size_t r = self.size();
  g.planes = r == 5 ? self[0] * self[1] : self[0];
  for (int i = 0; i < 3; ++i) {
    g.in[i] = self[r - 3 + i];
    g.out[i] = go[go.size() - 3 + i];
  }
  g.params.kernel = per_axis<3>(v.kernel_size(), Dims3{0, 0, 0}).value();
  g.params.stride = per_axis<3>(v.stride(), g.params.kernel).value();
  g.params.padding = per_axis<3>(v.padding(), Dims3{0, 0, 0}).value();
  g.params.dilation = per_axis<3>(v.dilation(), Dims3{1, 1, 1}).value();
  g.params.ceil_mode = v.ceil_mode();
  return g;
}

// An index the spec calls out of range for output position `pos` of its plane, whose true index is `was`.
int64_t corrupt_index(const Case& c, const Geometry& g, int64_t pos, int64_t was, SplitMix64& rng) {
  const int64_t plane = g.in[0] * g.in[1] * g.in[2];
  const int64_t out_plane = g.out[0] * g.out[1] * g.out[2];
  const int64_t o = pos % out_plane;
  const std::array<int64_t, 3> opos{o / (g.out[1] * g.out[2]), o / g.out[2] % g.out[1], o % g.out[2]};
  const View view(c);
  // A multiple of 2^32 that keeps the value exact in the harness's double host values (below 2^53).
  auto wrap = [&rng] {
    return (int64_t{1} << 32) * std::array<int64_t, 3>{1, 2, 65536}[static_cast<size_t>(rng.below(3))];
  };
  const bool int64_indices = view.indices()->dtype == DType::I64;
  switch (view.index_fault()) {
    case IndexFault::HighWord:
      return int64_indices ? was + wrap() : plane + rng.below(plane + 1);
    case IndexFault::NegativeWrap:
      return int64_indices ? was - wrap() : plane + rng.below(plane + 1);
    case IndexFault::OutOfWindow:
      for (int64_t tries = 0; tries < 4 * plane; ++tries) {  // an in-plane element outside the window, if any
        const int64_t cand = rng.below(plane);
        if (!oracle::index_in_window(cand, opos, g.in, g.params)) return cand;
      }
      return plane + rng.below(plane + 1);
    case IndexFault::OutOfPlane:
      return plane + rng.below(plane + 1);
    case IndexFault::Negative:
      return -1 - rng.below(3);
    default:
      return 0;
  }
}

HostValues make_inputs(const Case& c) {
  const Geometry g = geometry(c);
  const View view(c);
  const DType dt = view.self()->dtype;
  HostValues v;
  const int64_t in_elems = g.planes * g.in[0] * g.in[1] * g.in[2];
  const int64_t out_elems = g.planes * g.out[0] * g.out[1] * g.out[2];
  v[kSelf] = fill_values(c, kSelf, in_elems, dt);
  v[kGradOutput] = fill_values(c, kGradOutput, out_elems, dt);
  const PoolWindows3d windows{g.in, g.out, g.params.kernel, g.params.stride, g.params.padding, g.params.dilation};
  const std::vector<int64_t> argmax = window_argmax(v[kSelf], g.planes, windows);
  auto& idx = v[kIndices];
  idx.assign(argmax.begin(), argmax.end());
  if (view.index_fault() != IndexFault::None && !idx.empty()) {
    SplitMix64 rng(mix_seed(c.seed, 0x1dfau));
    const int64_t pos = rng.below(static_cast<int64_t>(idx.size()));
    const auto was = static_cast<int64_t>(idx[static_cast<size_t>(pos)]);
    idx[static_cast<size_t>(pos)] = static_cast<double>(corrupt_index(c, g, pos, was, rng));
  }
  return v;
}

aclnnStatus get_workspace_size(const Case& c, const ApiHandles& h, uint64_t* ws, aclOpExecutor** exec) {
  return backend::api().aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(
      h.tensors.at(kGradOutput), h.tensors.at(kSelf), h.tensors.at(kIndices), h.arrays.at(kKernelSize),
      h.arrays.at(kStride), h.arrays.at(kPadding), h.arrays.at(kDilation), View(c).ceil_mode(),
      h.tensors.at(kGradInput), ws, exec);
}

aclnnStatus execute(void* workspace, uint64_t bytes, aclOpExecutor* exec, void* stream) {
  return backend::api().aclnnMaxPool3dWithArgmaxBackward(workspace, bytes, exec, stream);
}

OracleResult oracle_of(const Case& c, const HostValues& v) {
  const Geometry g = geometry(c);
  std::vector<int64_t> idx(v.at(kIndices).begin(), v.at(kIndices).end());
  const auto& grad = v.at(kGradOutput);
  auto r = oracle::max_pool3d_backward(grad, idx, g.planes, g.in, g.out);
  OracleResult result = scatter_oracle_result(std::move(r));
  // Each contribution is a gradient as it is; with integer gradients the fp32 sums are exact.
  result.term_error.integral =
      std::all_of(grad.begin(), grad.end(), [](double x) { return std::isfinite(x) && x == std::nearbyint(x); });
  return result;
}

}  // namespace

const OpAdapter& adapter() {
  static const OpAdapter a = [] {
    OpAdapter x{"maxpool3d_grad", kGradInput,         &spec::maxpool3d_grad::operator_spec,
                make_inputs,      get_workspace_size, execute,
                oracle_of,        argument_names(),   {kUbSizes.begin(), kUbSizes.end()}};
    x.platform_ub_sizes = {{kRegbaseSoc, {kRegbaseUbSizes.begin(), kRegbaseUbSizes.end()}}};
    x.signature = {
        {kGradOutput, CallParam::Tensor},   {kSelf, CallParam::Tensor},      {kIndices, CallParam::Tensor},
        {kKernelSize, CallParam::IntArray}, {kStride, CallParam::IntArray},  {kPadding, CallParam::IntArray},
        {kDilation, CallParam::IntArray},   {kCeilMode, CallParam::Bool, 0}, {kGradInput, CallParam::Tensor}};
    x.filled = {kGradOutput, kSelf};
    x.atk_api_type = "ascend_method_torch_nn_MaxPool3dWithArgmaxBackward";
    return x;
  }();
  return a;
}

}  // namespace poolcheck::maxpool3d_grad
