// poolcheck: run property-based campaigns against the aclnn pooling-backward operators, reproduce and
// evaluate single cases, and list what the specification says.
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "poolcheck_emu/emu.h"

// Present only in the emulated backend; against a real CANN library the option is refused.
#pragma weak pcEmuSetFaults

int main(int argc, char** argv) {
  using namespace poolcheck::cli;
  CLI::App app{"poolcheck: specification-driven verification of aclnn pooling-backward operators"};
  app.name("poolcheck");
  app.require_subcommand(1);
  app.fallthrough();  // --verbose may also follow the subcommand
  Globals g;
  app.add_flag("-v,--verbose", g.verbose, "Keep the backend's log lines (by default ASCEND_GLOBAL_LOG_LEVEL=4)");
  std::string faults;
  app.add_option("--emu-faults", faults,
                 "Negative controls: inject emulator faults (comma-separated, e.g. wrong_tap,no_atomics); "
                 "the harness must then report failures. Emulated backend only");

  std::vector<Command> commands{add_run_command(app, g),  add_repro_command(app, g), add_list_command(app, g),
                                add_eval_command(app, g), add_merge_command(app, g), add_report_command(app, g),
                                add_audit_command(app, g)};
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  // Before the first API call: the emulated backend (like CANN) reads its log level at aclInit.
  if (!g.verbose) ::setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 1);
  if (!faults.empty()) {
    if (!pcEmuSetFaults) {
      std::cerr << "poolcheck: --emu-faults needs the emulated backend (pcEmuSetFaults is absent)\n";
      return kExitUsage;
    }
    if (pcEmuSetFaults(faults.c_str()) != 0) {
      std::cerr << "poolcheck: --emu-faults: unknown fault in '" << faults << "'\n";
      return kExitUsage;
    }
  }
  for (const Command& c : commands) {
    if (!c.sub->parsed()) continue;
    try {
      return c.run();
    } catch (const std::exception& e) {
      std::cerr << "poolcheck " << c.sub->get_name() << ": " << e.what() << "\n";
      return kExitUsage;
    }
  }
  return kExitUsage;
}
