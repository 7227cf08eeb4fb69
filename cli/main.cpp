// poolcheck: run property-based campaigns against the aclnn pooling-backward operators, reproduce and
// evaluate single cases, and list what the specification says.
#include <algorithm>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "backend/backend.h"
#include "cli/commands.h"
#include "cli/option_ranges.h"
#include "harness/allocator_tuning.h"

int main(int argc, char** argv) {
  using namespace poolcheck::cli;
  poolcheck::keep_freed_memory();  // the results and cases (and, in process, the tensors) of every case
  CLI::App app{"poolcheck: specification-driven verification of aclnn pooling-backward operators"};
  app.name("poolcheck");
  app.require_subcommand(1);
  app.fallthrough();  // --verbose may also follow the subcommand
  Globals g;
  app.add_flag("-v,--verbose", g.verbose, "Keep the backend's log lines (by default ASCEND_GLOBAL_LOG_LEVEL=4)");
  app.add_option("--emu-faults", g.emu_faults,
                 "Negative controls: inject emulator faults (comma-separated, e.g. wrong_tap,no_atomics); "
                 "the harness must then report failures. Emulated backend only");
  app.add_option("--backend", g.backend,
                 std::string("The aclnn library to test: shared libraries loaded in order (comma-separated), a CANN "
                             "toolkit's lib64 directory, 'emulator' (the default) or 'upstream' (the emulator with "
                             "ops-nn's real op_api behaviour). Default: $") +
                     poolcheck::backend::kBackendEnv + ", else 'emulator'");
  app.add_flag("--in-process", g.in_process,
               "Run cases in this process instead of worker processes (for a debugger or a sanitizer build); a "
               "crash or hang of the backend then ends the run");
  // Two workers per core: while this process takes one worker's answer and draws its next case, the other
  // worker on that core computes (one per core left a core idle for that time: 3,700 against 4,600 cases/s on
  // two cores). The campaign still reports in stream order.
  g.workers = std::clamp(2 * static_cast<int>(std::thread::hardware_concurrency()), 2, 16);
  app.add_option("--workers", g.workers, "Worker processes that run the cases")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app.add_option("--case-timeout", g.case_timeout,
                 "Seconds a case may take before its worker is killed (outcome timeout); 0 = derived from the "
                 "case's size")
      ->check(real_range(0.0, 86400.0))
      ->capture_default_str();

  std::vector<Command> commands{add_run_command(app, g),    add_repro_command(app, g),    add_list_command(app, g),
                                add_eval_command(app, g),   add_merge_command(app, g),    add_report_command(app, g),
                                add_audit_command(app, g),  add_selftest_command(app, g), add_plan_command(app, g),
                                add_import_command(app, g), add_export_command(app, g)};
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0; every bad argument is a usage error like the others (exit 2).
    return app.exit(e) == 0 ? kExitOk : kExitUsage;
  }
  // Before the first API call: the emulated backend (like CANN) reads its log level at aclInit.
  if (!g.verbose) ::setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 1);
  for (const Command& c : commands) {
    if (!c.sub->parsed()) continue;
    try {
      return c.run();
    } catch (const CouldNotRun& e) {
      std::cerr << "poolcheck " << c.sub->get_name() << ": could not run: " << e.what() << "\n";
      return kExitCouldNotRun;
    } catch (const std::exception& e) {
      std::cerr << "poolcheck " << c.sub->get_name() << ": " << e.what() << "\n";
      return kExitUsage;
    }
  }
  return kExitUsage;
}
