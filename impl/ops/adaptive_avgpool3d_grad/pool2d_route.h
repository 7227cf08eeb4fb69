// Which computation ops-nn's aclnnAdaptiveAvgPool2dBackward op_api builds for a valid, non-empty call
// (aclnn_adaptive_avg_pool2d_backward.cpp, DoAdapativeAvgPool2DBackward and DoFusionAdaptiveAvgPool2DBackward):
//   FillMul        gradOutput's H and W are 1, on every SoC: Fill(1/(H*W)) in the dtype times the gradient;
//                  the family's AllOne kernel.
//   Regbase2d      Ascend 950 otherwise: the AdaptiveAvgPool2dGrad arch35 kernels (BigKernel, NchwSmallKernel,
//                  SIMT; regbase2d.h).
//   Pool3dGeneral  Atlas A2/A3 otherwise: gradOutput reshaped to (N*C, 1, Ho, Wo) and transposed to
//                  (1, Ho, Wo, N*C), self to D = 1, AdaptiveAvgPool3dGrad, transposed back; the family's
//                  General kernel with D = 1.
//   AssistMatmul   the Atlas training/inference series otherwise: assist matrices, Mul and two BatchMatMul
//                  (assist_matmul.h).
#pragma once

#include <string>

#include "ops/adaptive_avgpool3d_grad/problem.h"

namespace pcemu::adaptive {

enum class Route2d { FillMul, Regbase2d, Pool3dGeneral, AssistMatmul };

const char* route_name(Route2d r);
// What ops-nn runs for the route, for the log line of a route the emulator has no kernel for.
const char* route_upstream_kernels(Route2d r);
bool route_emulated(Route2d r);

Route2d route_2d(const Problem& pr, const std::string& soc);

}  // namespace pcemu::adaptive
