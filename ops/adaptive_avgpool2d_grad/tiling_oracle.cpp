// The tiling decision of aclnnAdaptiveAvgPool2dBackward, by the route ops-nn's op_api
// (pooling/adaptive_avg_pool2d_grad/op_api/aclnn_adaptive_avg_pool2d_backward.cpp) builds for a valid, non-empty call:
// - gradOutput H and W both 1, on every SoC (checked before the SoC): Fill x Mul, the family's AllOne;
// - Ascend 950 (IsRegbase): the arch35 AdaptiveAvgPool2dGrad templates (tiling_oracle_regbase2d.cpp);
// - Atlas A2/A3 (SocVersion ASCEND910B..ASCEND910E): the 3-D adaptive kernel with a depth of one, so the family's
//   statement judges the lifted case;
// - the Atlas training/inference series: assist matrices, Mul and two BatchMatMul, whose tiling is the matmul
//   library's, not in these folders: no decision, said so.
#include <optional>
#include <string>
#include <vector>

#include "ops/adaptive_avgpool2d_grad/family.h"
#include "ops/adaptive_avgpool2d_grad/tiling_oracle_internal.h"
#include "tiling_oracle/operator_statements.h"

namespace poolcheck::tiling_oracle::adaptive_avgpool2d_grad {

namespace {

namespace a2d = ::poolcheck::adaptive_avgpool2d_grad;

constexpr const char* kAssistMatmul =
    "the Atlas training/inference series run AdaptiveAvgPool2dAssistMatrix, Mul and two BatchMatMul; the matmul "
    "tiling is not in ops-nn's pooling folders";

enum class Route { Empty, FillMul, Regbase2d, Pool3dGeneral, AssistMatmul, None };

// The op_api's branches, in its order: empty tensors return before any kernel, a 1x1 gradOutput before the SoC.
Route route_of(const Case& c, const PlatformNumbers& platform) {
  const a2d::View v(c);
  const TensorArg* grad = v.grad_output();
  const TensorArg* self = v.self();
  if (grad == nullptr || self == nullptr || grad->shape.size() < 2) return Route::None;
  for (const TensorArg* t : {grad, self})
    for (int64_t d : t->shape)
      if (d == 0) return Route::Empty;
  if (a2d::one_by_one(*grad)) return Route::FillMul;
  if (platform.regbase) return Route::Regbase2d;
  switch (a2d::route_on(platform.soc)) {
    case a2d::KernelRoute::Family:
      return Route::Pool3dGeneral;
    case a2d::KernelRoute::AssistMatmul:
      return Route::AssistMatmul;
    default:
      return Route::None;
  }
}

// Fill(1/(H*W)) x gradOutput on Ascend 950, which the family's statement (A2/A3 and the Atlas series) does not
// cover: the same words, poolcheck's keys 900 + 10 * dtype (fp32 0, fp16 1, bf16 2) with no atomics and no
// workspace (ops/adaptive_avgpool3d_grad/spec_strategies.cpp).
TilingVerdict fill_mul_regbase(const Case& c) {
  const TensorArg* grad = a2d::View(c).grad_output();
  uint64_t dkey = 0;
  switch (grad->dtype) {
    case DType::F32:
      dkey = 0;
      break;
    case DType::F16:
      dkey = 1;
      break;
    case DType::BF16:
      dkey = 2;
      break;
    default:
      return {std::nullopt, std::string("no Fill x Mul for dtype ") + dtype_name(grad->dtype)};
  }
  ExpectedTiling e;
  e.strategy = Strategy::AllOne;
  e.key = 900 + 10 * dkey;
  e.why = "gradOutput H and W are 1: fill times gradient";
  e.fields = {{"atomics", "false"}, {"fp32ws", "false"}};
  return {e, ""};
}

}  // namespace

TilingVerdict expected_tiling(const Case& c, const PlatformNumbers& platform) {
  switch (route_of(c, platform)) {
    case Route::Empty:
      return {std::nullopt, "an empty tensor: the op_api returns before any kernel"};
    case Route::FillMul:
      if (platform.regbase) return fill_mul_regbase(c);
      return adaptive_avgpool3d_grad::expected_tiling(with_depth_axis(c, a2d::family()), platform);
    case Route::Regbase2d:
      return regbase2d_decision(c, platform);
    case Route::Pool3dGeneral:
      return adaptive_avgpool3d_grad::expected_tiling(with_depth_axis(c, a2d::family()), platform);
    case Route::AssistMatmul:
      return {std::nullopt, kAssistMatmul, true};
    case Route::None:
      break;
  }
  return {std::nullopt, platform.soc + " has no route for this call (gradOutput or self missing, or the SoC)"};
}

// Only the A2/A3 route states knob thresholds, the family's; the arch35 templates' rules have no threshold words
// yet, and Fill x Mul and the matmuls read no knob.
std::vector<Threshold> tiling_thresholds(const Case& c, const PlatformNumbers& platform) {
  if (route_of(c, platform) != Route::Pool3dGeneral) return {};
  return adaptive_avgpool3d_grad::tiling_thresholds(with_depth_axis(c, a2d::family()), platform);
}

}  // namespace poolcheck::tiling_oracle::adaptive_avgpool2d_grad
