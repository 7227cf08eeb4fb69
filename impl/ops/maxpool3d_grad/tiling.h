// Host tiling of MaxPool3DGradWithArgmax for Atlas A2/A3, in the spirit of ops-nn's three templates:
// CutK (kernel window cut in UB), Normal (NC lanes x output tile, window region accumulated in UB) and
// Scatter (scalar fallback). Templates are tried in that priority order; the first capable one wins.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "npu/platform.h"
#include "ops/maxpool3d_grad/problem.h"

namespace pcemu::maxpool {

enum class Strategy { Normal, CutK, Scatter };
const char* strategy_name(Strategy s);

inline constexpr int64_t kLaneBlock = 64;  // NC lanes processed together (64 fp32 per vector repeat)
inline constexpr int64_t kMinLanes = 16;
inline constexpr int64_t kScatterMaxNc = 4095;

struct Tile {  // output positions of one UB pass, per axis D, H, W
  std::array<int64_t, 3> out{};
};

struct Tiling {
  Strategy strategy = Strategy::Normal;
  uint64_t key = 0;
  bool overlap = false;             // windows overlap on some axis (kernel > stride)
  bool atomics = false;             // copy-out accumulates into GM, so the target is zeroed first
  bool init_output = false;         // zero the accumulation target before the main phase
  bool fp32_workspace = false;      // fp16/bf16 accumulate in an fp32 GM workspace, then a cast pass
  int64_t lanes = 0;                // NC elements per block (Normal/CutK) or per UB pass (Scatter)
  std::array<int64_t, 4> single{};  // block extent along NC, Do, Ho, Wo
  std::array<int64_t, 4> count{};   // blocks along NC, Do, Ho, Wo
  int64_t total_blocks = 0;
  int32_t block_dim = 0;              // cores launched
  std::array<int64_t, 3> base_out{};  // UB tile of output positions inside a block
  int cut_axis = 0;                   // CutK: 1 = KD, 2 = KH, 3 = KW
  std::array<int64_t, 3> base_k{};    // CutK: kernel taps per UB pass
  int64_t ub_limit = 0;
  int64_t ub_planned = 0;  // the tiling's model of the peak per-block UB use
  int64_t workspace_fp32_bytes = 0;
  // Upstream profile: ops-nn launches no index check, and its Normal/CutK kernels drop an index that is
  // not a position of its own window (set by upstream_op_api.cpp).
  bool check_indices = true;
  bool drop_stray_indices = false;

  std::string summary() const;
};

// UB bytes the Normal / CutK kernels allocate for one pass: `lanes` NC lanes, an output tile and the
// input region it reads back (already clipped to the input).
int64_t lane_tile_ub_bytes(int64_t lanes, const std::array<int64_t, 3>& out_tile, const std::array<int64_t, 3>& region,
                           int64_t dtype_bytes);
// UB bytes the Scatter kernel allocates for one pass.
int64_t scatter_ub_bytes(int64_t nc, const std::array<int64_t, 3>& out_tile, int64_t dtype_bytes);
// Input positions touched by output positions [o0, o1) along one axis, clipped to [0, in).
std::array<int64_t, 2> input_span(const Problem& pr, int axis, int64_t o0, int64_t o1);

std::optional<Tiling> plan_tiling(const Problem& pr, const PlatformProfile& plat, bool deterministic, std::string* why);

}  // namespace pcemu::maxpool
