// The tiling decision of aclnnAvgPool3dBackward, stated from upstream's selection rules (tiling_oracle/).
//
// ops-nn's op_api (pooling/avg_pool3_d_grad/op_api/aclnn_avgpool3d_backward.cpp) always launches AvgPool3DGrad,
// on Ascend910B, Ascend910_93 and Ascend950 alike (the regbase SoCs share the A2/A3 dtype list; one op_host
// tiling, one kernel, byte-identical binary configs). Its reshapes decide what that tiling sees:
// - TransGrad2CDHW: gradOutput as (groups, N*C / groups, Do, Ho, Wo), where groups is 1, or in deterministic mode
//   the largest divisor of N*C not above the vector core count;
// - isOnlyT (kH = sH = kW = sW = 1) or CheckEnableBlock (12 <= N*C < 256): that gradient, data_format NCDHW;
// - otherwise transposed to (groups, Do, Ho, Wo, N*C / groups), data_format NDHWC.
// The family states the tiling of each (ops/avgpool2d_grad/tiling_oracle_family.h): the NCDHW templates' key and cores
// as well as the channels-last split, since poolcheck's library runs both routes (docs/emulator.md).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/per_axis.h"
#include "ops/avgpool2d_grad/tiling_oracle_family.h"
#include "ops/avgpool3d_grad/view.h"
#include "tiling_oracle/operator_statements.h"

namespace poolcheck::tiling_oracle::avgpool3d_grad {

namespace {

using poolcheck::avgpool3d_grad::View;

constexpr int64_t kBlockNcLow = 12;    // NC_LOW
constexpr int64_t kBlockNcHigh = 256;  // NC_HIGH

bool runs_kernels(const std::string& soc) { return soc == "Ascend910B" || soc == "Ascend910_93" || soc == "Ascend950"; }

// TransGrad2CDHW's usedCoreNum: 1, or in deterministic mode the largest divisor of N*C up to the core count.
int64_t groups_of(int64_t merged_nc, int64_t cores, bool deterministic) {
  if (!deterministic) return 1;
  for (int64_t i = std::min(cores, merged_nc); i > 1; --i)
    if (merged_nc % i == 0) return i;
  return 1;
}

// The AvgPool3DGrad launch of a valid case, or why it has none.
std::optional<avgpool_family::GradCall> read_call(const Case& c, const PlatformNumbers& platform, std::string* why) {
  const View v(c);
  if (!avgpool_family::launches(v, 3, why)) return std::nullopt;
  const TensorArg* grad = v.grad_output();
  const TensorArg* self = v.self();
  const IntArrayArg* k = v.kernel_size();
  const size_t rank = grad->shape.size();
  // FillIntArray: one value covers D, H and W; no stride (null or empty) is the kernel.
  const auto kernel = per_axis<3>(k);
  const auto stride = v.stride() == nullptr ? kernel : per_axis<3>(v.stride(), kernel);
  if (!kernel || !stride) {
    *why = "kernelSize or stride has neither 1 nor 3 values";
    return std::nullopt;
  }
  // CDHW is one batch: N*C is C.
  const int64_t merged_nc = rank == 5 ? grad->shape[0] * grad->shape[1] : grad->shape[0];
  avgpool_family::GradCall call;
  call.dtype = grad->dtype;
  call.n = groups_of(merged_nc, platform.vector_cores, c.deterministic);
  call.c = merged_nc / call.n;
  call.out = {grad->shape[rank - 3], grad->shape[rank - 2], grad->shape[rank - 1]};
  call.in = {self->shape[rank - 3], self->shape[rank - 2], self->shape[rank - 1]};
  call.k = *kernel;
  call.s = *stride;
  const bool block = merged_nc >= kBlockNcLow && merged_nc < kBlockNcHigh;
  call.channels_last = !avgpool_family::only_t(call) && !block;
  return call;
}

}  // namespace

TilingVerdict expected_tiling(const Case& c, const PlatformNumbers& platform) {
  if (!runs_kernels(platform.soc))
    return {std::nullopt,
            "the operator's kernels run on Ascend910B, Ascend910_93 and Ascend950 only, not " + platform.soc};
  std::string why;
  const std::optional<avgpool_family::GradCall> call = read_call(c, platform, &why);
  if (!call) return {std::nullopt, why};
  return avgpool_family::expected_tiling(*call, platform, c.deterministic);
}

// The NDHWC decision's thresholds. In deterministic mode the core count also sets the groups (and with them the
// positions), so no single core count flips blockDim: only the UB threshold is stated there.
std::vector<Threshold> tiling_thresholds(const Case& c, const PlatformNumbers& platform) {
  std::string why;
  const std::optional<avgpool_family::GradCall> call =
      runs_kernels(platform.soc) ? read_call(c, platform, &why) : std::nullopt;
  if (!call || !call->channels_last) return {};
  std::vector<Threshold> out = avgpool_family::tiling_thresholds(*call, platform, c.deterministic);
  if (c.deterministic) std::erase_if(out, [](const Threshold& t) { return t.knob == Knob::Cores; });
  return out;
}

}  // namespace poolcheck::tiling_oracle::avgpool3d_grad
