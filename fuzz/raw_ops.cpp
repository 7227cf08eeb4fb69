#include "fuzz/raw_ops.h"

#include <map>

#include "aclnnop/aclnn_adaptive_avg_pool3d_backward.h"
#include "aclnnop/aclnn_avgpool2d_backward.h"
#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"

namespace poolcheck::fuzz {

const RawOp& raw_op(const std::string& op) {
  static const std::map<std::string, RawOp> ops{
      {"maxpool3d_grad",
       {{5, 5, 5, 5},
        4,
        [](const RawArgs& x, uint64_t* ws, aclOpExecutor** ex) {
          return aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(x.t[0], x.t[1], x.t[2], x.a[0], x.a[1], x.a[2],
                                                                  x.a[3], x.b0, x.t[3], ws, ex);
        },
        aclnnMaxPool3dWithArgmaxBackward}},
      {"avgpool2d_grad",
       {{4, 4, 4},
        3,
        [](const RawArgs& x, uint64_t* ws, aclOpExecutor** ex) {
          return aclnnAvgPool2dBackwardGetWorkspaceSize(x.t[0], x.t[1], x.a[0], x.a[1], x.a[2], x.b0, x.b1, x.i0, x.i1,
                                                        x.t[2], ws, ex);
        },
        aclnnAvgPool2dBackward}},
      {"adaptive_avgpool3d_grad",
       {{5, 5, 5},
        0,
        [](const RawArgs& x, uint64_t* ws, aclOpExecutor** ex) {
          return aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize(x.t[0], x.t[1], x.t[2], ws, ex);
        },
        aclnnAdaptiveAvgPool3dBackward}},
  };
  return ops.at(op);
}

}  // namespace poolcheck::fuzz
