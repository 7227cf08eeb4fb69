// A backend that misbehaves on purpose, for the harness's own tests: the bundled emulator, except that
// aclnnMaxPool3dWithArgmaxBackward misbehaves when gradInput's innermost extent is kTriggerExtent. Built four
// times, one MISBEHAVIOUR each:
//   1 segfault    the execute call reads through a null pointer
//   2 hang        the execute call never returns
//   3 write past  the execute call runs, then writes 4 bytes just past gradInput's last element
//   4 no write    the execute call returns success without running the kernel
// Every other call, and every other shape, goes to the emulator (dlsym RTLD_NEXT) untouched.
#include <dlfcn.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"
#include "next_definition.h"

#ifndef MISBEHAVIOUR
#error "build with -DMISBEHAVIOUR=1..4"
#endif

namespace {

constexpr const char* kWrapper = "misbehaving backend";

constexpr int64_t kTriggerExtent = 3;

struct TensorFacts {
  std::vector<int64_t> shape, strides;
  int64_t offset = 0;
  int64_t element_bytes = 4;
  void* data = nullptr;
};

std::mutex g_mu;
std::map<const aclTensor*, TensorFacts> g_tensors;    // what aclCreateTensor was told
std::map<const aclOpExecutor*, TensorFacts> g_armed;  // planned calls that will misbehave, with their gradInput

int64_t element_bytes(aclDataType dt) {
  switch (dt) {
    case ACL_FLOAT16:
    case ACL_BF16:
      return 2;
    case ACL_DOUBLE:
    case ACL_INT64:
      return 8;
    default:
      return 4;
  }
}

// One past the last element of the view, in bytes from the data pointer.
[[maybe_unused]] int64_t view_end_bytes(const TensorFacts& t) {
  int64_t last = t.offset;
  for (size_t d = 0; d < t.shape.size(); ++d) last += (t.shape[d] - 1) * t.strides[d];
  return (last + 1) * t.element_bytes;
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum,
                                                                  aclDataType dataType, const int64_t* stride,
                                                                  int64_t offset, aclFormat format,
                                                                  const int64_t* storageDims, uint64_t storageDimsNum,
                                                                  void* tensorData) {
  static const auto real = next_definition<decltype(&aclCreateTensor)>(kWrapper, "aclCreateTensor");
  aclTensor* t = real(viewDims, viewDimsNum, dataType, stride, offset, format, storageDims, storageDimsNum, tensorData);
  if (t && viewDims && stride) {
    TensorFacts f{{viewDims, viewDims + viewDimsNum},
                  {stride, stride + viewDimsNum},
                  offset,
                  element_bytes(dataType),
                  tensorData};
    std::lock_guard lock(g_mu);
    g_tensors[t] = f;
  }
  return t;
}

__attribute__((visibility("default"))) aclnnStatus aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclTensor* self, const aclTensor* indices, const aclIntArray* kernelSize,
    const aclIntArray* stride, const aclIntArray* padding, const aclIntArray* dilation, bool ceilMode,
    aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor) {
  static const auto real = next_definition<decltype(&aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize)>(
      kWrapper, "aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize");
  const aclnnStatus st = real(gradOutput, self, indices, kernelSize, stride, padding, dilation, ceilMode, gradInput,
                              workspaceSize, executor);
  if (st != 0 || !executor || !*executor) return st;
  std::lock_guard lock(g_mu);
  const auto it = g_tensors.find(gradInput);
  if (it != g_tensors.end() && !it->second.shape.empty() && it->second.shape.back() == kTriggerExtent)
    g_armed[*executor] = it->second;
  return st;
}

// Not instrumented by UBSan: the null read must fault like a kernel bug, not stop at UBSan's check.
__attribute__((visibility("default"), no_sanitize("undefined"))) aclnnStatus aclnnMaxPool3dWithArgmaxBackward(
    void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
  static const auto real =
      next_definition<decltype(&aclnnMaxPool3dWithArgmaxBackward)>(kWrapper, "aclnnMaxPool3dWithArgmaxBackward");
  TensorFacts grad_input;
  bool armed = false;
  {
    std::lock_guard lock(g_mu);
    const auto it = g_armed.find(executor);
    if (it != g_armed.end()) {
      grad_input = it->second;
      g_armed.erase(it);
      armed = true;
    }
  }
  if (!armed) return real(workspace, workspaceSize, executor, stream);
  std::fprintf(stderr, "misbehaving backend: misbehaviour %d on purpose\n", MISBEHAVIOUR);
#if MISBEHAVIOUR == 1
  volatile int* nowhere = nullptr;
  return static_cast<aclnnStatus>(*nowhere);
#elif MISBEHAVIOUR == 2
  for (;;) pause();
#elif MISBEHAVIOUR == 3
  const aclnnStatus st = real(workspace, workspaceSize, executor, stream);
  std::memset(static_cast<char*>(grad_input.data) + view_end_bytes(grad_input), 0x5A, 4);
  return st;
#else
  static const auto destroy = next_definition<decltype(&aclDestroyAclOpExecutor)>(kWrapper, "aclDestroyAclOpExecutor");
  destroy(executor);
  return 0;
#endif
}

}  // extern "C"
