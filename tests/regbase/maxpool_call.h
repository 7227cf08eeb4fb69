// One aclnnMaxPool3dWithArgmaxBackward call through the public C API, for the Ascend 950 tests: device tensors
// built from host values, indices from the oracle's forward pass, the oracle's backward as the expectation.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "poolcheck_emu/emu.h"

namespace poolcheck::regbase_test {

struct MpCase {
  std::array<int64_t, 5> x{1, 1, 1, 1, 1};  // self / gradInput, NCDHW
  std::array<int64_t, 3> k{2, 2, 2}, s{2, 2, 2}, p{0, 0, 0};
  aclDataType dtype = ACL_FLOAT;
  aclDataType index_dtype = ACL_INT32;
  bool ceil_mode = false;
  std::string describe() const;
};

// Host tensors of a call: x (forward input), the gradients and indices (the shape of gradOutput).
struct MpData {
  std::array<int64_t, 3> out{};
  std::vector<double> x, grad;
  std::vector<int64_t> idx;
};

struct MpRun {
  aclnnStatus plan_status = -1;
  aclnnStatus run_status = -1;  // -1 when planning failed
  pcEmuLaunchInfo info{};       // after planning and, when it ran, after execute
  std::vector<double> got;      // gradInput, decoded
  std::vector<double> want;     // the oracle's backward, rounded to the dtype
  std::vector<uint8_t> raw;     // gradInput bytes, for bitwise comparisons
  std::string error;            // aclGetRecentErrMsg() after a failure
  bool matches() const { return run_status == 0 && got == want; }
};

// Gradients are multiples of 1/2 in [-2, 2] and x is random (seeded), so every sum is exact in fp32 and in each
// storage dtype: the result must equal the oracle's bit for bit. `tweak` may edit the data before the upload.
MpData make_data(const MpCase& c, uint64_t seed);
MpRun run_case(const MpCase& c, const MpData& data);
MpRun run_case(const MpCase& c, uint64_t seed = 1);
// Planning only: GetWorkspaceSize and the launch info it records (device tensors of the right sizes, zeroed).
MpRun plan_case(const MpCase& c);
// gradOutput's D, H, W for the case (the oracle's pooled size; 1x1x1 when the parameters pool to nothing).
std::array<int64_t, 3> out_dims(const MpCase& c);

// aclInit, a device and the platform; knobs, the index limit and faults reset.
void setup_950(int32_t cores = 0, int64_t ub = 0);

}  // namespace poolcheck::regbase_test
