// A rank-2 entry point of a 3-D pooling family, seen as the family's 3-D problem with a depth axis of one
// (as upstream's op_api runs it): `with_depth_axis` lifts a 2-D case onto the family's operator, so that its
// reference, tiling statement and data come from the family; `without_depth_axis` lowers a family case whose
// depth axis is neutral back onto the entry point, so that the family's generators draw its cases.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "case/case.h"

namespace poolcheck {

// How the entry point's arguments map onto the family's. Names absent from the lists pass through as they are
// (seed, fills, knobs, options).
struct DepthAxisMapping {
  std::string entry_op;   // the 2-D entry point's token
  std::string family_op;  // the 3-D operator whose problem it is
  struct Renamed {
    std::string entry, family;
  };
  std::vector<Renamed> tensors;  // (C,H,W) or (N,C,H,W) <-> (C,1,H,W) or (N,C,1,H,W)
  struct ArrayAxis {
    std::string entry, family;
    int64_t depth;  // the family's value on the depth axis (kernel 1, padding 0, ...)
  };
  std::vector<ArrayAxis> arrays;  // [a] -> [depth, a, a], [h, w] -> [depth, h, w], [] stays []
  std::vector<Renamed> scalars;
};

// The family's case. Throws std::invalid_argument naming the argument when the case cannot be lifted (a tensor
// whose rank is neither 3 nor 4, a list longer than 2).
Case with_depth_axis(const Case& entry, const DepthAxisMapping& m);

// The entry point's case, or nullopt when the family case has a depth axis that is not neutral (extent or a
// list value other than the mapping's), so that it is not a 2-D problem.
std::optional<Case> without_depth_axis(const Case& family, const DepthAxisMapping& m);

}  // namespace poolcheck
