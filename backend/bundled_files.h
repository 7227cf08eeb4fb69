// Where the files that ship with poolcheck are: beside an installed executable (prefix/bin -> prefix/lib),
// else where this build tree made them. Only this lookup knows both places.
#pragma once

#include <string>

namespace poolcheck::backend {

// The bundled emulator library ("" if this build has none of that name).
std::string bundled_emulator();
std::string bundled_upstream_emulator();
// The worker executable that runs cases out of process.
std::string bundled_worker();

}  // namespace poolcheck::backend
