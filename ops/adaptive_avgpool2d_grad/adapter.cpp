// Runner adapter of aclnnAdaptiveAvgPool2dBackward: the family's data and reference through the depth-one lift,
// this entry point's own two-phase call, and the term error of the route the SoC and shape select where it differs
// from the family's: on the Atlas training/inference series a gradOutput other than 1x1 runs two Cube matmuls whose
// FLOAT16 operands and intermediate round in FLOAT16 (docs/tolerance.md).
#include <algorithm>
#include <cmath>

#include "aclnnop/aclnn_adaptive_avg_pool2d_backward.h"
#include "backend/backend.h"
#include "case/numeric.h"
#include "harness/family_adapter.h"
#include "harness/op_adapter.h"
#include "ops/adaptive_avgpool2d_grad/family.h"
#include "ops/adaptive_avgpool2d_grad/spec.h"
#include "oracle/adaptive_avgpool3d_grad.h"

namespace poolcheck::adaptive_avgpool2d_grad {

namespace {

HostValues make_inputs(const Case& c) { return family_inputs(adaptive_avgpool3d_grad::adapter(), family(), c); }

// The largest adaptive window on one axis: max over o of its window's extent.
int64_t widest_window(int64_t in, int64_t out) {
  int64_t widest = 0;
  for (int64_t o = 0; o < out; ++o) {
    const auto [start, end] = oracle::adaptive_window(o, in, out);
    widest = std::max(widest, end - start);
  }
  return widest;
}

bool assist_matmul_route(const Case& c) {
  return route_on(c.platform) == KernelRoute::AssistMatmul && !one_by_one(*View(c).grad_output());
}

OracleResult oracle_of(const Case& c, const HostValues& v) {
  OracleResult o = family_oracle(adaptive_avgpool3d_grad::adapter(), family(), c, v);
  const View view(c);
  if (!assist_matmul_route(c) || view.self()->dtype != DType::F16) return o;
  // Each term g / k: the weight 1/k rounds in fp32, then to FLOAT16 (relative u16, or 2^-25 absolute once it is
  // subnormal: k * 2^-25 relative), the product to FLOAT16, and each first-matmul sum (a part of the element's
  // terms) to FLOAT16 again; the subnormal floors of the product and of that sum are absolute.
  const auto& self = view.self()->shape;
  const auto& grad = view.grad_output()->shape;
  const size_t r = self.size();
  const int64_t k = widest_window(self[r - 2], grad[r - 2]) * widest_window(self[r - 1], grad[r - 1]);
  const double u16 = unit_roundoff(DType::F16), u32 = unit_roundoff(DType::F32);
  const double floor16 = half_min_subnormal(DType::F16);
  const double weight = std::max(u16, static_cast<double>(k) * floor16);
  o.term_error = {u32 + weight + 2 * u16, 2 * floor16};
  return o;
}

aclnnStatus get_workspace_size(const Case&, const ApiHandles& h, uint64_t* ws, aclOpExecutor** exec) {
  return backend::api().aclnnAdaptiveAvgPool2dBackwardGetWorkspaceSize(h.tensors.at(kGradOutput), h.tensors.at(kSelf),
                                                                       h.tensors.at(kOut), ws, exec);
}

aclnnStatus execute(void* workspace, uint64_t bytes, aclOpExecutor* exec, void* stream) {
  return backend::api().aclnnAdaptiveAvgPool2dBackward(workspace, bytes, exec, stream);
}

}  // namespace

const OpAdapter& adapter() {
  static const OpAdapter a = [] {
    const OpAdapter& fam = adaptive_avgpool3d_grad::adapter();
    OpAdapter x{"adaptive_avgpool2d_grad",
                kOut,
                &spec::adaptive_avgpool2d_grad::operator_spec,
                make_inputs,
                get_workspace_size,
                execute,
                oracle_of,
                argument_names(),
                fam.ub_sizes};
    for (const auto& row : x.spec().platforms)
      if (row.supported) x.platform_ub_sizes[row.soc] = ub_sizes_on(row.soc);
    x.signature = fam.signature;  // the same C parameters in the same order
    x.filled = fam.filled;
    x.formats_by_rank = {{4, Format::NCHW}, {3, Format::ND}};
    x.foreign_names = fam.foreign_names;  // ATK names self "Input" here too
    x.atk_api_type = "aclnn_adaptiveavgpool2dgrad";
    x.atk_high_precision = fam.atk_high_precision;
    return x;
  }();
  return a;
}

}  // namespace poolcheck::adaptive_avgpool2d_grad
