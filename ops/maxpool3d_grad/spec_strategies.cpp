// The tiling strategies of the operator's kernels, with every key each reports and the SoCs that run them.
#include "spec/spec.h"

namespace poolcheck::spec::maxpool3d_grad {

namespace {

// The A2/A3 kernels (Ascend910B, Ascend910_93).
std::vector<StrategyNote> a2_strategies() {
  return {
      {Strategy::Normal,
       {0, 100},
       "64 NC lanes (fewer, down to 16, for small N*C or a plane too big for 64) with an output tile and its "
       "window region in the unified buffer; gradients are added into a UB copy of the region. Key 0 when "
       "windows do not overlap or the whole output plane fits one tile (overlap resolved in UB); key 100 when "
       "an overlapping problem is cut over cores or UB tiles and regions are added into GM atomically."},
      {Strategy::CutK,
       {31},
       "Only for the one geometry upstream whitelists (output 1x6x8, kernel 5x1x6, stride 8x13x18, N*C <= "
       "3072): 64 lanes of output tiles whose region is walked one input D row at a time (UB cut along Do, KD "
       "and Ho, key 1 + 30). The whitelisted windows never overlap, so the +100 variants are unreachable."},
      {Strategy::Scatter,
       {2, 102},
       "The fallback when Normal's smallest tile does not fit (or dilation is not 1): each core owns a "
       "contiguous range of NC blocks and stores every gradient at the input position its index names (key "
       "2); with overlapping windows it reads, adds and writes back in GM, through an fp32 workspace for "
       "fp16/bf16 (key 102)."},
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
      {Strategy::SIMD,
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
      {Strategy::SIMT,
       {257, 258},
       "The catch-all: one thread per gradInput element sums, in fp32, the gradients of the windows that can "
       "hold it and whose index names it, then casts. Key 257 indexes with int32 (N*C*D*H*W within the int32 "
       "index limit), key 258 with int64 (above it, where SIMD cannot run).",
       {"Ascend950"}});
  return notes;
}

}  // namespace poolcheck::spec::maxpool3d_grad
