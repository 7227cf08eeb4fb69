// Each step cites the discrepancy entry (spec/avg_pool2d_grad_tables.cpp) whose "Upstream ..." sentence it
// reproduces. Source: ops-nn pooling/avg_pool3_d_grad/op_api/aclnn_avgpool2d_backward.cpp.
#include "ops/avgpool2d_grad/upstream_dispatch.h"

#include <cstdint>

#include "common/log.h"
#include "ops/common/upstream_call.h"

namespace pcemu::avgpool {

namespace {

bool a2_or_a3(const PlatformProfile& plat) { return plat.soc == "Ascend910B" || plat.soc == "Ascend910_93"; }

// IsGlobalAvgPool: divisorOverride 0 (as the int64 it is), kernel = self's H x W, both >= 10, 1x1 gradOutput.
bool global_pool(const Problem& pr) {
  return pr.divisor == 0 && pr.k[0] == pr.in[0] && pr.k[1] == pr.in[1] && pr.in[0] >= 10 && pr.in[1] >= 10 &&
         pr.out[0] == 1 && pr.out[1] == 1;
}

// The A2/A3 cube conditions (CheckCubeSupport, countIncludePad, !ceilMode, CheckNeedChangeTo3D, C < 65536);
// C is gradOutput's, the long-strip test self's H and W.
bool cube_on_a2(const Problem& pr, int64_t grad_c) {
  const int64_t kh = pr.k[0], kw = pr.k[1], h = pr.in[0], w = pr.in[1];
  const bool long_strip = w / h >= 2 || h / w >= 2;
  return pr.divisor >= -255 && pr.divisor <= 255 && kh <= 255 && kw <= 255 &&
         (kh * kw <= 255 || (kh <= 20 && kw <= 20)) && pr.count_include_pad && !pr.ceil_mode && !long_strip &&
         grad_c < 65536;
}

// CheckArrayDataAvgPoolBackWard's padding test over `count` axes: kernel/2 >= padding >= 0.
aclnnStatus check_padding_range(const Problem& pr, size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (pr.k[i] / 2 < pr.p[i] || pr.p[i] < 0)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: padding [{}] data [{}] must be in [0, kernelSize / 2 = {}]", kApi, i,
                  pr.p[i], pr.k[i] / 2);
  return ACLNN_SUCCESS;
}

// gradOutput's leading dims as (N, C) (a 3-D tensor is unbatched: N = 1).
std::array<int64_t, 2> grad_nc(const RawArgs& a) {
  const auto& go = a.grad_output->view_shape;
  return go.size() == 4 ? std::array<int64_t, 2>{go[0], go[1]} : std::array<int64_t, 2>{1, go[0]};
}

// Upstream precision [AP.D.CUBE_MATH_1]: cubeMathType 1 casts to FLOAT16 like 2 (cube path and global
// shortcut alike); HF32 only for 3 on the cube path when the conv's promoted type is FLOAT32; BFLOAT16 is
// computed in FLOAT32. The documented rule (1 = HF32) is compute_precision().
Compute upstream_compute(const RawArgs& a, Path path) {
  const aclDataType go = a.grad_output->dtype, self = a.self->dtype;
  if (a.cube_math == kAllowFp32DownPrecision || a.cube_math == kUseFp16) return Compute::Fp16;
  if (path == Path::Global) return go == ACL_FLOAT16 ? Compute::Fp16 : Compute::Fp32;
  const bool fp32_conv = go == ACL_BF16 || self == ACL_BF16 || go == ACL_FLOAT || self == ACL_FLOAT;
  if (!fp32_conv) return Compute::Fp16;
  return a.cube_math == kUseHf32 ? Compute::Hf32 : Compute::Fp32;
}

// The graph the path builds fails when gradOutput's planes do not match self's, which ops-nn's op_api never
// compared [AP.D.GRADOUTPUT_SHAPE]. Which l0 check fails is outside ops-nn (global: ViewCopy of the broadcast
// Div; cube: Conv2DBackpropInput; vector: the Reshape of the (N*C)-merged result); the status is the one
// BuildAvgPool2dBackwardGraph maps that path's failure to.
aclnnStatus check_planes(const RawArgs& a, const Problem& pr, Path path) {
  const auto nc = grad_nc(a);
  const bool same = path == Path::Vector ? nc[0] * nc[1] == pr.nc() : nc[0] == pr.n && nc[1] == pr.c;
  if (same) return ACLNN_SUCCESS;
  return fail(path == Path::Global ? ACLNN_ERR_INNER_NULLPTR : ACLNN_ERR_PARAM_INVALID,
              "{}: the {} graph cannot be built: gradOutput planes ({} x {}) do not match self's ({} x {})", kApi,
              path_name(path), nc[0], nc[1], pr.n, pr.c);
}

}  // namespace

aclnnStatus route_upstream(const RawArgs& a, const PlatformProfile& plat, Problem* pr, UpstreamRoute* route) {
  if (plat.regbase) {
    // Upstream (GetWorkspaceSize, IsRegbase branch): the global shortcut, else CheckArrayDataAvgPoolBackWard on
    // the caller's lists, whose loop reads stride->Size() unchecked: a null stride crashes here
    // [AP.D.NULL_STRIDE]; then negative padding is refused [AP.D.NEGATIVE_PADDING]. AvgPoolV2Grad follows.
    route->path = global_pool(*pr) ? Path::Global : Path::Vector;
    route->compute = upstream_compute(a, route->path);
    if (route->path == Path::Global) return check_planes(a, *pr, Path::Global);
    size_unchecked(kApi, "stride", a.stride, "reads stride->Size() in CheckArrayDataAvgPoolBackWard (Ascend 950 path)");
    return check_padding_range(*pr, a.kernel->values.size());
  }
  if (global_pool(*pr)) {
    // Upstream (BuildGlobalAvgPoolGraph): padding, countIncludePad and ceilMode are not looked at, so a negative
    // padding passes [AP.D.NEGATIVE_PADDING] and the gradient is grad / (kH*kW) everywhere
    // [AP.D.GLOBAL_POOL_PADDING].
    route->path = Path::Global;
    route->compute = upstream_compute(a, Path::Global);
    return check_planes(a, *pr, Path::Global);
  }
  if (!a2_or_a3(plat)) {
    // Upstream (BuildAvgPool2dBackwardGraph, !IfSupport2dTo3d): the cube path for |divisorOverride| <= 255,
    // else 161002 [AP.D.PLATFORMS, AP.D.DIVISOR_RANGE].
    if (pr->divisor < -255 || pr->divisor > 255)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: divisorOverride {} only supported in [-255, 255] on {}", kApi,
                  pr->divisor, plat.soc);
    route->path = Path::Cube;
    route->compute = upstream_compute(a, Path::Cube);
    return check_planes(a, *pr, Path::Cube);
  }
  if (cube_on_a2(*pr, grad_nc(a)[1])) {
    // Upstream (BuildCubeGraph): no padding sign check, so a negative padding is a transposed convolution
    // with that (cropping) padding, which the cube kernel computes [AP.D.NEGATIVE_PADDING]; a null stride
    // means stride = kernel (CalculateStrideHW) [AP.D.NULL_STRIDE].
    route->path = Path::Cube;
    route->compute = upstream_compute(a, Path::Cube);
    return check_planes(a, *pr, Path::Cube);
  }
  // Upstream (FillIntArray): reads stride->Size() unchecked, a crash for a null stride [AP.D.NULL_STRIDE]; then
  // CheckArrayDataAvgPoolBackWard on the 3-D lists refuses a negative padding [AP.D.NEGATIVE_PADDING].
  size_unchecked(kApi, "stride", a.stride, "reads stride->Size() in FillIntArray (vector 3-D path)");
  if (auto st = check_padding_range(*pr, 2)) return st;
  route->path = Path::Vector;
  route->compute = Compute::Fp32;
  if (auto st = check_planes(a, *pr, Path::Vector)) return st;
  // Upstream (l0op::AvgPool3DGrad takes `int divisorOverride`): the int64 is truncated, so 2^32 becomes 0,
  // no override; the path was chosen with the int64 value [AP.D.DIVISOR_RANGE].
  pr->divisor = static_cast<int32_t>(pr->divisor);
  return ACLNN_SUCCESS;
}

}  // namespace pcemu::avgpool
