// Cases in persistent worker processes (poolcheck-worker): a backend that dies on a signal or overruns the
// per-case time limit yields a `crash` or `timeout` result with the signal or the elapsed time and the
// backend's last log lines; a fresh worker takes over and the campaign goes on.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "backend/backend.h"
#include "harness/executor.h"
#include "isolation/worker_pool.h"

namespace poolcheck::worker {

struct IsolationOptions {
  backend::BackendConfig backend;  // what each worker loads
  int workers = 1;
  int depth = 8;                  // cases a worker holds at once: one running, the next ones already in its pipe
  double case_timeout = 0;        // seconds; 0 = derived from the case size (case_time_limit)
  bool forward_stderr = false;    // copy the workers' log lines to this process's stderr
  std::string worker_executable;  // empty = the bundled poolcheck-worker
};

// Seconds a case may take before its worker is killed: generous for the emulator on a loaded machine, and
// growing with the bytes the case moves.
double case_time_limit(const Case& c);

class IsolatedExecutor : public CaseExecutor {
 public:
  // Starts the workers; throws std::runtime_error when they cannot start (e.g. the backend does not load).
  explicit IsolatedExecutor(const IsolationOptions& opts);
  int capacity() const override;
  int in_flight() const override;
  void submit(uint64_t ticket, const Case& c, const RunOptions& opt) override;
  std::pair<uint64_t, CaseResult> next() override;
  CaseResult run(const Case& c, const RunOptions& opt = {}, CaseTensors* tensors = nullptr) override;
  BackendInfo backend_info() override;

 private:
  struct InFlight {
    uint64_t ticket = 0;
    Case c;
    std::string descriptor;  // as sent
    RunOptions opt;
    double limit = 0;
  };
  uint64_t send(const Case& c, const RunOptions& opt, bool want_tensors, uint64_t ticket);
  CaseResult result_of(const isolation::Completion& done, const InFlight& f, CaseTensors* tensors);

  IsolationOptions opts_;
  std::unique_ptr<isolation::WorkerPool> pool_;
  std::map<uint64_t, InFlight> in_flight_;  // by the pool's ticket
};

}  // namespace poolcheck::worker
