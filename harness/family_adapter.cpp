#include "harness/family_adapter.h"

namespace poolcheck {

namespace {

HostValues renamed(const HostValues& v, const DepthAxisMapping& m, bool to_family) {
  HostValues out;
  for (const auto& [name, values] : v) {
    std::string key = name;
    for (const auto& t : m.tensors)
      if (name == (to_family ? t.entry : t.family)) key = to_family ? t.family : t.entry;
    out.emplace(key, values);
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
