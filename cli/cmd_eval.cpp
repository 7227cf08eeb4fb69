// poolcheck eval CASE.json: run one case on user-supplied tensors (.npy) and write impl and oracle
// gradInput as .npy files.
//
//   {"descriptor": "op=maxpool3d_grad soc=Ascend910B ...", "gradOutput": "go.npy", "self": "x.npy",
//    "indices": "idx.npy", "out_dir": "."}
//
// Paths are relative to the JSON file. Every key other than "descriptor" and "out_dir" names an input
// tensor of the case; its array must have that tensor's dtype and view shape. Inputs not given are
// generated from the descriptor's seed and fill, as in `repro`.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "case/descriptor.h"
#include "case/npy.h"
#include "cli/commands.h"
#include "cli/result_print.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"

namespace poolcheck::cli {

namespace {

namespace fs = std::filesystem;

struct EvalArgs {
  std::string case_json;
  std::string out_dir;  // overrides the JSON's out_dir
  bool allow_unsupported = false;
};

std::string shape_text(const std::vector<int64_t>& s) {
  std::string t = "(";
  for (size_t i = 0; i < s.size(); ++i) t += (i ? "," : "") + std::to_string(s[i]);
  return t + ")";
}

int eval(const EvalArgs& a, const Globals& g) {
  const fs::path json_path(a.case_json);
  std::ifstream in(json_path);
  if (!in) throw std::runtime_error("cannot open " + json_path.string());
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(json_path.string() + ": not valid JSON: " + e.what());
  }
  if (!j.is_object()) throw std::runtime_error(json_path.string() + ": expected a JSON object");
  if (!j.contains("descriptor") || !j["descriptor"].is_string()) {
    throw std::runtime_error(json_path.string() + ": missing string field 'descriptor'");
  }
  const ParseResult parsed = parse_runnable_case(j["descriptor"].get<std::string>());
  if (!parsed.ok) throw std::runtime_error(json_path.string() + ": " + parsed.error);
  const Case& c = parsed.value;
  const fs::path base = json_path.parent_path();
  const OpAdapter* op = find_adapter(c.op);
  const std::string output = op->output;  // gradInput, or out for the adaptive operator

  std::vector<std::pair<std::string, std::vector<double>>> inputs;
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string& key = it.key();
    if (key == "descriptor" || key == "out_dir") continue;
    if (key == output) {
      throw std::runtime_error(json_path.string() + ": '" + key + "' is the output; eval writes it");
    }
    const TensorArg* t = c.tensor(key);
    if (!t) throw std::runtime_error(json_path.string() + ": the case has no tensor '" + key + "'");
    if (!t->present) throw std::runtime_error(json_path.string() + ": tensor '" + key + "' is null in the case");
    if (!it.value().is_string()) throw std::runtime_error(json_path.string() + ": '" + key + "' must be a path");
    const fs::path p = base / it.value().get<std::string>();
    const npy::Array arr = npy::read(p.string());
    if (arr.shape != t->shape) {
      throw std::runtime_error(p.string() + ": shape " + shape_text(arr.shape) + " does not match " + key +
                               " of the descriptor " + shape_text(t->shape));
    }
    std::vector<double> values;
    try {
      values = npy::to_doubles(arr, t->dtype);
    } catch (const npy::NpyError& e) {
      throw std::runtime_error(p.string() + " (" + key + "): " + e.what());
    }
    inputs.emplace_back(key, std::move(values));
  }

  fs::path out_dir = base;
  if (!a.out_dir.empty()) {
    out_dir = a.out_dir;
  } else if (j.contains("out_dir")) {
    if (!j["out_dir"].is_string()) throw std::runtime_error(json_path.string() + ": 'out_dir' must be a string");
    out_dir = base / j["out_dir"].get<std::string>();
  }
  const TensorArg* out = c.tensor(output);
  if (!out || !out->present) throw std::runtime_error("the case has no " + output + " tensor to evaluate");
  if (npy::descr_for(out->dtype).empty()) {
    throw std::runtime_error(output + " dtype " + dtype_name(out->dtype) + " cannot be stored as .npy");
  }

  RunOptions opt;
  opt.host_inputs = &inputs;
  opt.allow_unsupported = a.allow_unsupported;
  CaseTensors tensors;
  const CaseResult r = make_executor(g)->run(c, opt, &tensors);

  for (const auto& [name, values] : inputs) std::cout << "input     " << name << " from .npy\n";
  print_result(std::cout, r, &tensors.grad_input_shape);
  print_mismatch_table(std::cout, tensors);

  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (ec) throw std::runtime_error("cannot create " + out_dir.string() + ": " + ec.message());
  auto write = [&](const char* file, const std::vector<double>& values) {
    const fs::path p = out_dir / file;
    npy::write(p.string(), npy::from_doubles(out->dtype, tensors.grad_input_shape, values));
    std::cout << "wrote     " << p.string() << "\n";
  };
  if (!tensors.impl.empty()) {
    write(("impl_" + output + ".npy").c_str(), tensors.impl);
  } else {
    std::cout << "impl      no " << output << " (the call did not succeed); impl_" << output << ".npy not written\n";
  }
  if (!tensors.oracle.empty()) write(("oracle_" + output + ".npy").c_str(), tensors.oracle);
  return outcome_is_failure(r.outcome) ? kExitFailure : kExitOk;
}

}  // namespace

Command add_eval_command(CLI::App& app, const Globals& g) {
  auto args = std::make_shared<EvalArgs>();
  CLI::App* sub =
      app.add_subcommand("eval", "Run one case on tensors from .npy files; write impl and oracle gradInput");
  sub->add_option("case_json", args->case_json, "JSON with the descriptor and .npy paths")->required();
  sub->add_option("--out-dir", args->out_dir, "Where to write the .npy results (default: the JSON's out_dir)");
  sub->add_flag("--allow-unsupported", args->allow_unsupported,
                "Count a valid call the backend refuses for want of a kernel as allowed, not as a failure");
  return Command{sub, [args, &g] { return eval(*args, g); }};
}

}  // namespace poolcheck::cli
