// Reads a campaign's own summary.json and results.jsonl and lists what the campaign failed to reach: a rule,
// mutation class, dtype, feature or tiling key of a selected operator's spec without a hit, a target list that
// leaves one out, or rule hits that the case results do not bear out.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace poolcheck::coverage_check {

// Empty when every target of every selected operator was hit at least once.
std::vector<std::string> problems(const std::filesystem::path& report_dir);

}  // namespace poolcheck::coverage_check
