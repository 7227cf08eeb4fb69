#include "fuzz/op_fuzz.h"

#include "case/descriptor.h"
#include "fuzz/case_input.h"
#include "fuzz/fuzz_checks.h"
#include "fuzz/raw_call.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"
#include "poolcheck_emu/emu.h"
#include "spec/case_views.h"

namespace poolcheck::fuzz {

namespace {

// The spec's verdict and the runner's outcome must agree: a documented error, or the oracle's result.
bool acceptable(Outcome o) {
  return o == Outcome::Pass || o == Outcome::Mistrusted || o == Outcome::ExpectedError || o == Outcome::Unsupported;
}

void fuzz_case(const std::string& op, const DecodedCase& d) {
  const OpAdapter* adapter = find_adapter(op);
  const spec::Expected exp = adapter->spec().expected(d.c);
  const bool makes_data = exp.code == 0 || exp.phase == spec::Phase::Execute;
  if (makes_data && !data_within_caps(d.c)) return;  // valid but too big for a fast exec
  // Derived inputs (max pooling's indices) come from the forward per position; an overlapping view of one keeps
  // only one of each shared pair, which may lie outside the other position's window: a Case cannot say what such
  // data should do.
  for (const std::string& name : adapter->arguments.tensors) {
    const TensorArg* t = d.c.tensor(name);
    if (makes_data && adapter->is_derived(name) && t && t->present && spec::may_overlap(*t)) return;
  }
  std::vector<std::pair<std::string, std::vector<double>>> host;
  RunOptions opt;
  const std::string& gradient = adapter->arguments.gradient;
  const TensorArg* grad = d.c.tensor(gradient);
  if (makes_data && !d.data_tail.empty() && grad && grad->present) {
    host.emplace_back(gradient, values_from_bytes(d.data_tail, element_count(grad->shape).value_or(0), grad->dtype,
                                                  static_cast<float>(adapter->data_magnitude_limit(d.c))));
    opt.host_inputs = &host;
  }
  const int64_t live_before = pcEmuLiveAllocations();
  const CaseResult r = run_case(d.c, opt);
  if (!acceptable(r.outcome))
    finding(std::string(outcome_name(r.outcome)) + " (expected " + std::to_string(r.expected_status) + " " +
                r.expected_rule + ", observed " + std::to_string(r.observed_status) + " in " +
                phase_name(r.observed_phase) + "): " + r.message,
            r.descriptor + (d.data_tail.empty() ? "" : " + " + std::to_string(d.data_tail.size()) + " data bytes"));
  check_library_usable(op, live_before, r.descriptor);
}

}  // namespace

void fuzz_operator(const std::string& op, const uint8_t* data, size_t size) {
  if (looks_like_descriptor(data, size)) {
    if (const auto d = decode_case(op, data, size)) fuzz_case(op, *d);
    return;
  }
  fuzz_raw_call(op, data, size);
}

}  // namespace poolcheck::fuzz
