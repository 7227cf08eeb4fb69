// Read-only views of an adaptive-avg-pool Case used by the rule predicates and mutators.
#include "ops/adaptive_avgpool3d_grad/spec_internal.h"

namespace poolcheck::spec::adaptive_avgpool3d_grad {

bool rank_ok(const TensorArg& t) { return t.shape.size() == 4 || t.shape.size() == 5; }

bool format_supported(Format f) { return f == Format::ND || f == Format::NCDHW; }

size_t lead_count(const TensorArg& t) { return t.shape.size() - 3; }

bool structure_ok(const Case& c) { return tensors_well_formed(c, kTensors, {4, 5}); }

}  // namespace poolcheck::spec::adaptive_avgpool3d_grad
