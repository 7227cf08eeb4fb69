// The tiling decision of avgpool2d_grad's kernels, stated from upstream's selection rules (tiling_oracle/).
//
// On Atlas A2/A3 ops-nn's op_api (pooling/avg_pool3_d_grad/op_api/aclnn_avgpool2d_backward.cpp,
// BuildAvgPool2dBackwardGraph) picks one of three paths: the global-pooling Div (IsGlobalAvgPool), the cube
// transposed convolution (CheckCubeSupport and the A2/A3 extras), or the vector AvgPool3DGrad on a gradient
// reshaped to (1, 1, Ho, Wo, N*C) NDHWC, whose tiling is Tiling4CParam of op_host/avg_pool_3d_grad_tiling.cpp.
// Only the last has an upstream tiling; its fields are the family's statement (tiling_oracle_family.h, shared with
// aclnnAvgPool3dBackward). The cube and global paths are stated by strategy and key (7000/8000 + the precision).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "case/per_axis.h"
#include "ops/avgpool2d_grad/tiling_oracle_family.h"
#include "ops/avgpool2d_grad/view.h"
#include "tiling_oracle/operator_statements.h"

namespace poolcheck::tiling_oracle::avgpool2d_grad {

namespace {

using poolcheck::avgpool2d_grad::View;

// The shapes and attributes the path choice and the tiling read, with upstream's broadcasts applied.
struct Geometry {
  DType dtype = DType::F32;  // gradOutput's (= gradInput's): AvgPool3DGrad's grads input
  int64_t channels = 0;      // gradOutput's C (cDims of BuildAvgPool2dBackwardGraph)
  int64_t merged_nc = 0;     // N*C, merged into the channels-last axis of the vector path
  int64_t ho = 0, wo = 0;    // gradOutput's H, W
  int64_t h = 0, w = 0;      // self's H, W, read at gradOutput's rank's indices as upstream does
  int64_t kh = 0, kw = 0;
  int64_t sh = 0, sw = 0;
  bool ceil_mode = false;
  bool count_include_pad = true;
  int64_t divisor = 0;
  int64_t cube_math = 0;
};

// The geometry of a valid case, or why it has none a kernel runs on.
std::optional<Geometry> read_geometry(const Case& c, std::string* why) {
  const View v(c);
  if (!avgpool_family::launches(v, 2, why)) return std::nullopt;
  const TensorArg* grad = v.grad_output();
  const TensorArg* self = v.self();
  const IntArrayArg* k = v.kernel_size();
  const size_t rank = grad->shape.size();
  Geometry g;
  g.dtype = grad->dtype;
  // NCL (C, H, W) is an unbatched plane: N = 1.
  const size_t h_at = rank - 2, w_at = rank - 1;
  g.channels = grad->shape[rank - 3];
  g.merged_nc = rank == 4 ? grad->shape[0] * grad->shape[1] : grad->shape[0];
  g.ho = grad->shape[h_at];
  g.wo = grad->shape[w_at];
  g.h = self->shape[h_at];
  g.w = self->shape[w_at];
  // A length-1 list covers both axes (CalculateKernelSizeNCHW, FillIntArray); a null or empty stride is the
  // kernel (the doc; FillIntArray's Size() == 0 branch).
  const auto kernel = per_axis<2>(k);
  const auto stride = v.stride() == nullptr ? kernel : per_axis<2>(v.stride(), kernel);
  if (!kernel || !stride) {
    *why = "kernelSize or stride has neither 1 nor 2 values";
    return std::nullopt;
  }
  g.kh = (*kernel)[0];
  g.kw = (*kernel)[1];
  g.sh = (*stride)[0];
  g.sw = (*stride)[1];
  g.ceil_mode = v.ceil_mode();
  g.count_include_pad = v.count_include_pad();
  g.divisor = v.divisor_override();
  g.cube_math = v.cube_math_type();
  return g;
}

// IsGlobalAvgPool: no divisor, the kernel is the whole input of at least 10x10, and the output is 1x1.
// Padding, ceilMode and countIncludePad are not read.
bool takes_global_path(const Geometry& g) {
  constexpr int64_t kMinSide = 10;  // kAvgpoolMinH / kAvgpoolMinW
  return g.divisor == 0 && g.kh == g.h && g.kw == g.w && g.h >= kMinSide && g.w >= kMinSide && g.ho == 1 && g.wo == 1;
}

// CheckCubeSupport on 910B/910_93: |divisor| <= 255, kernel sides <= 255, and kH*kW <= 255 or both sides <= 20.
bool cube_supports(const Geometry& g) {
  constexpr int64_t kDivisorLimit = 255, kSideLimit = 255, kAreaLimit = 255, kSmallSide = 20;
  if (g.divisor < -kDivisorLimit || g.divisor > kDivisorLimit) return false;
  if (g.kh > kSideLimit || g.kw > kSideLimit) return false;  // also keeps kh*kw below from wrapping
  return g.kh * g.kw <= kAreaLimit || (g.kh <= kSmallSide && g.kw <= kSmallSide);
}

// CheckNeedChangeTo3D: a side at least twice the other (integer division of self's H and W) is a long strip.
bool long_strip(const Geometry& g) {
  constexpr int64_t kStripRatio = 2;  // LONG_STRIP_MULTIPLIER
  return g.w / g.h >= kStripRatio || g.h / g.w >= kStripRatio;
}

// BuildAvgPool2dBackwardGraph on 910B/910_93: the cube path when the cube supports the kernel and divisor,
// countIncludePad, no ceil mode, not a long strip and C < 65536 (cMaxDims).
bool takes_cube_path(const Geometry& g) {
  constexpr int64_t kMaxChannels = 65536;
  return cube_supports(g) && g.count_include_pad && !g.ceil_mode && !long_strip(g) && g.channels < kMaxChannels;
}

// The precision the cube and global paths compute in: 0 fp32, 1 fp16, 2 hf32. poolcheck follows the doc's
// precision modes (docs/tolerance.md "AvgPool2dBackward: terms with rounding"; discrepancy AP.D.CUBE_MATH_1 in
// docs/upstream-profile.md): FP32 with ALLOW_FP32_DOWN_PRECISION (1) or USE_HF32 (3) is HF32, FP32 with USE_FP16
// (2) and FP16 are FP16, BF16 goes through FP32. Upstream's code casts to FP16 for 1 as for 2.
std::optional<int> compute_precision(const Geometry& g, std::string* why) {
  constexpr int kFp32 = 0, kFp16 = 1, kHf32 = 2;
  switch (g.dtype) {
    case DType::F32:
      if (g.cube_math == 1 || g.cube_math == 3) return kHf32;
      return g.cube_math == 2 ? kFp16 : kFp32;
    case DType::F16:
      if (g.cube_math <= 2) return kFp16;
      break;
    case DType::BF16:
      if (g.cube_math <= 1) return kFp32;
      break;
    default:
      break;
  }
  *why = "cubeMathType " + std::to_string(g.cube_math) + " with " + dtype_name(g.dtype) +
         " is refused by the spec (AP.CUBE_MATH): no precision is documented for it";
  return std::nullopt;
}

void add_field(ExpectedTiling& e, const char* name, int64_t value) {
  e.fields.push_back({name, std::to_string(value)});
}

// The vector path's AvgPool3DGrad launch: NDHWC with grad (1, 1, Ho, Wo, N*C), ksize (1, kH, kW), strides
// (1, sH, sW): the family's tiling with a depth of one.
avgpool_family::GradCall vector_call(const Geometry& g) {
  avgpool_family::GradCall call;
  call.dtype = g.dtype;
  call.channels_last = true;
  call.n = 1;
  call.c = g.merged_nc;
  call.out = {1, g.ho, g.wo};
  call.in = {1, g.h, g.w};
  call.k = {1, g.kh, g.kw};
  call.s = {1, g.sh, g.sw};
  return call;
}

bool runs_kernels(const std::string& soc) { return soc == "Ascend910B" || soc == "Ascend910_93"; }

}  // namespace

TilingVerdict expected_tiling(const Case& c, const PlatformNumbers& platform) {
  if (!runs_kernels(platform.soc))
    return {std::nullopt, "the operator's kernels run on Ascend910B and Ascend910_93 only, not " + platform.soc};
  std::string why;
  const std::optional<Geometry> g = read_geometry(c, &why);
  if (!g) return {std::nullopt, why};

  const bool global = takes_global_path(*g);
  if (global || takes_cube_path(*g)) {
    const std::optional<int> compute = compute_precision(*g, &why);
    if (!compute) return {std::nullopt, why};
    ExpectedTiling e;
    e.strategy = global ? Strategy::Global : Strategy::Cube;
    e.key = static_cast<uint64_t>((global ? 8000 : 7000) + *compute);
    add_field(e, "compute", *compute);
    e.why = global ? "IsGlobalAvgPool: kernel == input >= 10x10, 1x1 output, no divisor"
                   : "CheckCubeSupport, countIncludePad, no ceil mode, no long strip, C < 65536";
    return {e, ""};
  }
  return avgpool_family::expected_tiling(vector_call(*g), platform, c.deterministic);
}

}  // namespace poolcheck::tiling_oracle::avgpool2d_grad

namespace poolcheck::tiling_oracle::avgpool2d_grad {

// The vector path's knob thresholds: the UB from which N*C channels fit one pass, and the core count that
// reaches the output positions. Neither knob reaches the cube or global paths.
std::vector<Threshold> tiling_thresholds(const Case& c, const PlatformNumbers& platform) {
  std::string why;
  const std::optional<Geometry> g = read_geometry(c, &why);
  if (!runs_kernels(platform.soc) || !g || takes_global_path(*g) || takes_cube_path(*g)) return {};
  return avgpool_family::tiling_thresholds(vector_call(*g), platform, c.deterministic);
}

}  // namespace poolcheck::tiling_oracle::avgpool2d_grad
