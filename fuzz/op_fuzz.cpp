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
  // Indices come from the forward per position; an overlapping indices view keeps only one of each shared
  // pair, which may lie outside the other position's window: a Case cannot say what such data should do.
  const TensorArg* indices = d.c.tensor("indices");
  if (makes_data && indices && indices->present && spec::may_overlap(*indices)) return;
  std::vector<std::pair<std::string, std::vector<double>>> host;
  RunOptions opt;
  const TensorArg* grad = d.c.tensor("gradOutput");
  if (makes_data && !d.data_tail.empty() && grad && grad->present) {
    const bool fp16_operands = d.c.scalar("cubeMathType").value_or(0) == 2;  // USE_FP16 computes in FP16
    host.emplace_back("gradOutput", values_from_bytes(d.data_tail, element_count(grad->shape).value_or(0), grad->dtype,
                                                      fp16_operands ? 0x1p14f : 0x1p100f));
    opt.host_inputs = &host;
  }
  const int64_t live_before = pcEmuLiveAllocations();
  const CaseResult r = run_case(d.c, opt);
  if (!acceptable(r.outcome))
    finding(std::string(outcome_name(r.outcome)) + " (expected " + std::to_string(r.expected_status) + " " +
                r.expected_rule + ", observed " + std::to_string(r.observed_status) + " in " + r.observed_phase +
                "): " + r.message,
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
