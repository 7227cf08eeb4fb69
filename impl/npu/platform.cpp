#include "npu/platform.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>

namespace pcemu {

namespace {

constexpr int64_t kA2UbBytes = 196608;  // 192 KiB, UB_SIZE in the ops-nn A2 tiling tests
constexpr int64_t k950UbBytes = 245760;
constexpr int64_t k950UbReserve = 2048;  // kept back by the 950 SIMD tiling (ops-nn simd tiling)

std::vector<PlatformProfile> make_profiles() {
  // AvgPool2dGrad: the 2-D entry point's paths (global, cube, vector); AvgPool3DGrad: the l0 kernel the 3-D
  // entry point runs (the 2-D vector path's kernel too); MaxPoolGradWithArgmaxV1: the bit-mask kernel of
  // aclnnMaxPool2dWithMaskBackward with a 1x1 kernel.
  const std::vector<std::string> a2_ops{"MaxPool3DGradWithArgmax", "AvgPool2dGrad", "AvgPool3DGrad",
                                        "AdaptiveAvgPool3dGrad", "MaxPoolGradWithArgmaxV1"};
  // The Atlas inference series runs the same non-regbase adaptive kernels (not the others here); the training
  // series those and the bit-mask kernel, which every aclnnMaxPool2dWithMaskBackward call there runs.
  const std::vector<std::string> v100_ops{"AdaptiveAvgPool3dGrad"};
  const std::vector<std::string> training_ops{"AdaptiveAvgPool3dGrad", "MaxPoolGradWithArgmaxV1"};
  // Ascend 950: max pooling's regbase kernels, AvgPool3DGrad, whose tiling and kernel ops-nn shares with A2/A3
  // (binaries for ascend950), and the arch35 AdaptiveAvgPool2dGrad of aclnnAdaptiveAvgPool2dBackward. Not
  // AvgPool2dGrad: the 2-D entry point's 950 route is AvgPoolV2Grad.
  const std::vector<std::string> regbase_ops{"MaxPool3DGradWithArgmax", "AvgPool3DGrad", "AdaptiveAvgPool2dGrad"};
  return {
      {"Ascend910B", "Atlas A2 训练系列产品/Atlas A2 推理系列产品", "DAV_2201", false, 48, kA2UbBytes, 32, a2_ops},
      {"Ascend910_93", "Atlas A3 训练系列产品/Atlas A3 推理系列产品", "DAV_2201", false, 48, kA2UbBytes, 32, a2_ops},
      {"Ascend950", "Ascend 950PR/Ascend 950DT", "DAV_3510", true, 64, k950UbBytes, 32, regbase_ops, k950UbReserve,
       256},
      {"Ascend310B", "Atlas 200I/500 A2 推理产品", "DAV_3002", false, 1, 262144, 32, {}},
      {"Ascend310P", "Atlas 推理系列产品", "DAV_2002", false, 8, 262144, 32, v100_ops},
      {"Ascend910", "Atlas 训练系列产品", "DAV_1001", false, 32, 262144, 32, training_ops},
  };
}

// POOLCHECK_SOC picks the emulated SoC for programs that cannot call pcEmuSetPlatform (the doc examples).
std::string default_soc() {
  const char* env = std::getenv("POOLCHECK_SOC");
  return env && find_platform(env) ? env : "Ascend910B";
}

struct PlatformState {
  std::mutex mu;
  std::string soc = default_soc();
  int32_t cores = 0;
  int64_t ub = 0;
  int64_t i32_limit = kInt32IndexLimit;
};

PlatformState& state() {
  static PlatformState s;
  return s;
}

}  // namespace

const std::vector<PlatformProfile>& all_platforms() {
  static const std::vector<PlatformProfile> profiles = make_profiles();
  return profiles;
}

const PlatformProfile* find_platform(const std::string& soc) {
  for (const auto& p : all_platforms())
    if (p.soc == soc) return &p;
  return nullptr;
}

bool ActivePlatform::has_kernels(const std::string& op_type) const {
  return std::find(profile.emulated_ops.begin(), profile.emulated_ops.end(), op_type) != profile.emulated_ops.end();
}

ActivePlatform active_platform() {
  auto& s = state();
  std::lock_guard lock(s.mu);
  // An unknown SoC name gets an empty profile: no dtypes, no kernels, so every operator refuses it.
  const PlatformProfile* known = find_platform(s.soc);
  ActivePlatform a{known ? *known : PlatformProfile{s.soc, "unknown SoC", "unknown", false, 1, 196608, 32, {}}};
  if (s.cores > 0) a.profile.vector_cores = std::min(s.cores, kMaxEmulatedCores);
  if (s.ub > 0) a.profile.ub_bytes = s.ub;
  return a;
}

bool select_platform(const std::string& soc) {
  auto& s = state();
  std::lock_guard lock(s.mu);
  s.soc = soc;
  return true;
}

void set_knobs(int32_t vector_cores, int64_t ub_bytes) {
  auto& s = state();
  std::lock_guard lock(s.mu);
  s.cores = vector_cores;
  s.ub = ub_bytes;
}

bool set_int32_index_limit(int64_t elements) {
  if (elements < 0 || elements > kInt32IndexLimit) return false;
  auto& s = state();
  std::lock_guard lock(s.mu);
  s.i32_limit = elements == 0 ? kInt32IndexLimit : elements;
  return true;
}

int64_t int32_index_limit() {
  auto& s = state();
  std::lock_guard lock(s.mu);
  return s.i32_limit;
}

}  // namespace pcemu
