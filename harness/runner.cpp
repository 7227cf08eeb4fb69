// The runner's orchestration: a case from its descriptor to its result: the backend configured, the inputs
// filled and staged (staging.h), one run judged (one_run.h, compare.h) and the second run the rerun policy gives
// (rerun_policy.h).
#include "harness/runner.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "backend/backend.h"
#include "case/descriptor.h"
#include "case/numeric.h"
#include "case/summary.h"
#include "fmt/format.h"
#include "harness/one_run.h"
#include "harness/op_adapter.h"
#include "harness/rerun_policy.h"
#include "harness/staging.h"

namespace poolcheck {

namespace {

aclrtStream g_stream = nullptr;

}  // namespace

// The emulator's platform and knob controls are optional: another backend runs its own SoC as it is.
void configure_backend(const Case& c, CaseResult* r) {
  const auto& a = backend::api();
  if (a.pcEmuSetPlatform && a.pcEmuSetPlatform(c.platform.c_str()) != 0)
    r->message = "the emulated backend has no platform '" + c.platform + "'";
  if (a.pcEmuSetKnobs) a.pcEmuSetKnobs(c.cores, c.ub_bytes);
  // Every case sets it (0 restores the platform's), so one case's limit never leaks into the next; the later
  // runs of the determinism check keep it.
  if (a.pcEmuSetInt32IndexLimit && a.pcEmuSetInt32IndexLimit(c.int32_index_limit) != 0)
    throw std::invalid_argument(
        fmt::format("i32limit={}: the backend refused the int32 index limit (it must be in [0, {}])",
                    c.int32_index_limit, kMaxInt32IndexLimit));
  a.aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, c.deterministic ? 1 : 0);
}

void take_tiling(CaseResult* r) {
  const auto& a = backend::api();
  pcEmuLaunchInfo info{};
  if (!a.pcEmuLastLaunch || a.pcEmuLastLaunch(&info) != 0) return;
  r->tiling_known = true;
  r->strategy.assign(info.strategy, strnlen(info.strategy, sizeof info.strategy));  // the word, parsed where checked
  r->tiling_key = info.tilingKey;
  r->tiling = info.tilingSummary;
  r->block_dim = info.blockDim;
  r->ub_high_water = info.ubHighWater;
  r->atomics = info.atomicAdds != 0;
}

void ensure_runtime() {
  static std::once_flag once;
  std::call_once(once, [] {
    const auto& a = backend::api();
    a.aclInit(nullptr);  // a second aclInit reports "repeat", which is fine here
    a.aclrtSetDevice(0);
    a.aclrtCreateStream(&g_stream);
  });
}

namespace {

CaseResult start_result(const Case& c, const spec::Expected& exp) {
  CaseResult r;
  r.c = c;
  r.descriptor = to_descriptor(c);
  r.outcome = Outcome::Crash;
  r.expected_status = exp.code;
  r.expected_phase = exp.phase;
  r.expected_rule = exp.rule ? exp.rule->id : "";
  return r;
}

spec::Expected expected_of(const OpAdapter* op, const Case& c, const RunOptions& opt) {
  return op && opt.check_spec ? op->spec().expected(c) : spec::Expected{};
}

}  // namespace

CaseResult planned_result(const Case& c, const RunOptions& opt) {
  return start_result(c, expected_of(find_adapter(c.op), c, opt));
}

namespace {

// A backend that cannot switch platforms runs its own SoC: the case is pinned to it, so the spec's expectation
// and the descriptor say what really ran.
const Case& on_backend_platform(const Case& c, Case* pinned) {
  if (backend::api().has_platform_control()) return c;
  static const std::string soc = [] {
    const char* s = backend::api().aclrtGetSocName();
    return std::string(s ? s : "");
  }();
  if (c.platform == soc) return c;
  *pinned = c;
  pinned->platform = soc;
  return *pinned;
}

}  // namespace

CaseResult run_case(const Case& case_as_given, const RunOptions& opt, CaseTensors* tensors) {
  ensure_runtime();
  Case pinned;
  const Case& c = on_backend_platform(case_as_given, &pinned);
  const auto t0 = std::chrono::steady_clock::now();
  const OpAdapter* op = find_adapter(c.op);
  const spec::Expected exp = expected_of(op, c, opt);
  CaseResult r = start_result(c, exp);
  if (!op) {
    r.outcome = Outcome::WrongError;
    r.message = "unknown operator '" + c.op + "'";
    return r;
  }
  try {
    configure_backend(c, &r);
    // Inputs are real data when the shapes are consistent (valid cases and index-range cases);
    // otherwise only the allocations matter and are filled with a pattern.
    const bool data_ok = exp.code == 0 || (exp.rule && exp.phase == spec::Phase::Execute);
    HostValues inputs;
    if (data_ok) {
      inputs = op->make_inputs(c);
      if (opt.host_inputs)  // replayed or metamorphic data replaces the generated values
        for (const auto& [name, values] : *opt.host_inputs) {
          if (values.size() != inputs[name].size())
            throw std::invalid_argument(fmt::format("host data for {} has {} values, the view needs {}", name,
                                                    values.size(), inputs[name].size()));
          inputs[name] = values;
        }
    }
    std::optional<OracleResult> oracle;
    Judge judge;
    judge.oracle = [&]() -> const OracleResult& {
      if (!oracle) oracle = op->oracle(c, inputs);
      return *oracle;
    };
    judge.check_tiling = opt.check_tiling;
    HostBytes first_output;
    judge.output = opt.rerun && exp.code == 0 ? &first_output : nullptr;
    DeviceCase d;
    upload(c, *op, &inputs, &d);
    run_once(c, *op, exp, d, judge, g_stream, &r, tensors);
    if (const RerunCheck check = opt.rerun ? rerun_check(c, exp, r) : RerunCheck::None; check != RerunCheck::None)
      rerun(c, *op, exp, d, judge, first_output, check, g_stream, &r);
  } catch (const std::exception& e) {
    // The backend is a C API, which reports by status or dies on a signal (crash, seen by the isolated worker's
    // parent); an exception comes from the harness's own code: data fill, adapter, oracle, comparison.
    r.outcome = Outcome::HarnessError;
    r.message = std::string("harness exception: ") + e.what();
  }
  if (opt.allow_unsupported) allow_unsupported(&r);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

void allow_unsupported(CaseResult* r) {
  if (r->outcome != Outcome::Unsupported) return;
  r->outcome = Outcome::UnsupportedAllowed;
  r->message = "allowed by --allow-unsupported: " + r->message;
}

}  // namespace poolcheck
