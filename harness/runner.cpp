#include "harness/runner.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
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
#include "harness/compare.h"
#include "harness/device_tensor.h"
#include "harness/op_adapter.h"

namespace poolcheck {

namespace {

aclrtStream g_stream = nullptr;

std::string recent_error() {
  const char* m = backend::api().aclGetRecentErrMsg();
  return m ? m : "";
}

// Any input allocation changed by the call is a write outside the output tensor.
bool inputs_untouched(const std::map<std::string, std::unique_ptr<DeviceTensor>>& dev, const std::string& output,
                      std::string* which) {
  for (const auto& [name, t] : dev) {
    if (name == output || !t) continue;
    if (!t->unchanged()) {
      *which = name;
      return false;
    }
  }
  return true;
}

// How one run of a valid case is judged: against the oracle (computed once per case, on first use), or, for
// the second run of a deterministic case, bit for bit against the first run's output.
struct Judge {
  std::function<const OracleResult&()> oracle;
  const std::vector<uint64_t>* first_bits = nullptr;  // set: compare bitwise with these
  std::vector<uint64_t>* bits = nullptr;              // set: keep this run's output bits here
};

// The first element whose bits differ between the two runs; the result says where and both values.
void compare_bitwise(const Case& c, const OpAdapter& op, const std::vector<uint64_t>& first,
                     const std::vector<uint64_t>& second, CaseResult* r) {
  const TensorArg& out = *c.tensor(op.output);
  r->outcome = Outcome::Pass;
  for (size_t i = 0; i < first.size() && i < second.size(); ++i) {
    if (first[i] == second[i]) continue;
    r->outcome = Outcome::Fail;
    r->rerun.first_diff = static_cast<int64_t>(i);
    r->rerun.first_bits = first[i];
    r->rerun.second_bits = second[i];
    const int digits = static_cast<int>(2 * std::min<int64_t>(dtype_size(out.dtype), 8));
    r->message = fmt::format(
        "determinism: in deterministic mode the second run differs bitwise from the first at {}{} (element {}): "
        "first 0x{:0{}x}, second 0x{:0{}x}",
        op.output, coords(out.shape, static_cast<int64_t>(i)), i, first[i], digits, second[i], digits);
    return;
  }
  if (first.size() != second.size()) {
    r->outcome = Outcome::Fail;
    r->message = fmt::format("determinism: the runs read back {} and {} elements", first.size(), second.size());
  }
}

void classify(const Case& c, const OpAdapter& op, const spec::Expected& exp, const ApiOutcome& api,
              const std::map<std::string, std::unique_ptr<DeviceTensor>>& dev, const Judge& judge, CaseResult* r,
              CaseTensors* tensors) {
  const DeviceTensor* out = dev.count(op.output) ? dev.at(op.output).get() : nullptr;
  const bool ok = api.status == 0;
  if (exp.code == 0) {
    if (!ok) {
      r->outcome = api.status == ACLNN_ERR_INNER_FIND_KERNEL_ERROR ? Outcome::Unsupported : Outcome::WrongError;
      return;
    }
    const auto bytes = out->read_back();
    if (const int64_t at = out->first_change_outside_view(bytes); at >= 0) {
      r->outcome = Outcome::Fail;
      r->message = fmt::format("{} allocation byte {} outside the view was written", op.output, at);
      return;
    }
    if (judge.bits) *judge.bits = out->view_bits(bytes);
    if (judge.first_bits) return compare_bitwise(c, op, *judge.first_bits, *judge.bits, r);
    const auto impl = out->view_values(bytes);
    if (tensors) {
      tensors->grad_input_shape = c.tensor(op.output)->shape;
      tensors->impl = impl;
    }
    compare_with_oracle(c, op, judge.oracle(), impl, r, tensors);
    return;
  }
  if (ok) {
    r->outcome = Outcome::UnexpectedSuccess;
    r->message = fmt::format("expected {} from rule {} in {}, but the call succeeded", exp.code, exp.rule->id,
                             spec::phase_name(exp.phase));
    return;
  }
  if (exp.phase == spec::Phase::Execute && api.status == ACLNN_ERR_INNER_FIND_KERNEL_ERROR) {
    // The documented data check runs in kernels the backend does not have on a platform the spec supports:
    // the same refusal as for a valid case (the check cannot be observed).
    r->outcome = Outcome::Unsupported;
    return;
  }
  const bool phase_ok = (exp.phase == spec::Phase::Execute) == api.failed_in_execute;
  if (api.status != exp.code || !phase_ok) {
    r->outcome = Outcome::WrongError;
    r->message = fmt::format("expected {} in {} (rule {}), got {} in {}: {}", exp.code, spec::phase_name(exp.phase),
                             exp.rule->id, api.status, r->observed_phase, r->message);
    return;
  }
  r->outcome = Outcome::ExpectedError;
  if (out && !out->unchanged()) {
    r->outcome = Outcome::Fail;
    r->message = "the call failed as documented but modified " + op.output;
  }
}

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
  r->strategy = info.strategy;
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
  r.expected_phase = spec::phase_name(exp.phase);
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

namespace {

// The case's tensors and int arrays on the device, made once: a later run of the case reuses the inputs (the
// first run left them untouched, or there is no later run) and starts from a fresh copy of the output's fill.
struct DeviceCase {
  std::map<std::string, std::unique_ptr<DeviceTensor>> dev;
  ApiHandles h;
  std::vector<std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray*)>> arrays;
};

void upload(const Case& c, const OpAdapter& op, HostValues* inputs, DeviceCase* d) {
  for (const auto& [name, arg] : c.tensors) {
    d->h.tensors[name] = nullptr;
    if (!arg.present) continue;
    const bool is_out = name == op.output;
    const auto it = inputs->find(name);
    const std::vector<double>* values = !is_out && it != inputs->end() ? &it->second : nullptr;
    d->dev[name] = std::make_unique<DeviceTensor>(arg, values, is_out ? kOutputFillByte : kInputFillByte);
    d->h.tensors[name] = d->dev[name]->handle();
    // An overlapping input view (legal) keeps the last value written to a shared element: the oracle
    // must see what the device holds.
    if (values) it->second = d->dev[name]->view_values(d->dev[name]->initial());
  }
  const auto& a = backend::api();
  for (const auto& [name, arr] : c.arrays) {
    d->h.arrays[name] = arr.present ? a.aclCreateIntArray(arr.values.data(), arr.values.size()) : nullptr;
    if (d->h.arrays[name]) d->arrays.emplace_back(d->h.arrays[name], a.aclDestroyIntArray);
  }
}

// One call of the case on the device, both phases, the output judged, then the checks that hold whatever the
// outcome (inputs untouched, no write outside the tensors).
void run_once(const Case& c, const OpAdapter& op, const spec::Expected& exp, const DeviceCase& d, const Judge& judge,
              CaseResult* r, CaseTensors* tensors) {
  const auto& a = backend::api();
  const auto& dev = d.dev;
  const ApiHandles& h = d.h;
  const ApiOutcome api = call_two_phases(op, c, h, g_stream);
  r->observed_status = api.status;
  r->observed_phase = api.status == 0 ? "" : api.failed_in_execute ? "Execute" : "GetWorkspaceSize";
  r->workspace_bytes = static_cast<int64_t>(api.workspace_bytes);
  if (api.status == 0 || api.failed_in_execute) take_tiling(r);
  if (api.status != 0) r->message = recent_error();
  classify(c, op, exp, api, dev, judge, r, tensors);
  std::string which;
  if (!outcome_is_failure(r->outcome) && !inputs_untouched(dev, op.output, &which)) {
    r->outcome = Outcome::Fail;
    r->message = "the call wrote into input tensor " + which;
  }
  // A write past any allocation is the worst finding of the case, whatever the comparison said.
  if (a.pcEmuGuardsIntact && !a.pcEmuGuardsIntact()) {
    r->outcome = Outcome::Fail;
    r->message = "a write outside the tensors: a device allocation's guard zone was overwritten";
  }
  for (const auto& [name, t] : dev)
    if (const std::string damage = t ? t->red_zone_damage() : ""; !damage.empty()) {
      r->outcome = Outcome::Fail;
      r->message = "a write outside the tensors: " + name + ": " + damage;
      break;
    }
}

// SplitMix64's finaliser: the second run's knobs from the case seed, so a result reproduces from its descriptor.
uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// The second run's knobs: another core count and UB size than the case's (from the values the generators
// draw, which the tiling takes for every valid case) and a seeded block schedule, all a function of the case.
struct RerunKnobs {
  int32_t cores = 0;
  int64_t ub_bytes = 0;
  uint64_t schedule = 0;
  std::string text() const { return fmt::format("cores={} ub={} schedule=0x{:x}", cores, ub_bytes, schedule); }
};

template <typename T>
T other_than(const std::vector<T>& choices, T current, uint64_t draw) {
  for (size_t k = 0; k < choices.size(); ++k) {
    const T v = choices[(draw + k) % choices.size()];
    if (v != current) return v;
  }
  return current;
}

RerunKnobs rerun_knobs(const Case& c, const OpAdapter& op) {
  static const std::vector<int32_t> kCores{0, 1, 2, 3, 4, 7};  // as the generators draw them
  const uint64_t h = mix(c.seed ^ 0x7265706561746564ull);
  RerunKnobs k;
  k.cores = other_than(kCores, c.cores, h);
  const std::vector<int64_t>& ub_sizes = op.ub_sizes_on(c.platform);
  k.ub_bytes = ub_sizes.empty() ? c.ub_bytes : other_than(ub_sizes, c.ub_bytes, h >> 16);
  k.schedule = mix(h) | 1;  // never 0, the default schedule
  return k;
}

bool has_knob_control() { return backend::api().pcEmuSetKnobs && backend::api().pcEmuSetSchedule; }

// Sets a later run's knobs (the backend has the emulator's controls); the case's knobs and the previous
// schedule come back when the run ends.
class KnobScope {
 public:
  KnobScope(const Case& c, const RerunKnobs& k) : c_(c) {
    backend::api().pcEmuSetKnobs(k.cores, k.ub_bytes);
    previous_schedule_ = backend::api().pcEmuSetSchedule(k.schedule);
  }
  ~KnobScope() {
    backend::api().pcEmuSetSchedule(previous_schedule_);
    backend::api().pcEmuSetKnobs(c_.cores, c_.ub_bytes);
  }
  KnobScope(const KnobScope&) = delete;
  KnobScope& operator=(const KnobScope&) = delete;

 private:
  const Case& c_;
  uint64_t previous_schedule_ = 0;
};

// Which second run a valid case gets after a first run that passed: "bitwise" in deterministic mode,
// "tolerance" in the default mode when the kernel added atomically (or the backend cannot say), else none.
const char* rerun_check(const Case& c, const spec::Expected& exp, const CaseResult& first) {
  if (exp.code != 0 || (first.outcome != Outcome::Pass && first.outcome != Outcome::Mistrusted)) return nullptr;
  if (c.deterministic) return "bitwise";
  if (first.atomics || !first.tiling_known) return "tolerance";
  return nullptr;
}

// A later run of the case under `knobs` (nullptr: the same knobs), judged on its own.
CaseResult run_again(const Case& c, const OpAdapter& op, const spec::Expected& exp, const DeviceCase& d,
                     const Judge& judge, const RerunKnobs* knobs) {
  CaseResult again;
  std::optional<KnobScope> scope;
  if (knobs) scope.emplace(c, *knobs);
  d.dev.at(op.output)->restore();
  run_once(c, op, exp, d, judge, &again, nullptr);
  return again;
}

// A rejected later run's findings, folded into the result of a first run that passed; the message names the
// run and its knobs.
void take_rejection(const CaseResult& later, const char* which, const std::string& knobs, CaseResult* r) {
  r->rerun.failed = true;
  r->rerun.first_diff = later.rerun.first_diff;
  r->rerun.first_bits = later.rerun.first_bits;
  r->rerun.second_bits = later.rerun.second_bits;
  r->outcome = later.outcome;
  r->observed_status = later.observed_status;
  r->observed_phase = later.observed_phase;
  if (later.err.elements > 0) r->err = later.err;
  r->message = fmt::format("{} run ({}): {}", which, knobs, later.message);
}

// The second run, after a first run that passed (a failed first run keeps its classification and is not run
// again). Deterministic mode promises the same bits on the same hardware whatever the interleaving; another UB
// size may legitimately change the plan (where a tile cuts an overlapping axis) and with it how the sums group.
// So when the second run's UB size changed the plan and the bits, a third run keeps the second's core count
// and the case's UB size under another schedule, and that one must agree bit for bit.
void rerun(const Case& c, const OpAdapter& op, const spec::Expected& exp, const DeviceCase& d, Judge judge,
           const std::vector<uint64_t>& first_bits, const char* check, CaseResult* r) {
  r->rerun.check = check;
  std::vector<uint64_t> bits;
  judge.bits = &bits;
  judge.first_bits = r->rerun.check == "bitwise" ? &first_bits : nullptr;
  if (!has_knob_control()) {
    r->rerun.knobs = "same knobs (the backend has no pcEmu knob or schedule control)";
    const CaseResult second = run_again(c, op, exp, d, judge, nullptr);
    if (outcome_is_failure(second.outcome)) take_rejection(second, "second", r->rerun.knobs, r);
    return;
  }
  const RerunKnobs k2 = rerun_knobs(c, op);
  r->rerun.knobs = k2.text();
  const CaseResult second = run_again(c, op, exp, d, judge, &k2);
  if (!outcome_is_failure(second.outcome)) return;
  const bool other_plan = second.tiling_key != r->tiling_key || second.tiling != r->tiling;
  if (second.rerun.first_diff < 0 || k2.ub_bytes == c.ub_bytes || !other_plan)
    return take_rejection(second, "second", r->rerun.knobs, r);
  RerunKnobs k3 = k2;
  k3.ub_bytes = c.ub_bytes;
  k3.schedule = mix(k2.schedule) | 1;
  r->rerun.knobs = fmt::format("{} (another plan: {}, other bits, not promised across UB sizes), then {}", k2.text(),
                               tiling_key_label(second), k3.text());
  const CaseResult third = run_again(c, op, exp, d, judge, &k3);
  if (outcome_is_failure(third.outcome)) take_rejection(third, "third", k3.text(), r);
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
    std::vector<uint64_t> first_bits;
    judge.bits = opt.rerun && exp.code == 0 ? &first_bits : nullptr;
    DeviceCase d;
    upload(c, *op, &inputs, &d);
    run_once(c, *op, exp, d, judge, &r, tensors);
    if (const char* check = opt.rerun ? rerun_check(c, exp, r) : nullptr)
      rerun(c, *op, exp, d, judge, first_bits, check, &r);
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
