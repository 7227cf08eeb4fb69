// The audit end to end on the emulated backend, with a small case budget: full rule coverage and no
// disagreement on the faithful backend; a backend that skips the padding check must fail the audit.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "audit/audit_json.h"
#include "audit/audit_runner.h"
#include "audit/audit_summary.h"
#include "backend/backend.h"
#include "generators/generators.h"

namespace poolcheck::audit {
namespace {

AuditOptions small(std::vector<std::string> ops = {}, std::vector<std::string> platforms = {}) {
  AuditOptions o;
  o.ops = std::move(ops);
  o.platforms = std::move(platforms);
  o.cases_per_rule = 3;
  o.valid_cases = 3;
  o.multi_cases = 6;
  o.seed = 7;
  return o;
}

const RuleRow& row_of(const PlatformAudit& p, const std::string& id) {
  for (const auto& r : p.rules)
    if (r.rule->id == id) return r;
  throw std::out_of_range(id);
}

TEST(AuditRun, EveryDocumentedRuleIsExercisedAndAgrees) {
  const AuditReport report = run_audit(small());
  ASSERT_EQ(report.ops.size(), gen::operators().size());
  for (const auto& c : coverage_rows(report)) {
    EXPECT_EQ(c.documented_exercised, c.documented) << c.op;
    EXPECT_EQ(c.chosen_exercised, c.chosen) << c.op;
  }
  EXPECT_EQ(report.disagreements(), 0);
  EXPECT_TRUE(report.gate_passes());
  for (const auto& op : report.ops)
    for (const auto& p : op.platforms) {
      EXPECT_EQ(p.findings(Finding::AcceptedInvalid) + p.findings(Finding::RejectedValid) +
                    p.findings(Finding::WrongCode) + p.findings(Finding::WrongPrecedence),
                0)
          << p.op << " " << p.platform;
      // The emulator's error lines name what each rule is about: no refusal points at another rule.
      EXPECT_EQ(p.log_mismatches(), 0) << p.op << " " << p.platform;
      // An unsupported platform shows its documented refusal; a supported one is audited rule by rule.
      EXPECT_GT(p.rules_exercised(), 0) << p.op << " " << p.platform;
      if (!p.supported) {
        EXPECT_FALSE(p.multi.empty()) << p.op << " " << p.platform;
      }
    }
}

TEST(AuditRun, IsDeterministicForASeed) {
  const auto a = audit_json(run_audit(small({"avgpool2d_grad"}, {"Ascend910B"})));
  const auto b = audit_json(run_audit(small({"avgpool2d_grad"}, {"Ascend910B"})));
  EXPECT_EQ(a["operators"], b["operators"]);
}

TEST(AuditRun, SummaryIsAnArrayOfFlatObjects) {
  const auto j = audit_json(run_audit(small({"adaptive_avgpool3d_grad"}, {"Ascend910B", "Ascend310B"})));
  ASSERT_TRUE(j["summary"].is_array());
  ASSERT_EQ(j["summary"].size(), 2u);
  const std::set<std::string> keys{"operator",       "platform",   "rules",           "rules_exercised",
                                   "agree",          "disagree",   "not_exercised",   "accepted_invalid",
                                   "rejected_valid", "wrong_code", "wrong_precedence"};
  for (const auto& row : j["summary"]) {
    for (const auto& k : keys) EXPECT_TRUE(row.contains(k)) << k;
    for (const auto& [k, v] : row.items()) EXPECT_TRUE(v.is_primitive()) << k;
  }
}

// With the check skipped, a padding above kernelSize/2 gets past GetWorkspaceSize: the call then succeeds or
// fails later (Execute), and either is a disagreement that fails the gate.
TEST(AuditRunNegativeControl, SkippedPaddingCheckFailsTheGate) {
  ASSERT_EQ(backend::api().pcEmuSetFaults("skip_pad_check"), 0);
  AuditOptions o = small({"maxpool3d_grad"}, {"Ascend910B", "Ascend910_93"});
  o.cases_per_rule = 30;
  const AuditReport report = run_audit(o);
  backend::api().pcEmuSetFaults("");
  for (const auto& p : report.ops.at(0).platforms) {
    const RuleRow& pad = row_of(p, "MP.PADDING.VALUE");
    EXPECT_EQ(pad.verdict, Verdict::Disagree) << p.platform;
    EXPECT_GT(pad.findings.count(Finding::AcceptedInvalid) + pad.findings.count(Finding::WrongCode), 0u);
    EXPECT_EQ(row_of(p, "MP.PADDING.LEN").verdict, Verdict::Agree) << p.platform;
    // Most too-large paddings are still refused with 161002, by the pooled-shape check: only the log shows it.
    EXPECT_GT(p.log_mismatches(), 0) << p.platform;
  }
  EXPECT_FALSE(report.gate_passes());
}

}  // namespace
}  // namespace poolcheck::audit
