// RapidCheck generators of Cases. The same generators drive the property tests (with shrinking) and the
// `poolcheck run` campaign (sampled from a seed), so both explore one distribution.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "case/strategy.h"

namespace poolcheck::gen {

// The features a valid case can be asked to exercise (CaseTarget::feature); an operator's generator lists the
// ones that apply to it (gen::<token>::features()).
inline constexpr const char* kFeaturePlain = "plain";         // nothing forced
inline constexpr const char* kFeatureViews = "views";         // every tensor a non-contiguous view
inline constexpr const char* kFeatureOffsets = "offsets";     // storage offsets
inline constexpr const char* kFeatureCeil = "ceil";           // ceilMode on
inline constexpr const char* kFeaturePadLimit = "pad-limit";  // padding at its documented limit on some axis
inline constexpr const char* kFeatureOverlap = "overlap";     // windows that share input elements
inline constexpr const char* kFeatureTies = "ties";           // equal values inside windows
inline constexpr const char* kFeatureSpecial = "special";     // NaN and Inf in the data
inline constexpr const char* kFeatureDet = "det";             // deterministic mode
inline constexpr const char* kFeatureBoundary = "boundary";   // a boundary-heavy case (GenConfig::boundary)
// A tiling knob at, one step below or one above a threshold of the case's tiling (generators/threshold.h); only
// for the strategies a knob decides (threshold_applies).
inline constexpr const char* kFeatureThreshold = "threshold";
// INT64 indices: only where a SoC of the cell lists them (max pooling on Ascend950; feature_applies).
inline constexpr const char* kFeatureInt64Indices = "int64-indices";

// What the campaign's scheduler asks of one case; empty fields leave the choice to the generator, so the
// property tests (which pass none) see the generator's own distribution.
struct CaseTarget {
  // Invalid cases: the rule to violate and the mutation choice (class choice % rule.classes.size(); the base
  // case is drawn to meet that class's conditions).
  std::string rule;
  uint64_t choice = 0;
  // Both: the SoC.
  std::string platform;
  // Valid cases: the tiling strategy (one of the operator's spec strategy notes) to steer shapes and knobs
  // towards, the tensor dtype and one feature.
  std::optional<Strategy> strategy;
  std::optional<DType> dtype;
  std::string feature;
  // Threshold cells: the "<rule>/<side>" to place the case at (generators/threshold.h); empty = the generator's own
  // rotation over its pairs.
  std::string threshold;
};

struct GenConfig {
  // SoCs used for cases that must succeed (the emulator runs kernels there); empty = the operator's own
  // (kernel_platforms(op): every operator on Ascend910B and Ascend910_93, max pooling on Ascend950 too, adaptive
  // pooling on Ascend910 and Ascend310P too).
  std::vector<std::string> kernel_platforms;
  int64_t max_nc = 140;     // N*C reaches past two 64-lane blocks
  int64_t min_nc = 1;       // > 1: N*C at least this (a route that only large N*C takes)
  int64_t max_spatial = 9;  // per D/H/W axis of the input
  int64_t min_width = 0;    // > 0: the input's W axis at least this long (one long axis stays cheap)
  bool vary_layout = true;  // non-contiguous views, storage offsets
  bool vary_knobs = true;   // core count and UB size small enough to reach every tiling
  bool vary_data = true;    // ints / ties / special (NaN, Inf) fills
  CaseTarget target;        // the scheduler's request (empty: draw freely)
  bool boundary = false;    // valid(): a boundary-heavy case instead (generators/boundary.h)
  // The spatial rank of the entry point a family generator draws for: 2 makes a 3-D family's case a 2-D problem
  // (depth axis of one, case/depth_axis.h); 0 = the operator's own rank.
  int spatial_rank = 0;
};

// The first spatial axis (of D, H, W) a 3-D family's generator may vary: 1 for a 2-D entry point's case.
inline int first_free_axis(const GenConfig& cfg) { return cfg.spatial_rank == 2 ? 1 : 0; }

}  // namespace poolcheck::gen

// Each operator's generators (ops/<token>/generator.cpp), declared for every row of the operator table:
//   gen::<token>::valid(cfg)             a case the spec calls valid
//   gen::<token>::invalid(cfg, rule_id)  a valid case mutated to violate exactly one rule; rule_id empty = any
//   gen::<token>::features()             the CaseTarget features its valid generator can force
#define POOLCHECK_OPERATOR(token, aclnn)                                             \
  namespace poolcheck::gen::token {                                                  \
  rc::Gen<Case> valid(const GenConfig& cfg = {});                                    \
  rc::Gen<Case> invalid(const GenConfig& cfg = {}, const std::string& rule_id = ""); \
  std::vector<std::string> features();                                               \
  }
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR

namespace poolcheck::gen {

// Registry of generators by operator name (the CLI uses this).
rc::Gen<Case> valid_case(const std::string& op, const GenConfig& cfg = {});
rc::Gen<Case> invalid_case(const std::string& op, const GenConfig& cfg = {}, const std::string& rule_id = "");
std::vector<std::string> operators();
std::vector<std::string> features(const std::string& op);

// The SoCs whose kernels the bundled emulator runs for an operator (docs/emulator.md), in a fixed order.
std::vector<std::string> kernel_platforms(const std::string& op);
// The SoCs a valid case of `op` may be drawn on: cfg.kernel_platforms when set, else the SoC the process pins
// (pin_kernel_platform), else kernel_platforms(op).
std::vector<std::string> kernel_socs(const GenConfig& cfg, const std::string& op);
// For a process that tests a backend without platform control, which runs every case on its own SoC: valid cases
// drawn without a platform go there, so that a case valid on another SoC (INT64 indices on Ascend950) is not run
// as an invalid one. "" unpins.
void pin_kernel_platform(const std::string& soc);

// RapidCheck prints generated Cases as their one-line descriptors.
}  // namespace poolcheck::gen
namespace poolcheck {
void showValue(const Case& c, std::ostream& os);
}  // namespace poolcheck
namespace poolcheck::gen {

// One draw from a generator, reproducible from (seed, size).
Case sample(const rc::Gen<Case>& g, uint64_t seed, int size = 60);

}  // namespace poolcheck::gen
