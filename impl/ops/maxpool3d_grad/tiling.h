// Host tiling of MaxPool3DGradWithArgmax for Atlas A2/A3, choosing what ops-nn's op_host tiling chooses:
// templates tried in priority order CutK (10), Normal (12), Scatter (16); the first capable one that
// finds a tile wins. Each template's UB model, search order, core split and key follow upstream's rules
// (docs/tiling-conformance.md lists them and the few deliberate differences).
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

inline constexpr int64_t kLaneBlock = 64;        // NC lanes of one vector repeat of fp32 (upstream's vl)
inline constexpr int64_t kMinLanes = 16;         // the smallest lane block Normal shrinks to
inline constexpr int64_t kScatterMaxNc = 4095;   // Scatter's cap on NC rows per UB pass
inline constexpr int64_t kSelectReserve = 8192;  // UB Normal and CutK keep back for Select's scratch
inline constexpr int64_t kScatterReserve = 32;   // UB Scatter keeps back for its one-element store buffer

// Upstream's ubCutAxis: which axis the UB pass cuts (the key's tens for CutK).
enum UbCut : int {
  kNoCut = 0,
  kCutNc = 10,
  kCutDo = 20,
  kCutHo = 30,
  kCutWo = 40,
  kCutKd = 50,
  kCutKh = 60,
  kCutKw = 70
};

struct Tiling {
  Strategy strategy = Strategy::Normal;
  uint64_t key = 0;
  bool overlap = false;               // upstream's isOverLap after the template (Normal's whole-plane tile clears it)
  bool atomics = false;               // copy-out adds into GM (Normal/CutK with overlap; Scatter's read-modify-write)
  bool init_output = false;           // zero the accumulation target before the main phase
  bool fp32_workspace = false;        // fp16/bf16 with overlap: accumulate in an fp32 GM workspace, then a cast pass
  int ub_cut = kNoCut;                // upstream's ubCutAxis
  int64_t lanes = 0;                  // Normal/CutK: vl (baseNc); Scatter: baseNc
  std::array<int64_t, 4> single{};    // block extent along NC, Do, Ho, Wo (Normal: singleCore*, CutK: base*)
  std::array<int64_t, 4> count{};     // blocks along NC, Do, Ho, Wo
  std::array<int64_t, 3> base_out{};  // UB tile of output positions (baseDo, baseHo, baseWo)
  std::array<int64_t, 3> region{};    // CutK: input extents of one UB pass (upstream's Dp, Hp, Wp)
  int64_t total_blocks = 0;
  int32_t block_dim = 0;  // usedCoreNum
  // Scatter: contiguous NC-block ranges, the first `pre_core_num` cores take `nc_round` blocks, the others
  // `nc_round_tail` (every core takes `nc_round` when pre_core_num is 0).
  int64_t nc_round = 0, nc_round_tail = 0, pre_core_num = 0;
  int64_t ub_limit = 0;
  int64_t ub_model = 0;  // the template's model of the UB its tile needs
  int64_t workspace_fp32_bytes = 0;
  // Upstream profile: ops-nn launches no index check, and its Normal/CutK kernels drop an index that is
  // not a position of its own window (set by upstream_op_api.cpp).
  bool check_indices = true;
  bool drop_stray_indices = false;

  std::string summary() const;
};

// Input positions touched by output positions [o0, o1) along one axis, clipped to [0, in).
std::array<int64_t, 2> input_span(const Problem& pr, int axis, int64_t o0, int64_t o1);

// Upstream's UB models (bytes, saturated at INT64_MAX instead of wrapping), for the kernels' own bound checks
// and the tests: Normal's CalUBTotalSize and CutK's for an output tile and a cut axis.
int64_t normal_ub_model(const Problem& pr, int64_t vl, const std::array<int64_t, 3>& tile, bool overlap);
int64_t cutk_ub_model(const Problem& pr, int64_t vl, const std::array<int64_t, 3>& tile, int ub_cut);

std::optional<Tiling> plan_tiling(const Problem& pr, const PlatformProfile& plat, bool deterministic, std::string* why);

}  // namespace pcemu::maxpool
