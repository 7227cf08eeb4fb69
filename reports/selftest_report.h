// The harness's measure of its own power: per emulator fault, whether the default campaign killed it (some
// case failed with only that fault switched on), and when. Written as selftest.json and selftest.html; the
// same table is a section of report.html when selftest.json lies in the report directory.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace poolcheck::reports {

struct SelftestRow {
  std::string fault;  // the name --emu-faults takes
  std::string category;
  std::string description;
  bool killed = false;
  int64_t cases_run = 0;
  int64_t failures = 0;          // failing cases among those run
  int64_t first_index = -1;      // stream index of the first failing case, -1 when none
  double seconds_to_first = -1;  // wall time from the campaign's start to that case's result
  double seconds = 0;            // the fault's whole campaign
  std::string first_outcome, first_descriptor, first_message;
};

struct SelftestReport {
  uint64_t seed = 1;
  int64_t cases = 2000;
  bool full = false;  // every case ran (otherwise each campaign stopped at its first failure)
  std::string executor;
  std::string backend;
  std::vector<SelftestRow> rows;

  int64_t survivors() const;
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
