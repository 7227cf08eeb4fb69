// make_executor: the global backend and isolation options into a CaseExecutor; the descriptor words of a
// one-case command.
#include <iostream>

#include "backend/backend.h"
#include "cli/commands.h"
#include "harness/op_adapter.h"
#include "worker/isolated_executor.h"

namespace poolcheck::cli {

namespace {

backend::BackendConfig backend_config(const Globals& g) {
  backend::BackendConfig config;
  config.libraries = backend::split_library_list(g.backend);
  config.emu_faults = g.emu_faults;
  return config;
}

}  // namespace

std::optional<Case> case_from_words(const std::vector<std::string>& words, const char* command) {
  std::string line;
  for (const auto& w : words) line += (line.empty() ? "" : " ") + w;
  const ParseResult parsed = parse_runnable_case(line);
  if (parsed.ok) return parsed.value;
  std::cerr << "poolcheck " << command << ": " << parsed.error << "\n";
  return std::nullopt;
}

void load_backend_here(const Globals& g) {
  backend::configure(backend_config(g));
  backend::api();  // load now, so a bad backend is a clear error before any case runs
}

std::unique_ptr<CaseExecutor> make_executor(const Globals& g) {
  const backend::BackendConfig config = backend_config(g);
  if (g.in_process) {
    load_backend_here(g);
    return std::make_unique<InProcessExecutor>();
  }
  worker::IsolationOptions opts;
  opts.backend = config;
  opts.workers = g.workers;
  opts.case_timeout = g.case_timeout;
  opts.forward_stderr = g.verbose;
  return std::make_unique<worker::IsolatedExecutor>(opts);
}

}  // namespace poolcheck::cli
