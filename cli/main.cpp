// poolcheck: run property-based campaigns against the aclnn pooling-backward operators, reproduce and
// evaluate single cases, and list what the specification says.
#include <cstdlib>
#include <exception>
#include <iostream>
#include <vector>

#include "cli/commands.h"

int main(int argc, char** argv) {
  using namespace poolcheck::cli;
  CLI::App app{"poolcheck: specification-driven verification of aclnn pooling-backward operators"};
  app.name("poolcheck");
  app.require_subcommand(1);
  app.fallthrough();  // --verbose may also follow the subcommand
  Globals g;
  app.add_flag("-v,--verbose", g.verbose, "Keep the backend's log lines (by default ASCEND_GLOBAL_LOG_LEVEL=4)");

  std::vector<Command> commands{add_run_command(app, g), add_repro_command(app, g), add_list_command(app, g),
                                add_eval_command(app, g), add_merge_command(app, g)};
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  // Before the first API call: the emulated backend (like CANN) reads its log level at aclInit.
  if (!g.verbose) ::setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 1);
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
