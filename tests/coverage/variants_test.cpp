// Each rule's declared mutation classes (Rule::classes) are honest: every class can be made from generated
// valid cases and breaks that rule first, and no two classes are the same mutation. The campaign's schedule and
// its "variant" coverage targets rest on these declarations. Controls: a rule declared with twice its classes
// (so class k and k + n coincide) and a rule whose class 1 can never be made must each be named.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "case/descriptor.h"
#include "generators/generators.h"
#include "spec/spec.h"

namespace poolcheck {
namespace {

std::vector<Case> valid_bases(const std::string& op) {
  std::vector<Case> bases;
  for (uint64_t seed = 1; seed <= 48; ++seed) bases.push_back(gen::sample(gen::valid_case(op), seed, 30));
  return bases;
}

std::string mutation(const spec::Rule& r, const Case& base, uint64_t choice) {
  const auto m = r.violate(base, choice);
  return m ? to_descriptor(*m) : "(none)";
}

std::vector<std::string> variant_problems(const spec::OperatorSpec& s, const spec::Rule& r,
                                          const std::vector<Case>& bases) {
  std::vector<std::string> out;
  const uint64_t n = r.classes.size();
  for (uint64_t k = 0; k < n; ++k) {
    bool made = false;
    for (const Case& base : bases) {
      for (uint64_t visit = 0; visit < 3 && !made; ++visit) {
        const auto m = r.violate(base, k + n * visit);
        const spec::Expected e = m ? s.expected(*m) : spec::Expected{};
        made = e.rule && e.rule->id == r.id;
      }
      if (made) break;
    }
    if (!made) out.push_back(r.id + ": class " + std::to_string(k) + " never breaks the rule");
  }
  for (uint64_t a = 0; a < n; ++a) {
    for (uint64_t b = a + 1; b < n; ++b) {
      const bool differ = std::any_of(bases.begin(), bases.end(),
                                      [&](const Case& base) { return mutation(r, base, a) != mutation(r, base, b); });
      if (!differ)
        out.push_back(r.id + ": classes " + std::to_string(a) + " and " + std::to_string(b) + " are the same mutation");
    }
  }
  return out;
}

TEST(RuleVariants, EveryDeclaredClassIsMadeAndDistinct) {
  for (const spec::OperatorSpec* s : spec::all_operator_specs()) {
    const std::vector<Case> bases = valid_bases(s->op);
    for (const spec::Rule& r : s->rules) {
      EXPECT_GE(r.classes.size(), 1u) << r.id;
      for (const std::string& p : variant_problems(*s, r, bases)) ADD_FAILURE() << s->op << " " << p;
    }
  }
}

TEST(RuleVariants, ControlDoubledDeclarationIsNamed) {
  const spec::OperatorSpec& s = *spec::find_operator_spec("maxpool3d_grad");
  spec::Rule r = *s.rule("MP.NULL.OTHER");
  const uint64_t n = r.classes.size();
  r.classes = spec::numbered_classes(2 * n);
  const auto problems = variant_problems(s, r, valid_bases(s.op));
  EXPECT_NE(std::find(problems.begin(), problems.end(),
                      "MP.NULL.OTHER: classes 0 and " + std::to_string(n) + " are the same mutation"),
            problems.end());
}

TEST(RuleVariants, ControlClassNeverMadeIsNamed) {
  const spec::OperatorSpec& s = *spec::find_operator_spec("avgpool2d_grad");
  spec::Rule r = *s.rule("AP.DIVISOR.RANGE");
  const auto real = r.violate;
  r.violate = [real](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (choice % 8 == 1) return std::nullopt;
    return real(v, choice);
  };
  const auto problems = variant_problems(s, r, valid_bases(s.op));
  EXPECT_NE(std::find(problems.begin(), problems.end(), "AP.DIVISOR.RANGE: class 1 never breaks the rule"),
            problems.end());
}

}  // namespace
}  // namespace poolcheck
