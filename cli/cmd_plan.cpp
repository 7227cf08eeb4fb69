// poolcheck plan '<descriptor>': GetWorkspaceSize only — the status and rule, the tiling decision, the workspace
// and the launch geometry, at any tensor size, without running the kernel.
#include <iostream>
#include <memory>

#include "case/descriptor.h"
#include "cli/commands.h"
#include "harness/op_adapter.h"
#include "harness/plan_only.h"
#include "nlohmann/json.hpp"

namespace poolcheck::cli {

namespace {

struct PlanArgs {
  std::vector<std::string> words;
  bool json = false;
};

nlohmann::json plan_json(const PlanReport& p) {
  const CaseResult& r = p.r;
  nlohmann::json j{{"descriptor", r.descriptor},           {"status", r.observed_status},
                   {"expected_status", r.expected_status}, {"expected_phase", phase_name(r.expected_phase)},
                   {"as_documented", p.as_documented},     {"seconds", p.seconds}};
  if (!r.expected_rule.empty()) j["expected_rule"] = r.expected_rule;
  if (r.observed_status != 0) {
    j["phase"] = phase_name(r.observed_phase);
    j["message"] = r.message;
  } else {
    j["workspace_bytes"] = r.workspace_bytes;
    j["tiling_known"] = r.tiling_known;
    if (r.tiling_known) {
      j["strategy"] = r.strategy;
      j["tiling_key"] = r.tiling_key;
      j["tiling"] = r.tiling;
      j["block_dim"] = r.block_dim;
      j["used_cores"] = p.used_cores;
      j["ub_limit_bytes"] = p.ub_limit_bytes;
      j["atomics"] = r.atomics;
      j["deterministic"] = p.deterministic;
    }
  }
  if (!p.notes.empty()) j["notes"] = p.notes;
  return j;
}

void print_plan(const PlanReport& p) {
  const CaseResult& r = p.r;
  std::cout << "case: " << r.descriptor << "\n";
  const std::string expected = r.expected_status == 0
                                   ? "success (a valid call)"
                                   : std::to_string(r.expected_status) + " in " + phase_name(r.expected_phase) +
                                         " (rule " + r.expected_rule + ")";
  std::cout << "spec expects: " << expected << "\n";
  if (r.observed_status != 0) {
    std::cout << "GetWorkspaceSize: status " << r.observed_status << ": " << r.message << "\n";
  } else {
    std::cout << "GetWorkspaceSize: success, workspace " << r.workspace_bytes << " bytes\n";
    if (r.tiling_known) {
      std::cout << "strategy: " << r.strategy << ", tiling key " << r.tiling_key << "\n"
                << "tiling: " << r.tiling << "\n"
                << "launch: blockDim " << r.block_dim << ", used cores " << p.used_cores << ", UB limit "
                << p.ub_limit_bytes << " bytes per core, atomics " << (r.atomics ? "yes" : "no") << ", deterministic "
                << (p.deterministic ? "yes" : "no") << "\n";
    } else {
      std::cout << "tiling: not reported by this backend (no pcEmuLastLaunch)\n";
    }
  }
  for (const auto& n : p.notes) std::cout << "note: " << n << "\n";
  std::cout << "verdict: " << (p.as_documented ? "as documented" : "NOT as documented") << " (" << p.seconds * 1e3
            << " ms)\n";
}

int plan(const PlanArgs& a, const Globals& g) {
  const std::optional<Case> c = case_from_words(a.words, "plan");
  if (!c) return kExitUsage;
  load_backend_here(g);
  const PlanReport p = plan_only(*c);
  if (a.json)
    std::cout << plan_json(p).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  else
    print_plan(p);
  return p.as_documented ? kExitOk : kExitFailure;
}

}  // namespace

Command add_plan_command(CLI::App& app, const Globals& g) {
  auto args = std::make_shared<PlanArgs>();
  CLI::App* sub = app.add_subcommand(
      "plan",
      "Plan one case: GetWorkspaceSize only (status and rule, strategy, tiling key and fields, workspace, launch "
      "geometry), in this process, at any tensor size; exit 1 when the status is not the documented one");
  sub->add_option("descriptor", args->words, "The case descriptor, e.g. 'op=maxpool3d_grad soc=Ascend910B ...'")
      ->required();
  sub->add_flag("--json", args->json, "Print the plan as JSON");
  return Command{sub, [args, &g] { return plan(*args, g); }};
}

}  // namespace poolcheck::cli
