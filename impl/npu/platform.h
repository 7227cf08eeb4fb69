// Platform profiles of the emulated NPU, as data. Numbers come from the public ops-nn tiling tests and
// product documentation (see docs/emulator.md): vector cores, unified-buffer bytes, 32-byte UB blocks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pcemu {

struct PlatformProfile {
  std::string soc;      // CANN SoC name, e.g. "Ascend910B"
  std::string product;  // product family as the docs name it
  std::string arch;     // NPU arch id ("DAV_2201" = A2/A3, "DAV_3510" = Ascend 950 regbase, ...)
  bool regbase = false;
  int32_t vector_cores = 0;
  int64_t ub_bytes = 0;
  int32_t ub_block_bytes = 32;
  std::vector<std::string> emulated_ops;  // op types whose kernels the emulator runs on this SoC
};

const std::vector<PlatformProfile>& all_platforms();
const PlatformProfile* find_platform(const std::string& soc);

// The profile in effect: the selected SoC with the per-case knob overrides applied.
struct ActivePlatform {
  PlatformProfile profile;
  bool has_kernels(const std::string& op_type) const;
};

ActivePlatform active_platform();
bool select_platform(const std::string& soc);
void set_knobs(int32_t vector_cores, int64_t ub_bytes);

inline constexpr int32_t kMaxEmulatedCores = 64;

}  // namespace pcemu
