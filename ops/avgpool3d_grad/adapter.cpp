// Runner adapter of aclnnAvgPool3dBackward: the two-phase call (a null stride when the case says so) and the
// average-pooling reference (oracle/avgpool3d_grad.h, the one the 2-D entry point lifts), with the term error of
// the vector path both entry points run (docs/tolerance.md).
#include <array>
#include <cmath>
#include <utility>

#include "aclnnop/aclnn_avgpool3d_backward.h"
#include "backend/backend.h"
#include "case/per_axis.h"
#include "harness/adapter_data.h"
#include "harness/op_adapter.h"
#include "ops/avgpool3d_grad/spec.h"
#include "ops/avgpool3d_grad/view.h"
#include "oracle/avgpool3d_grad.h"

namespace poolcheck::avgpool3d_grad {

namespace {

using Dims3 = std::array<int64_t, 3>;

HostValues make_inputs(const Case& c) { return filled_inputs(c, {kGradOutput, kSelf}); }

aclnnStatus get_workspace_size(const Case& c, const ApiHandles& h, uint64_t* ws, aclOpExecutor** exec) {
  const View v(c);
  return backend::api().aclnnAvgPool3dBackwardGetWorkspaceSize(
      h.tensors.at(kGradOutput), h.tensors.at(kSelf), h.arrays.at(kKernelSize), h.arrays.at(kStride),
      h.arrays.at(kPadding), v.ceil_mode(), v.count_include_pad(), v.divisor_override(), h.tensors.at(kOutput), ws,
      exec);
}

aclnnStatus execute(void* workspace, uint64_t bytes, aclOpExecutor* exec, void* stream) {
  return backend::api().aclnnAvgPool3dBackward(workspace, bytes, exec, stream);
}

OracleResult oracle_of(const Case& c, const HostValues& v) {
  const View view(c);
  const auto& self = view.self()->shape;
  const auto& go = view.grad_output()->shape;
  const size_t r = self.size();
  oracle::AvgPool3dParams p;
  p.kernel = per_axis<3>(view.kernel_size(), Dims3{0, 0, 0}).value();
  const IntArrayArg* stride = view.stride();  // a null stride means stride = kernel
  p.stride = per_axis<3>(stride ? stride->values : std::vector<int64_t>{}, p.kernel).value();
  p.padding = per_axis<3>(view.padding(), Dims3{0, 0, 0}).value();
  p.ceil_mode = view.ceil_mode();
  p.count_include_pad = view.count_include_pad();
  p.divisor_override = view.divisor_override();
  const int64_t planes = r == 5 ? self[0] * self[1] : self[0];
  auto res = oracle::avg_pool3d_backward(v.at(kGradOutput), planes, {self[r - 3], self[r - 2], self[r - 1]},
                                         {go[r - 3], go[r - 2], go[r - 1]}, p);
  OracleResult o = scatter_oracle_result(std::move(res));
  // Every dtype takes the vector path's fp32 arithmetic: g/divisor and the sums in fp32 (docs/tolerance.md).
  o.term_error = {3 * std::ldexp(1.0, -24), std::ldexp(1.0, -148)};
  return o;
}

}  // namespace

const OpAdapter& adapter() {
  static const OpAdapter a = [] {
    OpAdapter x{"avgpool3d_grad",
                kOutput,
                &spec::avgpool3d_grad::operator_spec,
                make_inputs,
                get_workspace_size,
                execute,
                oracle_of,
                argument_names(),
                {kUbSizes.begin(), kUbSizes.end()}};
    x.signature = {{kGradOutput, CallParam::Tensor},
                   {kSelf, CallParam::Tensor},
                   {kKernelSize, CallParam::IntArray},
                   {kStride, CallParam::IntArray},
                   {kPadding, CallParam::IntArray},
                   {kCeilMode, CallParam::Bool, 0},
                   {kCountIncludePad, CallParam::Bool, 0},
                   {kDivisorOverride, CallParam::Int64, 0},
                   {kOutput, CallParam::Tensor}};
    x.filled = {kGradOutput, kSelf};
    x.formats_by_rank = {{5, Format::ND}, {4, Format::ND}};
    x.deterministic_split_reads_cores = true;  // upstream's TransGrad2CDHW: one N*C group per core
    x.atk_api_type = "function_aclnn_avgpool3d_backward";
    x.atk_high_precision = true;
    return x;
  }();
  return a;
}

}  // namespace poolcheck::avgpool3d_grad
