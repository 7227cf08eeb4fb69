#include "tests/conformance/planning.h"

#include <utility>

#include "acl/acl.h"

namespace poolcheck::conformance {

namespace {
size_t elem_bytes(aclDataType dt) { return dt == ACL_FLOAT16 || dt == ACL_BF16 ? 2 : dt == ACL_DOUBLE ? 8 : 4; }
}  // namespace

Observation observe(const Row& row, const PlanCall& plan) {
  init_runtime();
  pcEmuSetPlatform(row.platform.c_str());
  pcEmuSetKnobs(row.cores, row.ub);
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, row.deterministic ? 1 : 0);
  Observation o;
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  o.status = plan(&ws, &ex);
  if (o.status == ACLNN_SUCCESS) {
    pcEmuLastLaunch(&o.info);
    aclDestroyAclOpExecutor(ex);
  } else {
    const char* msg = aclGetRecentErrMsg();
    o.error = msg ? msg : "";
  }
  pcEmuSetKnobs(0, 0);
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
  return o;
}

Tensor::Tensor(std::vector<int64_t> shape, aclDataType dt, aclFormat fmt) : Tensor(std::move(shape), dt, fmt, true) {}

Tensor Tensor::broadcast(std::vector<int64_t> shape, aclDataType dt, aclFormat fmt) {
  return Tensor(std::move(shape), dt, fmt, false);
}

Tensor::Tensor(std::vector<int64_t> shape, aclDataType dt, aclFormat fmt, bool dense) {
  init_runtime();
  std::vector<int64_t> strides(shape.size(), 0);
  int64_t count = 1;
  if (dense)
    for (size_t i = shape.size(); i-- > 0;) {
      strides[i] = count;
      count *= shape[i];
    }
  pcEmuSetChecks(0);  // no NaN fill: planning never reads or writes the data
  aclrtMalloc(&dev_, static_cast<size_t>(count) * elem_bytes(dt), ACL_MEM_MALLOC_HUGE_FIRST);
  pcEmuSetChecks(1);
  const std::vector<int64_t> storage{count};
  t_ = aclCreateTensor(shape.data(), shape.size(), dt, strides.data(), 0, fmt, storage.data(), 1, dev_);
}

Tensor::Tensor(Tensor&& other) noexcept
    : dev_(std::exchange(other.dev_, nullptr)), t_(std::exchange(other.t_, nullptr)) {}

Tensor::~Tensor() {
  if (t_) aclDestroyTensor(t_);
  if (dev_) aclrtFree(dev_);
}

IntArray::IntArray(std::vector<int64_t> v) : a_(aclCreateIntArray(v.data(), v.size())) {}
IntArray::~IntArray() { aclDestroyIntArray(a_); }

void init_runtime() {
  static const bool done = [] {
    aclInit(nullptr);
    aclrtSetDevice(0);
    return true;
  }();
  (void)done;
}

}  // namespace poolcheck::conformance
