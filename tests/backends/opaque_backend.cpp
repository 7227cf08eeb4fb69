// A backend the harness knows nothing about: the emulator's aclnn/acl C API re-exported by a library that
// loads the emulator privately (RTLD_LOCAL, no link-time dependency), so none of the emulator's own entry points
// (pcEmu*: platform, knobs, faults, tiling key, guard zones) can be found through it. It stands for a CANN
// toolkit or a colleague's kernel build: the harness must run it on its own SoC, say "unknown" for the tiling,
// guard allocations with its own red zones, and skip what needs the emulator with a visible reason. It exports
// three of the table's entry points (a library implementing some operators): the others are not run, and said so.
// Built with OPAQUE_RUNTIME_ONLY it exports none, which no backend may do.
#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_adaptive_avg_pool3d_backward.h"
#include "aclnnop/aclnn_avgpool2d_backward.h"
#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"

#ifndef EMULATOR_LIBRARY
#error "EMULATOR_LIBRARY is the path of the emulator this backend wraps"
#endif

namespace {

void* emulator(const char* name) {
  static void* handle = dlopen(EMULATOR_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  void* p = handle ? dlsym(handle, name) : nullptr;
  if (!p) {
    std::fprintf(stderr, "opaque backend: cannot reach %s in %s\n", name, EMULATOR_LIBRARY);
    _exit(3);
  }
  return p;
}

}  // namespace

#define OPAQUE(ret, name, params, args)                                            \
  extern "C" ret name params {                                                     \
    static const auto real = reinterpret_cast<decltype(&::name)>(emulator(#name)); \
    return real args;                                                              \
  }

OPAQUE(aclError, aclInit, (const char* configPath), (configPath))
OPAQUE(aclError, aclrtSetDevice, (int32_t deviceId), (deviceId))
OPAQUE(const char*, aclrtGetSocName, (void), ())
OPAQUE(aclError, aclrtCreateStream, (aclrtStream * stream), (stream))
OPAQUE(aclError, aclrtSynchronizeStream, (aclrtStream stream), (stream))
OPAQUE(aclError, aclrtMalloc, (void** devPtr, size_t size, aclrtMemMallocPolicy policy), (devPtr, size, policy))
OPAQUE(aclError, aclrtFree, (void* devPtr), (devPtr))
OPAQUE(aclError, aclrtMemcpy, (void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind),
       (dst, destMax, src, count, kind))
OPAQUE(aclError, aclrtCtxSetSysParamOpt, (aclSysParamOpt opt, int64_t value), (opt, value))
OPAQUE(const char*, aclGetRecentErrMsg, (void), ())
OPAQUE(aclTensor*, aclCreateTensor,
       (const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride, int64_t offset,
        aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData),
       (viewDims, viewDimsNum, dataType, stride, offset, format, storageDims, storageDimsNum, tensorData))
OPAQUE(aclnnStatus, aclDestroyTensor, (const aclTensor* tensor), (tensor))
OPAQUE(aclIntArray*, aclCreateIntArray, (const int64_t* value, uint64_t size), (value, size))
OPAQUE(aclnnStatus, aclDestroyIntArray, (const aclIntArray* array), (array))
#ifndef OPAQUE_RUNTIME_ONLY
OPAQUE(aclnnStatus, aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize,
       (const aclTensor* gradOutput, const aclTensor* self, const aclTensor* indices, const aclIntArray* kernelSize,
        const aclIntArray* stride, const aclIntArray* padding, const aclIntArray* dilation, bool ceilMode,
        aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor),
       (gradOutput, self, indices, kernelSize, stride, padding, dilation, ceilMode, gradInput, workspaceSize, executor))
OPAQUE(aclnnStatus, aclnnMaxPool3dWithArgmaxBackward,
       (void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream),
       (workspace, workspaceSize, executor, stream))
OPAQUE(aclnnStatus, aclnnAvgPool2dBackwardGetWorkspaceSize,
       (const aclTensor* gradOutput, const aclTensor* self, const aclIntArray* kernelSize, const aclIntArray* stride,
        const aclIntArray* padding, bool ceilMode, bool countIncludePad, int64_t divisorOverride, int8_t cubeMathType,
        aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor),
       (gradOutput, self, kernelSize, stride, padding, ceilMode, countIncludePad, divisorOverride, cubeMathType,
        gradInput, workspaceSize, executor))
OPAQUE(aclnnStatus, aclnnAvgPool2dBackward,
       (void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream),
       (workspace, workspaceSize, executor, stream))
OPAQUE(aclnnStatus, aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize,
       (const aclTensor* gradOutput, const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
        aclOpExecutor** executor),
       (gradOutput, self, out, workspaceSize, executor))
OPAQUE(aclnnStatus, aclnnAdaptiveAvgPool3dBackward,
       (void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream),
       (workspace, workspaceSize, executor, stream))
#endif
