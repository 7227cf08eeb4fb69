// audit.md: the summary table, rule coverage, the confusion matrix, the per-rule matrix with citations per
// doc version, precedence, undocumented inputs, and the discrepancies between and inside the doc versions.
#pragma once

#include <string>
#include <vector>

#include "audit/audit_model.h"
#include "audit/audit_summary.h"

namespace poolcheck::audit {

std::string audit_markdown(const AuditReport& report);

// The summary as a Markdown table (also what `poolcheck audit` prints).
std::string summary_table(const std::vector<SummaryRow>& rows);

}  // namespace poolcheck::audit
