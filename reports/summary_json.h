// summary.json: the counts and distributions of one campaign (or of merged shards), its parameters and its
// failures. No git or host information, so the same run gives the same file apart from timings.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "case/summary.h"

namespace poolcheck::reports {

inline constexpr int kSummaryFormatVersion = 1;

nlohmann::json summary_to_json(const CampaignSummary& s);
// Inverse of summary_to_json. Throws std::invalid_argument naming the bad field.
CampaignSummary summary_from_json(const nlohmann::json& j);
// The parameter header (ops, seed, max_cases, max_seconds, invalid_fraction, shard) of summary.json and
// run.json: written into `j`, read into `s` (throws std::invalid_argument naming the bad field).
void parameters_to_json(const CampaignSummary& s, nlohmann::json& j);
void parameters_from_json(const nlohmann::json& j, CampaignSummary& s);
// StopReason by its stop_reason_name(); false when the name is unknown.
bool parse_stop_reason(const std::string& name, StopReason* out);

// Combine shard summaries of one campaign: counts add up, seconds is the longest shard (they run in
// parallel), failures are concatenated. Throws std::invalid_argument when seeds, operators or shard counts
// differ, or a shard index repeats.
CampaignSummary merge_summaries(const std::vector<CampaignSummary>& shards);

}  // namespace poolcheck::reports
