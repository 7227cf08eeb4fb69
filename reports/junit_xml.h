// junit.xml for CI test tabs: a "campaign" testcase carrying the summary line, and one testcase per kept
// failing case (failure, or error for a crash) whose text is the repro command and the runner's message.
#pragma once

#include <string>

#include "case/summary.h"

namespace poolcheck::reports {

std::string summary_junit_xml(const CampaignSummary& s);

// Escape for XML 1.0 text and attribute values; characters XML 1.0 cannot carry become '?'.
std::string xml_escape(const std::string& text);

}  // namespace poolcheck::reports
