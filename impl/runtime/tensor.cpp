#include "runtime/tensor.h"

#include <mutex>
#include <unordered_set>

#include "common/log.h"

namespace pcemu {

namespace {
std::mutex g_mu;
std::unordered_set<const void*> g_tensors, g_arrays;  // live handles, so stale or foreign ones are refused
}  // namespace

bool is_live_tensor(const aclTensor* t) {
  std::lock_guard lock(g_mu);
  return g_tensors.count(t) != 0;
}

bool is_live_int_array(const aclIntArray* a) {
  std::lock_guard lock(g_mu);
  return g_arrays.count(a) != 0;
}

int64_t dtype_bytes(aclDataType dt) {
  switch (dt) {
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
      return 4;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
    case ACL_UINT16:
      return 2;
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL:
      return 1;
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_DOUBLE:
    case ACL_COMPLEX64:
      return 8;
    case ACL_COMPLEX128:
      return 16;
    default:
      return 0;
  }
}

const char* dtype_label(aclDataType dt) {
  switch (dt) {
    case ACL_FLOAT:
      return "FLOAT32";
    case ACL_FLOAT16:
      return "FLOAT16";
    case ACL_BF16:
      return "BFLOAT16";
    case ACL_INT8:
      return "INT8";
    case ACL_INT16:
      return "INT16";
    case ACL_INT32:
      return "INT32";
    case ACL_INT64:
      return "INT64";
    case ACL_UINT8:
      return "UINT8";
    case ACL_UINT16:
      return "UINT16";
    case ACL_UINT32:
      return "UINT32";
    case ACL_UINT64:
      return "UINT64";
    case ACL_DOUBLE:
      return "DOUBLE";
    case ACL_BOOL:
      return "BOOL";
    case ACL_COMPLEX64:
      return "COMPLEX64";
    case ACL_COMPLEX128:
      return "COMPLEX128";
    default:
      return "UNDEFINED";
  }
}

const char* format_label(aclFormat f) {
  switch (f) {
    case ACL_FORMAT_NCHW:
      return "NCHW";
    case ACL_FORMAT_NHWC:
      return "NHWC";
    case ACL_FORMAT_ND:
      return "ND";
    case ACL_FORMAT_NC1HWC0:
      return "NC1HWC0";
    case ACL_FORMAT_FRACTAL_Z:
      return "FRACTAL_Z";
    case ACL_FORMAT_NC1HWC0_C04:
      return "NC1HWC0_C04";
    case ACL_FORMAT_HWCN:
      return "HWCN";
    case ACL_FORMAT_NDHWC:
      return "NDHWC";
    case ACL_FORMAT_FRACTAL_NZ:
      return "FRACTAL_NZ";
    case ACL_FORMAT_NCDHW:
      return "NCDHW";
    case ACL_FORMAT_NDC1HWC0:
      return "NDC1HWC0";
    case ACL_FORMAT_FRACTAL_Z_3D:
      return "FRACTAL_Z_3D";
    case ACL_FORMAT_NC:
      return "NC";
    case ACL_FORMAT_NCL:
      return "NCL";
    default:
      return "UNDEFINED";
  }
}

}  // namespace pcemu

extern "C" {

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride,
                           int64_t offset, aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                           void* tensorData) {
  constexpr uint64_t kMaxRank = 8;
  if ((viewDimsNum && !viewDims) || (storageDimsNum && !storageDims) || viewDimsNum > kMaxRank ||
      storageDimsNum > kMaxRank) {
    pcemu::fail(ACLNN_ERR_PARAM_INVALID,
                "aclCreateTensor: viewDims/storageDims null with a non-zero count, or rank > {}", kMaxRank);
    return nullptr;
  }
  auto* t = new aclTensor;
  t->view_shape.assign(viewDims, viewDims + viewDimsNum);
  // A null stride array means contiguous, as CANN derives it from the view shape.
  if (stride) {
    t->strides.assign(stride, stride + viewDimsNum);
  } else {
    t->strides.assign(viewDimsNum, 1);
    // Wrapping (unsigned) products: client dims may overflow int64; such views are refused at validation.
    for (uint64_t i = viewDimsNum; i-- > 1;)
      t->strides[i - 1] =
          static_cast<int64_t>(static_cast<uint64_t>(t->strides[i]) * static_cast<uint64_t>(t->view_shape[i]));
  }
  t->offset = offset;
  t->dtype = dataType;
  t->format = format;
  t->storage_shape.assign(storageDims, storageDims + storageDimsNum);
  t->data = tensorData;
  std::lock_guard lock(pcemu::g_mu);
  pcemu::g_tensors.insert(t);
  return t;
}

aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
  if (!tensor) return ACLNN_SUCCESS;  // destroying nullptr is a no-op, as in CANN
  {
    std::lock_guard lock(pcemu::g_mu);
    if (!pcemu::g_tensors.erase(tensor))
      return pcemu::fail(ACLNN_ERR_PARAM_INVALID, "aclDestroyTensor: {} is not a live aclTensor (destroyed twice?)",
                         static_cast<const void*>(tensor));
  }
  delete tensor;
  return ACLNN_SUCCESS;
}

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
  constexpr uint64_t kMaxLen = 1u << 20;
  if ((size && !value) || size > kMaxLen) {
    pcemu::fail(ACLNN_ERR_PARAM_INVALID, "aclCreateIntArray: value is null with size={} or size > {}", size, kMaxLen);
    return nullptr;
  }
  auto* a = new aclIntArray;
  a->values.assign(value, value + size);
  std::lock_guard lock(pcemu::g_mu);
  pcemu::g_arrays.insert(a);
  return a;
}

aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
  if (!array) return ACLNN_SUCCESS;
  {
    std::lock_guard lock(pcemu::g_mu);
    if (!pcemu::g_arrays.erase(array))
      return pcemu::fail(ACLNN_ERR_PARAM_INVALID, "aclDestroyIntArray: {} is not a live aclIntArray",
                         static_cast<const void*>(array));
  }
  delete array;
  return ACLNN_SUCCESS;
}

aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum) {
  if (!tensor || !viewDims || !viewDimsNum)
    return pcemu::fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetViewShape: null argument");
  if (!pcemu::is_live_tensor(tensor))
    return pcemu::fail(ACLNN_ERR_PARAM_INVALID, "aclGetViewShape: not a live aclTensor");
  *viewDimsNum = tensor->view_shape.size();
  *viewDims = new int64_t[tensor->view_shape.size() + 1];
  for (size_t i = 0; i < tensor->view_shape.size(); ++i) (*viewDims)[i] = tensor->view_shape[i];
  return ACLNN_SUCCESS;
}

}  // extern "C"
