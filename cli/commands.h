// The poolcheck subcommands. Each add_*_command registers its CLI11 subcommand and returns the function
// that runs it after parsing (exit status as result).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace poolcheck::cli {

struct Command {
  CLI::App* sub = nullptr;
  std::function<int()> run;
};

// Process-wide switches from the main command line.
struct Globals {
  bool verbose = false;  // keep the backend's own log lines (ASCEND_GLOBAL_LOG_LEVEL untouched)
};

Command add_run_command(CLI::App& app, const Globals& g);
Command add_repro_command(CLI::App& app, const Globals& g);
Command add_list_command(CLI::App& app, const Globals& g);
Command add_eval_command(CLI::App& app, const Globals& g);
Command add_merge_command(CLI::App& app, const Globals& g);
Command add_report_command(CLI::App& app, const Globals& g);  // cmd_report.cpp: report diff, report html
Command add_audit_command(CLI::App& app, const Globals& g);   // cmd_audit.cpp: parameter-validation audit

// Exit statuses.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // a case failed (outcome_is_failure) or the harness found a defect
inline constexpr int kExitUsage = 2;    // bad arguments or unreadable input

}  // namespace poolcheck::cli
