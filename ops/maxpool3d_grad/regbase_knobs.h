// Ascend950's knobs for max pooling, shared by the generator (which draws them) and the adapter (whose
// determinism rerun picks another): the 950 tiling has its own UB (240 KiB, less a 2048-byte reserve) and its own
// thresholds, so the A2 sizes of view.h would not reach its keys.
#pragma once

#include <array>
#include <cstdint>

namespace poolcheck::maxpool3d_grad {

// The SoC whose kernels are the regbase SIMD/SIMT ones.
inline constexpr const char* kRegbaseSoc = "Ascend950";

// UB sizes (bytes; 0 = the profile's 245760) for cases that are not steered to one key: the profile's and mid
// sizes load whole planes (key 2049), 3-4 KiB leave 1-2 KiB for split tiles (keys 1 and 1025), and 2048/2112
// leave less than any SIMD tile needs (SIMT). Steered cases compute their size from the shape.
inline constexpr std::array<int64_t, 8> kRegbaseUbSizes{0, 65536, 16384, 4096, 3072, 2560, 2112, 2048};

}  // namespace poolcheck::maxpool3d_grad
