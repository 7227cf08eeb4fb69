// The coverage a campaign is held to: once it is long enough for the schedule to visit every cell, a target it
// never hit is a finding about the generators, not bad luck, and the run fails on it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "case/summary.h"

namespace poolcheck {

struct CoverageGoal {
  // The cases the schedule needs to visit every invalid and every valid cell at least once (0: it never does,
  // e.g. an invalid fraction of 0 or 1 leaves one kind unvisited).
  int64_t cases_needed = 0;
  // The goal holds the run: a generated stream, complete (not cut by a time budget or a signal), unsharded or
  // merged from every shard, at least cases_needed long. When false, `why_not` says why in a few words.
  bool applies = false;
  std::string why_not;
  std::vector<CoverageTarget> missed;  // measured targets without a hit, when the goal applies
  bool failed() const { return applies && !missed.empty(); }
};

// The goal of the campaign `s` summarises; `listed` for a run over a case list (which has no schedule).
CoverageGoal coverage_goal(const CampaignSummary& s, bool listed);

// The cases a stream of `ops` with this invalid fraction needs to visit every cell of its schedule once.
int64_t cases_to_visit_every_cell(const std::vector<std::string>& ops, uint64_t seed, double invalid_fraction);

}  // namespace poolcheck
