// The tiling strategies of the operator's kernels, with every key each reports and the SoCs that run them.
#include "spec/spec.h"

namespace poolcheck::spec::maxpool3d_grad {

namespace {

// The A2/A3 kernels (Ascend910B, Ascend910_93).
std::vector<StrategyNote> a2_strategies() {
  return {
      {"Normal",
       {0, 100},
       "A tile of NC lanes with whole output windows fits in the unified buffer; gradients are scattered "
       "into a UB copy of the input region and overlap between windows is resolved there. Key 100 adds GM "
       "atomic adds because an overlapping axis is cut across cores or UB tiles."},
      {"CutK",
       {51, 61, 71, 151, 161, 171},
       "Even one output position's window does not fit in the UB, so the kernel window is cut along KD (51), "
       "KH (61) or KW (71) and the chunks are processed one after another; +100 when neighbouring windows "
       "overlap and chunks are accumulated with GM atomics."},
      {"Scatter",
       {2, 102},
       "The scalar fallback: each core owns a contiguous NC range and stores every gradient at the input "
       "position its index names (key 2); with overlapping windows it reads, adds and writes back in GM, "
       "through an fp32 workspace for fp16/bf16 (key 102)."},
  };
}

}  // namespace

std::vector<StrategyNote> strategies() {
  std::vector<StrategyNote> notes = a2_strategies();
  for (StrategyNote& n : notes) n.platforms = {"Ascend910B", "Ascend910_93"};
  // The Ascend950 kernels. Their keys carry upstream's fields: the kernel's index type in bits 0-7 (1 = int32,
  // 2 = int64), SIMT bit 8, channel-last bit 9 (never set: aclnn passes NCDHW), check-range bit 10, full-load
  // bit 11. Both kernels are deterministic and use no GM atomics.
  notes.push_back(
      {"SIMD",
       {2049, 1, 1025},
       "Gather by output region: each core takes a contiguous range of gradInput tiles, copies in the gradOutput "
       "and index windows that can reach its tile, adds the gradients in an fp32 UB tile (overlapping windows in "
       "interleaved groups, so no two lanes of one vector add into one element) and casts once. Key 2049: whole "
       "D/H/W planes of NC groups fit the UB (full load). Key 1: without padding or overlap, a D, H or W split on "
       "stride multiples. Key 1025: otherwise an unaligned D/H/W split that checks which indices fall in the tile. "
       "Only where gradInput's N*C*D*H*W is within the int32 index limit and the smallest tile fits the UB less "
       "its 2048-byte reserve.",
       {"Ascend950"}});
  notes.push_back(
      {"SIMT",
       {257, 258},
       "The catch-all: one thread per gradInput element sums, in fp32, the gradients of the windows that can "
       "hold it and whose index names it, then casts. Key 257 indexes with int32 (N*C*D*H*W within the int32 "
       "index limit), key 258 with int64 (above it, where SIMD cannot run).",
       {"Ascend950"}});
  return notes;
}

}  // namespace poolcheck::spec::maxpool3d_grad
