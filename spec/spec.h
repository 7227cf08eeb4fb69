// The documented contract of an operator, as data: ordered rules with their status codes and doc
// citations, platform tables, and the discrepancies between doc versions. `expected()` comes from
// the spec alone; nothing here calls into impl/ or oracle/.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "case/phase.h"
#include "case/strategy.h"

namespace poolcheck::spec {

// Which API phase reports a rule's status.
// The call phases (case/phase.h): a rule's status is documented for GetWorkspaceSize or Execute.
using ::poolcheck::Phase;
using ::poolcheck::phase_name;

// Status codes (numeric CANN values, repeated here so the spec does not depend on impl headers).
inline constexpr int32_t kSuccess = 0;
inline constexpr int32_t kParamNullptr = 161001;
inline constexpr int32_t kParamInvalid = 161002;

struct Citation {
  std::string seed;      // seed file, e.g. "003"
  std::string section;   // e.g. "返回值 table, row 9" or "参数说明: padding"
  std::string versions;  // doc versions that state it, e.g. "000,003,004"
};

// One mutation class of a rule: its name in coverage labels, and what the valid base case must have for
// `Rule::violate` to build it (e.g. "hf32-with-f16" needs a FLOAT16 case). Empty lists allow anything.
struct ViolationClass {
  std::string name;               // one word: letters, digits, '-' and '_'
  std::vector<DType> dtypes;      // the base's tensor dtype is one of these
  std::vector<std::string> socs;  // the base's SoC is one of these
  std::string feature;            // a valid-generator feature the base must show (gen::kFeature*), e.g. INT64 indices
  // What a case of the class shows beyond those conditions: the mutation its name promises. Every class with
  // conditions has one (tests/coverage/violation_classes_test.cpp draws each and asks it).
  std::function<bool(const Case&)> shows{};
};

// Classes without conditions named by their number ("0", "1", ...), for rules whose classes differ only in
// which tensor or which bad value they take.
std::vector<ViolationClass> numbered_classes(uint64_t n);

struct Rule {
  std::string id;  // stable id, e.g. "MP.PARAM.PADDING_RANGE"
  int32_t code = kParamInvalid;
  Phase phase = Phase::GetWorkspaceSize;
  bool in_docs = true;                 // false: a bad input the docs do not mention; `chosen` says what we decided
  std::vector<Citation> cites;         // where the docs state it (empty when !in_docs)
  std::string text;                    // the rule in words: argument, expected value
  std::string chosen;                  // behaviour chosen where the docs are silent or disagree
  std::vector<std::string> platforms;  // SoCs it applies to; empty = all
  // Ids of LATER rules that every violation of this rule unavoidably also violates (e.g. a mutation that
  // can only be built with an aliasing output). Exactly-one checks accept {this rule} + implies.
  std::vector<std::string> implies;

  // Does this case violate the rule? Must be false for every case the generators call valid.
  std::function<bool(const Case&)> violated;
  // Turn a valid case into one that violates this rule and no other, in class classes[choice % classes.size()];
  // choice / classes.size() varies the details inside the class. nullopt when this case cannot be mutated into
  // that class (a base that does not meet the class's conditions).
  std::function<std::optional<Case>(const Case& valid, uint64_t choice)> violate;
  // The mutation classes `violate` makes (which tensor, which bad value, which form). The campaign draws every
  // class of every rule on a base that meets the class's conditions.
  std::vector<ViolationClass> classes = numbered_classes(1);
};

struct Discrepancy {
  std::string id;
  std::string summary;    // what the sources say, side by side
  std::string normative;  // what poolcheck treats as the contract, and why
  std::vector<Citation> sources;
};

struct PlatformRow {
  std::string soc;                        // "Ascend910B"
  std::string product;                    // documented product name, e.g. "Atlas A2 训练系列产品"
  bool supported = false;                 // per the normative doc's support table
  std::vector<DType> dtypes;              // self/gradOutput/gradInput dtypes
  std::vector<DType> index_dtypes;        // max pool only
  std::vector<std::string> doc_versions;  // which doc versions list the platform
};

struct Expected {
  int32_t code = kSuccess;
  Phase phase = Phase::GetWorkspaceSize;
  const Rule* rule = nullptr;  // the first violated rule, or nullptr for a valid case
};

// A tiling strategy of the operator's kernels and the tiling keys it reports (pcEmu introspection), for
// `poolcheck list strategies` and the campaign's key coverage.
struct StrategyNote {
  Strategy name;
  std::vector<uint64_t> keys;  // every key the strategy can report
  std::string description;
  // The SoCs whose kernels report it (Ascend910B and Ascend910_93 for the A2/A3 kernels, Ascend950 for the 950
  // kernels); empty = every SoC the operator's kernels run on. The campaign draws the strategy's cases there.
  std::vector<std::string> platforms{};
  // Keys among `keys` that no case within the campaign's memory budget reaches (64-bit offsets need 2^31
  // elements): a backend may report them, the conformance tests plan them, the coverage does not target them.
  std::vector<uint64_t> beyond_budget{};
};

// The keys of `note` the coverage targets: all but those beyond the budget.
std::vector<uint64_t> targeted_keys(const StrategyNote& note);

struct OperatorSpec {
  std::string op;                  // registry name, e.g. "maxpool3d_grad"
  std::string aclnn_name;          // "aclnnMaxPool3dWithArgmaxBackward"
  std::vector<std::string> seeds;  // seed documents, normative first
  std::vector<Rule> rules;         // in the order the checks run
  std::vector<Discrepancy> discrepancies;
  std::vector<PlatformRow> platforms;
  std::vector<StrategyNote> strategies;

  // First violated rule in order; success when none.
  Expected expected(const Case& c) const;
  // All violated rules (for exactly-one-violation checks and the audit's precedence matrix).
  std::vector<const Rule*> violations(const Case& c) const;
  const PlatformRow* platform(const std::string& soc) const;
  const Rule* rule(const std::string& id) const;
};

// Every operator's spec, in operator-table order, and one by token (nullptr when unknown).
const std::vector<const OperatorSpec*>& all_operator_specs();
const OperatorSpec* find_operator_spec(const std::string& op);

}  // namespace poolcheck::spec

// Each operator's spec (ops/<token>/spec_*.cpp), declared for every row of the operator table.
#define POOLCHECK_OPERATOR(token, aclnn)  \
  namespace poolcheck::spec::token {      \
  const OperatorSpec& operator_spec();    \
  std::vector<StrategyNote> strategies(); \
  }
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
