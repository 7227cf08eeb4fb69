// The vector-core counts valid cases run with: the generators draw a case's count from them and the determinism
// rerun picks another one, so the second run only ever takes a count the tiling is known to take.
#pragma once

#include <array>
#include <cstdint>

namespace poolcheck {

// 0 is the platform profile's count; 7 leaves a remainder for every split.
inline constexpr std::array<int32_t, 6> kDrawnCoreCounts{0, 1, 2, 3, 4, 7};

}  // namespace poolcheck
