// bench_ratios: reads the Google Benchmark JSON of the operator and harness binaries and writes the
// ratio table (schema in docs/performance.md): per operator, shape and dtype the impl's GB/s against
// the copy baseline and the peers of the same run, the harness's cases per second, and the targets.
//   bench_ratios OUT.json IN.json...
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "bench/bench_env.h"

namespace {

using nlohmann::json;

struct Row {
  std::string op, shape, dtype;
  bool large = false;
  std::map<std::string, double> gbps;                             // by kind: impl, copy, torch, onednn
  std::optional<double> workspace_bytes, workspace_per_fp32_out;  // of the impl call
  std::optional<double> traffic_per_moved;  // the emulated tiling's device traffic over the minimum bytes
  std::optional<double> tiling_key;         // the key the impl call reported (which path the row measured)
};

// Google Benchmark writes a bare NaN or inf for 0/0 aggregates (the cv of a constant zero counter), which is not
// JSON: each such value after a colon becomes null. (A plain scan: under -fsanitize=address GCC 12 reports a
// -Wmaybe-uninitialized false positive inside std::regex, GCC bug 105616.)
std::string null_non_finite(const std::string& text) {
  static constexpr std::string_view words[] = {"Infinity", "NaN", "nan", "inf"};
  const auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] != ':') continue;
    std::size_t j = i + 1;
    while (j < text.size() && std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    std::size_t k = j + (j < text.size() && text[j] == '-');
    for (const std::string_view w : words) {
      if (text.compare(k, w.size(), w) != 0 || (k + w.size() < text.size() && word_char(text[k + w.size()]))) continue;
      out += " null";
      i = k + w.size() - 1;
      break;
    }
  }
  return out;
}

json opt(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

std::optional<double> get(const Row& r, const std::string& kind) {
  const auto it = r.gbps.find(kind);
  return it == r.gbps.end() ? std::nullopt : std::optional<double>(it->second);
}

std::optional<double> ratio(const Row& r, const std::string& peer, const std::string& impl = "impl") {
  const auto a = get(r, impl), b = get(r, peer);
  if (!a || !b || *b <= 0) return std::nullopt;
  return *a / *b;
}

// How fast the emulator moves the traffic its tiling asks for, as a share of the copy bandwidth.
std::optional<double> traffic_vs_copy(const Row& r) {
  const auto vs_copy = ratio(r, "copy");
  if (!vs_copy || !r.traffic_per_moved) return std::nullopt;
  return *vs_copy * *r.traffic_per_moved;
}

// The impl/torch ratio an emulator moving that traffic at the copy bandwidth would reach: above it the
// tiling's own bytes, not the emulator's speed, stand between the impl and the peer.
std::optional<double> torch_ratio_bound(const Row& r) {
  const auto t = get(r, "torch"), c = get(r, "copy");
  if (!t || !c || *t <= 0 || !r.traffic_per_moved || *r.traffic_per_moved <= 0) return std::nullopt;
  return *c / (*t * *r.traffic_per_moved);
}

// A row of another platform's path ("<shape>@950-<path>") and the A2 row of the same shape and dtype.
std::optional<double> ratio_vs_a2(const std::map<std::string, Row>& rows, const Row& r) {
  const auto at = r.shape.find('@');
  if (at == std::string::npos) return std::nullopt;
  const auto a2 = rows.find(r.op + "/" + r.shape.substr(0, at) + "/" + r.dtype);
  if (a2 == rows.end()) return std::nullopt;
  const auto mine = get(r, "impl"), theirs = get(a2->second, "impl");
  if (!mine || !theirs || *theirs <= 0) return std::nullopt;
  return *mine / *theirs;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace poolcheck::bench;
  if (argc < 3) {
    std::cerr << "usage: bench_ratios OUT.json IN.json...\n";
    return 2;
  }
  std::map<std::string, Row> rows;      // by "<op>/<shape>/<dtype>", in name order
  std::map<std::string, json> harness;  // by operator
  std::string threads = "?", machine = "?";
  for (int i = 2; i < argc; ++i) {
    std::ifstream in(argv[i]);
    std::stringstream text;
    text << in.rdbuf();
    const json doc = json::parse(null_non_finite(text.str()));
    const json& ctx = doc.value("context", json::object());
    threads = ctx.value("threads", threads);
    machine = ctx.value("host_name", std::string("?")) + ", " + std::to_string(ctx.value("num_cpus", 0)) + " CPUs @ " +
              std::to_string(static_cast<int>(ctx.value("mhz_per_cpu", 0.0))) + " MHz";
    for (const json& b : doc.value("benchmarks", json::array())) {
      // With --benchmark_repetitions the median aggregate follows the repetitions and replaces them.
      const std::string run_type = b.value("run_type", std::string("iteration"));
      const bool median = run_type == "aggregate" && b.value("aggregate_name", std::string()) == "median";
      if (b.value("error_occurred", false) || (run_type != "iteration" && !median)) continue;
      // "<kind>/<op>/<shape>/<dtype>" plus Google Benchmark's suffixes ("/real_time", "/min_time:0.5").
      std::string name = b.value("run_name", b.value("name", std::string()));
      for (auto cut = name.rfind('/'); cut != std::string::npos && (name.substr(cut + 1) == "real_time" ||
                                                                    name.find(':', cut) != std::string::npos);
           cut = name.rfind('/'))
        name.erase(cut);
      const auto slash = name.find('/');
      const std::string kind = name.substr(0, slash), key = name.substr(slash + 1);
      if (kind == "harness" || kind == "harness_sharded" || kind == "harness_isolated" ||
          kind == "harness_isolated_1worker") {
        json& h = harness[key];
        h["operator"] = key;
        if (kind == "harness") {
          h["cases_per_second"] = b.value("cases_per_second", 0.0);
          h["cases_per_cpu_second"] = b.value("cases_per_cpu_second", 0.0);
        } else if (kind == "harness_isolated") {
          h["isolated_cases_per_second"] = b.value("cases_per_second", 0.0);
        } else if (kind == "harness_isolated_1worker") {
          h["isolated_1worker_cases_per_second"] = b.value("cases_per_second", 0.0);
        } else {
          h["sharded_cases_per_second"] = b.value("cases_per_second", 0.0);
          h["sharded_processes"] = b.value("processes", 0.0);
        }
        continue;
      }
      Row& r = rows[key];
      const auto s1 = key.find('/'), s2 = key.rfind('/');
      r.op = key.substr(0, s1);
      r.shape = key.substr(s1 + 1, s2 - s1 - 1);
      r.dtype = key.substr(s2 + 1);
      r.large = r.large || b.value("label", std::string()) == "large";
      r.gbps[kind] = b.value("bytes_per_second", 0.0) * 1e-9;
      if (kind == "impl" && b.contains("workspace_per_fp32_out") && b["workspace_per_fp32_out"].is_number()) {
        r.workspace_bytes = b.value("workspace_bytes", 0.0);
        r.workspace_per_fp32_out = b.value("workspace_per_fp32_out", 0.0);
      }
      if (kind == "impl" && b.contains("traffic_per_moved") && b["traffic_per_moved"].is_number())
        r.traffic_per_moved = b["traffic_per_moved"].get<double>();
      if (kind == "impl" && b.contains("tiling_key") && b["tiling_key"].is_number())
        r.tiling_key = b["tiling_key"].get<double>();
    }
  }
  json out_rows = json::array();
  for (const auto& [key, r] : rows) {
    if (!get(r, "impl")) continue;
    const auto vs_torch = ratio(r, "torch"), vs_copy = ratio(r, "copy");
    const bool meets_memory = !r.workspace_per_fp32_out || *r.workspace_per_fp32_out <= kTargetWorkspacePerFp32Out;
    const bool meets = (!vs_torch || *vs_torch >= kTargetVsTorch) &&
                       (!r.large || (vs_copy && *vs_copy >= kTargetVsCopyLarge)) && meets_memory;
    out_rows.push_back({{"operator", r.op},
                        {"shape", r.shape},
                        {"dtype", r.dtype},
                        {"impl_gbps", opt(get(r, "impl"))},
                        {"copy_gbps", opt(get(r, "copy"))},
                        {"torch_gbps", opt(get(r, "torch"))},
                        {"onednn_gbps", opt(get(r, "onednn"))},
                        {"ratio_vs_torch", opt(vs_torch)},
                        {"ratio_vs_onednn", opt(ratio(r, "onednn"))},
                        {"ratio_vs_copy", opt(vs_copy)},
                        {"impl_unchecked_gbps", opt(get(r, "impl_unchecked"))},
                        {"ratio_vs_torch_unchecked", opt(ratio(r, "torch", "impl_unchecked"))},
                        {"ratio_vs_copy_unchecked", opt(ratio(r, "copy", "impl_unchecked"))},
                        {"workspace_bytes", opt(r.workspace_bytes)},
                        {"workspace_per_fp32_out", opt(r.workspace_per_fp32_out)},
                        {"traffic_per_moved", opt(r.traffic_per_moved)},
                        {"traffic_ratio_vs_copy", opt(traffic_vs_copy(r))},
                        {"torch_ratio_bound", opt(torch_ratio_bound(r))},
                        {"tiling_key", opt(r.tiling_key)},
                        {"ratio_vs_a2", opt(ratio_vs_a2(rows, r))},
                        {"large", r.large},
                        {"meets_memory_target", meets_memory},
                        {"meets_targets", meets}});
  }
  json harness_rows = json::array();
  // The target is on all cores: the sharded run where there is one, else the single process. The default
  // `poolcheck run` is the isolated one; its ratio to the in-process run of the same machine and run is its cost.
  for (auto& [op, h] : harness) {
    const double in_process = h.value("cases_per_second", 0.0), isolated = h.value("isolated_cases_per_second", 0.0);
    const double best = std::max({in_process, h.value("sharded_cases_per_second", 0.0), isolated});
    h["meets_target"] = best >= kTargetCasesPerSecond;
    h["isolated_vs_in_process"] = in_process > 0 && isolated > 0 ? json(isolated / in_process) : json();
    harness_rows.push_back(h);
  }
  const json result{{"threads", std::atoi(threads.c_str())},
                    {"machine", machine},
                    {"targets",
                     {{"vs_torch", kTargetVsTorch},
                      {"vs_copy_large", kTargetVsCopyLarge},
                      {"cases_per_second", kTargetCasesPerSecond},
                      {"workspace_per_fp32_out", kTargetWorkspacePerFp32Out}}},
                    {"rows", out_rows},
                    {"harness", harness_rows}};
  std::ofstream(argv[1]) << result.dump(2) << "\n";
  // The closing table, for the console.
  // traffic: the tiling's device traffic over the minimum; tr/copy: the emulator's speed on that traffic
  // against copy; bound: the /torch an emulator at copy speed would reach with this tiling; /torch-u: the
  // impl without the data-watching checks against torch.
  std::printf("%-24s %-24s %-5s %8s %8s %8s %8s %7s %7s %7s %7s %7s %7s %7s %8s\n", "operator", "shape", "dtype",
              "impl", "copy", "torch", "onednn", "/torch", "/onednn", "/copy", "ws/out", "traffic", "tr/copy", "bound",
              "/torch-u");
  for (const auto& r : out_rows) {
    auto num = [&](const char* k) {
      return r[k].is_null() ? std::string("-") : std::to_string(r[k].get<double>()).substr(0, 6);
    };
    std::printf("%-24s %-24s %-5s %8s %8s %8s %8s %7s %7s %7s %7s %7s %7s %7s %8s\n",
                r["operator"].get<std::string>().c_str(), r["shape"].get<std::string>().c_str(),
                r["dtype"].get<std::string>().c_str(), num("impl_gbps").c_str(), num("copy_gbps").c_str(),
                num("torch_gbps").c_str(), num("onednn_gbps").c_str(), num("ratio_vs_torch").c_str(),
                num("ratio_vs_onednn").c_str(), num("ratio_vs_copy").c_str(), num("workspace_per_fp32_out").c_str(),
                num("traffic_per_moved").c_str(), num("traffic_ratio_vs_copy").c_str(),
                num("torch_ratio_bound").c_str(), num("ratio_vs_torch_unchecked").c_str());
  }
  for (const auto& h : harness_rows)
    std::printf(
        "harness %-24s %.0f verified cases/s in one process (%.0f per CPU second), %.0f in %.0f shard processes, "
        "%.0f isolated in worker processes (%.0f with one worker)\n",
        h["operator"].get<std::string>().c_str(), h.value("cases_per_second", 0.0),
        h.value("cases_per_cpu_second", 0.0), h.value("sharded_cases_per_second", 0.0),
        h.value("sharded_processes", 0.0), h.value("isolated_cases_per_second", 0.0),
        h.value("isolated_1worker_cases_per_second", 0.0));
  return 0;
}
