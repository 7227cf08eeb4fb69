// The shell command that re-runs one case: poolcheck repro '<descriptor>'.
#pragma once

#include <string>

namespace poolcheck::reports {

// POSIX shell single-quoting: 'it'\''s' for it's.
std::string shell_quote(const std::string& s);
std::string repro_command(const std::string& descriptor);

}  // namespace poolcheck::reports
