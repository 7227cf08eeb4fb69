// The operator's two-phase C call over positional arguments (the fuzzers' raw mode and API sequences).
#include "aclnnop/aclnn_adaptive_avg_pool2d_backward.h"
#include "fuzz/raw_ops.h"

namespace poolcheck::fuzz::adaptive_avgpool2d_grad {

const RawOp& raw_op() {
  static const RawOp op{{4, 4, 4},
                        0,
                        [](const RawArgs& x, uint64_t* ws, aclOpExecutor** ex) {
                          return aclnnAdaptiveAvgPool2dBackwardGetWorkspaceSize(x.t[0], x.t[1], x.t[2], ws, ex);
                        },
                        aclnnAdaptiveAvgPool2dBackward};
  return op;
}

}  // namespace poolcheck::fuzz::adaptive_avgpool2d_grad
