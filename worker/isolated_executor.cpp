#include "worker/isolated_executor.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#include "backend/bundled_files.h"
#include "case/descriptor.h"
#include "case/numeric.h"
#include "worker/protocol.h"

namespace poolcheck::worker {

namespace {

constexpr double kBaseSeconds = 10;            // start-up of a kernel on a loaded 2-core machine, many times over
constexpr double kSecondsPerByte = 1.0 / 4e6;  // far below any backend's speed, sanitizer builds included

isolation::WorkerCommand worker_command(const IsolationOptions& o) {
  isolation::WorkerCommand cmd;
  cmd.executable = o.worker_executable.empty() ? backend::bundled_worker() : o.worker_executable;
  if (cmd.executable.empty()) throw std::runtime_error("this build has no poolcheck-worker executable");
  std::string libs;
  for (const auto& l : o.backend.libraries) libs += (libs.empty() ? "" : ",") + l;
  if (!libs.empty()) cmd.args = {"--backend", libs};
  if (!o.backend.emu_faults.empty()) {
    cmd.args.push_back("--emu-faults");
    cmd.args.push_back(o.backend.emu_faults);
  }
  // The workers already keep the cores busy with cases: an emulated call that also spread its blocks over
  // every core would only add thread wake-ups. A user's POOLCHECK_EMU_HOST_THREADS still decides.
  if (!std::getenv("POOLCHECK_EMU_HOST_THREADS")) {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    cmd.args.push_back("--host-threads");
    cmd.args.push_back(std::to_string(std::max(1, cores / std::max(1, o.workers))));
  }
  return cmd;
}

std::string log_lines(const std::vector<std::string>& lines) {
  if (lines.empty()) return "";
  std::string s = "; the backend's last log lines:";
  for (const auto& l : lines) s += "\n    " + l;
  return s;
}

}  // namespace

double case_time_limit(const Case& c) {
  double bytes = 0;
  for (const auto& [name, t] : c.tensors)
    if (t.present) bytes += static_cast<double>(allocation_elems(t)) * static_cast<double>(dtype_size(t.dtype));
  return kBaseSeconds + bytes * kSecondsPerByte;
}

IsolatedExecutor::IsolatedExecutor(const IsolationOptions& opts) : opts_(opts) {
  if (opts.workers < 1) throw std::invalid_argument("workers must be >= 1, got " + std::to_string(opts.workers));
  if (!(opts.case_timeout >= 0))
    throw std::invalid_argument("the case time limit must be >= 0 seconds, got " + std::to_string(opts.case_timeout));
  isolation::PoolOptions po;
  po.workers = opts.workers;
  po.depth = opts.depth;
  po.forward_stderr = opts.forward_stderr;
  pool_ = std::make_unique<isolation::WorkerPool>(worker_command(opts), po);
}

int IsolatedExecutor::capacity() const { return pool_->capacity(); }
int IsolatedExecutor::in_flight() const { return pool_->in_flight(); }

uint64_t IsolatedExecutor::send(const Case& c, const RunOptions& opt, bool want_tensors, uint64_t ticket) {
  CaseRequest req;
  req.descriptor = to_descriptor(c);
  req.check_spec = opt.check_spec;
  req.rerun = opt.rerun;
  req.allow_unsupported = opt.allow_unsupported;
  req.check_tiling = opt.check_tiling;
  req.want_tensors = want_tensors;
  if (opt.host_inputs) req.host_inputs = *opt.host_inputs;
  const std::string request = encode_case_request(req);
  InFlight f{ticket, c, std::move(req.descriptor), opt,
             opts_.case_timeout > 0 ? opts_.case_timeout : case_time_limit(c)};
  f.opt.host_inputs = nullptr;  // sent with the request; the caller's pointer need not outlive it
  const uint64_t id = pool_->submit(request, f.limit);
  in_flight_.emplace(id, std::move(f));
  return id;
}

CaseResult IsolatedExecutor::result_of(const isolation::Completion& done, const InFlight& f, CaseTensors* tensors) {
  if (done.kind == isolation::CompletionKind::Ok) {
    try {
      CaseReply reply = decode_case_reply(done.response, {&f.descriptor, &f.c});
      if (tensors) *tensors = std::move(reply.tensors);
      return std::move(reply.result);
    } catch (const std::exception& e) {
      // The worker answered, but not with a result: one case's problem, not the end of the campaign.
      // The worker's harness code refused the case or answered garbage: a harness error, not a backend crash.
      CaseResult r = planned_result(f.c, f.opt);
      r.outcome = Outcome::HarnessError;
      r.seconds = done.seconds;
      r.message = std::string("the worker's answer is not a result: ") + e.what();
      return r;
    }
  }
  CaseResult r = planned_result(f.c, f.opt);
  r.seconds = done.seconds;
  if (done.kind == isolation::CompletionKind::TimedOut) {
    r.outcome = Outcome::Timeout;
    r.message = fmt::format("the backend did not finish within {:.2f} s; its worker was killed", f.limit);
  } else {
    r.outcome = Outcome::Crash;
    r.message = "worker process " + std::to_string(done.pid) + ": " + done.describe();
  }
  r.message += log_lines(done.log_tail);
  return r;
}

void IsolatedExecutor::submit(uint64_t ticket, const Case& c, const RunOptions& opt) { send(c, opt, false, ticket); }

std::pair<uint64_t, CaseResult> IsolatedExecutor::next() {
  const isolation::Completion done = pool_->wait();
  const auto it = in_flight_.find(done.ticket);
  if (it == in_flight_.end()) throw std::logic_error("worker pool returned an unknown ticket");
  const InFlight f = std::move(it->second);
  in_flight_.erase(it);
  return {f.ticket, result_of(done, f, nullptr)};
}

CaseResult IsolatedExecutor::run(const Case& c, const RunOptions& opt, CaseTensors* tensors) {
  if (in_flight() > 0) throw std::logic_error("IsolatedExecutor::run while cases are in flight");
  send(c, opt, tensors != nullptr, 0);
  const isolation::Completion done = pool_->wait();
  const InFlight f = std::move(in_flight_.at(done.ticket));
  in_flight_.erase(done.ticket);
  return result_of(done, f, tensors);
}

BackendInfo IsolatedExecutor::backend_info() {
  if (in_flight() > 0) throw std::logic_error("IsolatedExecutor::backend_info while cases are in flight");
  pool_->submit(encode_info_request(), kBaseSeconds);
  const isolation::Completion done = pool_->wait();
  if (done.kind != isolation::CompletionKind::Ok)
    throw std::runtime_error("the worker asked to describe its backend " + done.describe() + log_lines(done.log_tail));
  return decode_info_reply(done.response);
}

}  // namespace poolcheck::worker
