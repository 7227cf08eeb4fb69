// poolcheck repro '<descriptor>': re-run one case and show everything about it.
#include <iostream>
#include <memory>

#include "case/descriptor.h"
#include "cli/commands.h"
#include "cli/result_print.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"
#include "reports/case_result_json.h"

namespace poolcheck::cli {

namespace {

struct ReproArgs {
  std::vector<std::string> words;  // the descriptor, quoted as one argument or not
  bool json = false;
  size_t rows = 20;
  bool allow_unsupported = false;
};

int repro(const ReproArgs& a, const Globals& g) {
  const std::optional<Case> c = case_from_words(a.words, "repro");
  if (!c) return kExitUsage;
  CaseTensors tensors;
  RunOptions opt;
  opt.allow_unsupported = a.allow_unsupported;
  const CaseResult r = make_executor(g)->run(*c, opt, &tensors);
  if (a.json) {
    std::cout << reports::result_to_json(r).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    print_result(std::cout, r, &tensors.grad_input_shape);
    print_mismatch_table(std::cout, tensors, a.rows);
  }
  return outcome_is_failure(r.outcome) ? kExitFailure : kExitOk;
}

}  // namespace

Command add_repro_command(CLI::App& app, const Globals& g) {
  auto args = std::make_shared<ReproArgs>();
  CLI::App* sub = app.add_subcommand("repro", "Re-run one case from its one-line descriptor");
  sub->add_option("descriptor", args->words, "The case descriptor, e.g. 'op=maxpool3d_grad soc=Ascend910B ...'")
      ->required();
  sub->add_flag("--json", args->json, "Print the result as JSON (the results.jsonl record)");
  sub->add_option("--rows", args->rows, "Rows of the mismatch table")
      ->check(CLI::Range(size_t{0}, size_t{1'000'000}))
      ->capture_default_str();
  sub->add_flag("--allow-unsupported", args->allow_unsupported,
                "Count a valid call the backend refuses for want of a kernel as allowed, not as a failure");
  return Command{sub, [args, &g] { return repro(*args, g); }};
}

}  // namespace poolcheck::cli
