// Every documented rule id per operator (from spec/), for the rule coverage in report.html.
#pragma once

#include "reports/report_writer.h"

namespace poolcheck::cli {

reports::RulesByOp documented_rules();

}  // namespace poolcheck::cli
