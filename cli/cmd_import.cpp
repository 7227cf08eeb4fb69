// poolcheck import FILE...: ATK and TTK case files into a case list (`run --cases-file`), each case naming its
// source; a summary per file (entries read, converted, refused with the reason) on stderr.
#include <fstream>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "harness/case_list.h"
#include "interop/vendor_import.h"

namespace poolcheck::cli {

namespace {

struct ImportArgs {
  std::vector<std::string> files;
  std::string output = "-";
  std::string platform;
  bool strict = false;
};

int import_files(const ImportArgs& a) {
  interop::ImportOptions options;
  options.platform = a.platform;
  std::vector<interop::ImportedFile> imported;
  for (const auto& f : a.files) imported.push_back(interop::import_vendor_file(f, options));

  std::ofstream file;
  if (a.output != "-") {
    file.open(a.output);
    if (!file) throw std::runtime_error("--output '" + a.output + "' cannot be written");
  }
  std::ostream& out = a.output == "-" ? std::cout : file;
  out << "# poolcheck case list, imported by `poolcheck import` (run it: poolcheck run --cases-file FILE)\n";
  size_t refused = 0;
  for (const auto& f : imported) {
    size_t converted = 0;
    out << "# from " << f.path << " (" << interop::vendor_format_name(f.format) << ")\n";
    for (const auto& e : f.entries) {
      if (e.c) {
        out << case_list_line(*e.c, e.source) << "\n";
        ++converted;
      }
    }
    refused += f.entries.size() - converted;
    std::cerr << "poolcheck import: " << f.path << " (" << interop::vendor_format_name(f.format)
              << "): " << f.entries.size() << " entries read, " << converted << " converted, "
              << f.entries.size() - converted << " refused\n";
    for (const auto& e : f.entries)
      if (!e.c) std::cerr << "  refused: " << e.refusal << "\n";
    for (const auto& w : f.warnings) std::cerr << "  warning: " << w << "\n";
  }
  if (!out) throw std::runtime_error("writing the case list failed");
  return a.strict && refused > 0 ? kExitFailure : kExitOk;
}

}  // namespace

Command add_import_command(CLI::App& app, const Globals&) {
  auto args = std::make_shared<ImportArgs>();
  CLI::App* sub = app.add_subcommand(
      "import", "Convert ATK JSON case lists and TTK CSV files into a case list (poolcheck run --cases-file)");
  sub->add_option("files", args->files, "ATK or TTK files (the format is told from the content)")->required();
  sub->add_option("-o,--output", args->output, "Where the case list goes ('-' = stdout)")->capture_default_str();
  sub->add_option("--soc", args->platform,
                  "The SoC of every case (default: Ascend910B for ATK lists, Ascend950 for TTK files)");
  sub->add_flag("--strict", args->strict, "Exit 1 when an entry is refused");
  return Command{sub, [args] { return import_files(*args); }};
}

}  // namespace poolcheck::cli
