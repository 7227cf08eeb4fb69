// poolcheck selftest: the harness measures its own power. For every fault of the emulator's catalog, the
// default campaign runs with only that fault switched on; a fault is killed when some case fails, and weak when
// --min-kills demands more failing cases than it has. Exit 0 when every fault is killed (by enough cases), 1 when
// one survives or is weak, 2 for bad input (an unknown fault, a backend without faults).
#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "backend/backend.h"
#include "campaign/campaign.h"
#include "cli/commands.h"
#include "cli/fault_catalog.h"
#include "reports/selftest_report.h"
#include "reports/text_format.h"

namespace poolcheck::cli {

namespace {

struct SelftestArgs {
  std::vector<std::string> faults;  // --fault; empty = the whole catalog
  int64_t cases = 2000;
  uint64_t seed = 1;
  bool full = false;
  int64_t min_kills = 0;  // --min-kills; 0 = not demanded (one kill is enough)
  bool isolated = false;
  std::string report_dir = "poolcheck-selftest";
  bool no_op_control = false;  // test seam: add a pseudo-fault that switches nothing on
};

// One entry under test: a catalog fault, or the no-op control (fault_list "").
struct FaultUnderTest {
  std::string name, category, description, fault_list;
};

// The pseudo-fault of the negative control: it changes nothing, so the campaign must let it survive.
constexpr const char* kNoOpControl = "no_op_control";

// The entries to run: the catalog, or the --fault names (each must be in it), plus the control when asked.
std::vector<FaultUnderTest> select(const SelftestArgs& a, const std::vector<CatalogFault>& catalog) {
  std::vector<FaultUnderTest> all;
  for (const auto& f : catalog) all.push_back({f.name, f.category, f.description, f.name});
  std::vector<FaultUnderTest> out;
  for (const auto& want : a.faults) {
    bool found = false;
    for (const auto& f : all) found = found || (f.name == want && (out.push_back(f), true));
    if (!found) {
      std::string names;
      for (const auto& f : catalog) names += (names.empty() ? "" : ", ") + f.name;
      throw std::invalid_argument("--fault '" + want + "' is not in the backend's fault catalog (" + names + ")");
    }
  }
  if (a.faults.empty()) out = all;
  if (a.no_op_control)
    out.push_back({kNoOpControl, "control", "test seam: switches no fault on (the campaign must not kill it)", ""});
  return out;
}

reports::SelftestRow run_one(const SelftestArgs& a, const Globals& g, const FaultUnderTest& f) {
  std::unique_ptr<CaseExecutor> isolated;
  if (a.isolated) {
    Globals with_fault = g;
    with_fault.emu_faults = f.fault_list;
    isolated = make_executor(with_fault);
  } else if (backend::api().pcEmuSetFaults(f.fault_list.c_str()) != 0) {
    throw std::invalid_argument("the backend refuses fault '" + f.fault_list + "'");
  }
  CampaignOptions opts;
  opts.seed = a.seed;
  opts.max_cases = a.cases;
  opts.handle_sigint = false;
  opts.max_failures_kept = 1;
  opts.executor = isolated.get();  // null: this process, with the fault set above
  reports::SelftestRow row;
  row.fault = f.name;
  row.category = f.category;
  row.description = f.description;
  const auto t0 = std::chrono::steady_clock::now();
  auto since = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  auto on_result = [&](const CaseResult& r) {
    ++row.cases_run;
    if (!outcome_is_failure(r.outcome)) return;
    if (row.failures++ == 0) {
      row.killed = true;
      row.first_index = row.cases_run - 1;
      row.seconds_to_first = since();
      row.first_outcome = outcome_name(r.outcome);
      row.first_descriptor = r.descriptor;
      row.first_message = r.message;
      if (!a.full) request_campaign_stop();
    }
  };
  try {
    run_campaign(opts, on_result);
  } catch (...) {
    if (!a.isolated) backend::api().pcEmuSetFaults("");
    throw;
  }
  if (!a.isolated) backend::api().pcEmuSetFaults("");
  row.seconds = since();
  return row;
}

int selftest(const SelftestArgs& a, const Globals& g) {
  if (!g.emu_faults.empty())
    throw std::invalid_argument("--emu-faults '" + g.emu_faults +
                                "' cannot be combined with selftest, which switches each fault on by itself");
  if (g.in_process && a.isolated) throw std::invalid_argument("--in-process and selftest --isolated contradict");
  // This process loads the backend for its catalog, and runs the cases unless they go to worker processes.
  backend::configure({backend::split_library_list(g.backend), ""});
  const backend::AclApi& api = backend::api();  // loaded before description() names it
  const std::vector<FaultUnderTest> todo = select(a, fault_catalog(api, backend::description()));

  reports::SelftestReport report;
  report.seed = a.seed;
  report.cases = a.cases;
  report.full = a.full || a.min_kills > 0;  // counting kills needs every case
  report.min_kills = std::max<int64_t>(a.min_kills, 1);
  report.executor = a.isolated ? "worker processes" : "in-process";
  report.backend = backend::description();
  SelftestArgs run = a;
  run.full = report.full;
  for (const auto& f : todo) {
    report.rows.push_back(run_one(run, g, f));
    const auto& r = report.rows.back();
    const reports::SelftestVerdict v = report.verdict(r);
    std::cerr << (v == reports::SelftestVerdict::Survived ? "SURVIVED" : reports::verdict_name(v)) << " " << r.fault
              << " (" << r.failures << " failure(s) in " << r.cases_run << " cases)\n";
  }
  const auto paths = reports::write_selftest(a.report_dir, report);
  std::cout << reports::selftest_text_table(report);
  for (const auto& r : report.rows)
    if (r.killed)
      std::cout << "  " << r.fault << ": " << r.first_outcome << " at case " << r.first_index
                << ", replay: poolcheck --emu-faults " << r.fault << " repro '" << r.first_descriptor << "'\n";
  const int64_t killed = static_cast<int64_t>(report.rows.size()) - report.survivors();
  std::cout << "poolcheck selftest: " << killed << " of " << report.rows.size() << " faults killed";
  if (report.min_kills > 1)
    std::cout << " (" << killed - report.weak() << " by at least " << report.min_kills << " cases)";
  std::cout << "; median " << reports::fixed(report.median_seconds_to_first(), 3) << " s to the first failure\n";
  for (const auto& r : report.rows) {
    if (!r.killed) std::cout << "survived: " << r.fault << " (no failure in " << r.cases_run << " cases)\n";
    if (report.verdict(r) == reports::SelftestVerdict::Weak)
      std::cout << "weak: " << r.fault << " (" << r.failures << " kill(s) in " << r.cases_run << " cases, fewer than "
                << report.min_kills << ")\n";
  }
  std::cout << "reports: " << paths.html.string() << ", " << paths.json.string() << "\n";
  return report.survivors() == 0 && report.weak() == 0 ? kExitOk : kExitFailure;
}

}  // namespace

Command add_selftest_command(CLI::App& app, const Globals& g) {
  auto args = std::make_shared<SelftestArgs>();
  CLI::App* sub = app.add_subcommand("selftest",
                                     "Measure the harness's power: run the default campaign once per emulator fault; "
                                     "exit 1 if a fault survives (or is weak)");
  sub->add_option("--fault", args->faults, "A catalog fault to run (repeatable; default: every one)");
  sub->add_option("--cases", args->cases, "Cases in each fault's campaign")
      ->check(CLI::Range(int64_t{1}, int64_t{1'000'000'000}))
      ->capture_default_str();
  sub->add_option("--seed", args->seed, "Campaign seed")->capture_default_str();
  sub->add_flag("--full", args->full,
                "Run every case of each campaign and count its kills (default: stop at the first failure)");
  sub->add_option("--min-kills", args->min_kills,
                  "Demand K failing cases per fault (implies --full); a fault with fewer is weak and exits 1")
      ->check(CLI::Range(int64_t{1}, int64_t{1'000'000'000}));
  sub->add_flag("--isolated", args->isolated,
                "Run the cases in worker processes (default: in this process, which is faster)");
  sub->add_option("--report-dir", args->report_dir, "Directory for selftest.json and selftest.html")
      ->capture_default_str();
  // A negative control for the tests, not a product option: hidden from --help.
  sub->add_flag("--no-op-control", args->no_op_control, "")->group("");
  return Command{sub, [args, &g] { return selftest(*args, g); }};
}

}  // namespace poolcheck::cli
