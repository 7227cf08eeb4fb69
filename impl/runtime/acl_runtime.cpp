// aclInit, devices, streams, memory and context options of the emulated runtime.
#include <cstring>
#include <mutex>
#include <set>

#include "acl/acl.h"
#include "common/log.h"
#include "npu/platform.h"
#include "runtime/device_memory.h"
#include "runtime/runtime_state.h"

namespace pcemu {

namespace {
std::mutex g_stream_mu;
std::set<const void*> g_streams;
}  // namespace

RuntimeState& runtime() {
  static RuntimeState s;
  return s;
}

bool is_live_stream(const void* stream) {
  std::lock_guard lock(g_stream_mu);
  return g_streams.count(stream) != 0;
}

}  // namespace pcemu

using pcemu::DeviceMemory;
using pcemu::fail;
using pcemu::runtime;

extern "C" {

aclError aclInit(const char* /*configPath*/) {
  pcemu::configure_logging_from_env();
  if (runtime().initialized.exchange(true)) return fail(ACL_ERROR_REPEAT_INITIALIZE, "aclInit: already initialized");
  return ACL_SUCCESS;
}

aclError aclFinalize(void) {
  if (!runtime().initialized.exchange(false)) return fail(ACL_ERROR_UNINITIALIZE, "aclFinalize: not initialized");
  runtime().device = -1;
  return ACL_SUCCESS;
}

aclError aclrtSetDevice(int32_t deviceId) {
  if (!runtime().initialized) return fail(ACL_ERROR_UNINITIALIZE, "aclrtSetDevice: call aclInit first");
  if (deviceId != 0)
    return fail(ACL_ERROR_INVALID_DEVICE, "aclrtSetDevice: deviceId={} but the emulator has device 0 only", deviceId);
  runtime().device = deviceId;
  return ACL_SUCCESS;
}

aclError aclrtResetDevice(int32_t deviceId) {
  if (deviceId != runtime().device)
    return fail(ACL_ERROR_INVALID_DEVICE, "aclrtResetDevice: deviceId={} is not the current device", deviceId);
  runtime().device = -1;
  return ACL_SUCCESS;
}

aclError aclrtGetDevice(int32_t* deviceId) {
  if (!deviceId) return fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: deviceId is null");
  if (runtime().device < 0) return fail(ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice: no device set");
  *deviceId = runtime().device;
  return ACL_SUCCESS;
}

const char* aclrtGetSocName(void) {
  static thread_local std::string name;
  name = pcemu::active_platform().profile.soc;
  return name.c_str();
}

aclError aclrtCreateStream(aclrtStream* stream) {
  if (!stream) return fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateStream: stream is null");
  if (runtime().device < 0) return fail(ACL_ERROR_RT_CONTEXT_NULL, "aclrtCreateStream: no device set (aclrtSetDevice)");
  auto* s = new pcemu::EmuStream;
  std::lock_guard lock(pcemu::g_stream_mu);
  pcemu::g_streams.insert(s);
  *stream = s;
  return ACL_SUCCESS;
}

aclError aclrtDestroyStream(aclrtStream stream) {
  {
    std::lock_guard lock(pcemu::g_stream_mu);
    if (!pcemu::g_streams.erase(stream))
      return fail(ACL_ERROR_INVALID_RESOURCE_HANDLE, "aclrtDestroyStream: {} is not a live stream", stream);
  }
  delete static_cast<pcemu::EmuStream*>(stream);
  return ACL_SUCCESS;
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
  // Kernels run to completion inside the execute call, so synchronising only validates the handle.
  if (stream && !pcemu::is_live_stream(stream))
    return fail(ACL_ERROR_INVALID_RESOURCE_HANDLE, "aclrtSynchronizeStream: {} is not a live stream", stream);
  return ACL_SUCCESS;
}

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  if (!devPtr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: devPtr is null");
  if (size == 0) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: size is 0");
  if (policy < ACL_MEM_MALLOC_HUGE_FIRST || policy > ACL_MEM_MALLOC_NORMAL_ONLY_P2P)
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: policy={} is not an aclrtMemMallocPolicy",
                static_cast<int>(policy));
  if (runtime().device < 0) return fail(ACL_ERROR_RT_CONTEXT_NULL, "aclrtMalloc: no device set (aclrtSetDevice)");
  void* p = DeviceMemory::instance().allocate(size);
  if (!p) return fail(ACL_ERROR_BAD_ALLOC, "aclrtMalloc: cannot allocate {} bytes", size);
  *devPtr = p;
  return ACL_SUCCESS;
}

aclError aclrtFree(void* devPtr) {
  if (!devPtr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtFree: devPtr is null");
  std::string problem;
  if (!DeviceMemory::instance().release(devPtr, &problem))
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtFree: {}: {}", devPtr, problem);
  return ACL_SUCCESS;
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
  if (!hostPtr || size == 0) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost: null pointer or size 0");
  *hostPtr = ::operator new(size, std::nothrow);
  return *hostPtr ? ACL_SUCCESS : fail(ACL_ERROR_BAD_ALLOC, "aclrtMallocHost: cannot allocate {} bytes", size);
}

aclError aclrtFreeHost(void* hostPtr) {
  if (!hostPtr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtFreeHost: hostPtr is null");
  ::operator delete(hostPtr);
  return ACL_SUCCESS;
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  if (!devPtr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset: devPtr is null");
  if (count > maxCount) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset: count={} > maxCount={}", count, maxCount);
  if (!DeviceMemory::instance().find(devPtr, count))
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset: [{}, +{}) is not inside one device allocation", devPtr, count);
  DeviceMemory::instance().covering(devPtr, count);
  std::memset(devPtr, value, count);
  return ACL_SUCCESS;
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
  if (!dst || !src) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: dst or src is null");
  if (count > destMax) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: count={} exceeds destMax={}", count, destMax);
  auto& mem = DeviceMemory::instance();
  const bool dst_dev = kind == ACL_MEMCPY_HOST_TO_DEVICE || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
  const bool src_dev = kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
  if (kind < ACL_MEMCPY_HOST_TO_HOST || kind > ACL_MEMCPY_DEVICE_TO_DEVICE)
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: kind={} is not an aclrtMemcpyKind", static_cast<int>(kind));
  if (dst_dev && !mem.find(dst, count))
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: destination [{}, +{}) is not inside one device allocation", dst,
                count);
  if (src_dev && !mem.find(src, count))
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: source [{}, +{}) is not inside one device allocation", src,
                count);
  if (!dst_dev && mem.find(dst, 1))
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: destination {} is device memory but kind says host", dst);
  if (!src_dev && mem.find(src, 1))
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: source {} is device memory but kind says host", src);
  if (src_dev) mem.settle(src);  // before the destination's: the two may be one allocation
  if (dst_dev) mem.covering(dst, count);
  if (count) std::memmove(dst, src, count);
  return ACL_SUCCESS;
}

const char* aclGetRecentErrMsg(void) { return pcemu::recent_error(); }

aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
  if (opt != ACL_OPT_DETERMINISTIC)
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtCtxSetSysParamOpt: option {} is not supported by the emulator",
                static_cast<int>(opt));
  if (value != 0 && value != 1)
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtCtxSetSysParamOpt: ACL_OPT_DETERMINISTIC value={} (expected 0 or 1)",
                value);
  runtime().deterministic = value == 1;
  return ACL_SUCCESS;
}

aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t* value) {
  if (!value || opt != ACL_OPT_DETERMINISTIC)
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtCtxGetSysParamOpt: bad argument");
  *value = runtime().deterministic ? 1 : 0;
  return ACL_SUCCESS;
}

}  // extern "C"
