// The emulator's checks that watch data as it moves, and cost time in proportion to it: the race shadow
// (every plain store and atomic add recorded and swept per phase) and the NaN fill of fresh device memory.
// They are on unless a benchmark turns them off to measure what they cost (pcEmuSetChecks); the checks
// that cost a compare per copy (UB bounds and alignment, GM extents, writes to inputs, guard zones) stay on.
#pragma once

namespace pcemu {

void set_dynamic_checks(bool on);
bool dynamic_checks();

}  // namespace pcemu
