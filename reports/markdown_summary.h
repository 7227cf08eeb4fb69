// summary.md: the campaign for CI logs and job summaries (GitHub's $GITHUB_STEP_SUMMARY renders it):
// verdict, parameters, tables of outcomes, tiling keys and expected-error rules, and each failure with the
// command that reproduces it.
#pragma once

#include <string>

#include "case/summary.h"

namespace poolcheck::reports {

struct MarkdownOptions {
  size_t max_failures = 50;  // failures listed in full; the rest are counted
};

std::string summary_markdown(const CampaignSummary& s, const MarkdownOptions& opt = {});

// A table cell: '|' escaped, line breaks flattened, long text shortened with "...".
std::string markdown_cell(const std::string& text, size_t max_len = 200);

}  // namespace poolcheck::reports
