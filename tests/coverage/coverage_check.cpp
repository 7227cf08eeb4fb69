#include "tests/coverage/coverage_check.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "generators/generators.h"
#include "spec/spec.h"

namespace poolcheck::coverage_check {

namespace {

using nlohmann::json;

json read_json(const std::filesystem::path& p) {
  std::ifstream in(p);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  return json::parse(in);
}

// A result whose tiling key belongs to a strategy its SoC does not run: "" when there is none.
std::string key_platform_problem(const json& r) {
  if (!r.contains("tiling") || !r.at("tiling").at("known").get<bool>()) return "";
  const spec::OperatorSpec* s = spec::find_operator_spec(r.at("op").get<std::string>());
  if (!s) return "";
  const std::string strategy = r.at("tiling").at("strategy").get<std::string>();
  const std::string soc = r.at("platform").get<std::string>();
  for (const spec::StrategyNote& st : s->strategies)
    if (strategy_name(st.name) == strategy && !st.platforms.empty() &&
        std::find(st.platforms.begin(), st.platforms.end(), soc) == st.platforms.end())
      return "key " + r.at("tiling").at("label").get<std::string>() + " reported on " + soc + ", which does not run " +
             strategy;
  return "";
}

}  // namespace

std::vector<std::string> problems(const std::filesystem::path& dir) {
  std::vector<std::string> out;
  const json summary = read_json(dir / "summary.json");

  // Hits as the campaign counted them, by "kind op name".
  std::map<std::string, int64_t> hits;
  for (const json& t : summary.at("coverage"))
    hits[t.at("kind").get<std::string>() + " " + t.at("op").get<std::string>() + " " +
         t.at("name").get<std::string>()] = t.at("hits").get<int64_t>();
  auto need = [&](const std::string& target) {
    const auto it = hits.find(target);
    if (it == hits.end())
      out.push_back("not a coverage target: " + target);
    else if (it->second < 1)
      out.push_back("never hit: " + target);
  };

  // The targets come from the specs themselves, not from the campaign's list.
  for (const json& op_json : summary.at("ops")) {
    const std::string op = op_json.get<std::string>();
    const spec::OperatorSpec* s = spec::find_operator_spec(op);
    if (!s) {
      out.push_back("unknown operator in the summary: " + op);
      continue;
    }
    for (const spec::Rule& r : s->rules) {
      need("rule " + op + " " + r.id);
      for (const spec::ViolationClass& k : r.classes) need("variant " + op + " " + r.id + " " + k.name);
    }
    for (const spec::StrategyNote& st : s->strategies)
      for (uint64_t key : spec::targeted_keys(st))
        need("key " + op + " " + strategy_name(st.name) + "/" + std::to_string(key));
    for (const std::string& f : gen::features(op)) need("feature " + op + " " + f);
  }
  for (const json& name : summary.at("coverage_never_hit"))
    out.push_back("summary names as never hit: " + name.get<std::string>());

  // Recount rule hits from the results: each must be a case whose spec verdict names that rule. And each tiling
  // key must come from a SoC that runs its strategy (SIMD/1 from Ascend950, CutK/51 from the A2/A3 profiles).
  std::map<std::string, int64_t> recount;
  std::ifstream lines(dir / "results.jsonl");
  for (std::string line; std::getline(lines, line);) {
    const json r = json::parse(line);
    if (const std::string why = key_platform_problem(r); !why.empty()) out.push_back(why);
    const std::string rule = r.at("expected").at("rule").get<std::string>();
    if (!rule.empty() && r.contains("target")) ++recount["rule " + r.at("op").get<std::string>() + " " + rule];
  }
  for (const auto& [target, n] : hits)
    if (target.rfind("rule ", 0) == 0 && recount[target] != n)
      out.push_back(target + ": the summary counts " + std::to_string(n) + " hits, results.jsonl has " +
                    std::to_string(recount[target]));
  return out;
}

}  // namespace poolcheck::coverage_check
