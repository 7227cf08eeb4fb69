// The poolcheck subcommands. Each add_*_command registers its CLI11 subcommand and returns the function
// that runs it after parsing (exit status as result).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "case/case.h"
#include "harness/executor.h"

namespace poolcheck::cli {

struct Command {
  CLI::App* sub = nullptr;
  std::function<int()> run;
};

// Process-wide switches from the main command line.
struct Globals {
  bool verbose = false;     // keep the backend's own log lines (ASCEND_GLOBAL_LOG_LEVEL untouched)
  std::string backend;      // --backend: libraries, a toolkit lib64, "emulator" or "upstream"; "" = default
  std::string emu_faults;   // --emu-faults
  bool in_process = false;  // --in-process: run cases in this process (debuggers, sanitizer builds)
  int workers = 1;          // --workers: worker processes (main sets the machine's core count, at most 8)
  double case_timeout = 0;  // --case-timeout: seconds per case; 0 = derived from the case size
};

// Where the command's cases run, as the global options say: worker processes by default, or this process
// (with the backend configured here). Throws std::runtime_error when the backend or the workers cannot start.
std::unique_ptr<CaseExecutor> make_executor(const Globals& g);

// The case a command's descriptor words make (quoted as one argument or not), or nullopt after printing
// "poolcheck COMMAND: <why>" on stderr.
std::optional<Case> case_from_words(const std::vector<std::string>& words, const char* command);

// Loads the backend into this process (for commands that never run a kernel: plan, export). Throws
// std::runtime_error when it cannot be loaded.
void load_backend_here(const Globals& g);

Command add_run_command(CLI::App& app, const Globals& g);
Command add_import_command(CLI::App& app, const Globals& g);  // cmd_import.cpp: ATK/TTK files -> a case list
Command add_export_command(CLI::App& app, const Globals& g);  // cmd_export.cpp: repro program + ATK entry
Command add_plan_command(CLI::App& app, const Globals& g);    // cmd_plan.cpp: GetWorkspaceSize only
Command add_repro_command(CLI::App& app, const Globals& g);
Command add_list_command(CLI::App& app, const Globals& g);
Command add_eval_command(CLI::App& app, const Globals& g);
Command add_merge_command(CLI::App& app, const Globals& g);
Command add_report_command(CLI::App& app,
                           const Globals& g);  // cmd_report.cpp: report html, rebuild, diff, promote, replay
Command add_audit_command(CLI::App& app, const Globals& g);     // cmd_audit.cpp: parameter-validation audit
Command add_selftest_command(CLI::App& app, const Globals& g);  // cmd_selftest.cpp: the campaign against each fault

// Exit statuses (docs/scale.md: what a job engine should do with each).
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;      // a case failed (outcome_is_failure) or the harness found a defect
inline constexpr int kExitUsage = 2;        // bad arguments or unreadable input
inline constexpr int kExitCouldNotRun = 3;  // the run could not be made: the backend or its workers do not start,
                                            // the reports or the failure database cannot be written (disk full)

// A run that could not be made (kExitCouldNotRun): a reason to retry the task elsewhere, not a finding.
class CouldNotRun : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Runs `step`; any failure but a usage error (std::invalid_argument) becomes CouldNotRun, prefixed with `what`.
template <class Step>
auto or_could_not_run(const std::string& what, Step&& step) -> decltype(step()) {
  try {
    return step();
  } catch (const std::invalid_argument&) {
    throw;
  } catch (const CouldNotRun&) {
    throw;
  } catch (const std::exception& e) {
    throw CouldNotRun(what + ": " + e.what());
  }
}

}  // namespace poolcheck::cli
