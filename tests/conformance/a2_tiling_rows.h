// The rows of the A2/A3 tiling conformance test: one per case of ops-nn's op_host tiling unit test
// pooling/max_pool3d_grad_with_argmax/tests/ut/op_host/test_max_pool3d_grad_with_argmax_tiling.cpp that is
// an aclnn call (A2 part: UB 196608 bytes, 40 vector cores; its GRAPH_FAILED part: UB 245760, 64 cores).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "acl/acl.h"

namespace poolcheck::conformance {

// What upstream's tiling chooses for a row: the tiling key its test asserts, and the tiling-data fields its
// op_host code computes for the case (derived by hand from that code; see docs/tiling-conformance.md).
struct ExpectedPlan {
  std::string_view strategy;        // "Normal", "CutK", "Scatter": a literal (as a std::string in the long
                                    // braced table of rows, GCC 12 -O3 reports it -Wmaybe-uninitialized)
  uint64_t key = 0;                 // the key the upstream test asserts
  int32_t used_cores = 0;           // usedCoreNum = blockDim
  int64_t vl = 0;                   // Normal/CutK: vl (baseNc); Scatter: baseNc
  int ub_cut = 0;                   // ubCutAxis
  std::array<int64_t, 4> single{};  // Normal: singleCoreNc/Do/Ho/Wo; CutK and Scatter: baseNc/Do/Ho/Wo
  std::array<int64_t, 3> base{};    // baseDo, baseHo, baseWo
  int64_t workspace_bytes = 0;      // the user workspace (the fp32 accumulation copy), without the system part
};

struct TilingRow {
  std::string source;  // the upstream TEST_F name
  std::array<int64_t, 5> x{}, grad{};
  std::array<int64_t, 3> k{}, s{}, p{}, d{};
  aclDataType dtype = ACL_FLOAT;
  ExpectedPlan plan;
  // A discrepancy entry (spec_tables.cpp) when the documents forbid the call: the documented library then
  // answers `documented_status` and only the Upstream profile plans it.
  std::string discrepancy;
  int32_t documented_status = 0;
};

// Upstream GRAPH_FAILED cases that are also invalid aclnn calls: the documented status from the documented
// library. Tensors are (shape, dtype) as the upstream test gives them for x, grad, argmax and y.
struct InvalidRow {
  std::string source;
  std::vector<int64_t> x, grad, argmax, y;
  aclDataType x_dtype = ACL_FLOAT, grad_dtype = ACL_FLOAT, argmax_dtype = ACL_INT32, y_dtype = ACL_FLOAT;
  std::vector<int64_t> k, s, p, d;
  int32_t status = 0;
};

const std::vector<TilingRow>& a2_tiling_rows();
const std::vector<InvalidRow>& invalid_rows();

}  // namespace poolcheck::conformance
