// A rank-2 entry point of a 3-D family reaches the family's data and reference through its case lifted onto the
// family's operator (case/depth_axis.h): the same fills from the same seed, the same derived inputs (max pooling's
// indices), the same exact result, whose dense order a depth axis of one does not change.
#pragma once

#include "case/depth_axis.h"
#include "harness/op_adapter.h"

namespace poolcheck {

// The family's inputs for the lifted case, keyed by the entry point's argument names.
HostValues family_inputs(const OpAdapter& family, const DepthAxisMapping& m, const Case& c);

// The family's reference for the lifted case and its inputs.
OracleResult family_oracle(const OpAdapter& family, const DepthAxisMapping& m, const Case& c, const HostValues& v);

}  // namespace poolcheck
