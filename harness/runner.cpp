#include "harness/runner.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <mutex>

#include "backend/backend.h"
#include "case/descriptor.h"
#include "case/numeric.h"
#include "fmt/format.h"
#include "harness/device_tensor.h"
#include "harness/op_adapter.h"

namespace poolcheck {

namespace {

aclrtStream g_stream = nullptr;
constexpr uint8_t kOutputPattern = 0xCD;  // bytes of gradInput before the call
constexpr uint8_t kInputPattern = 0x3C;

std::string recent_error() {
  const char* m = backend::api().aclGetRecentErrMsg();
  return m ? m : "";
}

// The emulator's platform and knob controls are optional: another backend runs its own SoC as it is.
void configure_backend(const Case& c, CaseResult* r) {
  const auto& a = backend::api();
  if (a.pcEmuSetPlatform && a.pcEmuSetPlatform(c.platform.c_str()) != 0)
    r->message = "the emulated backend has no platform '" + c.platform + "'";
  if (a.pcEmuSetKnobs) a.pcEmuSetKnobs(c.cores, c.ub_bytes);
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
}

// gradInput coordinates of a flat index, for messages.
std::string coords(const std::vector<int64_t>& shape, int64_t flat) {
  std::string s;
  for (size_t d = shape.size(); d-- > 0;) {
    s = std::to_string(flat % shape[d]) + (s.empty() ? "" : ",") + s;
    flat /= shape[d];
  }
  return "[" + s + "]";
}

void compare(const Case& c, const OpAdapter& op, const HostValues& inputs, const std::vector<double>& impl,
             CaseResult* r, CaseTensors* tensors) {
  const TensorArg& out = *c.tensor(op.output);
  const OracleResult o = op.oracle(c, inputs);
  bool all_zero = true;
  for (size_t i = 0; i < impl.size(); ++i) {
    const double ref = round_to(out.dtype, o.exact[i]);
    const double bound = fp32_sum_bound(out.dtype, o.terms[i], o.term_error);
    const Verdict v = compare_element(impl[i], ref, bound);
    all_zero = all_zero && ref == 0 && impl[i] == 0;
    r->err.elements++;
    if (std::isfinite(v.abs_err)) {
      r->err.max_abs_err = std::max(r->err.max_abs_err, v.abs_err);
      r->err.max_ulp_err = std::max(r->err.max_ulp_err, v.abs_err / ulp_at(out.dtype, ref));
      if (ref != 0) r->err.max_rel_err = std::max(r->err.max_rel_err, v.abs_err / std::fabs(ref));
    }
    if (v.bound_ratio > r->err.max_bound_ratio || (r->err.worst_index < 0 && v.bound_ratio > 0)) {
      r->err.max_bound_ratio = v.bound_ratio;
      r->err.worst_index = static_cast<int64_t>(i);
    }
    if (!v.ok && r->err.mismatches++ == 0)
      r->message = fmt::format("{}{} = {} but the oracle says {} (bound {}, {} terms)", op.output,
                               coords(out.shape, static_cast<int64_t>(i)), impl[i], ref, bound, o.terms[i].terms);
    if (tensors) {
      tensors->oracle.push_back(ref);
      tensors->bound.push_back(bound);
    }
  }
  if (r->err.mismatches > 0)
    r->outcome = Outcome::Fail;
  else
    r->outcome = all_zero && !impl.empty() ? Outcome::Mistrusted : Outcome::Pass;
}

// Any input allocation changed by the call is a write outside the output tensor.
bool inputs_untouched(const std::map<std::string, std::unique_ptr<DeviceTensor>>& dev, const std::string& output,
                      std::string* which) {
  for (const auto& [name, t] : dev) {
    if (name == output || !t) continue;
    if (t->read_back() != t->initial()) {
      *which = name;
      return false;
    }
  }
  return true;
}

void classify(const Case& c, const OpAdapter& op, const spec::Expected& exp, const ApiOutcome& api,
              const HostValues* inputs, const std::map<std::string, std::unique_ptr<DeviceTensor>>& dev, CaseResult* r,
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
    const auto impl = out->view_values(bytes);
    if (tensors) {
      tensors->grad_input_shape = c.tensor(op.output)->shape;
      tensors->impl = impl;
    }
    compare(c, op, *inputs, impl, r, tensors);
    return;
  }
  if (ok) {
    r->outcome = Outcome::UnexpectedSuccess;
    r->message = fmt::format("expected {} from rule {} in {}, but the call succeeded", exp.code, exp.rule->id,
                             spec::phase_name(exp.phase));
    return;
  }
  if (exp.phase == spec::Phase::Execute && api.status == ACLNN_ERR_INNER_FIND_KERNEL_ERROR) {
    r->outcome = Outcome::Unsupported;  // the data check happens in kernels this platform does not emulate
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
  if (out && out->read_back() != out->initial()) {
    r->outcome = Outcome::Fail;
    r->message = "the call failed as documented but modified " + op.output;
  }
}

}  // namespace

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
    std::map<std::string, std::unique_ptr<DeviceTensor>> dev;
    ApiHandles h;
    for (const auto& [name, arg] : c.tensors) {
      h.tensors[name] = nullptr;
      if (!arg.present) continue;
      const bool is_out = name == op->output;
      const auto it = inputs.find(name);
      const std::vector<double>* values = !is_out && it != inputs.end() ? &it->second : nullptr;
      dev[name] = std::make_unique<DeviceTensor>(arg, values, is_out ? kOutputPattern : kInputPattern);
      h.tensors[name] = dev[name]->handle();
      // An overlapping input view (legal) keeps the last value written to a shared element: the oracle
      // must see what the device holds.
      if (values) it->second = dev[name]->view_values(dev[name]->initial());
    }
    const auto& a = backend::api();
    std::vector<std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray*)>> arrays;
    for (const auto& [name, arr] : c.arrays) {
      h.arrays[name] = arr.present ? a.aclCreateIntArray(arr.values.data(), arr.values.size()) : nullptr;
      if (h.arrays[name]) arrays.emplace_back(h.arrays[name], a.aclDestroyIntArray);
    }
    const ApiOutcome api = op->call(c, h, g_stream);
    r.observed_status = api.status;
    r.observed_phase = api.status == 0 ? "" : api.failed_in_execute ? "Execute" : "GetWorkspaceSize";
    r.workspace_bytes = static_cast<int64_t>(api.workspace_bytes);
    if (api.status == 0 || api.failed_in_execute) take_tiling(&r);
    if (api.status != 0) r.message = recent_error();
    classify(c, *op, exp, api, &inputs, dev, &r, tensors);
    std::string which;
    if (!outcome_is_failure(r.outcome) && !inputs_untouched(dev, op->output, &which)) {
      r.outcome = Outcome::Fail;
      r.message = "the call wrote into input tensor " + which;
    }
    // A write past any allocation is the worst finding of the case, whatever the comparison said.
    if (a.pcEmuGuardsIntact && !a.pcEmuGuardsIntact()) {
      r.outcome = Outcome::Fail;
      r.message = "a write outside the tensors: a device allocation's guard zone was overwritten";
    }
    for (const auto& [name, t] : dev)
      if (const std::string damage = t ? t->red_zone_damage() : ""; !damage.empty()) {
        r.outcome = Outcome::Fail;
        r.message = "a write outside the tensors: " + name + ": " + damage;
        break;
      }
  } catch (const std::exception& e) {
    // The backend is a C API, which reports by status or dies on a signal (crash, seen by the isolated worker's
    // parent); an exception comes from the harness's own code: data fill, adapter, oracle, comparison.
    r.outcome = Outcome::HarnessError;
    r.message = std::string("harness exception: ") + e.what();
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace poolcheck
