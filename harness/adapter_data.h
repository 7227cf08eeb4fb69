// Input and oracle data the adapters build the same way: inputs filled straight from the case's data
// distribution, and the tolerance terms of a scatter oracle's result.
#pragma once

#include <initializer_list>
#include <utility>

#include "harness/op_adapter.h"

namespace poolcheck {

// Each named input tensor filled with the case's distribution (salted by name) over its whole shape.
inline HostValues filled_inputs(const Case& c, std::initializer_list<const char*> names) {
  HostValues v;
  for (const char* name : names) {
    const TensorArg& t = *c.tensor(name);
    v[name] = fill_values(c, name, element_count(t.shape).value_or(0), t.dtype);
  }
  return v;
}

// The expected output and per-element accumulation terms of an oracle result with grad_input,
// contributors and abs_sum per element (all three taken over, not copied); the term error is the adapter's to set.
template <typename ScatterResult>
OracleResult scatter_oracle_result(ScatterResult&& res) {
  OracleResult o;
  o.exact = std::move(res.grad_input);
  o.contributors = std::move(res.contributors);
  o.abs_sum = std::move(res.abs_sum);
  return o;
}

}  // namespace poolcheck
