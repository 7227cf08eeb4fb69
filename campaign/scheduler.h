// The campaign's coverage-balanced scheduler. Invalid cases cycle through every (operator, rule, mutation
// class) cell, each visit on the next platform the rule and class can be broken on; valid cases cycle through every
// (operator, tiling strategy, dtype, feature) cell on the SoCs that run the strategy, the threshold feature once per
// (rule, side) pair the strategy's threshold cases are placed at, so every pair is drawn in every dtype. The order is a
// seeded shuffle and nothing depends on RapidCheck's size, so a short campaign reaches every cell once before any cell
// twice.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "case/strategy.h"
#include "spec/spec.h"

namespace poolcheck {

// One cell of the schedule. Invalid cells fill rule/variant, valid cells strategy/dtype/feature.
struct ScheduleCell {
  std::string op;
  bool invalid = false;
  std::string rule;
  uint64_t variant = 0;    // mutation class, an index into the rule's classes
  uint64_t variants = 1;   // the rule's class count (choice = variant + variants * visit)
  std::string class_name;  // the class's name (spec::ViolationClass::name)
  std::vector<std::string> platforms;
  std::optional<Strategy> strategy;
  std::optional<DType> dtype;
  std::string feature;
  std::string threshold;  // threshold cells: the "<rule>/<side>" pair to place the case at
};

// The SoCs whose kernels report a strategy (the note's platforms, else every SoC the operator's kernels run on):
// where the campaign draws the strategy's valid cells.
std::vector<std::string> strategy_platforms(const spec::OperatorSpec& s, const spec::StrategyNote& st);

// Every dtype some supported SoC of the operator lists, in the order of its platform table: the dtypes of its
// valid cells and of its "dtype" coverage targets.
std::vector<DType> operator_dtypes(const spec::OperatorSpec& s);

// The coverage label of a cell: "rule <op> <rule id> <class name>" or "cell <op> <strategy> <dtype> <feature>",
// a threshold cell's followed by its pair ("... threshold normal-tile-fits/below").
std::string cell_label(const ScheduleCell& cell);

class CaseScheduler {
 public:
  // Operators without a spec (test seams) get one plain valid and one plain invalid cell each.
  CaseScheduler(const std::vector<std::string>& ops, uint64_t seed);

  // Cell `ordinal` of the invalid or valid cycle, the visit number of that cell, and the platform of that visit.
  struct Pick {
    const ScheduleCell* cell = nullptr;
    uint64_t visit = 0;
    std::string platform;  // "" = the generator's choice
  };
  Pick invalid(int64_t ordinal) const;
  Pick valid(int64_t ordinal) const;

  const std::vector<ScheduleCell>& invalid_cells() const { return invalid_; }
  const std::vector<ScheduleCell>& valid_cells() const { return valid_; }

 private:
  static Pick pick(const std::vector<ScheduleCell>& cells, int64_t ordinal);
  std::vector<ScheduleCell> invalid_, valid_;
};

// Whether case `index` of a stream is invalid, and its ordinal among the invalid or valid cases: exactly
// floor(n * fraction) of the first n cases are invalid, evenly spread.
struct StreamSlot {
  bool invalid = false;
  int64_t ordinal = 0;
};
StreamSlot stream_slot(int64_t index, double invalid_fraction);

}  // namespace poolcheck
