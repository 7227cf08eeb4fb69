// poolcheck export CASE: a case (a descriptor, a failure-database id, or a line of results.jsonl) as a standalone
// repro program for a device or the vendor's simulators, and as an ATK entry with its exact tensors beside it.
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>

#include "cli/commands.h"
#include "harness/op_adapter.h"
#include "interop/atk_export.h"
#include "interop/case_bytes.h"
#include "interop/repro_program.h"
#include "reports/atomic_file.h"
#include "reports/failure_db.h"
#include "reports/report_writer.h"

namespace poolcheck::cli {

namespace {

namespace fs = std::filesystem;

enum class ExportWhat { Program, Atk, Both };

struct ExportArgs {
  std::string what_case;
  std::string to = "poolcheck-export";
  std::string name;
  ExportWhat what = ExportWhat::Both;
  int64_t embed_limit = 256 * 1024;
  std::string failure_db = reports::kDefaultFailureDb;
};

struct Resolved {
  std::string descriptor, source;
};

// CASE as a descriptor ("op=..."), a results.jsonl line ("{...}") or a failure-database id or entry file.
Resolved resolve(const ExportArgs& a) {
  const std::string& text = a.what_case;
  if (text.rfind("op=", 0) == 0) return {text, ""};
  if (!text.empty() && text.front() == '{') {
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
      throw std::invalid_argument(std::string("CASE looks like a results.jsonl line but is not JSON: ") + e.what());
    }
    if (!j.contains("descriptor") || !j["descriptor"].is_string())
      throw std::invalid_argument("CASE: the results.jsonl line has no \"descriptor\"");
    return {j["descriptor"].get<std::string>(), j.value("source", std::string())};
  }
  const reports::FailureEntry e = reports::FailureDb(a.failure_db).find(text);
  return {e.descriptor, "failure " + e.id};
}

void write_npy_files(const fs::path& dir, const std::map<std::string, npy::Array>& files, std::vector<fs::path>* out) {
  for (const auto& [file, array] : files) {
    npy::write((dir / file).string(), array);
    out->push_back(dir / file);
  }
}

int export_case(const ExportArgs& a) {
  const Resolved r = resolve(a);
  const ParseResult p = parse_runnable_case(r.descriptor);
  if (!p.ok) throw std::invalid_argument("CASE: " + p.error);
  const interop::CaseBytes data = interop::case_bytes(p.value);
  const std::string name = a.name.empty() ? "repro_" + reports::failure_id(r.descriptor) : a.name;
  fs::create_directories(a.to);
  std::vector<fs::path> written;
  if (a.what != ExportWhat::Atk) {
    const interop::ReproProgram prog = interop::repro_program(data, name, r.source, a.embed_limit);
    reports::write_file_atomic(fs::path(a.to) / (name + ".cpp"), prog.source);
    written.push_back(fs::path(a.to) / (name + ".cpp"));
    write_npy_files(a.to, prog.sidecars, &written);
  }
  if (a.what != ExportWhat::Program) {
    const interop::AtkExport atk = interop::atk_entry(data, name, 0);
    reports::write_file_atomic(fs::path(a.to) / (name + ".atk.json"),
                               nlohmann::json::array({atk.entry}).dump(1) + "\n");
    written.push_back(fs::path(a.to) / (name + ".atk.json"));
    write_npy_files(a.to, atk.files, &written);
  }
  std::cout << "exported " << r.descriptor << "\n";
  for (const auto& f : written) std::cout << "  " << f.string() << "\n";
  if (a.what != ExportWhat::Atk) {
    std::cout << "build against poolcheck's package:  g++ -std=c++17 -O2 " << name
              << ".cpp -I\"$PREFIX/include/poolcheck\" -L\"$PREFIX/lib\" -lpoolcheck_acl -Wl,-rpath,\"$PREFIX/lib\" -o "
              << name << "\n"
              << "build against a CANN toolkit:       g++ -std=c++17 -O2 " << name
              << ".cpp -I\"$ASCEND_HOME_PATH/include\" -L\"$ASCEND_HOME_PATH/lib64\" -lascendcl -lnnopbase -lopapi -o "
              << name << "\n"
              << "run (in " << a.to << "):  POOLCHECK_SOC=" << p.value.platform << " ./" << name
              << "   (on a device: ./" << name << ")\n";
  }
  return kExitOk;
}

}  // namespace

Command add_export_command(CLI::App& app, const Globals&) {
  auto args = std::make_shared<ExportArgs>();
  CLI::App* sub = app.add_subcommand(
      "export",
      "Write a case as a standalone C++ repro program (CANN headers only; runs on a device, the vendor's "
      "simulators or poolcheck's emulator) and as an ATK entry with its exact tensors as .npy");
  sub->add_option("case", args->what_case,
                  "A descriptor ('op=...'), a failure-database id (or unique prefix, or entry file) or a line of "
                  "results.jsonl")
      ->required();
  sub->add_option("--to", args->to, "Directory for the files")->capture_default_str();
  sub->add_option("--name", args->name, "Base name of the files (default: repro_<failure id>)");
  // The help and the error name the words, never the enum's numbers CLI11's transformers would list.
  sub->add_option("--what", args->what, "program, atk or both (default both)")
      ->transform(
          [](std::string word) {
            const std::map<std::string, ExportWhat> names{
                {"program", ExportWhat::Program}, {"atk", ExportWhat::Atk}, {"both", ExportWhat::Both}};
            std::string lower = word;
            for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            const auto it = names.find(lower);
            if (it == names.end()) throw CLI::ValidationError("'" + word + "' is not one of program, atk, both");
            return std::to_string(static_cast<int>(it->second));
          },
          "", "")
      ->option_text("TEXT");
  sub->add_option("--embed-limit", args->embed_limit,
                  "Bytes of one tensor (or of the expected values) the program embeds; larger ones go to .npy "
                  "files beside it")
      ->check(CLI::Range(int64_t{0}, int64_t{1} << 30))
      ->capture_default_str();
  sub->add_option("--failure-db", args->failure_db, "Failure database for an id")->capture_default_str();
  return Command{sub, [args] { return export_case(*args); }};
}

}  // namespace poolcheck::cli
