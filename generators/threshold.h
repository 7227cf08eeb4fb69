// Cases at the knob thresholds of their tiling (tiling_oracle/thresholds.h): a case drawn as usual, then its UB
// size, core count or int32 index limit set exactly at a threshold of its shape, one knob step below or one above
// (the "threshold" feature). Some operators add shape boundaries of their own that no knob decides (adaptive
// pooling's window products at float's 2^24). Each operator's threshold generator lives in
// ops/<token>/generator_threshold.cpp.
#pragma once

#include <rapidcheck.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "generators/generators.h"
#include "tiling_oracle/thresholds.h"

namespace poolcheck::gen::threshold {

enum class Side : int8_t { Below, At, Above };
inline constexpr std::array<Side, 3> kSides{Side::Below, Side::At, Side::Above};
const char* side_name(Side s);  // "below", "at", "above"

// The knob value on `side` of threshold `t`: one knob step below it, the value itself, one step above.
int64_t knob_at(const tiling_oracle::Threshold& t, Side side);
// Whether a case can carry that knob value (0 would mean the platform's own; the emulator runs at most 64 cores).
bool knob_allows(tiling_oracle::Knob k, int64_t value);

// A shape boundary of an operator: its name and, for a case, the side of it the case sits on (nullopt: none).
struct ShapeBoundary {
  const char* name;
  std::optional<Side> (*side_of)(const Case& c);
};

// Where a case sits: the first tiling threshold whose knob the case has at, below or above it, else the first
// shape boundary it sits at; nullopt when neither. Its label is "<rule>/<side>".
struct Placement {
  std::string rule;
  Side side = Side::At;
};
std::optional<Placement> placement(const Case& c);
std::string label(const Placement& p);

// Every "<rule>/<side>" an operator's threshold cases can reach: its tiling rules, then its shape boundaries.
std::vector<std::string> targets(const std::string& op);

// The "<rule>/<side>" pairs of a list of rule (or shape boundary) names, each name on every side in kSides order:
// pair i is name i / 3 on side i % 3.
std::vector<std::string> pairs(const std::vector<std::string>& names);

// Which of `pairs` a case takes: the one the target names (CaseTarget::threshold; std::invalid_argument when it is
// not among them), else a draw.
size_t pick(const GenConfig& cfg, const std::vector<std::string>& pairs);

// A case from `draw` with its knob at `side` of a threshold of `rule`: draws until one states that rule with a knob
// value the case can carry (then any rule, on that side); throws std::runtime_error when none does.
Case place_on(const rc::Gen<Case>& draw, tiling_oracle::ThresholdRule rule, Side side);

}  // namespace poolcheck::gen::threshold

// Each operator's threshold generator (ops/<token>/generator_threshold.cpp), declared for every row of the table:
//   gen::<token>::threshold(cfg)          a valid case at, below or above one of its thresholds
//   gen::<token>::threshold_strategies()  the tiling strategies (spec strategy notes) a knob threshold decides
//   gen::<token>::shape_boundaries()      its shape boundaries (none for most)
//   gen::<token>::threshold_pairs(s)      the "<rule>/<side>" pairs its cases of strategy s are placed at
#define POOLCHECK_OPERATOR(token, aclnn)                                      \
  namespace poolcheck::gen::token {                                           \
  rc::Gen<Case> threshold(const GenConfig& cfg = {});                         \
  std::vector<Strategy> threshold_strategies();                               \
  std::vector<::poolcheck::gen::threshold::ShapeBoundary> shape_boundaries(); \
  std::vector<std::string> threshold_pairs(Strategy strategy);                \
  }
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR

namespace poolcheck::gen {

// By operator name: the threshold generator, and whether cells of `strategy` take the threshold feature.
rc::Gen<Case> threshold_case(const std::string& op, const GenConfig& cfg = {});
bool threshold_applies(const std::string& op, Strategy strategy);
// The "<rule>/<side>" pairs the threshold cases of (op, strategy) are placed at: one schedule cell each.
std::vector<std::string> threshold_pairs(const std::string& op, Strategy strategy);

}  // namespace poolcheck::gen
