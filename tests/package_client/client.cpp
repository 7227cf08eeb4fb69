// Uses only the installed public headers: init the runtime and make one documented failing call.
#include <cstdio>

#include "acl/acl.h"
#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"

int main() {
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) return 1;
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  const aclnnStatus st = aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(nullptr, nullptr, nullptr, nullptr, nullptr,
                                                                          nullptr, nullptr, false, nullptr, &ws, &ex);
  std::printf("status %d\n", st);
  return st == ACLNN_ERR_PARAM_NULLPTR ? 0 : 1;
}
