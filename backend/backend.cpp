#include "backend/backend.h"

#include <dlfcn.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <system_error>

#include "backend/bundled_files.h"

namespace poolcheck::backend {

namespace {

namespace fs = std::filesystem;

// A CANN toolkit's lib64 splits the API over these, each needing the ones before it.
constexpr const char* kToolkitLibraries[] = {"libascendcl.so", "libnnopbase.so", "libopapi.so"};

struct State {
  std::mutex mu;       // the configuration and the loaded libraries
  std::mutex load_mu;  // one loader at a time
  BackendConfig config;
  std::vector<std::string> paths;
  std::vector<void*> handles;  // never closed: function pointers into them live as long as the process
  AclApi api;
};

State& state() {
  static State s;
  return s;
}

std::atomic<const AclApi*> g_loaded{nullptr};

std::string join(const std::vector<std::string>& v, const char* sep) {
  std::string s;
  for (const auto& e : v) s += (s.empty() ? "" : sep) + e;
  return s;
}

void append_entry(const std::string& entry, std::vector<std::string>* out) {
  if (entry == "emulator" || entry == "upstream") {
    const std::string path = entry == "emulator" ? bundled_emulator() : bundled_upstream_emulator();
    if (path.empty()) throw std::runtime_error("backend '" + entry + "': this build has no such bundled library");
    out->push_back(path);
    return;
  }
  std::error_code ec;
  if (fs::is_directory(entry, ec)) {
    const size_t before = out->size();
    for (const char* name : kToolkitLibraries)
      if (fs::exists(fs::path(entry) / name, ec)) out->push_back((fs::path(entry) / name).string());
    if (out->size() == before)
      throw std::runtime_error("backend directory '" + entry + "' holds none of libascendcl.so, libnnopbase.so, " +
                               "libopapi.so (a CANN toolkit's lib64 has them)");
    return;
  }
  if (!fs::exists(entry, ec))
    throw std::runtime_error("backend library '" + entry + "' does not exist (give a shared library, a CANN " +
                             "toolkit's lib64 directory, 'emulator' or 'upstream')");
  out->push_back(entry);
}

void* find_symbol(const std::vector<void*>& handles, const char* name) {
  for (void* h : handles)
    if (void* p = ::dlsym(h, name)) return p;
  return nullptr;
}

// The configuration in force, with the environment variable and the default applied.
BackendConfig effective_config() {
  BackendConfig c;
  {
    State& s = state();
    std::lock_guard lock(s.mu);
    c = s.config;
  }
  if (c.libraries.empty()) {
    const char* env = std::getenv(kBackendEnv);
    c.libraries = env && *env ? split_library_list(env) : std::vector<std::string>{"emulator"};
  }
  return c;
}

// The files the configuration loads, in order.
std::vector<std::string> resolve_libraries(const BackendConfig& config) {
  std::vector<std::string> out;
  for (const auto& entry : config.libraries) append_entry(entry, &out);
  if (out.empty()) throw std::runtime_error("no backend library given");
  return out;
}

// Called with load_mu held; takes mu only to publish.
void load_locked(State& s) {
  const BackendConfig cfg = effective_config();
  const std::vector<std::string> paths = resolve_libraries(cfg);
  std::vector<void*> handles;
  for (const auto& p : paths) {
    // RTLD_GLOBAL: a toolkit's libraries may rely on symbols of the ones loaded before them.
    void* h = ::dlopen(p.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (!h) throw std::runtime_error("cannot load backend library '" + p + "': " + ::dlerror());
    handles.push_back(h);
  }
  AclApi api;
  std::vector<std::string> missing;
#define POOLCHECK_LOOKUP_REQUIRED(name)                                         \
  api.name = reinterpret_cast<decltype(api.name)>(find_symbol(handles, #name)); \
  if (!api.name) missing.push_back(#name);
  POOLCHECK_REQUIRED_SYMBOLS(POOLCHECK_LOOKUP_REQUIRED)
#undef POOLCHECK_LOOKUP_REQUIRED
#define POOLCHECK_LOOKUP_OPTIONAL(name) api.name = reinterpret_cast<decltype(api.name)>(find_symbol(handles, #name));
  POOLCHECK_OPERATOR_SYMBOLS(POOLCHECK_LOOKUP_OPTIONAL)
  POOLCHECK_EMULATOR_SYMBOLS(POOLCHECK_LOOKUP_OPTIONAL)
#undef POOLCHECK_LOOKUP_OPTIONAL
  if (!missing.empty())
    throw std::runtime_error("backend " + join(paths, ", ") + " does not export " + join(missing, ", ") +
                             " (the acl runtime, tensor and int-array C API is required)");
  std::vector<std::string> entry_points;
#define POOLCHECK_OPERATOR(token, aclnn)                                      \
  if (api.aclnn##GetWorkspaceSize != nullptr && api.aclnn != nullptr) return; \
  entry_points.push_back(#aclnn);
  [&] {
#include "ops/operators.inc"
    throw std::runtime_error("backend " + join(paths, ", ") + " exports no operator of the table (both phases of " +
                             join(entry_points, ", ") + ")");
  }();
#undef POOLCHECK_OPERATOR
  if (!cfg.emu_faults.empty()) {
    if (!api.pcEmuSetFaults)
      throw std::invalid_argument("emulator faults '" + cfg.emu_faults + "' need the emulated backend, but " +
                                  join(paths, ", ") + " has no pcEmuSetFaults");
    if (api.pcEmuSetFaults(cfg.emu_faults.c_str()) != 0)
      throw std::invalid_argument("unknown emulator fault in '" + cfg.emu_faults + "'");
  }
  std::lock_guard lock(s.mu);
  s.paths = paths;
  s.handles = std::move(handles);
  s.api = api;
  g_loaded.store(&s.api, std::memory_order_release);
}

}  // namespace

std::vector<std::string> split_library_list(const std::string& text) {
  std::vector<std::string> out;
  std::string piece;
  for (char ch : text + ",") {
    if (ch == ',' || ch == ':') {
      if (!piece.empty()) out.push_back(piece);
      piece.clear();
    } else {
      piece += ch;
    }
  }
  return out;
}

void configure(BackendConfig config) {
  State& s = state();
  std::lock_guard lock(s.mu);
  if (g_loaded.load()) throw std::logic_error("the backend is already loaded: " + join(s.paths, ", "));
  s.config = std::move(config);
}

const AclApi& api() {
  if (const AclApi* a = g_loaded.load(std::memory_order_acquire)) return *a;
  State& s = state();
  std::lock_guard lock(s.load_mu);
  if (!g_loaded.load()) load_locked(s);
  return *g_loaded.load();
}

std::string description() {
  State& s = state();
  std::lock_guard lock(s.mu);
  return g_loaded.load() ? join(s.paths, ", ") : "(not loaded)";
}

bool exports_operator(const std::string& token) {
  const AclApi& a = api();
#define POOLCHECK_OPERATOR(t, aclnn) \
  if (token == #t) return a.aclnn##GetWorkspaceSize != nullptr && a.aclnn != nullptr;
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
  return false;
}

std::vector<std::string> exported_operators() {
  std::vector<std::string> tokens;
#define POOLCHECK_OPERATOR(t, aclnn) \
  if (exports_operator(#t)) tokens.push_back(#t);
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
  return tokens;
}

}  // namespace poolcheck::backend
