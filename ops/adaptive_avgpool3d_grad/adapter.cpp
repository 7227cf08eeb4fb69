// Runner adapter of aclnnAdaptiveAvgPool3dBackward: the two-phase call and the scatter oracle, with the
// term error of the path the documented shape selects (1x1x1 output: fill and product in the dtype).
#include <array>
#include <cmath>
#include <utility>

#include "aclnnop/aclnn_adaptive_avg_pool3d_backward.h"
#include "backend/backend.h"
#include "case/numeric.h"
#include "harness/adapter_data.h"
#include "harness/op_adapter.h"
#include "ops/adaptive_avgpool3d_grad/spec.h"
#include "ops/adaptive_avgpool3d_grad/view.h"
#include "oracle/adaptive_avgpool3d_grad.h"

namespace poolcheck::adaptive_avgpool3d_grad {

namespace {

HostValues make_inputs(const Case& c) { return filled_inputs(c, {kGradOutput, kSelf}); }

aclnnStatus get_workspace_size(const Case&, const ApiHandles& h, uint64_t* ws, aclOpExecutor** exec) {
  return backend::api().aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize(h.tensors.at(kGradOutput), h.tensors.at(kSelf),
                                                                       h.tensors.at(kOut), ws, exec);
}

aclnnStatus execute(void* workspace, uint64_t bytes, aclOpExecutor* exec, void* stream) {
  return backend::api().aclnnAdaptiveAvgPool3dBackward(workspace, bytes, exec, stream);
}

OracleResult oracle_of(const Case& c, const HostValues& v) {
  const View view(c);
  const auto& self = view.self()->shape;
  const auto& go = view.grad_output()->shape;
  const size_t r = self.size();
  const int64_t planes = r == 5 ? self[0] * self[1] : self[0];
  const std::array<int64_t, 3> in{self[r - 3], self[r - 2], self[r - 1]}, out{go[r - 3], go[r - 2], go[r - 1]};
  auto res = oracle::adaptive_avg_pool3d_backward(v.at(kGradOutput), planes, in, out);
  OracleResult o = scatter_oracle_result(std::move(res));
  // Each term is g * (1/k): the reciprocal and the product round in fp32 on the general path; on the 1x1x1
  // path the reciprocal is also rounded to the tensor dtype before the product (docs/tolerance.md).
  const DType dt = view.self()->dtype;
  const double u32 = std::ldexp(1.0, -24);
  const bool all_one = out[0] == 1 && out[1] == 1 && out[2] == 1;
  o.term_error = {3 * u32 + (all_one ? unit_roundoff(dt) : 0.0),
                  all_one ? half_min_subnormal(dt) : std::ldexp(1.0, -148)};
  return o;
}

}  // namespace

const OpAdapter& adapter() {
  static const OpAdapter a = [] {
    OpAdapter x{"adaptive_avgpool3d_grad",
                kOut,
                &spec::adaptive_avgpool3d_grad::operator_spec,
                make_inputs,
                get_workspace_size,
                execute,
                oracle_of,
                argument_names(),
                {kUbSizes.begin(), kUbSizes.end()}};
    x.signature = {{kGradOutput, CallParam::Tensor}, {kSelf, CallParam::Tensor}, {kOut, CallParam::Tensor}};
    x.filled = {kGradOutput, kSelf};
    // ATK names the input tensor "Input", as the PyTorch function's argument.
    x.foreign_names = {{"Input", kSelf}};
    x.atk_api_type = "aclnn_adaptiveavgpool3dgrad";
    x.atk_high_precision = true;
    return x;
  }();
  return a;
}

}  // namespace poolcheck::adaptive_avgpool3d_grad
