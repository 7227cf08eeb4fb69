#include "harness/family_adapter.h"

#include <utility>

namespace poolcheck {

namespace {

// Takes the values by value: the inputs the family just made are moved, not copied (they are the case's largest
// host buffers); the oracle's const inputs are copied once, as before.
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

}  // namespace

HostValues family_inputs(const OpAdapter& family, const DepthAxisMapping& m, const Case& c) {
  return renamed(family.make_inputs(with_depth_axis(c, m)), m, false);
}

OracleResult family_oracle(const OpAdapter& family, const DepthAxisMapping& m, const Case& c, const HostValues& v) {
  return family.oracle(with_depth_axis(c, m), renamed(v, m, true));
}

}  // namespace poolcheck
