#include "campaign/coverage_goal.h"

#include "campaign/scheduler.h"
#include "generators/generators.h"

namespace poolcheck {

int64_t cases_to_visit_every_cell(const std::vector<std::string>& ops, uint64_t seed, double invalid_fraction) {
  if (invalid_fraction <= 0 || invalid_fraction >= 1) return 0;
  const CaseScheduler schedule(ops.empty() ? gen::operators() : ops, seed);
  const auto invalid_cells = static_cast<int64_t>(schedule.invalid_cells().size());
  const auto valid_cells = static_cast<int64_t>(schedule.valid_cells().size());
  // Walk the stream's slots: cell k of a kind is visited by that kind's case of ordinal k.
  int64_t invalid = 0, valid = 0, n = 0;
  while (invalid < invalid_cells || valid < valid_cells) {
    const StreamSlot slot = stream_slot(n++, invalid_fraction);
    ++(slot.invalid ? invalid : valid);
  }
  return n;
}

CoverageGoal coverage_goal(const CampaignSummary& s, bool listed) {
  CoverageGoal g;
  g.cases_needed = cases_to_visit_every_cell(s.ops, s.seed, s.invalid_fraction);
  if (listed)
    g.why_not = "a case list has no schedule";
  else if (g.cases_needed == 0)
    g.why_not = "an invalid fraction of 0 or 1 leaves cells unvisited";
  else if (s.stop != StopReason::Completed)
    g.why_not = std::string("the run ended early (") + stop_reason_name(s.stop) + ")";
  else if (s.shard_count > 1 && (s.merged_shards.empty() || !s.missing_shards().empty()))
    g.why_not = "a shard sees part of the stream; the merge of every shard is held to it";
  else if (s.max_cases < g.cases_needed)
    g.why_not = std::to_string(s.max_cases) + " cases are fewer than the " + std::to_string(g.cases_needed) +
                " the schedule needs to visit every cell";
  else
    g.applies = true;
  if (g.applies) g.missed = s.never_hit();
  return g;
}

}  // namespace poolcheck
