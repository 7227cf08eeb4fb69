// family_oracle hands an entry point's inputs to its 3-D family's reference under the family's names: renamed where
// the mapping renames a tensor, and as they are (the same buffers, no copy) where every name stays. Negative control:
// a reference that looks a tensor up under the entry point's name, where the mapping renames it, finds nothing.
#include "harness/family_adapter.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "case/descriptor.h"

namespace {

using poolcheck::DepthAxisMapping;
using poolcheck::HostValues;
using poolcheck::OpAdapter;
using poolcheck::OracleResult;

// A 2-D adaptive case; the mapping below lifts it onto a family whose names it chooses.
poolcheck::Case entry_case() {
  const auto parsed = poolcheck::parse_descriptor(
      "op=adaptive_avgpool2d_grad soc=Ascend910B gradOutput=f32:1x2x2x2 self=f32:1x2x4x4 out=f32:1x2x4x4 seed=1");
  EXPECT_TRUE(parsed.ok) << parsed.error;
  return parsed.value;
}

DepthAxisMapping mapping(const std::string& family_name_of_self) {
  return {"adaptive_avgpool2d_grad",
          "adaptive_avgpool3d_grad",
          {{"gradOutput", "gradOutput"}, {"self", family_name_of_self}, {"out", "out"}},
          {},
          {}};
}

struct Seen {
  std::vector<std::string> names;
  const std::vector<double>* self_buffer = nullptr;
};

// A family reference that records what it was given and answers with the size of `looked_up`'s values.
OpAdapter recording_family(Seen* seen, std::string looked_up) {
  OpAdapter a{};
  a.oracle = [seen, looked_up](const poolcheck::Case&, const HostValues& v) {
    for (const auto& [name, values] : v) seen->names.push_back(name);
    const auto it = v.find(looked_up);
    seen->self_buffer = it == v.end() ? nullptr : &it->second;
    OracleResult o;
    o.exact.assign(it == v.end() ? 0 : it->second.size(), 0.0);
    return o;
  };
  return a;
}

HostValues inputs() { return {{"gradOutput", std::vector<double>(8, 1.0)}, {"self", std::vector<double>(32, 2.0)}}; }

TEST(FamilyOracle, NamesThatStayReachTheFamilyAsTheSameBuffers) {
  Seen seen;
  const OpAdapter family = recording_family(&seen, "self");
  const HostValues v = inputs();
  const OracleResult o = poolcheck::family_oracle(family, mapping("self"), entry_case(), v);
  EXPECT_EQ(o.exact.size(), 32u);
  EXPECT_EQ(seen.names, (std::vector<std::string>{"gradOutput", "self"}));
  EXPECT_EQ(seen.self_buffer, &v.at("self")) << "the inputs were copied although no name changes";
}

TEST(FamilyOracle, ARenamedTensorReachesTheFamilyUnderItsFamilyName) {
  Seen seen;
  const OpAdapter family = recording_family(&seen, "x");
  const HostValues v = inputs();
  const OracleResult o = poolcheck::family_oracle(family, mapping("x"), entry_case(), v);
  EXPECT_EQ(o.exact.size(), 32u) << "the family's reference did not find 'x'";
  EXPECT_EQ(seen.names, (std::vector<std::string>{"gradOutput", "x"}));
  EXPECT_NE(seen.self_buffer, &v.at("self"));
}

TEST(FamilyOracle, NegativeControlTheEntryNameOfARenamedTensorIsNotThere) {
  Seen seen;
  const OpAdapter family = recording_family(&seen, "self");
  const OracleResult o = poolcheck::family_oracle(family, mapping("x"), entry_case(), inputs());
  EXPECT_EQ(o.exact.size(), 0u) << "the family saw the entry point's name of a renamed tensor";
  EXPECT_EQ(seen.self_buffer, nullptr);
}

}  // namespace
