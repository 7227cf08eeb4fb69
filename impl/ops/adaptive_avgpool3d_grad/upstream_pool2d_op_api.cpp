#include "ops/adaptive_avgpool3d_grad/upstream_pool2d_op_api.h"

#include <optional>
#include <string>

#include "common/log.h"
#include "npu/faults.h"
#include "npu/platform.h"
#include "ops/adaptive_avgpool3d_grad/assist_matmul.h"
#include "ops/adaptive_avgpool3d_grad/plan.h"
#include "ops/adaptive_avgpool3d_grad/pool2d_route.h"
#include "ops/adaptive_avgpool3d_grad/pool2d_validate.h"
#include "ops/adaptive_avgpool3d_grad/regbase2d.h"
#include "ops/adaptive_avgpool3d_grad/tiling.h"
#include "ops/adaptive_avgpool3d_grad/upstream_pool2d_validate.h"
#include "ops/common/upstream_call.h"
#include "runtime/runtime_state.h"

namespace pcemu::adaptive {

namespace {

constexpr OpNames kNames{kApi2d, kOpType};
constexpr OpNames kNamesRegbase{kApi2d, kRegbase2dOpType};

// The route's tiling, `adjust` applied to it, then the executor handed out through unchecked out-parameters.
template <typename Tiling, typename MakePlan, typename Adjust>
aclnnStatus tile_unchecked(const RawArgs& a, const Problem& pr, const ActivePlatform& plat,
                           std::optional<Tiling> (*plan_tiling)(const Problem&, const PlatformProfile&, bool,
                                                                std::string*),
                           MakePlan make_plan, Adjust adjust) {
  const bool det = runtime().deterministic;
  std::string why;
  auto tiling = plan_tiling(pr, plat.profile, tiling_deterministic(det), &why);
  if (!tiling) return fail(kUpstreamTilingFailed, "{}: tiling failed: {}", kApi2d, why);
  tiling->ub_limit = plat.profile.ub_bytes;
  adjust(*tiling);
  return hand_out_unchecked(kApi2d, make_plan(pr, *tiling, det), a.workspace_size, a.executor);
}

// What the graph does with an out the op_api never compared with self beyond its rank and leading dims.
// Returns the call's status when it ends here.
std::optional<aclnnStatus> graph_out(const RawArgs& a, Route2d route) {
  const auto& self = a.self->view_shape;
  const auto& out = a.out->view_shape;
  const size_t r = self.size();
  // Upstream (DoAdapativeAvgPool2DBackward, DoFusionAdaptiveAvgPool2DBackward): every route ends in
  // ViewCopy(result of self's H x W, out), the A2/A3 one after a Reshape to out's shape; those l0 ops (outside
  // ops-nn) are taken to return nullptr for a shape that does not match, which CHECK_RET maps to
  // ACLNN_ERR_INNER_NULLPTR [AA2.D.OUT_SHAPE].
  if (out[r - 2] != self[r - 2] || out[r - 1] != self[r - 1])
    return fail(ACLNN_ERR_INNER_NULLPTR, "{}: out is {}x{} but the result is {}x{}: ViewCopy returned nullptr", kApi2d,
                out[r - 2], out[r - 1], self[r - 2], self[r - 1]);
  if (a.out->dtype == a.self->dtype) return std::nullopt;
  // Upstream (DoAdapativeAvgPool2DBackward): the FillMul route casts its product to out's dtype before the
  // ViewCopy, so any dtype Cast takes passes; the emulator has no such cast (561003). The other routes
  // ViewCopy a result in gradOutput's dtype into out, taken to fail as above [AA2.D.OUT_DTYPE].
  if (route == Route2d::FillMul) {
    log_line(3, fmt::format("{}: ops-nn casts the FillMul result to out's dtype {}; the emulator has no such cast",
                            kApi2d, dtype_label(a.out->dtype)));
    return no_kernel_unchecked(kApi2d, ACLNN_ERR_INNER_FIND_KERNEL_ERROR, a.workspace_size, a.executor);
  }
  return fail(ACLNN_ERR_INNER_NULLPTR, "{}: out dtype {} is not the result's ({}): ViewCopy returned nullptr", kApi2d,
              dtype_label(a.out->dtype), dtype_label(a.self->dtype));
}

}  // namespace

aclnnStatus get_workspace_size_2d_upstream(const RawArgs& a) {
  Problem pr;
  if (auto done = start_upstream_call(kNames, a, validate_2d_upstream, &pr, runtime().deterministic)) return *done;
  const ActivePlatform plat = active_platform();
  const Route2d route = route_2d(pr, plat.profile.soc);
  if (auto done = graph_out(a, route)) return *done;
  // Upstream (CheckParams): a SoC the document does not list (Ascend310B, ...) passes the op_api with FLOAT32
  // and FLOAT16 and takes the FillMul or AssistMatmul route; the emulator has no kernels there (561003, a null
  // out-parameter still written) [AA2.D.PLATFORMS].
  if (!documented_soc_2d(plat.profile.soc)) {
    log_line(3, fmt::format("{}: ops-nn runs this call on {} through the {} route, which the emulator does not have "
                            "there",
                            kApi2d, plat.profile.soc, route_name(route)));
    return no_kernel_unchecked(kApi2d, ACLNN_ERR_INNER_FIND_KERNEL_ERROR, a.workspace_size, a.executor);
  }
  if (route == Route2d::AssistMatmul)
    // Upstream (DoFusionAdaptiveAvgPool2DBackward, Ops::NN::ExecBatchMatmulOp): IsInputSupportFp32 is false
    // off DAV_2201/3510, so a FLOAT call's BatchMatMul operands are cast to fp16 [AA2.D.ASSIST_FLOAT].
    return tile_unchecked(a, pr, plat, plan_assist_tiling, make_assist_plan,
                          [](AssistTiling& t) { t.fp16_operands = true; });
  if (route == Route2d::Regbase2d) {
    if (auto st = require_kernels(kNamesRegbase, plat)) return st;
    return tile_unchecked(a, pr, plat, plan_regbase2d_tiling, make_regbase2d_plan, [](Regbase2dTiling&) {});
  }
  if (route == Route2d::Pool3dGeneral)
    if (auto st = require_kernels(kNames, plat)) return st;
  // Upstream (DoAdapativeAvgPool2DBackward): the FillMul factor is `float fillVaule = 1.0 / size`, a double
  // division rounded to float, then to self's dtype [AA2.D.ALL_ONE_PRECISION].
  return tile_unchecked(a, pr, plat, plan_tiling, make_plan, [](Tiling& t) { t.fill_from_double = true; });
}

}  // namespace pcemu::adaptive
