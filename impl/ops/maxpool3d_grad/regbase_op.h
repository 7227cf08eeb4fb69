// aclnnMaxPool3dWithArgmaxBackward on Ascend 950: the first phase with the regbase tiling (documented and
// upstream profiles) and the executor that runs the index check, then the SIMD or SIMT kernel.
#pragma once

#include "ops/common/op_plan.h"
#include "ops/maxpool3d_grad/regbase_tiling.h"
#include "ops/maxpool3d_grad/validate.h"

namespace pcemu::maxpool {

Plan make_regbase_plan(const Problem& pr, const RegbaseTiling& t, bool deterministic);

aclnnStatus get_workspace_size_regbase(const RawArgs& args, const OpNames& op);
aclnnStatus get_workspace_size_regbase_upstream(const RawArgs& args, const OpNames& op);

}  // namespace pcemu::maxpool
