// The operator's two-phase C call over positional arguments (the fuzzers' raw mode and API sequences).
#include "aclnnop/aclnn_avgpool3d_backward.h"
#include "fuzz/raw_ops.h"

namespace poolcheck::fuzz::avgpool3d_grad {

const RawOp& raw_op() {
  static const RawOp op{{5, 5, 5},
                        3,
                        [](const RawArgs& x, uint64_t* ws, aclOpExecutor** ex) {
                          return aclnnAvgPool3dBackwardGetWorkspaceSize(x.t[0], x.t[1], x.a[0], x.a[1], x.a[2], x.b0,
                                                                        x.b1, x.i0, x.t[2], ws, ex);
                        },
                        aclnnAvgPool3dBackward};
  return op;
}

}  // namespace poolcheck::fuzz::avgpool3d_grad
