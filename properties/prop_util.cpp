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

bool quiet_check(const std::function<void()>& property, int max_success) {
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
  return result.template is<rc::detail::SuccessResult>();
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

void check_conservation(Case c) {
  if (c.fill == "special" || c.fill == "large") c.fill = "normal";
  const auto go = find_adapter(c.op)->make_inputs(c).at("gradOutput");
  CaseTensors t;
  RC_ASSERT_PASSES(run_case(c, {}, &t));
  double sum_in = 0, sum_out = 0, slack = 0, mag = 0;
  for (size_t i = 0; i < t.impl.size(); ++i) {
    sum_in += t.impl[i];
    slack += t.bound[i];
  }
  for (double v : go) {
    sum_out += v;
    mag += std::fabs(v);
  }
  RC_ASSERT(std::fabs(sum_in - sum_out) <= slack + 1e-12 * mag);
}

}  // namespace poolcheck
