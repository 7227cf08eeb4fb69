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
  int64_t ub_reserve_bytes = 0;           // UB the regbase SIMD tiling keeps back (UB_RESVERVED_SIZE upstream)
  int32_t vreg_bytes = 256;               // vector register width of the regbase kernels
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

// The largest N*C*D*H*W the 950 tiling indexes with int32 (pcEmuSetInt32IndexLimit); A2/A3 ignore it.
inline constexpr int64_t kInt32IndexLimit = 2147483647;
// false (and no change) for a negative value or one above kInt32IndexLimit; 0 restores the default.
bool set_int32_index_limit(int64_t elements);
int64_t int32_index_limit();

inline constexpr int32_t kMaxEmulatedCores = 64;

}  // namespace pcemu
