// The knob values at which the tiling oracle's decision for a case flips: each operator's statement names the
// rules of its selection that a tiling knob (the UB size, the core count, the int32 index limit) decides, and for
// a case's shape (and its other knobs) the value at which the rule's outcome changes. The generators place cases
// exactly there and one step to either side.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "case/case.h"
#include "tiling_oracle/expected_tiling.h"

namespace poolcheck::tiling_oracle {

// The tiling knobs of a case, and the step of each (one UB block; one core; one element).
enum class Knob : int8_t { UbBytes, Cores, Int32Limit };
const char* knob_name(Knob k);  // "ub", "cores", "i32limit" (the descriptor's words)
int64_t knob_step(Knob k);
int64_t knob_value(const Case& c, Knob k);
void set_knob(Case* c, Knob k, int64_t value);

// The decision rules a knob decides, by operator.
enum class ThresholdRule : int8_t {
  NormalTileFits,          // maxpool3d_grad A2/A3: Normal's 1x1x1 tile with 64 lanes fits (else Scatter)
  NormalLanes,             // maxpool3d_grad A2/A3: the whole plane fits with CeilAlign(N*C, 16) lanes (else 16)
  NormalCoreSplit,         // maxpool3d_grad A2/A3: Normal's N*C blocks reach the cores (split N*C only, else D/H/W)
  ScatterPlaneFits,        // maxpool3d_grad A2/A3: one N*C plane fits Scatter's UB (cut NC, else cut D)
  ScatterLayerFits,        // maxpool3d_grad A2/A3: one Ho*Wo layer fits Scatter's UB (cut D, else cut H)
  ScatterRowFits,          // maxpool3d_grad A2/A3: one Wo row fits Scatter's UB (cut H, else cut W)
  ScatterCoresVsNc,        // maxpool3d_grad A2/A3: Scatter's cores vs N*C (a core per N*C, else two on some)
  CutKFits,                // maxpool3d_grad A2/A3: the whitelisted geometry's CutK finds a tile (else Normal)
  CutKBlocksVsCores,       // maxpool3d_grad A2/A3: CutK's blocks vs the cores (used = min(blocks, cores))
  Int32IndexLimit,         // maxpool3d_grad 950: N*C*D*H*W within the int32 index limit (else SIMT, int64)
  SimdMinTileFits,         // maxpool3d_grad 950: the smallest SIMD tile fits (else SIMT)
  SimdPlanesFit,           // maxpool3d_grad 950: whole D/H/W planes fit (SIMD full, else split)
  SimdCoresVsNc,           // maxpool3d_grad 950: SIMD's whole planes, one N*C per core from N*C cores on
  SimtBlocksVsCores,       // maxpool3d_grad 950: SIMT's blocks of 1024 threads vs the cores
  VectorChannelsFit,       // avgpool2d_grad, avgpool3d_grad: the channels fit one vector pass (else chunks)
  VectorCoresVsPositions,  // avgpool2d_grad, avgpool3d_grad: the cores vs the output positions (blockDim)
  GeneralRowFits,          // adaptive_avgpool3d_grad: an aligned N*C row fits the UB (small, else large N*C)
  GeneralCoresVsTasks,     // adaptive_avgpool3d_grad: the cores vs the tasks (tasks per core)
};
const char* rule_name(ThresholdRule r);  // "normal-tile-fits", ...
// The rules an operator's statement states thresholds of, in the table's order.
std::vector<ThresholdRule> threshold_rules(const std::string& op);

// One threshold of a case: setting `knob` to `value` gives the decision on the rule's "fits"/"enough" side, to
// value - 1 the other; `changes` names what differs between the two ("strategy", "key" or a summary field).
// A statement states a threshold only where both sides, and one knob step beyond each, get a decision.
struct Threshold {
  ThresholdRule rule;
  Knob knob;
  int64_t value = 0;
  std::string changes;
};

// The thresholds of a case valid per its spec, through the operator table (none for an unknown SoC or operator).
std::vector<Threshold> tiling_thresholds(const Case& c);

// The value of `changes` in a decision: its strategy, its key, or the named summary field ("" when absent).
std::string decision_value(const ExpectedTiling& e, const std::string& changes);

}  // namespace poolcheck::tiling_oracle
