// Every operator of the table (ops/operators.txt) is complete: its spec rules, tables and strategy notes,
// its generators, its adapter and the reference it reaches, its fuzz binding, dictionary, options and seed corpus,
// its benchmark shapes, its spec and property tests, the SoCs its cases run on, and its README. A new operator
// that forgets a part fails here with the part named.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/bench_cases.h"
#include "fuzz/raw_ops.h"
#include "generators/generators.h"
#include "harness/op_adapter.h"
#include "spec/spec.h"

namespace poolcheck {
namespace {

namespace fs = std::filesystem;

struct TableRow {
  std::string token;
  std::string aclnn;
};

const std::vector<TableRow>& table() {
  static const std::vector<TableRow> rows{
#define POOLCHECK_OPERATOR(token, aclnn) {#token, #aclnn},
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
  };
  return rows;
}

// What the harness has of one operator, gathered from each layer's registry (null / empty when missing).
struct OperatorParts {
  TableRow row;
  const OperatorRow* table_row = nullptr;  // the row as the harness reads it: algorithm and spatial rank
  const spec::OperatorSpec* spec = nullptr;
  std::function<Case(uint64_t seed)> valid;     // one generated valid case
  std::function<Case(uint64_t seed)> invalid;   // one generated invalid case
  std::function<Case(uint64_t seed)> boundary;  // one generated boundary case (GenConfig::boundary)
  const OpAdapter* adapter = nullptr;
  const fuzz::RawOp* raw_op = nullptr;
  std::vector<bench::BenchCase> bench;
  fs::path folder;                       // ops/<token>/
  fs::path spec_test;                    // tests/spec_<token>_test.cpp
  std::vector<fs::path> property_tests;  // properties/<token>_test.cpp, properties/<token>_*_test.cpp
  std::function<Case(uint64_t seed, const std::string& soc)> valid_on;  // a valid case drawn for one SoC
};

// The property-test files of an operator: named by its token alone or with a suffix.
std::vector<fs::path> property_tests_of(const std::string& token) {
  std::vector<fs::path> found;
  for (const auto& e : fs::directory_iterator(fs::path(POOLCHECK_SOURCE_DIR) / "properties")) {
    const std::string name = e.path().filename().string();
    if (name == token + "_test.cpp" ||
        (name.rfind(token + "_", 0) == 0 && name.size() > 9 && name.compare(name.size() - 9, 9, "_test.cpp") == 0))
      found.push_back(e.path());
  }
  return found;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

OperatorParts parts_of(const TableRow& row) {
  OperatorParts p;
  p.row = row;
  p.spec = spec::find_operator_spec(row.token);
  p.valid = [op = row.token](uint64_t seed) { return gen::sample(gen::valid_case(op), seed); };
  p.invalid = [op = row.token](uint64_t seed) { return gen::sample(gen::invalid_case(op), seed); };
  p.boundary = [op = row.token](uint64_t seed) {
    gen::GenConfig cfg;
    cfg.boundary = true;
    return gen::sample(gen::valid_case(op, cfg), seed);
  };
  p.adapter = find_adapter(row.token);
  p.table_row = find_operator_row(row.token);
  try {
    p.raw_op = &fuzz::raw_op(row.token);
  } catch (const std::out_of_range&) {
    p.raw_op = nullptr;
  }
  p.bench = bench::bench_cases(row.token);
  p.folder = fs::path(POOLCHECK_SOURCE_DIR) / "ops" / row.token;
  p.spec_test = fs::path(POOLCHECK_SOURCE_DIR) / "tests" / ("spec_" + row.token + "_test.cpp");
  p.property_tests = property_tests_of(row.token);
  p.valid_on = [op = row.token](uint64_t seed, const std::string& soc) {
    gen::GenConfig cfg;
    cfg.target.platform = soc;
    return gen::sample(gen::valid_case(op, cfg), seed);
  };
  return p;
}

// Every missing or inconsistent part, named; empty when the operator is complete.
std::vector<std::string> completeness_problems(const OperatorParts& p) {
  std::vector<std::string> problems;
  const std::string& op = p.row.token;
  auto need = [&](bool ok, const std::string& what) {
    if (!ok) problems.push_back(op + ": " + what);
  };
  // Spec: rules with predicates and mutators, platform rows, strategy notes.
  need(p.spec != nullptr, "no spec (ops/" + op + "/spec_rules.cpp)");
  if (p.spec) {
    need(p.spec->op == op, "spec names operator '" + p.spec->op + "'");
    need(p.spec->aclnn_name == p.row.aclnn, "spec names entry point '" + p.spec->aclnn_name + "'");
    need(!p.spec->rules.empty(), "spec has no rules");
    for (const spec::Rule& r : p.spec->rules)
      need(r.violated && r.violate, "rule " + r.id + " lacks its predicate or mutator");
    need(!p.spec->platforms.empty(), "spec has no platform table");
    need(!p.spec->strategies.empty(), "spec has no strategy notes (ops/" + op + "/spec_strategies.cpp)");
  }
  // Generators: a valid case the spec accepts and an invalid one it refuses, both of this operator.
  if (p.spec && p.valid && p.invalid && p.boundary) {
    try {
      const Case v = p.valid(1), bad = p.invalid(1), edge = p.boundary(1);
      need(v.op == op && bad.op == op && edge.op == op, "generators produce cases of another operator");
      need(p.spec->expected(v).rule == nullptr, "the valid generator's case violates a rule");
      need(p.spec->expected(edge).rule == nullptr, "the boundary generator's case violates a rule");
      need(p.spec->expected(bad).rule != nullptr, "the invalid generator's case violates no rule");
      need(case_arguments_error(v).empty(), "generated case: " + case_arguments_error(v));
    } catch (const std::exception& e) {
      problems.push_back(op + ": no generator (" + e.what() + ")");
    }
  } else {
    need(false, "no generators");
  }
  // Adapter: the same spec, an output among its tensors, every function set.
  need(p.adapter != nullptr, "no adapter (ops/" + op + "/adapter.cpp)");
  if (p.adapter) {
    need(p.adapter->name == op, "adapter names operator '" + p.adapter->name + "'");
    need(p.spec && &p.adapter->spec() == p.spec, "adapter's spec is not the registered one");
    const auto& t = p.adapter->arguments.tensors;
    need(std::find(t.begin(), t.end(), p.adapter->output) != t.end(), "output is not one of its tensors");
    need(p.adapter->make_inputs && p.adapter->get_workspace_size && p.adapter->execute && p.adapter->oracle,
         "adapter lacks a function");
    // The call signature (what an exported program passes): every tensor and int array in API order, and
    // only the operator's scalars.
    std::vector<std::string> sig_tensors, sig_arrays;
    for (const CallParam& param : p.adapter->signature) {
      if (param.kind == CallParam::Tensor) sig_tensors.emplace_back(param.name);
      if (param.kind == CallParam::IntArray) sig_arrays.emplace_back(param.name);
      const auto& sc = p.adapter->arguments.scalars;
      if (param.kind != CallParam::Tensor && param.kind != CallParam::IntArray)
        need(std::find(sc.begin(), sc.end(), param.name) != sc.end(),
             std::string("signature scalar '") + param.name + "' is not a scalar argument");
    }
    need(sig_tensors == t, "signature's tensors differ from the view's (order included)");
    need(sig_arrays == p.adapter->arguments.arrays, "signature's int arrays differ from the view's");
    need(!p.adapter->filled.empty(), "no filled inputs");
    for (const auto& name : p.adapter->filled)
      need(name != p.adapter->output && std::find(t.begin(), t.end(), name) != t.end(),
           "filled input '" + name + "' is not an input tensor");
    need(p.table_row != nullptr, "no row in the operator table");
    const auto& filled = p.adapter->filled;
    need(std::find(filled.begin(), filled.end(), p.adapter->arguments.gradient) != filled.end(),
         "the gradient '" + p.adapter->arguments.gradient + "' is not a filled input");
  }
  // The reference: the adapter's oracle gives one exact value per element of the output for a valid case.
  if (p.adapter && p.valid) {
    try {
      const Case v = p.valid(1);
      const TensorArg* out = v.tensor(p.adapter->output);
      int64_t elements = 1;
      for (int64_t d : out ? out->shape : std::vector<int64_t>{0}) elements *= d;
      const HostValues inputs = p.adapter->make_inputs(v);
      const OracleResult o = p.adapter->oracle(v, inputs);
      need(static_cast<int64_t>(o.exact.size()) == elements && o.contributors.size() == o.exact.size() &&
               o.abs_sum.size() == o.exact.size(),
           "the oracle gives " + std::to_string(o.exact.size()) + " values for " + std::to_string(elements) +
               " output elements");
      // What a peer reads as the problem: a derived input (max pooling's argmax) has one value per gradient element,
      // whatever the entry point hands over (the mask entry point's bytes).
      const HostValues problem = p.adapter->problem_inputs(v, inputs);
      const TensorArg* grad = v.tensor(p.adapter->arguments.gradient);
      for (const std::string& name : p.adapter->arguments.tensors)
        if (p.adapter->is_derived(name) && grad)
          need(static_cast<int64_t>(problem.at(name).size()) == element_count(grad->shape).value_or(-1),
               "the problem's " + name + " has " + std::to_string(problem.at(name).size()) +
                   " values, not one per gradient element");
    } catch (const std::exception& e) {
      problems.push_back(op + ": no oracle for a valid case (" + e.what() + ")");
    }
  }
  // Platforms: the valid generator draws a valid case on every SoC the spec supports, when asked for it.
  if (p.spec && p.valid_on)
    for (const auto& row : p.spec->platforms) {
      if (!row.supported) continue;
      try {
        const Case v = p.valid_on(1, row.soc);
        need(v.platform == row.soc && p.spec->expected(v).rule == nullptr,
             "the valid generator asked for " + row.soc + " draws no valid case there");
      } catch (const std::exception& e) {
        problems.push_back(op + ": the valid generator asked for " + row.soc + " fails (" + e.what() + ")");
      }
    }
  // Tests: the spec's unit test and a property test.
  need(fs::exists(p.spec_test), "no spec test " + p.spec_test.filename().string());
  need(!p.property_tests.empty(), "no property test (properties/" + op + "_test.cpp)");
  // The table's algorithm and spatial rank agree with the operator: max pooling derives an input (the indices)
  // from the forward, adaptive pooling has no window lists, and every bench shape has `rank` spatial dims.
  if (p.table_row && p.adapter) {
    const auto& t = p.adapter->arguments.tensors;
    const bool derives_an_input =
        std::any_of(t.begin(), t.end(), [&](const std::string& name) { return p.adapter->is_derived(name); });
    const PoolAlgorithm shown = derives_an_input                      ? PoolAlgorithm::Max
                                : p.adapter->arguments.arrays.empty() ? PoolAlgorithm::AdaptiveAvg
                                                                      : PoolAlgorithm::Avg;
    need(p.table_row->algorithm == shown, std::string("the table's algorithm '") +
                                              pool_algorithm_name(p.table_row->algorithm) + "' is not the '" +
                                              pool_algorithm_name(shown) + "' its arguments show");
    for (const auto& b : p.bench)
      need(static_cast<int>(b.shape.in.size()) == p.table_row->spatial_rank,
           "bench shape " + b.shape.label + " has " + std::to_string(b.shape.in.size()) +
               " spatial dims, the table's rank is " + std::to_string(p.table_row->spatial_rank));
  }
  // Fuzz binding: as many positional tensors and arrays as the adapter names; dictionary, options, corpus.
  need(p.raw_op != nullptr, "no fuzz binding (ops/" + op + "/fuzz_binding.cpp)");
  if (p.raw_op && p.adapter) {
    need(p.raw_op->ranks.size() == p.adapter->arguments.tensors.size(), "fuzz binding's tensor count");
    need(p.raw_op->arrays == p.adapter->arguments.arrays.size(), "fuzz binding's int-array count");
  }
  need(fs::exists(p.folder / "fuzzer.dict"), "no ops/" + op + "/fuzzer.dict");
  need(fs::exists(p.folder / "fuzzer.options"), "no ops/" + op + "/fuzzer.options");
  const fs::path corpus = fs::path(POOLCHECK_SOURCE_DIR) / "fuzz" / "corpora" / (op + "_fuzzer_seed_corpus");
  need(fs::is_directory(corpus) && !fs::is_empty(corpus), "no seed corpus " + corpus.string());
  // Bench shapes: valid cases of this operator.
  need(!p.bench.empty(), "no bench shapes (ops/" + op + "/bench_shapes.cpp)");
  for (const auto& b : p.bench)
    need(b.c.op == op && p.spec && p.spec->expected(b.c).rule == nullptr, "bench case " + b.name() + " is not valid");
  // Docs: the README names the entry point and every strategy.
  const std::string readme = read_file(p.folder / "README.md");
  need(!readme.empty(), "no ops/" + op + "/README.md");
  need(readme.find(p.row.aclnn) != std::string::npos, "README does not name " + p.row.aclnn);
  if (p.spec)
    for (const auto& s : p.spec->strategies)
      need(readme.find(strategy_name(s.name)) != std::string::npos,
           std::string("README does not describe strategy ") + strategy_name(s.name));
  return problems;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += x + "\n";
  return s;
}

TEST(OperatorCompleteness, EveryOperatorOfTheTableHasEveryPart) {
  ASSERT_FALSE(table().empty());
  for (const TableRow& row : table()) {
    const auto problems = completeness_problems(parts_of(row));
    EXPECT_TRUE(problems.empty()) << joined(problems);
  }
}

TEST(OperatorCompleteness, EveryRegistryListsExactlyTheTable) {
  std::vector<std::string> tokens;
  for (const TableRow& row : table()) tokens.push_back(row.token);
  std::vector<std::string> specs, adapters;
  for (const auto* s : spec::all_operator_specs()) specs.push_back(s->op);
  for (const auto* a : all_adapters()) adapters.push_back(a->name);
  EXPECT_EQ(specs, tokens);
  EXPECT_EQ(adapters, tokens);
  EXPECT_EQ(gen::operators(), tokens);
}

// Negative controls: each check fires, naming the part, when that part is taken away from a complete operator.
TEST(OperatorCompletenessNegativeControl, AMissingPartIsNamed) {
  const OperatorParts full = parts_of(table().front());
  ASSERT_TRUE(completeness_problems(full).empty());
  const std::string op = full.row.token;
  auto first = [](const std::vector<std::string>& v) { return v.empty() ? std::string("(none)") : v.front(); };

  OperatorParts no_adapter = full;
  no_adapter.adapter = nullptr;
  EXPECT_EQ(first(completeness_problems(no_adapter)), op + ": no adapter (ops/" + op + "/adapter.cpp)");

  OperatorParts no_fuzz = full;
  no_fuzz.raw_op = nullptr;
  EXPECT_EQ(first(completeness_problems(no_fuzz)), op + ": no fuzz binding (ops/" + op + "/fuzz_binding.cpp)");

  OperatorParts no_bench = full;
  no_bench.bench.clear();
  EXPECT_EQ(first(completeness_problems(no_bench)), op + ": no bench shapes (ops/" + op + "/bench_shapes.cpp)");

  OperatorParts wrong_generator = full;
  wrong_generator.valid = full.invalid;  // a "valid" generator that breaks rules
  EXPECT_EQ(first(completeness_problems(wrong_generator)), op + ": the valid generator's case violates a rule");

  OperatorParts wrong_boundary = full;
  wrong_boundary.boundary = full.invalid;  // a boundary generator that breaks rules
  EXPECT_EQ(first(completeness_problems(wrong_boundary)), op + ": the boundary generator's case violates a rule");

  OperatorParts no_docs = full;
  no_docs.folder = full.folder / "missing";
  const auto docs_problems = completeness_problems(no_docs);
  EXPECT_NE(std::find(docs_problems.begin(), docs_problems.end(), op + ": no ops/" + op + "/README.md"),
            docs_problems.end())
      << joined(docs_problems);

  // A call signature out of API order (an exported program would pass the tensors in the wrong places).
  OpAdapter reordered = *full.adapter;
  std::reverse(reordered.signature.begin(), reordered.signature.end());
  OperatorParts wrong_signature = full;
  wrong_signature.adapter = &reordered;
  EXPECT_EQ(first(completeness_problems(wrong_signature)),
            op + ": signature's tensors differ from the view's (order included)");

  OpAdapter derived_filled = *full.adapter;
  derived_filled.filled.push_back(full.adapter->output);
  OperatorParts wrong_filled = full;
  wrong_filled.adapter = &derived_filled;
  EXPECT_EQ(first(completeness_problems(wrong_filled)),
            op + ": filled input '" + full.adapter->output + "' is not an input tensor");

  OperatorRow wrong_rank_row = *full.table_row;
  wrong_rank_row.spatial_rank = 5 - wrong_rank_row.spatial_rank;  // 2 <-> 3
  OperatorParts wrong_rank = full;
  wrong_rank.table_row = &wrong_rank_row;
  EXPECT_NE(first(completeness_problems(wrong_rank)).find("spatial dims, the table's rank is"), std::string::npos)
      << joined(completeness_problems(wrong_rank));

  OperatorRow wrong_algorithm_row = *full.table_row;
  wrong_algorithm_row.algorithm =
      full.table_row->algorithm == PoolAlgorithm::Avg ? PoolAlgorithm::Max : PoolAlgorithm::Avg;
  OperatorParts wrong_algorithm = full;
  wrong_algorithm.table_row = &wrong_algorithm_row;
  EXPECT_EQ(first(completeness_problems(wrong_algorithm)),
            op + ": the table's algorithm '" + pool_algorithm_name(wrong_algorithm_row.algorithm) + "' is not the '" +
                pool_algorithm_name(full.table_row->algorithm) + "' its arguments show");

  OperatorParts no_spec_test = full;
  no_spec_test.spec_test = full.folder / "missing_test.cpp";
  EXPECT_EQ(first(completeness_problems(no_spec_test)), op + ": no spec test missing_test.cpp");

  OperatorParts no_property_test = full;
  no_property_test.property_tests.clear();
  EXPECT_EQ(first(completeness_problems(no_property_test)), op + ": no property test (properties/" + op + "_test.cpp)");

  OperatorParts ignores_the_soc = full;  // a generator that draws on its own SoC whatever it is asked for
  ignores_the_soc.valid_on = [valid = full.valid](uint64_t seed, const std::string&) {
    Case c = valid(seed);
    c.platform = c.platform == "Ascend910B" ? "Ascend910_93" : "Ascend910B";
    return c;
  };
  EXPECT_NE(first(completeness_problems(ignores_the_soc)).find("draws no valid case there"), std::string::npos)
      << joined(completeness_problems(ignores_the_soc));

  // A reference that answers for another shape (here: one value short).
  OpAdapter short_oracle = *full.adapter;
  short_oracle.oracle = [inner = full.adapter->oracle](const Case& c, const HostValues& v) {
    OracleResult o = inner(c, v);
    o.exact.pop_back();
    return o;
  };
  OperatorParts wrong_oracle = full;
  wrong_oracle.adapter = &short_oracle;
  EXPECT_NE(first(completeness_problems(wrong_oracle)).find("the oracle gives"), std::string::npos)
      << joined(completeness_problems(wrong_oracle));

  // A peer handed the entry point's own encoding of a derived input (here: one value short of the gradient's).
  OpAdapter raw_problem = *full.adapter;
  raw_problem.problem_inputs = [](const Case&, const HostValues& v) {
    HostValues out = v;
    for (auto& [name, values] : out)
      if (name == "indices" && !values.empty()) values.pop_back();
    return out;
  };
  OperatorParts wrong_problem = full;
  wrong_problem.adapter = &raw_problem;
  EXPECT_NE(first(completeness_problems(wrong_problem)).find("not one per gradient element"), std::string::npos)
      << joined(completeness_problems(wrong_problem));

  OpAdapter no_gradient = *full.adapter;
  no_gradient.arguments.gradient = "";
  OperatorParts unnamed_gradient = full;
  unnamed_gradient.adapter = &no_gradient;
  EXPECT_EQ(first(completeness_problems(unnamed_gradient)), op + ": the gradient '' is not a filled input");

  OperatorParts other_entry_point = full;
  other_entry_point.row.aclnn = "aclnnSomethingElse";
  EXPECT_EQ(first(completeness_problems(other_entry_point)),
            op + ": spec names entry point '" + full.spec->aclnn_name + "'");
}

}  // namespace
}  // namespace poolcheck
