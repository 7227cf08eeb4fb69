#include "bench/bench_cases.h"

#include <utility>

#include "harness/op_adapter.h"
#include "spec/pooled_size.h"

namespace poolcheck::bench {

namespace {

// Spatial output dims of a (floor-mode) window pooling, for the peers: the spec's formula.
std::vector<int64_t> pooled(const BenchShape& s) {
  std::vector<int64_t> o;
  for (size_t a = 0; a < s.in.size(); ++a)
    o.push_back(spec::pooled_size(s.in[a], s.k[a], s.s[a], s.p[a], 1, false).value_or(0));
  return o;
}

}  // namespace

BenchShape window_shape(std::string op, std::string label, int64_t n, int64_t c, std::vector<int64_t> in, int64_t k,
                        int64_t s, int64_t p, bool large) {
  BenchShape b{std::move(op), std::move(label), n, c, std::move(in), {}, {}, {}, {}, true, large};
  b.k.assign(b.in.size(), k);
  b.s.assign(b.in.size(), s);
  b.p.assign(b.in.size(), p);
  b.out = pooled(b);
  return b;
}

std::vector<BenchCase> cases_of(const ShapeSet& set, const std::function<Case(const BenchShape&, DType)>& make) {
  std::vector<BenchCase> out;
  for (const auto& [shape, dtypes] : set)
    for (DType dt : dtypes) out.push_back({shape, dt, make(shape, dt)});
  return out;
}

std::string BenchCase::name() const { return shape.op + "/" + shape.label + "/" + dtype_name(dtype); }

std::vector<BenchCase> bench_cases(const std::string& op) {
  static const std::vector<std::pair<std::string, std::vector<BenchCase> (*)()>> by_op{
#define POOLCHECK_OPERATOR(token, aclnn) {#token, token::cases},
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
  };
  std::vector<BenchCase> out;
  for (const auto& [name, cases] : by_op) {
    if (!op.empty() && name != op) continue;
    for (BenchCase& b : cases()) out.push_back(std::move(b));
  }
  return out;
}

int64_t bytes_moved(const Case& c) {
  const std::string& forward_input = find_adapter(c.op)->arguments.forward_input;
  int64_t bytes = 0;
  for (const auto& [name, t] : c.tensors)
    if (name != forward_input) bytes += element_count(t.shape).value_or(0) * dtype_size(t.dtype);
  return bytes;
}

int64_t output_elements(const Case& c) {
  const std::string& output = find_adapter(c.op)->output;
  for (const auto& [name, t] : c.tensors)
    if (name == output) return element_count(t.shape).value_or(0);
  return 0;
}

}  // namespace poolcheck::bench
