#include "harness/one_run.h"

#include <map>
#include <memory>
#include <string>

#include "fmt/format.h"
#include "harness/compare.h"
#include "harness/runner.h"
#include "tiling_oracle/expected_tiling.h"

namespace poolcheck {

namespace {

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

// The first element whose bits differ between the two runs' outputs; the result says where and both values.
// Equal allocations pass at once; only different ones are read element by element.
void compare_bitwise(const Case& c, const OpAdapter& op, const DeviceTensor& out_tensor, const HostBytes& first_output,
                     const HostBytes& second_output, CaseResult* r) {
  r->outcome = Outcome::Pass;
  if (first_output == second_output) return;
  const TensorArg& out = *c.tensor(op.output);
  const std::vector<uint64_t> first = out_tensor.view_bits(first_output);
  const std::vector<uint64_t> second = out_tensor.view_bits(second_output);
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
    auto bytes = out->read_back();
    if (const int64_t at = out->first_change_outside_view(bytes); at >= 0) {
      r->outcome = Outcome::Fail;
      r->message = fmt::format("{} allocation byte {} outside the view was written", op.output, at);
      return;
    }
    if (judge.first_output) {
      compare_bitwise(c, op, *out, *judge.first_output, bytes, r);
    } else {
      const auto impl = out->view_values(bytes);
      if (tensors) {
        tensors->grad_input_shape = c.tensor(op.output)->shape;
        tensors->impl.assign(impl.begin(), impl.end());
      }
      compare_with_oracle(c, op, judge.oracle(), impl, r, tensors);
    }
    if (judge.output) *judge.output = std::move(bytes);
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
                             exp.rule->id, api.status, phase_name(r->observed_phase), r->message);
    return;
  }
  r->outcome = Outcome::ExpectedError;
  if (out && !out->unchanged()) {
    r->outcome = Outcome::Fail;
    r->message = "the call failed as documented but modified " + op.output;
  }
}

// The tiling oracle's decision beside the one the backend reports, for a valid call that succeeded: when the
// numbers passed but the decision differs, the case is wrong-tiling; a case that failed otherwise keeps its
// finding and names the disagreement too.
void check_tiling(const Case& c, CaseResult* r) {
  const tiling_oracle::TilingVerdict v = tiling_oracle::expected_tiling(c);
  if (!v.expected) return;
  r->tiling_expected = tiling_oracle::describe(*v.expected);
  const std::string diff = tiling_oracle::tiling_disagreement(*v.expected, r->strategy, r->tiling_key, r->tiling);
  if (diff.empty()) return;
  if (r->outcome == Outcome::Pass || r->outcome == Outcome::Mistrusted) {
    r->outcome = Outcome::WrongTiling;
    r->message = fmt::format("tiling: {} (expected {}; reported {})", diff, r->tiling_expected, r->tiling);
  } else {
    r->message += "; the tiling differs too: " + diff;
  }
}

}  // namespace

void run_once(const Case& c, const OpAdapter& op, const spec::Expected& exp, const DeviceCase& d, const Judge& judge,
              aclrtStream stream, CaseResult* r, CaseTensors* tensors) {
  const auto& a = backend::api();
  const auto& dev = d.dev;
  const ApiHandles& h = d.h;
  const ApiOutcome api = call_two_phases(op, c, h, stream);
  r->observed_status = api.status;
  r->observed_phase = api.status == 0 ? Phase::None : api.failed_in_execute ? Phase::Execute : Phase::GetWorkspaceSize;
  r->workspace_bytes = static_cast<int64_t>(api.workspace_bytes);
  if (api.status == 0 || api.failed_in_execute) take_tiling(r);
  if (api.status != 0) r->message = recent_error();
  classify(c, op, exp, api, dev, judge, r, tensors);
  if (judge.check_tiling && exp.code == 0 && api.status == 0 && r->tiling_known) check_tiling(c, r);
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

}  // namespace poolcheck
