#include "properties/boundary_classes.h"

#include <cstdint>
#include <optional>

#include "case/per_axis.h"
#include "harness/op_adapter.h"

namespace poolcheck {

namespace {

bool is_prime(int64_t v) {
  if (v < 2) return false;
  for (int64_t d = 2; d * d <= v; ++d)
    if (v % d == 0) return false;
  return true;
}

// The last `axes` dims of a tensor.
std::vector<int64_t> spatial(const TensorArg& t, size_t axes) {
  return std::vector<int64_t>(t.shape.end() - static_cast<std::ptrdiff_t>(axes), t.shape.end());
}

void window_axis_classes(int64_t in, int64_t k, int64_t s, int64_t p, bool ceil, int64_t out,
                         std::set<std::string>* seen) {
  if (in == 1) seen->insert("in=1");
  if (in == k - 1) seen->insert("in=k-1");
  if (in == k) seen->insert("in=k");
  if (in == k + 1) seen->insert("in=k+1");
  if (out == 1 && in > k) seen->insert("pooled=1");
  if (k >= 2 && p == k / 2) seen->insert("pad=k/2");
  if (s > k) seen->insert("stride>k");
  // Windows in floor mode, and in ceil mode before a window starting in the right padding is dropped.
  const int64_t room = in + 2 * p - k;
  const int64_t floor_windows = room / s + 1, ceil_windows = (room + s - 1) / s + 1;
  if (ceil && ceil_windows > floor_windows) seen->insert(out == floor_windows ? "ceil drops last" : "ceil keeps last");
  if (is_prime(in) && is_prime(k)) seen->insert("prime");
  if (k >= 16) seen->insert("wide kernel");
  if (in >= 1000) seen->insert("long axis");
}

void window_classes(const Case& c, const OperatorRow& row, std::set<std::string>* seen) {
  const auto axes = static_cast<size_t>(row.spatial_rank);
  const TensorArg* self = c.tensor("self");
  const TensorArg* go = c.tensor("gradOutput");
  if (!self || !go || self->shape.size() < axes || go->shape.size() < axes) return;
  const auto in = spatial(*self, axes), out = spatial(*go, axes);
  const auto k = per_axis(c.array("kernelSize"), axes);
  if (!k) return;
  const auto s = per_axis(c.array("stride"), axes, k).value_or(*k);
  const auto p = per_axis(c.array("padding"), axes).value_or(std::vector<int64_t>(axes, 0));
  const bool ceil = c.scalar("ceilMode").value_or(0) != 0;
  bool global = true;
  for (size_t a = 0; a < axes; ++a) {
    window_axis_classes(in[a], (*k)[a], s[a], p[a], ceil, out[a], seen);
    global = global && (*k)[a] == in[a] && out[a] == 1;
  }
  if (global && row.algorithm == PoolAlgorithm::Avg) seen->insert("global");
}

void adaptive_classes(const Case& c, const OperatorRow& row, std::set<std::string>* seen) {
  const auto axes = static_cast<size_t>(row.spatial_rank);
  const TensorArg* self = c.tensor("self");
  const TensorArg* go = c.tensor("gradOutput");
  if (!self || !go || self->shape.size() < axes || go->shape.size() < axes) return;
  const auto in = spatial(*self, axes), out = spatial(*go, axes);
  for (size_t a = 0; a < axes; ++a) {
    if (in[a] == 1) seen->insert("in=1");
    if (out[a] == 1) seen->insert("out=1");
    if (out[a] > in[a]) seen->insert("out>in");
    if (out[a] == in[a] - 1) seen->insert("out=in-1");
    if (out[a] == in[a]) seen->insert("out=in");
    if (out[a] == in[a] + 1) seen->insert("out=in+1");
    if (is_prime(in[a]) && is_prime(out[a]) && in[a] != out[a]) seen->insert("prime in/out");
    if (in[a] >= 1000) seen->insert("long axis");
  }
}

}  // namespace

std::set<std::string> boundary_classes_of(const Case& c) {
  std::set<std::string> seen;
  const OperatorRow* row = find_operator_row(c.op);
  if (row == nullptr) return seen;
  if (row->algorithm == PoolAlgorithm::AdaptiveAvg)
    adaptive_classes(c, *row, &seen);
  else
    window_classes(c, *row, &seen);
  return seen;
}

std::map<std::string, int> tally_boundary_classes(const rc::Gen<Case>& g, uint64_t seed0, int n, int size) {
  std::map<std::string, int> tally;
  for (int i = 0; i < n; ++i)
    for (const auto& cls :
         boundary_classes_of(gen::sample(g, seed0 + static_cast<uint64_t>(i), size >= 0 ? size : i % 100)))
      ++tally[cls];
  return tally;
}

std::vector<std::string> missing_classes(const std::map<std::string, int>& tally,
                                         const std::vector<std::string>& wanted) {
  std::vector<std::string> missing;
  for (const auto& w : wanted)
    if (!tally.count(w)) missing.push_back(w);
  return missing;
}

}  // namespace poolcheck
