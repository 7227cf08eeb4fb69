// Which aclnn library the harness talks to, chosen at run time. The bundled emulator is the default; any
// other library (a CANN toolkit's lib64, a colleague's kernel build, a simulator's shim) is loaded with
// dlopen and reached only through its exported CANN names.
#pragma once

#include <string>
#include <vector>

#include "backend/acl_api.h"

namespace poolcheck::backend {

// Environment variable naming the backend when no --backend option is given.
inline constexpr const char* kBackendEnv = "POOLCHECK_BACKEND";

struct BackendConfig {
  // Load order. Each entry is a shared library, a directory (a CANN toolkit's lib64: libascendcl.so,
  // libnnopbase.so and libopapi.so are loaded from it in that order), or a bundled name: "emulator" (the
  // default) or "upstream" (the emulator reproducing ops-nn's real op_api behaviour). Empty: the environment
  // variable, else "emulator".
  std::vector<std::string> libraries;
  std::string emu_faults;  // deliberate emulator faults to switch on after loading (emulator backends only)
};

// "a.so,b.so" or "a.so:b.so" into entries (empty pieces dropped).
std::vector<std::string> split_library_list(const std::string& text);

// Sets what api() loads. Throws std::logic_error once a backend is loaded (a process talks to one backend).
void configure(BackendConfig config);

// The backend's API, loading it on first use. Throws std::runtime_error naming an entry that does not exist, a
// directory without any CANN library, a library that cannot be loaded, or every required symbol none of the
// libraries exports; std::invalid_argument for faults the backend does not know.
const AclApi& api();
// The loaded libraries ("(not loaded)" before the first api() call), for reports and messages.
std::string description();

// Whether the loaded backend exports both phases of the operator-table entry point `token` (false for a token the
// table lacks); and the tokens it exports, in table order.
bool exports_operator(const std::string& token);
std::vector<std::string> exported_operators();

}  // namespace poolcheck::backend
