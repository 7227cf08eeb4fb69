#include "tiling_oracle/platform_numbers.h"

#include <array>
#include <string_view>

namespace poolcheck::tiling_oracle {

namespace {

struct SocRow {
  std::string_view soc;
  int32_t vector_cores;
  int64_t ub_bytes;
  bool regbase;
};

// A2/A3: 24 AI cores with two vector cores each and a 192 KiB UB; Ascend 950: 64 vector cores and 240 KiB
// (the numbers of ops-nn's 950 tiling tests); the Atlas training and inference series: 256 KiB.
constexpr std::array<SocRow, 6> kSocs{{
    {"Ascend910B", 48, 196608, false},
    {"Ascend910_93", 48, 196608, false},
    {"Ascend950", 64, 245760, true},
    {"Ascend310B", 1, 262144, false},
    {"Ascend310P", 8, 262144, false},
    {"Ascend910", 32, 262144, false},
}};

}  // namespace

std::optional<PlatformNumbers> platform_numbers(const Case& c) {
  for (const SocRow& row : kSocs) {
    if (row.soc != c.platform) continue;
    PlatformNumbers p;
    p.soc = c.platform;
    p.vector_cores = c.cores > 0 ? c.cores : row.vector_cores;
    p.ub_bytes = c.ub_bytes > 0 ? c.ub_bytes : row.ub_bytes;
    p.regbase = row.regbase;
    if (c.int32_index_limit > 0) p.int32_index_limit = c.int32_index_limit;
    return p;
  }
  return std::nullopt;
}

}  // namespace poolcheck::tiling_oracle
