// Checks for numeric command-line options whose messages name the option, the value and the range in plain
// numbers (CLI11's own Range prints doubles as 86400.000000 and lets an unsigned option wrap "-3").
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace poolcheck::cli {

// A floating-point value in [lo, hi]: "Value -1 not in range 0 to 86400".
CLI::Validator real_range(double lo, double hi);

// An unsigned 64-bit value, written without a sign: "Value -3 not in range 0 to 18446744073709551615".
CLI::Validator unsigned_64();

}  // namespace poolcheck::cli
