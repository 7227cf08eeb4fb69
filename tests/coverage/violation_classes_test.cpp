// Each named mutation class is drawn as named: the invalid generator, asked for a rule, a class and a platform as
// the campaign's scheduler asks (its cells, its visits), returns a case that meets the class's conditions (its SoC,
// the dtype of `self`, its feature) and violates exactly that rule (plus its `implies`); a class with conditions
// makes the mutation it names from the first valid base drawn (drawn to meet them, not found by retrying), and the
// case shows what the class's witness (ViolationClass::shows) asks. Controls: a class whose dtype or SoC condition
// is dropped from the spec, or whose witness asks for another mutation, is named.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "campaign/scheduler.h"
#include "case/descriptor.h"
#include "generators/draws.h"
#include "generators/generators.h"
#include "generators/invalid.h"
#include "spec/spec.h"

namespace poolcheck {
namespace {

constexpr uint64_t kSeeds = 6;

bool listed(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

DType dtype_of(const Case& c, const char* name) { return c.tensor(name) ? c.tensor(name)->dtype : DType::Undefined; }

bool has_conditions(const spec::ViolationClass& k) {
  return !k.socs.empty() || !k.dtypes.empty() || !k.feature.empty();
}

// One draw of the invalid generator for (rule, choice, platform), as gen::<op>::invalid makes it, and the number
// of valid bases it drew.
struct Draw {
  Case c;
  int bases = 0;
};
using ValidGen = rc::Gen<Case> (*)(const gen::GenConfig&);

ValidGen valid_of(const std::string& op) {
#define POOLCHECK_OPERATOR(token, aclnn) \
  if (op == #token) return gen::token::valid;
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
  throw std::invalid_argument("no valid generator for '" + op + "'");
}

Draw draw(const spec::OperatorSpec& s, const spec::Rule& rule, uint64_t choice, const std::string& platform,
          uint64_t seed) {
  Draw d;
  const ValidGen valid = valid_of(s.op);
  gen::GenConfig cfg;
  cfg.target.rule = rule.id;
  cfg.target.choice = choice;
  cfg.target.platform = platform;
  const auto counting = [valid, &d](const gen::GenConfig& c) {
    ++d.bases;
    return valid(c);
  };
  d.c = gen::sample(gen::invalid_from(s, counting, cfg, gen::supported_socs(s), ""), seed,
                    static_cast<int>(seed * 17 % 101));
  return d;
}

// Problems of class `k` of `rule` over a few seeds and two visits of its schedule cell (`platforms`: the cell's).
std::vector<std::string> class_problems(const spec::OperatorSpec& s, const spec::Rule& rule, uint64_t k,
                                        const std::vector<std::string>& platforms) {
  std::vector<std::string> out;
  const spec::ViolationClass& cls = rule.classes[k];
  const std::string label = s.op + " " + rule.id + " " + cls.name;
  std::vector<const spec::Rule*> want{&rule};
  for (const std::string& id : rule.implies) want.push_back(s.rule(id));
  std::sort(want.begin(), want.end());
  for (uint64_t visit = 0; visit < 2; ++visit) {
    for (uint64_t seed = 1; seed <= kSeeds; ++seed) {
      const std::string platform = platforms.empty() ? "" : platforms[(visit + seed) % platforms.size()];
      const Draw d = draw(s, rule, k + rule.classes.size() * visit, platform, seed);
      const Case& c = d.c;
      std::vector<const spec::Rule*> got = s.violations(c);
      std::sort(got.begin(), got.end());
      const std::string where = label + " (seed " + std::to_string(seed) + "): ";
      if (got != want) {
        out.push_back(where + "not drawn as named: " + to_descriptor(c));
        continue;
      }
      if (has_conditions(cls) && d.bases != 1)
        out.push_back(where + "made after " + std::to_string(d.bases) + " bases");
      if (!cls.socs.empty() && !listed(cls.socs, c.platform)) out.push_back(where + "SoC " + c.platform);
      const TensorArg* self = c.tensor("self");
      if (!cls.dtypes.empty() &&
          (!self || std::find(cls.dtypes.begin(), cls.dtypes.end(), self->dtype) == cls.dtypes.end()))
        out.push_back(where + "self dtype");
      if (cls.feature == gen::kFeatureInt64Indices && dtype_of(c, "indices") != DType::I64)
        out.push_back(where + "no INT64 indices");
      if (cls.shows && !cls.shows(c)) out.push_back(where + "not the named mutation");
    }
  }
  return out;
}

// The platforms of the scheduler's cell for (op, rule, class).
std::vector<std::string> cell_platforms(const CaseScheduler& schedule, const std::string& op, const std::string& rule,
                                        uint64_t k) {
  for (const ScheduleCell& cell : schedule.invalid_cells())
    if (cell.op == op && cell.rule == rule && cell.variant == k) return cell.platforms;
  ADD_FAILURE() << "no schedule cell for " << op << " " << rule << " " << k;
  return {};
}

bool names_a_miss(const std::vector<std::string>& problems) {
  return std::any_of(problems.begin(), problems.end(), [](const std::string& p) {
    return p.find("not drawn as named") != std::string::npos || p.find("made after") != std::string::npos ||
           p.find("not the named mutation") != std::string::npos;
  });
}

spec::Rule* rule_of(spec::OperatorSpec* s, const std::string& id) {
  for (spec::Rule& r : s->rules)
    if (r.id == id) return &r;
  return nullptr;
}

TEST(ViolationClasses, NamesAreOneWordAndUnique) {
  for (const spec::OperatorSpec* s : spec::all_operator_specs())
    for (const spec::Rule& r : s->rules) {
      std::vector<std::string> names;
      for (const spec::ViolationClass& k : r.classes) {
        EXPECT_FALSE(k.name.empty()) << r.id;
        EXPECT_TRUE(
            std::all_of(k.name.begin(), k.name.end(),
                        [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_'; }))
            << r.id << " " << k.name;
        EXPECT_NE(k.name, "-") << r.id;  // "-" labels a case that broke another rule than planned
        EXPECT_FALSE(listed(names, k.name)) << r.id << " " << k.name;
        names.push_back(k.name);
        EXPECT_TRUE(k.feature.empty() || listed(gen::features(s->op), k.feature)) << r.id << " " << k.name;
        for (const std::string& soc : k.socs) EXPECT_TRUE(s->platform(soc) && s->platform(soc)->supported) << soc;
      }
    }
}

TEST(ViolationClasses, EveryClassIsDrawnAsNamed) {
  const CaseScheduler schedule(gen::operators(), 1);
  for (const spec::OperatorSpec* s : spec::all_operator_specs())
    for (const spec::Rule& r : s->rules)
      for (uint64_t k = 0; k < r.classes.size(); ++k) {
        const std::vector<std::string> socs = cell_platforms(schedule, s->op, r.id, k);
        EXPECT_FALSE(socs.empty()) << s->op << " " << r.id << " " << r.classes[k].name << ": no SoC to draw it on";
        for (const std::string& soc : socs)
          EXPECT_TRUE(r.classes[k].socs.empty() || listed(r.classes[k].socs, soc)) << r.id << " on " << soc;
        // Every class with conditions says what its cases show (its witness).
        EXPECT_TRUE(!has_conditions(r.classes[k]) || r.classes[k].shows)
            << s->op << " " << r.id << " " << r.classes[k].name << ": conditions but no witness";
        for (const std::string& p : class_problems(*s, r, k, socs)) ADD_FAILURE() << p;
      }
}

// Control: a witness that asks for another mutation (INT32 indices where the class makes INT64) is named.
TEST(ViolationClasses, ControlWrongWitnessIsNamed) {
  spec::OperatorSpec s = *spec::find_operator_spec("maxpool3d_grad");
  spec::Rule* r = rule_of(&s, "MP.DTYPE.INDICES");
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->classes[0].name, "int64-where-int32-only");
  r->classes[0].shows = [](const Case& c) { return dtype_of(c, "indices") == DType::I32; };
  EXPECT_TRUE(names_a_miss(class_problems(s, *r, 0, {"Ascend910B"}))) << "a witness asking for INT32 must fail";
}

// Control: hf32-with-f16 without its FLOAT16 condition is drawn on bases of any dtype; FLOAT32 and BFLOAT16 bases
// cannot be mutated into it, so it is made only after retries, or not at all, and the check says so.
TEST(ViolationClasses, ControlDtypeConditionDroppedIsNamed) {
  spec::OperatorSpec s = *spec::find_operator_spec("avgpool2d_grad");
  spec::Rule* r = rule_of(&s, "AP.CUBE_MATH");
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->classes[1].name, "hf32-with-f16");
  const auto with = class_problems(s, *r, 1, {"Ascend910B"});
  EXPECT_TRUE(with.empty()) << with.front();
  r->classes[1].dtypes.clear();
  r->classes[1].socs = {"Ascend910B"};  // still a class with conditions, so made-after-retries counts
  EXPECT_TRUE(names_a_miss(class_problems(s, *r, 1, {"Ascend910B"})))
      << "a FLOAT16-only class drawn on any dtype must be named";
}

// Control: INT64 indices where only INT32 is listed, without its SoC condition, is scheduled on Ascend950 too, where
// INT64 is valid: the check names the cases it could not make.
TEST(ViolationClasses, ControlSocConditionDroppedIsNamed) {
  spec::OperatorSpec s = *spec::find_operator_spec("maxpool3d_grad");
  spec::Rule* r = rule_of(&s, "MP.DTYPE.INDICES");
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->classes[0].name, "int64-where-int32-only");
  r->classes[0].socs.clear();
  EXPECT_TRUE(names_a_miss(class_problems(s, *r, 0, {"Ascend950"})))
      << "INT64 indices on a SoC that lists them must be named";
}

}  // namespace
}  // namespace poolcheck
