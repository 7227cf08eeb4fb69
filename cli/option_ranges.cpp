#include "cli/option_ranges.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace poolcheck::cli {

namespace {

// Whole numbers as integers (86400, 1000000000), others in the shortest form that reads back (0.5, 1e-06).
std::string plain(double v) {
  char buf[64];
  if (std::fabs(v) < 1e15 && v == std::floor(v))
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  else
    std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

}  // namespace

CLI::Validator real_range(double lo, double hi) {
  const std::string range = plain(lo) + " to " + plain(hi);
  return CLI::Validator(
      [lo, hi, range](std::string& text) -> std::string {
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (end == text.c_str() || *end != '\0' || !std::isfinite(v)) return "Value " + text + " is not a number";
        if (v < lo || v > hi) return "Value " + text + " not in range " + range;
        return "";
      },
      "in [" + range + "]");
}

CLI::Validator unsigned_64() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        if (!digits) return "Value " + text + " not in range 0 to " + std::to_string(UINT64_MAX);
        return "";
      },
      "in [0 to 2^64-1]");
}

}  // namespace poolcheck::cli
