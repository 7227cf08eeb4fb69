// Where cases run: in this process (a debugger, sanitizer and TSan builds) or in worker processes that a
// crashing or hanging backend cannot take down (worker/). Campaigns, the audit and repro use this interface,
// so they do not care which.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <utility>

#include "harness/runner.h"

namespace poolcheck {

// What the backend says about itself (the emulator-only parts are false against another library).
struct BackendInfo {
  std::string libraries;               // the loaded files
  std::string soc;                     // aclrtGetSocName()
  bool platform_control = false;       // the case's SoC and tiling knobs can be applied
  bool introspection = false;          // tiling key, UB high-water mark and guard zones are reported
  std::vector<std::string> operators;  // the operator-table entry points it exports (both phases), in table order
};

class CaseExecutor {
 public:
  virtual ~CaseExecutor() = default;
  // Cases that may be in flight at once (submit() until in_flight() == capacity(), then next()).
  virtual int capacity() const = 0;
  virtual int in_flight() const = 0;
  virtual void submit(uint64_t ticket, const Case& c, const RunOptions& opt) = 0;
  // One finished case (any of those in flight, not necessarily in submission order) and its ticket.
  virtual std::pair<uint64_t, CaseResult> next() = 0;
  // One case, start to finish (tensors for repro/eval when asked).
  virtual CaseResult run(const Case& c, const RunOptions& opt = {}, CaseTensors* tensors = nullptr) = 0;
  virtual BackendInfo backend_info() = 0;
};

// run_case() in this process, one case at a time; or `runner` instead (a test seam), whose exceptions become
// the case's crash.
class InProcessExecutor : public CaseExecutor {
 public:
  explicit InProcessExecutor(std::function<CaseResult(const Case&)> runner = {}) : runner_(std::move(runner)) {}
  int capacity() const override { return 1; }
  int in_flight() const override { return static_cast<int>(done_.size()); }
  void submit(uint64_t ticket, const Case& c, const RunOptions& opt) override;
  std::pair<uint64_t, CaseResult> next() override;
  CaseResult run(const Case& c, const RunOptions& opt = {}, CaseTensors* tensors = nullptr) override;
  BackendInfo backend_info() override;

 private:
  std::function<CaseResult(const Case&)> runner_;
  std::deque<std::pair<uint64_t, CaseResult>> done_;
};

// This process's backend, described (loads it).
BackendInfo local_backend_info();

}  // namespace poolcheck
