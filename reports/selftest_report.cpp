#include "reports/selftest_report.h"

#include <algorithm>
#include <sstream>

#include "reports/atomic_file.h"
#include "reports/html_table.h"
#include "reports/repro_command.h"
#include "reports/text_format.h"

namespace poolcheck::reports {

using json = nlohmann::ordered_json;

const char* verdict_name(SelftestVerdict v) {
  switch (v) {
    case SelftestVerdict::Killed:
      return "killed";
    case SelftestVerdict::Weak:
      return "weak";
    case SelftestVerdict::Survived:
      return "survived";
  }
  return "?";
}

SelftestVerdict SelftestReport::verdict(const SelftestRow& row) const {
  if (!row.killed) return SelftestVerdict::Survived;
  return row.failures < min_kills ? SelftestVerdict::Weak : SelftestVerdict::Killed;
}

int64_t SelftestReport::survivors() const {
  return std::count_if(rows.begin(), rows.end(), [](const SelftestRow& r) { return !r.killed; });
}

int64_t SelftestReport::weak() const {
  return std::count_if(rows.begin(), rows.end(),
                       [this](const SelftestRow& r) { return verdict(r) == SelftestVerdict::Weak; });
}

double SelftestReport::median_seconds_to_first() const {
  std::vector<double> t;
  for (const auto& r : rows)
    if (r.killed) t.push_back(r.seconds_to_first);
  if (t.empty()) return -1;
  std::sort(t.begin(), t.end());
  const size_t m = t.size() / 2;
  return t.size() % 2 ? t[m] : (t[m - 1] + t[m]) / 2;
}

json selftest_json(const SelftestReport& r) {
  json j;
  j["seed"] = r.seed;
  j["cases"] = r.cases;
  j["full"] = r.full;
  j["min_kills"] = r.min_kills;
  j["executor"] = r.executor;
  j["backend"] = r.backend;
  j["faults_total"] = r.rows.size();
  j["killed"] = static_cast<int64_t>(r.rows.size()) - r.survivors();
  j["survived"] = r.survivors();
  j["weak"] = r.weak();
  j["median_seconds_to_first_failure"] = r.median_seconds_to_first();
  json rows = json::array();
  for (const auto& row : r.rows) {
    json o;
    o["fault"] = row.fault;
    o["category"] = row.category;
    o["description"] = row.description;
    o["verdict"] = verdict_name(r.verdict(row));
    o["killed"] = row.killed;
    o["cases_run"] = row.cases_run;
    o["failures"] = row.failures;
    // The kills are counted only when every case ran; a campaign stopped at its first failure knows of one.
    o["kills"] = r.full ? json(row.failures) : json(nullptr);
    o["first_failure_index"] = row.first_index;
    o["seconds_to_first_failure"] = row.seconds_to_first;
    o["seconds"] = row.seconds;
    o["first_outcome"] = row.first_outcome;
    o["first_descriptor"] = row.first_descriptor;
    o["first_message"] = row.first_message;
    o["repro"] =
        row.killed ? "poolcheck --emu-faults " + row.fault + " repro " + shell_quote(row.first_descriptor) : "";
    rows.push_back(std::move(o));
  }
  j["faults"] = std::move(rows);
  return j;
}

namespace {

std::string text_of(const json& o, const char* key) {
  const auto it = o.find(key);
  if (it == o.end()) return "";
  return it->is_string() ? it->get<std::string>() : it->dump();
}

}  // namespace

std::string selftest_section_html(const json& j) {
  std::ostringstream h;
  h << "<section id=\"selftest\"><h2>Selftest: faults the default campaign kills</h2>";
  if (!j.is_object() || !j.contains("faults") || !j.at("faults").is_array()) {
    h << "<p class=\"bad-input\">selftest.json has no \"faults\" array</p></section>\n";
    return h.str();
  }
  const bool full = j.value("full", false);
  const int64_t survived = j.value("survived", int64_t{-1});
  const int64_t weak = j.value("weak", int64_t{0});
  const int64_t min_kills = j.value("min_kills", int64_t{1});
  h << "<p>seed " << html_escape(text_of(j, "seed")) << ", " << html_escape(text_of(j, "cases")) << " cases per fault"
    << (full ? " (all run)" : " (each stopped at its first failure)") << "; killed <span id=\"selftest-killed\">"
    << html_escape(text_of(j, "killed")) << "</span> of " << html_escape(text_of(j, "faults_total"))
    << ", survived <span id=\"selftest-survived\" class=\"" << (survived == 0 ? "ok" : "bad") << "\">" << survived
    << "</span>";
  if (min_kills > 1)
    h << ", weak (fewer than " << min_kills << " kills) <span id=\"selftest-weak\" class=\""
      << (weak == 0 ? "ok" : "bad") << "\">" << weak << "</span>";
  h << "; median time to first failure " << fixed(j.value("median_seconds_to_first_failure", -1.0), 3) << " s</p>";
  std::vector<std::vector<std::string>> rows;
  for (const auto& f : j.at("faults")) {
    if (!f.is_object()) continue;
    const bool killed = f.value("killed", false);
    const std::string verdict = f.value("verdict", killed ? "killed" : "survived");
    const std::string shown = verdict == "survived" ? "SURVIVED" : verdict;
    // A campaign stopped at its first failure counted one kill, not all of them.
    const std::string kills = full || !killed
                                  ? html_escape(text_of(f, "failures")) + " / " + html_escape(text_of(f, "cases_run"))
                                  : "&ge;1 (stopped at the first)";
    rows.push_back(
        {html_escape(text_of(f, "fault")), html_escape(text_of(f, "category")),
         std::string("<span class=\"") + (verdict == "killed" ? "ok" : "bad") + "\">" + html_escape(shown) + "</span>",
         kills, html_escape(text_of(f, "first_failure_index")),
         killed ? fixed(f.value("seconds_to_first_failure", 0.0), 3) : "-", html_escape(text_of(f, "first_outcome")),
         html_escape(text_of(f, "description")), killed ? "<pre>" + html_escape(text_of(f, "repro")) + "</pre>" : ""});
  }
  h << html_table({"fault", "category", "verdict", "kills / cases run", "first failing case", "seconds to it",
                   "outcome", "bug modelled", "replay"},
                  rows, "selftest-faults");
  h << "</section>\n";
  return h.str();
}

std::string selftest_text_table(const SelftestReport& r) {
  size_t w = 5;
  for (const auto& row : r.rows) w = std::max(w, row.fault.size());
  std::ostringstream os;
  auto pad = [](std::string s, size_t n) { return s.size() < n ? s + std::string(n - s.size(), ' ') : s; };
  // The kills column: failing cases / cases run; ">=1" when the campaign stopped at its first failure.
  auto kills = [&](const SelftestRow& row) {
    return r.full || !row.killed ? std::to_string(row.failures) + "/" + std::to_string(row.cases_run)
                                 : std::string(">=1");
  };
  os << pad("fault", w) << "  " << pad("category", 10) << "  " << pad("verdict", 8) << "  " << pad("kills/run", 11)
     << "  " << pad("first", 6) << "  " << pad("seconds", 8) << "  outcome\n";
  for (const auto& row : r.rows) {
    const SelftestVerdict v = r.verdict(row);
    os << pad(row.fault, w) << "  " << pad(row.category, 10) << "  "
       << pad(v == SelftestVerdict::Survived ? "SURVIVED" : verdict_name(v), 8) << "  " << pad(kills(row), 11) << "  "
       << pad(row.killed ? std::to_string(row.first_index) : "-", 6) << "  "
       << pad(row.killed ? fixed(row.seconds_to_first, 3) : "-", 8) << "  " << (row.killed ? row.first_outcome : "-")
       << "\n";
  }
  return os.str();
}

SelftestPaths write_selftest(const std::filesystem::path& dir, const SelftestReport& r) {
  std::filesystem::create_directories(dir);
  const json j = selftest_json(r);
  SelftestPaths p{dir / "selftest.json", dir / "selftest.html"};
  write_file_atomic(p.json, j.dump(2) + "\n");
  const bool ok = r.survivors() == 0 && r.weak() == 0;
  std::ostringstream h;
  h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>poolcheck selftest: "
    << (ok ? "PASSED" : "FAILED") << "</title><style>" << kReportCss << "</style></head><body>\n";
  h << "<h1 id=\"verdict\" class=\"" << (ok ? "ok" : "bad") << "\">poolcheck selftest: " << (ok ? "PASSED" : "FAILED")
    << "</h1>\n";
  h << selftest_section_html(j) << "</body></html>\n";
  write_file_atomic(p.html, h.str());
  return p;
}

}  // namespace poolcheck::reports
