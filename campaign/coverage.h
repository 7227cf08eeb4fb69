// The coverage targets of a campaign, counted from its summary: every rule and every mutation class of the
// selected operators' specs, every dtype and feature of their valid cells, and every tiling key their
// strategy notes list (measured only when the backend reports its tiling).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "case/case.h"
#include "case/summary.h"

namespace poolcheck {

std::vector<CoverageTarget> coverage_targets(const CampaignSummary& s);

// Every measured target has at least `k` hits.
bool covered(const std::vector<CoverageTarget>& targets, int64_t k);

// The label the campaign gives a result: the planned cell for a valid case (with the dtype the case
// really has) and for an invalid case whose first violated rule is the planned one; the rule actually
// broken, class "-", otherwise; "" when the mutation left the case valid.
std::string result_label(const std::string& planned, bool invalid, const std::string& planned_rule,
                         const CaseResult& r);

// A valid result's label for the threshold feature gains a sixth word, where the case sits (gen::threshold):
// "cell <op> <strategy> <dtype> threshold normal-tile-fits/below", or ".../none" when at no threshold (a planned
// label's sixth word, the pair the cell asked for, is replaced). Other labels are returned as they are. Coverage
// counts each pair ("threshold" target "normal-tile-fits/below") and each pair in each dtype ("... f16").
std::string with_threshold_placement(std::string label, const Case& c);

}  // namespace poolcheck
