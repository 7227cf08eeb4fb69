// The entry point's two-phase C call over positional arguments (the fuzzers' raw mode and API sequences).
#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "fuzz/raw_ops.h"

namespace poolcheck::fuzz::maxpool2d_mask_grad {

const RawOp& raw_op() {
  static const RawOp op{{4, 4, 4, 4},
                        4,
                        [](const RawArgs& x, uint64_t* ws, aclOpExecutor** ex) {
                          return aclnnMaxPool2dWithMaskBackwardGetWorkspaceSize(x.t[0], x.t[1], x.t[2], x.a[0], x.a[1],
                                                                                x.a[2], x.a[3], x.b0, x.t[3], ws, ex);
                        },
                        aclnnMaxPool2dWithMaskBackward};
  return op;
}

}  // namespace poolcheck::fuzz::maxpool2d_mask_grad
