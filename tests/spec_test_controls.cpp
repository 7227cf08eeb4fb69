// The negative controls shared by the spec unit tests (see spec_test_support.h).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/spec_test_support.h"

namespace poolcheck::spec_test {

namespace {

std::function<bool(const Case&)> padding_off_by_one(size_t axes) {
  return [axes](const Case& c) {
    const auto* k = c.array("kernelSize");
    const auto* p = c.array("padding");
    if (!k || !p || !k->present || !p->present) return false;
    auto ok_len = [axes](size_t n) { return n == 1 || n == axes; };
    if (!ok_len(k->values.size()) || !ok_len(p->values.size())) return false;
    for (size_t i = 0; i < axes; ++i) {
      const int64_t kv = k->values[k->values.size() == 1 ? 0 : i];
      const int64_t pv = p->values[p->values.size() == 1 ? 0 : i];
      if (kv <= 0) return false;
      if (pv < 0 || pv >= kv / 2) return true;
    }
    return false;
  };
}

bool unguarded_batch_check(const Case& c) {
  const auto* go = c.tensor("gradOutput");
  const auto* self = c.tensor("self");
  if (!go || !self || !go->present || !self->present) return true;
  if (go->shape.size() != self->shape.size()) return true;
  return !go->shape.empty() && go->shape.front() != self->shape.front();
}

// A failure of the given kind: it starts with `prefix` and names every one of `names` after it.
bool any_failure_like(const CheckResult& res, const std::string& prefix, const std::vector<std::string>& names) {
  for (const std::string& f : res.failures) {
    if (f.rfind(prefix, 0) != 0) continue;
    bool all = true;
    for (const std::string& n : names) all = all && f.find(n, prefix.size()) != std::string::npos;
    if (all) return true;
  }
  return false;
}

}  // namespace

void expect_broken_rule_caught(const spec::OperatorSpec& spec, const std::string& id,
                               std::function<bool(const Case&)> pred, const std::vector<Case>& bases) {
  const CheckResult res = check_exactly_one(with_predicate(spec, id, std::move(pred)), bases);
  EXPECT_TRUE(any_failure_mentions(res, id + " base"));
}

void expect_padding_off_by_one_caught(const spec::OperatorSpec& spec, const std::string& id, size_t axes,
                                      const std::vector<Case>& bases) {
  const CheckResult res = check_exactly_one(with_predicate(spec, id, padding_off_by_one(axes)), bases);
  // The valid-base check fires: "base N not valid: ... <id> ...".
  EXPECT_TRUE(any_failure_like(res, "base ", {"not valid: ", id}));
}

void expect_unguarded_batch_caught(const spec::OperatorSpec& spec, const std::string& id,
                                   const std::vector<Case>& bases, const std::vector<std::string>& earlier) {
  const CheckResult res = check_exactly_one(with_predicate(spec, id, unguarded_batch_check), bases);
  // The exactly-one check fires on each earlier rule's mutations: "<rule> base ...: violations <rule>,<id>, want".
  for (const std::string& rule : earlier)
    EXPECT_TRUE(any_failure_like(res, rule + " base ", {"violations ", id + ", want"})) << rule;
}

}  // namespace poolcheck::spec_test
