// Planning a conformance row through the public C API (GetWorkspaceSize, then pcEmuLastLaunch) and
// comparing what the library chose with what upstream chooses.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "poolcheck_emu/emu.h"
#include "tests/conformance/a2_tiling_rows.h"

namespace poolcheck::conformance {

// What the library planned for a row, read back from pcEmuLastLaunch and its tiling summary.
struct Observed {
  int32_t status = -1;  // GetWorkspaceSize's status
  std::string strategy;
  uint64_t key = 0;
  int32_t block_dim = 0;
  int64_t workspace_bytes = 0;
  int64_t vl = 0;
  int ub_cut = 0;
  std::array<int64_t, 4> single{};
  std::array<int64_t, 3> base{};
  bool summary_parsed = false;
  std::string summary;
};

// Reads the fields the summary carries ("<strategy> key=.. vl=.. cut=.. single=AxBxCxD cnt=.. base=AxBxC ...").
bool parse_summary(const std::string& summary, Observed* o);

// One message per field that differs (each names the row's source test, the field, expected and observed);
// empty when the library chose what upstream chooses.
std::vector<std::string> mismatches(const TilingRow& row, const Observed& got);

// The A2 platform of the upstream test: Ascend910B, 40 vector cores, UB 196608 bytes.
void select_a2_platform();
// The 950 platform of the upstream test's GRAPH_FAILED part: 64 vector cores, UB 245760 bytes.
void select_950_platform();

// Bytes gradInput needs; rows above kMaxTensorBytes are not allocated (see the test for how they are planned).
int64_t grad_input_bytes(const TilingRow& row);
inline constexpr int64_t kMaxTensorBytes = int64_t{512} << 20;

// GetWorkspaceSize on real device tensors (self is a zero-stride view: only its shape is read).
Observed plan_through_api(const TilingRow& row);
int32_t status_through_api(const InvalidRow& row);

// Runs the row's call on the A2 platform (fp32 only) with the given gradOutput and indices; returns the
// status and fills gradInput and the launch information.
int32_t execute_fp32(const TilingRow& row, const std::vector<float>& grad, const std::vector<int32_t>& indices,
                     std::vector<float>* grad_input, pcEmuLaunchInfo* launch);

// Runs the row's call in its dtype on the A2 platform with `ub_bytes` of UB, zero gradients and each index
// naming the first element of its window (valid in every window); returns the status and the launch info.
int32_t execute_zero_grads(const TilingRow& row, int64_t ub_bytes, pcEmuLaunchInfo* launch);

}  // namespace poolcheck::conformance
