// The harness's measure of its own power: per emulator fault, whether the default campaign killed it (some
// case failed with only that fault switched on), when, and by how many cases (its kills, counted when every case
// ran). Written as selftest.json and selftest.html; the same table is a section of report.html when
// selftest.json lies in the report directory.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace poolcheck::reports {

// A fault's verdict: killed by at least the demanded number of cases, killed by fewer (weak: the campaign
// reaches the bug by a lucky draw or two), or by none.
enum class SelftestVerdict { Killed, Weak, Survived };
const char* verdict_name(SelftestVerdict v);  // "killed", "weak", "survived"

struct SelftestRow {
  std::string fault;  // the name --emu-faults takes
  std::string category;
  std::string description;
  bool killed = false;
  int64_t cases_run = 0;
  int64_t failures = 0;          // failing cases among those run: the fault's kills when every case ran
  int64_t first_index = -1;      // stream index of the first failing case, -1 when none
  double seconds_to_first = -1;  // wall time from the campaign's start to that case's result
  double seconds = 0;            // the fault's whole campaign
  std::string first_outcome, first_descriptor, first_message;
};

struct SelftestReport {
  uint64_t seed = 1;
  int64_t cases = 2000;
  bool full = false;      // every case ran (otherwise each campaign stopped at its first failure)
  int64_t min_kills = 1;  // the kills a fault needs to count as killed, not weak
  std::string executor;
  std::string backend;
  std::vector<SelftestRow> rows;

  SelftestVerdict verdict(const SelftestRow& row) const;
  int64_t survivors() const;
  int64_t weak() const;  // killed by fewer than min_kills cases
  // Median of seconds_to_first over the killed faults; -1 when none was killed.
  double median_seconds_to_first() const;
};

nlohmann::ordered_json selftest_json(const SelftestReport& r);
// A <section id="selftest"> of the table in selftest.json's layout (a file that lacks the fields gives a
// section saying so).
std::string selftest_section_html(const nlohmann::ordered_json& j);
// The fixed-width table for the terminal.
std::string selftest_text_table(const SelftestReport& r);

struct SelftestPaths {
  std::filesystem::path json, html;
};
// Writes `dir`/selftest.json and `dir`/selftest.html atomically (creating dir).
SelftestPaths write_selftest(const std::filesystem::path& dir, const SelftestReport& r);

}  // namespace poolcheck::reports
