#include "harness/executor.h"

#include <stdexcept>

#include "backend/backend.h"

namespace poolcheck {

void InProcessExecutor::submit(uint64_t ticket, const Case& c, const RunOptions& opt) {
  done_.emplace_back(ticket, run(c, opt));
}

std::pair<uint64_t, CaseResult> InProcessExecutor::next() {
  if (done_.empty()) throw std::logic_error("InProcessExecutor::next with nothing submitted");
  auto r = std::move(done_.front());
  done_.pop_front();
  return r;
}

CaseResult InProcessExecutor::run(const Case& c, const RunOptions& opt, CaseTensors* tensors) {
  if (!runner_) return run_case(c, opt, tensors);
  try {
    return runner_(c);
  } catch (const std::exception& e) {
    CaseResult r;
    r.c = c;
    r.outcome = Outcome::HarnessError;
    r.message = std::string("runner threw: ") + e.what();
    return r;
  }
}

BackendInfo InProcessExecutor::backend_info() { return local_backend_info(); }

BackendInfo local_backend_info() {
  ensure_runtime();
  const auto& a = backend::api();
  BackendInfo info;
  info.libraries = backend::description();
  const char* soc = a.aclrtGetSocName();
  info.soc = soc ? soc : "";
  info.platform_control = a.has_platform_control();
  info.introspection = a.has_introspection();
  info.operators = backend::exported_operators();
  return info;
}

}  // namespace poolcheck
