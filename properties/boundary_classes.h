// The boundary classes a case shows, read from the case itself (shapes, kernel, stride, padding, ceilMode), so
// that a test can tell whether a boundary generator reaches each class it names without trusting its draws.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "case/case.h"
#include "generators/generators.h"

namespace poolcheck {

// The classes of generators/boundary.h (and avgpool's "global") that `c` shows on some axis.
std::set<std::string> boundary_classes_of(const Case& c);

// How often each class showed in `n` cases drawn from `g` (seeds seed0, seed0+1, ...; sizes cycling 0..99, or
// all `size` when it is >= 0).
std::map<std::string, int> tally_boundary_classes(const rc::Gen<Case>& g, uint64_t seed0, int n, int size = -1);

// The classes of `wanted` that never showed in `tally`, in the order of `wanted`.
std::vector<std::string> missing_classes(const std::map<std::string, int>& tally,
                                         const std::vector<std::string>& wanted);

}  // namespace poolcheck
