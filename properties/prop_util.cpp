#include "properties/prop_util.h"

#include <rapidcheck.h>

#include <cmath>
#include <iostream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "backend/backend.h"
#include "generators/generators.h"
#include "harness/op_adapter.h"

namespace poolcheck {

FaultScope::FaultScope(const char* faults) {
  const auto set = backend::api().pcEmuSetFaults;
  if (!set)
    throw std::logic_error("emulator faults need the emulated backend; " + backend::description() + " has none");
  if (set(faults) != 0) throw std::invalid_argument(std::string("unknown emulator fault '") + faults + "'");
}
FaultScope::~FaultScope() { backend::api().pcEmuSetFaults(""); }

EmulatorChecksOff::EmulatorChecksOff() {
  const auto set = backend::api().pcEmuSetChecks;
  if (!set)
    throw std::logic_error("the emulator's checks need the emulated backend; " + backend::description() + " has none");
  previous_ = set(0);
}
EmulatorChecksOff::~EmulatorChecksOff() { backend::api().pcEmuSetChecks(previous_); }

namespace {

// Against a backend without platform control every case runs on the backend's own SoC (the runner pins it):
// the generators draw there too, before any property runs.
class PinToForeignBackendSoc : public ::testing::Environment {
 public:
  void SetUp() override {
    const auto& api = backend::api();
    if (api.has_platform_control()) return;
    const char* soc = api.aclrtGetSocName();
    gen::pin_kernel_platform(soc ? soc : "");
  }
};
[[maybe_unused]] const auto* const kPinEnvironment = ::testing::AddGlobalTestEnvironment(new PinToForeignBackendSoc);

rc::detail::TestResult run_quietly(const std::function<void()>& property, int max_success) {
  std::ostringstream sink;
  auto* old = std::cerr.rdbuf(sink.rdbuf());
  auto* old_out = std::cout.rdbuf(sink.rdbuf());
  rc::detail::TestParams params;
  params.maxSuccess = max_success;
  params.maxSize = 100;
  params.seed = 12345;
  params.disableShrinking = true;
  const auto result = rc::detail::checkTestable([&] { property(); }, rc::detail::TestMetadata{}, params);
  std::cerr.rdbuf(old);
  std::cout.rdbuf(old_out);
  return result;
}

bool contains(const std::string& text, const char* what) { return text.find(what) != std::string::npos; }

}  // namespace

bool quiet_check(const std::function<void()>& property, int max_success) {
  return run_quietly(property, max_success).template is<rc::detail::SuccessResult>();
}

std::optional<std::string> quiet_failure(const std::function<void()>& property, int max_success) {
  rc::detail::FailureResult failure;
  if (!run_quietly(property, max_success).match(failure)) return std::nullopt;
  return failure.description;
}

bool has_line_starting(const std::string& description, const std::string& prefix) {
  return description.rfind(prefix, 0) == 0 || description.find("\n" + prefix) != std::string::npos;
}

const char* check_name(Check c) {
  switch (c) {
    case Check::None:
      return "none";
    case Check::OracleComparison:
      return "oracle comparison";
    case Check::Determinism:
      return "determinism (bitwise second run)";
    case Check::WriteOutsideView:
      return "write outside the output view";
    case Check::WriteIntoInput:
      return "write into an input";
    case Check::GuardZone:
      return "guard zone";
    case Check::WriteOnError:
      return "output written on a documented error";
    case Check::RaceShadow:
      return "race shadow";
    case Check::GmBounds:
      return "GM bounds";
    case Check::UbOverflow:
      return "UB overflow";
    case Check::UbBounds:
      return "UB buffer bounds";
    case Check::LaneInvariant:
      return "SIMD lane invariant";
    case Check::OffsetOverflow:
      return "int32 offset overflow";
    case Check::OtherWrongError:
      return "other wrong error";
    case Check::SpecExpectation:
      return "spec expectation (unexpected success)";
    case Check::KernelRefusal:
      return "kernel refusal (unsupported)";
    case Check::CrashOrTimeout:
      return "crash or timeout";
    case Check::TilingOracle:
      return "tiling oracle";
  }
  return "?";
}

// Each check is named by the runner's message (or the emulator's error line it carries) and the fields it sets.
Check rejected_by(const CaseResult& r) {
  const std::string& m = r.message;
  switch (r.outcome) {
    case Outcome::Fail:
      if (contains(m, "a write outside the tensors")) return Check::GuardZone;
      if (contains(m, "outside the view was written")) return Check::WriteOutsideView;
      if (contains(m, "the call wrote into input tensor")) return Check::WriteIntoInput;
      if (contains(m, "the call failed as documented but modified")) return Check::WriteOnError;
      if (r.rerun.failed && r.rerun.first_diff >= 0 && contains(m, "determinism:")) return Check::Determinism;
      if (r.err.mismatches > 0 && r.err.worst_index >= 0 && contains(m, "but the oracle says"))
        return Check::OracleComparison;
      return Check::OtherWrongError;
    case Outcome::WrongError:
      if (contains(m, "write race on")) return Check::RaceShadow;
      if (contains(m, "out of bounds")) return Check::GmBounds;
      if (contains(m, "UB overflow")) return Check::UbOverflow;
      if (contains(m, "UB access out of buffer")) return Check::UbBounds;
      if (contains(m, "SIMD lane invariant broken")) return Check::LaneInvariant;
      if (contains(m, "int32 offset overflow")) return Check::OffsetOverflow;
      return Check::OtherWrongError;
    case Outcome::UnexpectedSuccess:
      return Check::SpecExpectation;
    case Outcome::Unsupported:
      return Check::KernelRefusal;
    case Outcome::Crash:
    case Outcome::Timeout:
      return Check::CrashOrTimeout;
    case Outcome::WrongTiling:
      return !r.tiling_expected.empty() && contains(m, "tiling: ") ? Check::TilingOracle : Check::OtherWrongError;
    default:
      return Check::None;
  }
}

RunOptions without_tiling_oracle() {
  RunOptions opt;
  opt.check_tiling = false;
  return opt;
}

int Rejections::rejected() const { return runs - by(Check::None); }

int Rejections::by(Check c) const {
  const auto it = count.find(c);
  return it == count.end() ? 0 : it->second;
}

std::string Rejections::describe() const {
  std::ostringstream os;
  os << runs << " runs";
  for (const auto& [check, n] : count) {
    os << "\n  " << check_name(check) << ": " << n;
    if (const auto it = example.find(check); it != example.end() && check != Check::None)
      os << ", e.g. " << outcome_name(it->second.outcome) << ": " << it->second.message
         << "\n    repro: poolcheck repro '" << it->second.descriptor << "'";
  }
  return os.str();
}

Rejections tally_rejections(const rc::Gen<Case>& g, uint64_t seed0, int n,
                            const std::function<bool(const CaseResult&)>& keep, const RunOptions& opt) {
  Rejections t;
  for (int i = 0; i < n; ++i) {
    const CaseResult r = run_case(gen::sample(g, seed0 + static_cast<uint64_t>(i), i % 100), opt);
    if (keep && !keep(r)) continue;
    const Check c = rejected_by(r);
    ++t.runs;
    if (t.count[c]++ == 0) t.example.emplace(c, r);
  }
  return t;
}

void expect_rejected_by(const Rejections& t, Check expected, const std::set<Check>& also) {
  EXPECT_GT(t.by(expected), 0) << "expected the " << check_name(expected) << " check to fire; " << t.describe();
  int allowed = t.by(expected);
  for (const Check c : also) allowed += t.by(c);
  EXPECT_EQ(t.rejected(), allowed) << "a rejection by a check the control does not name; " << t.describe();
}

void check_rule(const std::string& op, const std::string& rule_id, bool tag_rule) {
  const Case c = *gen::invalid_case(op, {}, rule_id);
  const auto violated = find_adapter(op)->spec().violations(c);
  RC_ASSERT(!violated.empty());
  const spec::Rule* target = violated.front();
  std::set<std::string> allowed{target->id};
  allowed.insert(target->implies.begin(), target->implies.end());
  for (const auto* r : violated) RC_ASSERT(allowed.count(r->id) == 1u);
  const CaseResult r = run_case(c);
  if (tag_rule) RC_TAG(target->id);
  if (r.outcome != Outcome::ExpectedError)
    RC_FAIL(std::string(outcome_name(r.outcome)) + " for rule " + target->id + ": " + r.message +
            "\n  repro: poolcheck repro '" + r.descriptor + "'");
}

ConservationRun run_for_conservation(Case c) {
  if (c.fill == FillKind::Special || c.fill == FillKind::Large) c.fill = FillKind::Normal;
  ConservationRun run;
  run.grad_output = find_adapter(c.op)->make_inputs(c).at("gradOutput");
  run.r = run_case(c, {}, &run.t);
  run.c = std::move(c);
  return run;
}

std::optional<std::string> conservation_violation(const std::vector<double>& grad_output, const CaseTensors& t) {
  double sum_in = 0, sum_out = 0, slack = 0, mag = 0;
  for (size_t i = 0; i < t.impl.size(); ++i) {
    sum_in += t.impl[i];
    slack += i < t.bound.size() ? t.bound[i] : 0;
  }
  for (double v : grad_output) {
    sum_out += v;
    mag += std::fabs(v);
  }
  if (std::fabs(sum_in - sum_out) <= slack + 1e-12 * mag) return std::nullopt;  // false for a NaN sum too
  std::ostringstream os;
  os.precision(17);
  os << "conservation: sum(gradInput) = " << sum_in << " but sum(gradOutput) = " << sum_out << " (slack " << slack
     << ")";
  return os.str();
}

void check_conservation(Case c) {
  const ConservationRun run = run_for_conservation(std::move(c));
  RC_ASSERT_PASSES(run.r);
  if (const auto v = conservation_violation(run.grad_output, run.t)) RC_FAIL(*v);
}

void check_deterministic_repeat(Case c) {
  c.deterministic = true;
  CaseTensors a, b;
  RC_ASSERT_PASSES(run_case(c, {}, &a));
  RC_ASSERT_PASSES(run_case(c, {}, &b));
  for (size_t i = 0; i < a.impl.size(); ++i)
    RC_ASSERT(a.impl[i] == b.impl[i] || (std::isnan(a.impl[i]) && std::isnan(b.impl[i])));
}

void check_avg_conservation(Case c) {
  c.set_scalar("countIncludePad", 0);
  c.set_scalar("divisorOverride", 0);
  check_conservation(std::move(c));
}

void expect_avg_conservation_fails_with_padding_counted(const rc::Gen<Case>& valid) {
  const auto why = quiet_failure(
      [&valid] {
        Case c = *valid;
        c.set_scalar("countIncludePad", 1);
        c.set_scalar("divisorOverride", 0);
        check_conservation(c);
      },
      300);
  ASSERT_TRUE(why.has_value()) << "conservation held with countIncludePad on";
  EXPECT_TRUE(has_line_starting(*why, "conservation:")) << *why;
}

}  // namespace poolcheck
