#include "harness/family_adapter.h"

#include <algorithm>
#include <utility>

namespace poolcheck {

namespace {

// Takes the values by value: the inputs the family just made are moved, not copied (they are the case's largest
// host buffers); the oracle's const inputs are copied once where a name changes.
HostValues renamed(HostValues v, const DepthAxisMapping& m, bool to_family) {
  HostValues out;
  for (auto& [name, values] : v) {
    std::string key = name;
    for (const auto& t : m.tensors)
      if (name == (to_family ? t.entry : t.family)) key = to_family ? t.family : t.entry;
    out.emplace(key, std::move(values));
  }
  return out;
}

// Whether the mapping gives some tensor another name (the entry points so far keep the family's names: their
// inputs then reach the family's reference as they are, with no copy of the case's largest buffers).
bool renames_tensors(const DepthAxisMapping& m) {
  return std::any_of(m.tensors.begin(), m.tensors.end(), [](const auto& t) { return t.entry != t.family; });
}

}  // namespace

HostValues family_inputs(const OpAdapter& family, const DepthAxisMapping& m, const Case& c) {
  return renamed(family.make_inputs(with_depth_axis(c, m)), m, false);
}

OracleResult family_oracle(const OpAdapter& family, const DepthAxisMapping& m, const Case& c, const HostValues& v) {
  const Case lifted = with_depth_axis(c, m);
  return renames_tensors(m) ? family.oracle(lifted, renamed(v, m, true)) : family.oracle(lifted, v);
}

}  // namespace poolcheck
