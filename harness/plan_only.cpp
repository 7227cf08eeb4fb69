#include "harness/plan_only.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>

#include "backend/backend.h"
#include "case/descriptor.h"
#include "case/int_math.h"
#include "harness/device_tensor.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"

namespace poolcheck {

namespace {

// An allocation for planning: as large as the view reaches (the library checks views against allocations when
// it plans), with the emulator's fill of fresh memory off, so its pages are never touched.
class ReservedTensor {
 public:
  explicit ReservedTensor(const TensorArg& arg) {
    const auto& api = backend::api();
    const int64_t elems = arg.alloc_elems >= 0 ? arg.alloc_elems : view_extent_elems(arg).value_or(0);
    int64_t bytes = checked_mul(elems, dtype_size(arg.dtype)).value_or(0);
    if (bytes < kTokenBytes) bytes = kTokenBytes;
    if (api.pcEmuSetChecks) api.pcEmuSetChecks(0);
    if (api.aclrtMalloc(&dev_, static_cast<size_t>(bytes), ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
      // Too large for this machine: a token allocation stands in, and the plan says so.
      note_ = "could not reserve " + std::to_string(bytes) + " bytes; a " + std::to_string(kTokenBytes) +
              "-byte allocation stands in";
      dev_ = nullptr;
      if (api.aclrtMalloc(&dev_, kTokenBytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) dev_ = nullptr;
    }
    if (api.pcEmuSetChecks) api.pcEmuSetChecks(1);
    if (!dev_) throw std::runtime_error("the backend could not allocate " + std::to_string(kTokenBytes) + " bytes");
    const auto strides = effective_strides(arg);
    tensor_ = api.aclCreateTensor(arg.shape.data(), arg.shape.size(), to_acl(arg.dtype), strides.data(), arg.offset,
                                  to_acl(arg.format), arg.shape.data(), arg.shape.size(), dev_);
  }
  ~ReservedTensor() {
    const auto& api = backend::api();
    if (tensor_) api.aclDestroyTensor(tensor_);
    if (dev_) api.aclrtFree(dev_);
  }
  ReservedTensor(const ReservedTensor&) = delete;
  ReservedTensor& operator=(const ReservedTensor&) = delete;
  aclTensor* handle() const { return tensor_; }
  const std::string& note() const { return note_; }

 private:
  static constexpr int64_t kTokenBytes = 32;
  std::string note_;
  void* dev_ = nullptr;
  aclTensor* tensor_ = nullptr;
};

}  // namespace

PlanReport plan_only(const Case& c) {
  const OpAdapter* op = find_adapter(c.op);
  if (!op) throw std::invalid_argument("unknown operator '" + c.op + "'");
  ensure_runtime();
  const auto t0 = std::chrono::steady_clock::now();
  PlanReport p;
  CaseResult& r = p.r;
  r = planned_result(c);
  r.outcome = Outcome::Pass;
  configure_backend(c, &r);
  const auto& api = backend::api();

  std::vector<std::unique_ptr<ReservedTensor>> tensors;
  std::vector<std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray*)>> arrays;
  ApiHandles h;
  for (const auto& [name, arg] : c.tensors) {
    h.tensors[name] = nullptr;
    if (!arg.present) continue;
    tensors.push_back(std::make_unique<ReservedTensor>(arg));
    h.tensors[name] = tensors.back()->handle();
    if (!tensors.back()->note().empty()) p.notes.push_back(name + ": " + tensors.back()->note());
  }
  for (const auto& [name, arr] : c.arrays) {
    h.arrays[name] = arr.present ? api.aclCreateIntArray(arr.values.data(), arr.values.size()) : nullptr;
    if (h.arrays[name]) arrays.emplace_back(h.arrays[name], api.aclDestroyIntArray);
  }

  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  r.observed_status =
      op->get_workspace_size(c, h, c.null_workspace_size ? nullptr : &ws, c.null_executor ? nullptr : &exec);
  if (r.observed_status != 0) {
    r.observed_phase = Phase::GetWorkspaceSize;
    const char* m = api.aclGetRecentErrMsg();
    r.message = m ? m : "";
  } else {
    r.workspace_bytes = static_cast<int64_t>(ws);
    take_tiling(&r);
    pcEmuLaunchInfo& info = p.launch;
    if (api.pcEmuLastLaunch && api.pcEmuLastLaunch(&info) == 0) {
      p.used_cores = info.usedCores;
      p.ub_limit_bytes = info.ubBytesLimit;
      p.deterministic = info.deterministic != 0;
    }
    if (exec && api.aclDestroyAclOpExecutor) api.aclDestroyAclOpExecutor(exec);
  }
  const bool checked_when_planning = r.expected_status != 0 && r.expected_phase == Phase::GetWorkspaceSize;
  p.as_documented = checked_when_planning ? r.observed_status == r.expected_status : r.observed_status == 0;
  r.outcome = p.as_documented ? (r.observed_status == 0 ? Outcome::Pass : Outcome::ExpectedError)
                              : (r.observed_status == 0 ? Outcome::UnexpectedSuccess : Outcome::WrongError);
  p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.seconds = p.seconds;
  return p;
}

}  // namespace poolcheck
