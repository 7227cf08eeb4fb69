// Runner adapter of aclnnAvgPool2dBackward: the two-phase call (cubeMathType passed as int8_t, a null
// stride when the case says so) and the scatter oracle, with the term error of the documented precision
// mode (docs/tolerance.md).
#include <array>
#include <cmath>
#include <utility>

#include "aclnnop/aclnn_avgpool2d_backward.h"
#include "backend/backend.h"
#include "case/per_axis.h"
#include "harness/adapter_data.h"
#include "harness/op_adapter.h"
#include "ops/avgpool2d_grad/spec.h"
#include "ops/avgpool2d_grad/view.h"
#include "oracle/avgpool2d_grad.h"

namespace poolcheck::avgpool2d_grad {

namespace {

using Dims2 = std::array<int64_t, 2>;

HostValues make_inputs(const Case& c) { return filled_inputs(c, {kGradOutput, kSelf}); }

aclnnStatus get_workspace_size(const Case& c, const ApiHandles& h, uint64_t* ws, aclOpExecutor** exec) {
  const View v(c);
  return backend::api().aclnnAvgPool2dBackwardGetWorkspaceSize(
      h.tensors.at(kGradOutput), h.tensors.at(kSelf), h.arrays.at(kKernelSize), h.arrays.at(kStride),
      h.arrays.at(kPadding), v.ceil_mode(), v.count_include_pad(), v.divisor_override(),
      static_cast<int8_t>(v.cube_math_type()), h.tensors.at(kGradInput), ws, exec);
}

aclnnStatus execute(void* workspace, uint64_t bytes, aclOpExecutor* exec, void* stream) {
  return backend::api().aclnnAvgPool2dBackward(workspace, bytes, exec, stream);
}

// Error of one contribution g/divisor as the documented precision mode allows it to be computed (the
// widest of the paths that mode can take): fp32 arithmetic, HF32 operands (11 mantissa bits) or FP16
// operands; see docs/tolerance.md.
TermError term_error(DType dt, int64_t cube_math) {
  const double u32 = std::ldexp(1.0, -24), u16 = std::ldexp(1.0, -11), uh = std::ldexp(1.0, -12);
  const bool fp16 = dt == DType::F16 || (dt == DType::F32 && cube_math == 2);
  const bool hf32 = dt == DType::F32 && (cube_math == 1 || cube_math == 3);
  if (fp16) return {3 * u16 + 3 * u32, std::ldexp(1.0, -23)};
  if (hf32) return {3 * uh + 3 * u32, std::ldexp(1.0, -136)};  // three HF32 subnormal steps (2^-138 each)
  return {3 * u32, std::ldexp(1.0, -148)};
}

OracleResult oracle_of(const Case& c, const HostValues& v) {
  const View view(c);
  const auto& self = view.self()->shape;
  const auto& go = view.grad_output()->shape;
  const size_t r = self.size();
  oracle::AvgPool2dParams p;
  p.kernel = per_axis<2>(view.kernel_size(), Dims2{0, 0}).value();
  const IntArrayArg* stride = view.stride();  // a null stride means stride = kernel
  p.stride = per_axis<2>(stride ? stride->values : std::vector<int64_t>{}, p.kernel).value();
  p.padding = per_axis<2>(view.padding(), Dims2{0, 0}).value();
  p.ceil_mode = view.ceil_mode();
  p.count_include_pad = view.count_include_pad();
  p.divisor_override = view.divisor_override();
  const int64_t planes = r == 4 ? self[0] * self[1] : self[0];
  auto res =
      oracle::avg_pool2d_backward(v.at(kGradOutput), planes, {self[r - 2], self[r - 1]}, {go[r - 2], go[r - 1]}, p);
  OracleResult o = scatter_oracle_result(std::move(res));
  o.term_error = term_error(view.self()->dtype, view.cube_math_type());
  return o;
}

}  // namespace

const OpAdapter& adapter() {
  static const OpAdapter a = [] {
    OpAdapter x{"avgpool2d_grad", kGradInput,         &spec::avgpool2d_grad::operator_spec,
                make_inputs,      get_workspace_size, execute,
                oracle_of,        argument_names(),   {kUbSizes.begin(), kUbSizes.end()}};
    x.signature = {{kGradOutput, CallParam::Tensor},       {kSelf, CallParam::Tensor},
                   {kKernelSize, CallParam::IntArray},     {kStride, CallParam::IntArray},
                   {kPadding, CallParam::IntArray},        {kCeilMode, CallParam::Bool, 0},
                   {kCountIncludePad, CallParam::Bool, 1}, {kDivisorOverride, CallParam::Int64, 0},
                   {kCubeMathType, CallParam::Int8, 0},    {kGradInput, CallParam::Tensor}};
    x.filled = {kGradOutput, kSelf};
    x.formats_by_rank = {{4, Format::NCHW}, {3, Format::NCL}};
    x.atk_api_type = "aclnn_avgpool2dgrad";
    x.atk_high_precision = true;
    // USE_FP16 (cubeMathType 2) computes in FP16: larger gradients overflow there.
    x.data_magnitude_limit = [](const Case& c) { return View(c).cube_math_type() == 2 ? 0x1p14 : 0x1p100; };
    return x;
  }();
  return a;
}

}  // namespace poolcheck::avgpool2d_grad
