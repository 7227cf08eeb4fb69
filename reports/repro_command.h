// The shell commands for one case: re-run it (poolcheck repro), export it (poolcheck export).
#pragma once

#include <string>

namespace poolcheck::reports {

// POSIX shell single-quoting: 'it'\''s' for it's.
std::string shell_quote(const std::string& s);
std::string repro_command(const std::string& descriptor);
// The command that exports the case as a standalone program and an ATK entry: poolcheck export '<descriptor>'.
std::string export_command(const std::string& descriptor);

}  // namespace poolcheck::reports
