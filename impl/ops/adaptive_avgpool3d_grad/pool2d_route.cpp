#include "ops/adaptive_avgpool3d_grad/pool2d_route.h"

#include <array>
#include <cstddef>

namespace pcemu::adaptive {

namespace {

struct RouteInfo {
  const char* name;
  const char* upstream_kernels;
  bool emulated;
};

constexpr std::array<RouteInfo, 4> kRoutes{{
    {"FillMul", "Fill and Mul", true},
    {"Regbase2d", "the AdaptiveAvgPool2dGrad arch35 kernels", true},
    {"Pool3dGeneral", "AdaptiveAvgPool3dGrad with D = 1", true},
    {"AssistMatmul", "AdaptiveAvgPool2dAssistMatrix, Mul and two BatchMatMul", true},
}};

const RouteInfo& info(Route2d r) { return kRoutes[static_cast<size_t>(r)]; }

}  // namespace

const char* route_name(Route2d r) { return info(r).name; }
const char* route_upstream_kernels(Route2d r) { return info(r).upstream_kernels; }
bool route_emulated(Route2d r) { return info(r).emulated; }

Route2d route_2d(const Problem& pr, const std::string& soc) {
  if (pr.out[1] == 1 && pr.out[2] == 1) return Route2d::FillMul;
  if (soc == "Ascend950") return Route2d::Regbase2d;
  if (soc == "Ascend910B" || soc == "Ascend910_93") return Route2d::Pool3dGeneral;
  return Route2d::AssistMatmul;
}

}  // namespace pcemu::adaptive
