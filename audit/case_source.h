// Deterministic audit cases for one operator on one platform, drawn from the property generators and the
// spec's own mutators: valid cases, exactly-one-violation cases per rule, and several-rules-violated cases.
// Every case stays on the platform it audits, so a row speaks for that platform alone.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "spec/spec.h"

namespace poolcheck::audit {

struct RuleDraw {
  std::vector<Case> cases;
  bool moved_platform = false;  // mutations exist, but only ones that leave this platform
  bool mutable_here = false;    // the rule's mutator produced any case at all on this platform
};

class CaseSource {
 public:
  CaseSource(const spec::OperatorSpec& spec, std::string platform, bool supported, uint64_t seed);

  std::vector<Case> valid(int k);
  RuleDraw singles(const spec::Rule& rule, int k);
  std::vector<Case> multi(int k);
  // The rules every case on an unsupported platform violates (its platform gate); empty on a supported one.
  const std::vector<const spec::Rule*>& gate() const { return gate_; }

 private:
  // Attempt `n` at a base case: valid on a supported platform; on an unsupported one valid except for the
  // platform gate. nullopt when the draw does not qualify.
  std::optional<Case> base(uint64_t n, uint64_t salt);
  bool exactly_one(const Case& c, const spec::Rule& rule) const;

  const spec::OperatorSpec& spec_;
  std::string platform_;
  bool supported_;
  uint64_t seed_;
  std::string supported_soc_;  // a platform the spec supports, to tell gate violations from others
  std::vector<const spec::Rule*> gate_;
};

// A stable 64-bit hash of a string (seeds must not depend on the standard library's std::hash).
uint64_t stable_hash(const std::string& s);

}  // namespace poolcheck::audit
