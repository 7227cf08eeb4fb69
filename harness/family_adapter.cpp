#include "harness/family_adapter.h"

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

// Whether some tensor of `v` has another name on the other side (the entry points so far keep the family's names:
// their inputs then reach the family's reference as they are, with no copy of the case's largest buffers).
bool renames_any(const HostValues& v, const DepthAxisMapping& m, bool to_family) {
  for (const auto& entry : v)
    for (const auto& t : m.tensors)
      if (entry.first == (to_family ? t.entry : t.family) && t.entry != t.family) return true;
  return false;
}

}  // namespace

HostValues family_inputs(const OpAdapter& family, const DepthAxisMapping& m, const Case& c) {
  return renamed(family.make_inputs(with_depth_axis(c, m)), m, false);
}

OracleResult family_oracle(const OpAdapter& family, const DepthAxisMapping& m, const Case& c, const HostValues& v) {
  const Case lifted = with_depth_axis(c, m);
  return renames_any(v, m, true) ? family.oracle(lifted, renamed(v, m, true)) : family.oracle(lifted, v);
}

}  // namespace poolcheck
