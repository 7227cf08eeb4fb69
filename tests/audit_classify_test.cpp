// The audit's reading of single outcomes: precedence is attributed only through status and phase.
#include <gtest/gtest.h>

#include "audit/audit_summary.h"
#include "audit/classify.h"
#include "audit/log_attribution.h"

namespace poolcheck::audit {
namespace {

spec::Rule make_rule(const char* id, int32_t code, spec::Phase phase = spec::Phase::GetWorkspaceSize) {
  spec::Rule r;
  r.id = id;
  r.code = code;
  r.phase = phase;
  return r;
}

CaseResult failed_with(Outcome o, int32_t expected, int32_t status, const char* phase) {
  CaseResult r;
  r.outcome = o;
  r.expected_status = expected;
  r.observed_status = status;
  std::string error;
  r.observed_phase = parse_phase_token(phase, &error).value();
  return r;
}

TEST(AuditClassify, OutcomesMapToFindings) {
  EXPECT_EQ(classify_single(failed_with(Outcome::ExpectedError, 161002, 161002, "GetWorkspaceSize")).finding,
            Finding::Agree);
  EXPECT_EQ(classify_single(failed_with(Outcome::UnexpectedSuccess, 161002, 0, "")).finding, Finding::AcceptedInvalid);
  EXPECT_EQ(classify_single(failed_with(Outcome::WrongError, 0, 161002, "GetWorkspaceSize")).finding,
            Finding::RejectedValid);
  EXPECT_EQ(classify_single(failed_with(Outcome::WrongError, 161001, 161002, "GetWorkspaceSize")).finding,
            Finding::WrongCode);
  EXPECT_EQ(classify_single(failed_with(Outcome::Unsupported, 0, 561003, "GetWorkspaceSize")).finding,
            Finding::NoKernel);
  EXPECT_EQ(classify_single(failed_with(Outcome::Fail, 161002, 161002, "GetWorkspaceSize")).finding,
            Finding::OtherDefect);  // refused, but wrote its output
  // A backend that died or hung in its worker is a crash finding of its own, valid case or not.
  EXPECT_EQ(classify_single(failed_with(Outcome::Crash, 161001, 0, "")).finding, Finding::Crash);
  EXPECT_EQ(classify_single(failed_with(Outcome::Timeout, 0, 0, "")).finding, Finding::Crash);
  EXPECT_TRUE(finding_is_defect(Finding::Crash));
  EXPECT_STREQ(finding_name(Finding::Crash), "crash");
  EXPECT_EQ(observed_key(classify_single(failed_with(Outcome::Timeout, 0, 0, ""))), "timeout");
  EXPECT_EQ(observed_key(classify_single(failed_with(Outcome::ExpectedError, 161002, 161002, "Execute"))),
            "161002@Execute");  // control: a returned status is named as before
}

TEST(AuditClassify, AnotherViolatedRulesStatusIsWrongPrecedence) {
  const spec::Rule null_rule = make_rule("X.NULL", 161001), shape_rule = make_rule("X.SHAPE", 161002);
  const CaseRecord c =
      classify_multi(failed_with(Outcome::WrongError, 161001, 161002, "GetWorkspaceSize"), {&null_rule, &shape_rule});
  EXPECT_EQ(c.finding, Finding::WrongPrecedence);
  EXPECT_EQ(c.attributed_rule, "X.SHAPE");
  EXPECT_TRUE(c.distinguishable);
  EXPECT_EQ(c.violated, (std::vector<std::string>{"X.NULL", "X.SHAPE"}));
}

TEST(AuditClassify, AStatusNoViolatedRuleGivesIsWrongCode) {
  const spec::Rule a = make_rule("X.A", 161001), b = make_rule("X.B", 161002, spec::Phase::Execute);
  const CaseRecord c = classify_multi(failed_with(Outcome::WrongError, 161001, 161002, "GetWorkspaceSize"), {&a, &b});
  EXPECT_EQ(c.finding, Finding::WrongCode);  // 161002 only in Execute would be X.B
  EXPECT_TRUE(c.attributed_rule.empty());
}

TEST(AuditClassify, RulesWithTheSameStatusAreNotAttributable) {
  const spec::Rule a = make_rule("X.A", 161002), b = make_rule("X.B", 161002);
  const CaseRecord c =
      classify_multi(failed_with(Outcome::ExpectedError, 161002, 161002, "GetWorkspaceSize"), {&a, &b});
  EXPECT_EQ(c.finding, Finding::Agree);
  EXPECT_FALSE(c.distinguishable);
  EXPECT_TRUE(c.attributed_rule.empty());
}

TEST(AuditSummary, CitationsAreSplitByDocVersion) {
  spec::Rule r = make_rule("X.A", 161002);
  r.cites = {{"000", "返回值 #1", "000,004"}, {"003", "返回值 table row 2", "003"}};
  EXPECT_EQ(citation_for(r, "000"), "000 返回值 #1");
  EXPECT_EQ(citation_for(r, "004"), "000 返回值 #1");
  EXPECT_EQ(citation_for(r, "003"), "003 返回值 table row 2");
  EXPECT_EQ(citation_for(r, "001"), "");
  spec::OperatorSpec s;
  s.seeds = {"003"};
  s.rules = {r};
  EXPECT_EQ(doc_versions(s), (std::vector<std::string>{"003", "000", "004"}));
}

// The emulator with skip_pad_check refuses a too-large padding by the pooled-shape check: same status, but
// the error line names gradOutput, which the padding rule's subject does not.
TEST(AuditLogHint, AMaskedCheckShowsInTheLogLine) {
  Case c;
  c.tensors = {{"gradOutput", {}}, {"self", {}}};
  c.arrays = {{"kernelSize", {}}, {"padding", {}}};
  spec::Rule pad = make_rule("X.PADDING.VALUE", 161002);
  pad.text = "every padding value must satisfy 0 <= padding <= kernelSize/2";
  spec::Rule every = make_rule("X.TENSOR", 161002);
  every.text = "every tensor: dims >= 0, one stride per dim";
  const std::string masked = "[161002] aclnnX: gradOutput spatial dim 1 is 1 but the pooled size (padding 1) is 2";
  EXPECT_EQ(logged_argument(c, masked), "gradOutput");
  EXPECT_EQ(rule_names_argument(c, pad, "gradOutput"), 0);
  EXPECT_EQ(rule_names_argument(c, pad, logged_argument(c, "[161002] aclnnX: padding[0]=-1 must be in [0, 1]")), 1);
  EXPECT_EQ(rule_names_argument(c, every, "self"), -1);  // "every tensor" names no argument
  EXPECT_EQ(rule_names_argument(c, pad, ""), -1);
}

}  // namespace
}  // namespace poolcheck::audit
