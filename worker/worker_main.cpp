// poolcheck-worker: runs cases for a poolcheck process that started it, so that a backend that crashes or
// hangs takes down only this process. Loads the backend named on its command line, then answers the
// requests of worker/protocol.h until its input closes.
//
//   poolcheck-worker [--backend LIST] [--emu-faults LIST] [--host-threads N]
#include <charconv>
#include <exception>
#include <iostream>
#include <string>

#include "backend/backend.h"
#include "case/descriptor.h"
#include "harness/allocator_tuning.h"
#include "harness/executor.h"
#include "isolation/worker_pool.h"
#include "worker/protocol.h"

namespace {

using namespace poolcheck;

std::string handle(const std::string& message) {
  try {
    const worker::Request request = worker::decode_request(message);
    if (request.wants_info) return worker::encode_info_reply(local_backend_info());
    const worker::CaseRequest& req = request.case_request;
    const ParseResult parsed = parse_descriptor(req.descriptor);
    if (!parsed.ok) return worker::encode_error_reply("the descriptor does not parse: " + parsed.error);
    RunOptions opt;
    opt.check_spec = req.check_spec;
    opt.rerun = req.rerun;
    opt.allow_unsupported = req.allow_unsupported;
    opt.check_tiling = req.check_tiling;
    if (!req.host_inputs.empty()) opt.host_inputs = &req.host_inputs;
    CaseTensors tensors;
    const CaseResult r = run_case(parsed.value, opt, req.want_tensors ? &tensors : nullptr);
    return worker::encode_case_reply(r, req.want_tensors ? &tensors : nullptr);
  } catch (const std::exception& e) {
    return worker::encode_error_reply(e.what());
  }
}

bool parse_host_threads(const std::string& text, int* out) {
  int n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < 1 || n > 1024) return false;
  *out = n;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  keep_freed_memory();
  backend::BackendConfig config;
  int host_threads = 0;  // 0: the backend's own choice
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--backend" || arg == "--emu-faults" || arg == "--host-threads") && i + 1 < argc) {
      const std::string value = argv[++i];
      if (arg == "--backend")
        config.libraries = backend::split_library_list(value);
      else if (arg == "--emu-faults")
        config.emu_faults = value;
      else if (!parse_host_threads(value, &host_threads)) {
        std::cerr << "poolcheck-worker: --host-threads '" << value << "' is not a whole number in [1, 1024]\n";
        return 2;
      }
    } else {
      std::cerr << "poolcheck-worker: unknown argument '" << arg
                << "' (usage: poolcheck-worker [--backend LIST] [--emu-faults LIST] [--host-threads N]; started by "
                   "poolcheck)\n";
      return 2;
    }
  }
  const auto init = [&]() -> std::string {
    try {
      backend::configure(config);
      // The emulator's host threads for one call (an optional entry point: another library has its own).
      if (host_threads > 0 && backend::api().pcEmuSetHostThreads) backend::api().pcEmuSetHostThreads(host_threads);
      ensure_runtime();
      return "";
    } catch (const std::exception& e) {
      return e.what();
    }
  };
  return isolation::serve(init, handle);
}
