#include "properties/regbase_checks.h"

#include <cmath>
#include <map>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "case/summary.h"
#include "fmt/format.h"
#include "harness/op_adapter.h"

namespace poolcheck::regbase_checks {

namespace {

// The same bits: values read back exactly, so equal values with the same sign (for zeros), or both NaN (the
// payload is not compared).
bool same_bits(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

std::optional<std::string> size_mismatch(const char* check, const CaseTensors& a, const CaseTensors& b) {
  if (a.impl.size() == b.impl.size() && !a.impl.empty()) return std::nullopt;
  return fmt::format("{}: the runs read back {} and {} elements", check, a.impl.size(), b.impl.size());
}

std::optional<std::string> first_other_bits(const char* check, const CaseTensors& a, const CaseTensors& b,
                                            const char* first_name, const char* second_name) {
  if (auto m = size_mismatch(check, a, b)) return m;
  for (size_t i = 0; i < a.impl.size(); ++i)
    if (!same_bits(a.impl[i], b.impl[i]))
      return fmt::format("{}: gradInput element {} differs bitwise: {} {}, {} {}", check, i, first_name, a.impl[i],
                         second_name, b.impl[i]);
  return std::nullopt;
}

RunResult run_with(const Case& c, const std::vector<std::pair<std::string, std::vector<double>>>* host) {
  RunResult x;
  RunOptions o;
  o.rerun = false;
  o.host_inputs = host;
  x.r = run_case(c, o, &x.t);
  return x;
}

}  // namespace

RunResult run(const Case& c) { return run_with(c, nullptr); }

RunResult run_with_changed_gradient(const Case& c) {
  const OpAdapter* op = find_adapter(c.op);
  if (!op) throw std::logic_error("no adapter for " + c.op);
  HostValues inputs = op->make_inputs(c);
  std::vector<double> grad = inputs.at("gradOutput");
  if (grad.empty()) throw std::logic_error("the case has no gradient to change");
  grad[0] += 1;
  const std::vector<std::pair<std::string, std::vector<double>>> host{{"gradOutput", grad}};
  return run_with(c, &host);
}

bool at_most_two_terms(const Case& c) {
  // Gradients per gradInput element: each index names an element of its plane.
  const OpAdapter* op = find_adapter(c.op);
  const TensorArg* go = c.tensor("gradOutput");
  if (!op || !go || go->shape.size() < 3) return false;
  const HostValues inputs = op->make_inputs(c);
  const std::vector<double>& idx = inputs.at("indices");
  const size_t r = go->shape.size();
  const int64_t out_plane = go->shape[r - 3] * go->shape[r - 2] * go->shape[r - 1];
  std::map<std::pair<int64_t, int64_t>, int> terms;
  for (size_t j = 0; j < idx.size(); ++j)
    if (++terms[{static_cast<int64_t>(j) / out_plane, static_cast<int64_t>(idx[j])}] > 2) return false;
  return true;
}

bool bitwise_across_platforms(const Case& a2, const RunResult& a2_run) {
  return a2.deterministic && !a2_run.r.atomics && a2_run.r.tiling_known && at_most_two_terms(a2);
}

bool same_plan_but_index_width(const CaseResult& int32_run, const CaseResult& int64_run) {
  auto plan = [](const std::string& text) {
    std::istringstream in(text);
    std::string kept;
    for (std::string w; in >> w;)
      if (w.rfind("index=", 0) != 0 && w.rfind("ub=", 0) != 0) kept += w + " ";
    return kept;
  };
  const CaseResult &a = int32_run, &b = int64_run;
  return a.tiling_known && b.tiling_known && a.strategy == b.strategy && a.tiling_key == b.tiling_key &&
         a.block_dim == b.block_dim && plan(a.tiling) == plan(b.tiling);
}

std::optional<std::string> invariance_violation(const CaseTensors& first, const CaseTensors& second, bool bitwise) {
  if (bitwise) return first_other_bits("invariance", first, second, "first", "second");
  if (auto m = size_mismatch("invariance", first, second)) return m;
  for (size_t i = 0; i < first.impl.size(); ++i) {
    const double a = first.impl[i], b = second.impl[i];
    if (same_bits(a, b)) continue;  // equal infinities and NaN included
    const double allowed = first.bound[i] + second.bound[i];
    if (!(std::fabs(a - b) <= allowed))
      return fmt::format("invariance: gradInput element {}: first {}, second {}, beyond the two bounds {}", i, a, b,
                         allowed);
  }
  return std::nullopt;
}

std::optional<std::string> same_run(const RunResult& first, const RunResult& second) {
  const CaseResult &a = first.r, &b = second.r;
  if (a.strategy != b.strategy || a.tiling_key != b.tiling_key)
    return fmt::format("launch: {} vs {}", tiling_key_label(a), tiling_key_label(b));
  if (a.tiling != b.tiling) return fmt::format("launch: tiling '{}' vs '{}'", a.tiling, b.tiling);
  if (a.block_dim != b.block_dim) return fmt::format("launch: {} blocks vs {}", a.block_dim, b.block_dim);
  if (a.ub_high_water != b.ub_high_water)
    return fmt::format("launch: UB high water {} vs {}", a.ub_high_water, b.ub_high_water);
  if (a.atomics != b.atomics) return fmt::format("launch: atomics {} vs {}", a.atomics, b.atomics);
  if (a.workspace_bytes != b.workspace_bytes)
    return fmt::format("launch: workspace {} vs {}", a.workspace_bytes, b.workspace_bytes);
  return first_other_bits("bits", first.t, second.t, "first", "second");
}

std::optional<std::string> index_dtype_violation(const CaseTensors& int32_run, const CaseTensors& int64_run,
                                                 bool bitwise) {
  if (bitwise) return first_other_bits("index dtype", int32_run, int64_run, "INT32 indices", "INT64 indices");
  if (auto v = invariance_violation(int32_run, int64_run, false)) return "index dtype: " + v->substr(12);
  return std::nullopt;
}

}  // namespace poolcheck::regbase_checks
