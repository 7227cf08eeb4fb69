// The numbers of a SoC that the tiling rules read, as the tiling oracle states them (from the ops-nn tiling
// tests and the platform tables, not from the emulated library), with a case's tiling knobs applied.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "case/case.h"

namespace poolcheck::tiling_oracle {

struct PlatformNumbers {
  std::string soc;
  int32_t vector_cores = 0;                         // GetCoreNumAiv(), or the case's cores knob
  int64_t ub_bytes = 0;                             // the unified buffer per core, or the case's ub knob
  bool regbase = false;                             // the Ascend 950 architecture (arch35 templates)
  int64_t int32_index_limit = kMaxInt32IndexLimit;  // the case's i32limit, else INT32_MAX
};

// nullopt for a SoC the oracle has no numbers for.
std::optional<PlatformNumbers> platform_numbers(const Case& c);

}  // namespace poolcheck::tiling_oracle
