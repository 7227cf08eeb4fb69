// The operator's two-phase C call over positional arguments (the fuzzers' raw mode and API sequences).
#include "aclnnop/aclnn_adaptive_avg_pool3d_backward.h"
#include "fuzz/raw_ops.h"

namespace poolcheck::fuzz::adaptive_avgpool3d_grad {

const RawOp& raw_op() {
  static const RawOp op{{5, 5, 5},
                        0,
                        [](const RawArgs& x, uint64_t* ws, aclOpExecutor** ex) {
                          return aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize(x.t[0], x.t[1], x.t[2], ws, ex);
                        },
                        aclnnAdaptiveAvgPool3dBackward};
  return op;
}

}  // namespace poolcheck::fuzz::adaptive_avgpool3d_grad
