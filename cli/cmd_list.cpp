// poolcheck list operators|rules|platforms|strategies|discrepancies: what the specification says; list faults:
// the emulator's catalog of deliberate faults (from the backend).
#include <algorithm>
#include <iostream>
#include <memory>

#include "backend/backend.h"
#include "cli/commands.h"
#include "cli/fault_catalog.h"
#include "generators/generators.h"
#include "spec/spec.h"

namespace poolcheck::cli {

namespace {

struct ListArgs {
  std::string what = "operators";
  std::vector<std::string> ops;
};

std::string cites_text(const std::vector<spec::Citation>& cites) {
  std::string s;
  for (const auto& c : cites) {
    if (!s.empty()) s += "; ";
    s += c.seed + " " + c.section;
    if (!c.versions.empty()) s += " [docs " + c.versions + "]";
  }
  return s;
}

std::string join(const std::vector<std::string>& v, const char* sep = ", ") {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

std::string dtypes_text(const std::vector<DType>& v) {
  std::vector<std::string> names;
  for (DType d : v) names.emplace_back(dtype_name(d));
  return names.empty() ? "-" : join(names);
}

void list_rules(const spec::OperatorSpec& s) {
  std::cout << s.op << " (" << s.aclnn_name << "): " << s.rules.size() << " rules, in the order they are checked\n";
  for (const auto& r : s.rules) {
    std::cout << "  " << r.id << "  " << r.code << "  " << spec::phase_name(r.phase) << "  "
              << (r.in_docs ? "documented" : "chosen") << "\n";
    if (!r.text.empty()) std::cout << "      " << r.text << "\n";
    if (!r.chosen.empty()) std::cout << "      chosen behaviour: " << r.chosen << "\n";
    if (!r.cites.empty()) std::cout << "      cites: " << cites_text(r.cites) << "\n";
    if (!r.platforms.empty()) std::cout << "      platforms: " << join(r.platforms) << "\n";
  }
}

void list_platforms(const spec::OperatorSpec& s) {
  std::cout << s.op << " (" << s.aclnn_name << ")\n";
  for (const auto& p : s.platforms) {
    std::cout << "  " << p.soc << "  " << (p.supported ? "supported" : "not supported") << "  " << p.product << "\n";
    std::cout << "      dtypes: " << dtypes_text(p.dtypes);
    if (!p.index_dtypes.empty()) std::cout << "; indices: " << dtypes_text(p.index_dtypes);
    if (!p.doc_versions.empty()) std::cout << "; listed in docs " << join(p.doc_versions);
    std::cout << "\n";
  }
}

void list_discrepancies(const spec::OperatorSpec& s) {
  std::cout << s.op << " (" << s.aclnn_name << "): " << s.discrepancies.size()
            << " discrepancies between doc versions\n";
  for (const auto& d : s.discrepancies) {
    std::cout << "  " << d.id << "\n      " << d.summary << "\n      poolcheck: " << d.normative << "\n";
    if (!d.sources.empty()) std::cout << "      sources: " << cites_text(d.sources) << "\n";
  }
}

void list_strategies(const std::string& op) {
  const spec::OperatorSpec* s = spec::find_operator_spec(op);
  const std::vector<spec::StrategyNote> strategies = s ? s->strategies : std::vector<spec::StrategyNote>{};
  std::cout << op << ": " << (strategies.empty() ? "no emulated tiling strategies" : "tiling strategies") << "\n";
  for (const auto& st : strategies) {
    std::string keys;
    for (uint64_t k : st.keys) keys += (keys.empty() ? "" : ", ") + std::to_string(k);
    std::string beyond;
    for (uint64_t k : st.beyond_budget) beyond += (beyond.empty() ? "" : ", ") + std::to_string(k);
    if (!beyond.empty()) keys += "; " + beyond + " beyond the case budget, not coverage targets";
    std::string socs;
    for (const std::string& soc : st.platforms) socs += (socs.empty() ? "" : ", ") + soc;
    std::cout << "  " << strategy_name(st.name) << " (keys " << keys << (socs.empty() ? "" : "; on " + socs)
              << ")\n      " << st.description << "\n";
  }
}

int list(const ListArgs& a, const Globals& g) {
  if (a.what == "faults") {
    backend::configure({backend::split_library_list(g.backend), ""});
    const backend::AclApi& api = backend::api();  // loaded before description() names it
    std::cout << fault_catalog_text(fault_catalog(api, backend::description()));
    return kExitOk;
  }
  std::vector<std::string> ops = a.ops;
  if (ops.empty()) {
    ops = gen::operators();
    for (const spec::OperatorSpec* s : spec::all_operator_specs()) {
      if (std::find(ops.begin(), ops.end(), s->op) == ops.end()) ops.push_back(s->op);
    }
  }
  if (a.what == "operators") {
    for (const auto& op : ops) {
      const spec::OperatorSpec* s = spec::find_operator_spec(op);
      std::cout << op;
      if (s) {
        std::cout << "  " << s->aclnn_name << "  seeds " << join(s->seeds) << "  " << s->rules.size() << " rules, "
                  << s->platforms.size() << " platforms";
      } else {
        std::cout << "  (no spec registered)";
      }
      std::cout << "\n";
    }
    return kExitOk;
  }
  bool first = true;
  for (const auto& op : ops) {
    if (!first) std::cout << "\n";
    first = false;
    if (a.what == "strategies") {
      list_strategies(op);
      continue;
    }
    const spec::OperatorSpec* s = spec::find_operator_spec(op);
    if (!s) {
      std::cerr << "poolcheck list: no spec for operator '" << op << "'\n";
      return kExitUsage;
    }
    if (a.what == "rules") list_rules(*s);
    if (a.what == "platforms") list_platforms(*s);
    if (a.what == "discrepancies") list_discrepancies(*s);
  }
  return kExitOk;
}

}  // namespace

Command add_list_command(CLI::App& app, const Globals& g) {
  auto args = std::make_shared<ListArgs>();
  CLI::App* sub =
      app.add_subcommand("list",
                         "List operators, spec rules, platforms, tiling strategies, doc discrepancies or the "
                         "emulator's deliberate faults");
  sub->add_option("what", args->what, "operators | rules | platforms | strategies | discrepancies | faults")
      ->check(CLI::IsMember({"operators", "rules", "platforms", "strategies", "discrepancies", "faults"}))
      ->capture_default_str();
  sub->add_option("--op", args->ops, "Only this operator (repeatable)");
  return Command{sub, [args, &g] { return list(*args, g); }};
}

}  // namespace poolcheck::cli
