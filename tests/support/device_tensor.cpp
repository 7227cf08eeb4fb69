#include "tests/support/device_tensor.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "case/numeric.h"

namespace poolcheck::test_support {

namespace {

struct DtypeInfo {
  aclDataType acl;
  int64_t bytes;
  DType dtype;  // the harness's, Undefined where it has none
};
constexpr DtypeInfo kDtypes[] = {
    {ACL_FLOAT, 4, DType::F32},        {ACL_FLOAT16, 2, DType::F16},      {ACL_BF16, 2, DType::BF16},
    {ACL_DOUBLE, 8, DType::F64},       {ACL_INT8, 1, DType::I8},          {ACL_UINT8, 1, DType::U8},
    {ACL_INT16, 2, DType::I16},        {ACL_UINT16, 2, DType::Undefined}, {ACL_INT32, 4, DType::I32},
    {ACL_UINT32, 4, DType::Undefined}, {ACL_INT64, 8, DType::I64},        {ACL_UINT64, 8, DType::Undefined},
    {ACL_BOOL, 1, DType::Bool},
};

const DtypeInfo* info_of(aclDataType dt) {
  for (const DtypeInfo& e : kDtypes)
    if (e.acl == dt) return &e;
  return nullptr;
}

}  // namespace

int64_t dtype_bytes(aclDataType dt) {
  const DtypeInfo* e = info_of(dt);
  return e ? e->bytes : 0;
}

DType case_dtype(aclDataType dt) {
  const DtypeInfo* e = info_of(dt);
  return e ? e->dtype : DType::Undefined;
}

int64_t element_count(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

std::vector<int64_t> contiguous_strides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * std::max<int64_t>(shape[i], 1);
  return strides;
}

std::vector<uint8_t> encode_values(const std::vector<double>& values, aclDataType dt) {
  const auto eb = static_cast<size_t>(dtype_bytes(dt));
  std::vector<uint8_t> out(values.size() * eb);
  for (size_t i = 0; i < values.size(); ++i) encode(case_dtype(dt), values[i], out.data() + i * eb);
  return out;
}

std::vector<double> decode_values(const std::vector<uint8_t>& bytes, aclDataType dt) {
  const auto eb = static_cast<size_t>(dtype_bytes(dt));
  std::vector<double> out(eb ? bytes.size() / eb : 0);
  for (size_t i = 0; i < out.size(); ++i) out[i] = decode(case_dtype(dt), bytes.data() + i * eb);
  return out;
}

std::vector<uint8_t> encode_indices(const std::vector<int64_t>& indices, aclDataType dt) {
  const size_t b = dt == ACL_INT64 ? 8 : 4;
  std::vector<uint8_t> out(indices.size() * b);
  for (size_t i = 0; i < indices.size(); ++i) {
    const auto narrow = static_cast<int32_t>(indices[i]);
    std::memcpy(out.data() + i * b, b == 8 ? static_cast<const void*>(&indices[i]) : &narrow, b);
  }
  return out;
}

DeviceTensor::DeviceTensor(TensorDesc desc, Init init) : desc_(std::move(desc)) {
  if (desc_.strides.empty()) desc_.strides = contiguous_strides(desc_.shape);
  if (desc_.strides.size() != desc_.shape.size())
    throw std::invalid_argument("DeviceTensor: " + std::to_string(desc_.strides.size()) + " strides for rank " +
                                std::to_string(desc_.shape.size()));
  if (element_count(desc_.shape) > 0) {
    span_ = 1;
    for (size_t d = 0; d < desc_.shape.size(); ++d) span_ += (desc_.shape[d] - 1) * desc_.strides[d];
  }
  const int64_t bytes = std::max(desc_.min_bytes, (desc_.offset + span_) * dtype_bytes(desc_.dtype));
  if (aclrtMalloc(&dev_, static_cast<size_t>(bytes), ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
    throw std::runtime_error("aclrtMalloc of " + std::to_string(bytes) + " bytes failed");
  try {
    if (init == Init::Zeros) {
      const std::vector<uint8_t> zeros(static_cast<size_t>(bytes), 0);
      copy_to_device(0, zeros.data(), zeros.size());
    }
  } catch (...) {
    aclrtFree(dev_);
    throw;
  }
  const std::vector<int64_t> storage{desc_.offset + span_};
  tensor_ = aclCreateTensor(desc_.shape.data(), desc_.shape.size(), desc_.dtype, desc_.strides.data(), desc_.offset,
                            desc_.format, storage.data(), storage.size(), dev_);
}

DeviceTensor::DeviceTensor(TensorDesc desc, const std::vector<uint8_t>& bytes) : DeviceTensor(std::move(desc)) {
  write(bytes);
}

DeviceTensor::DeviceTensor(TensorDesc desc, const std::vector<double>& values) : DeviceTensor(std::move(desc)) {
  write_values(values);
}

DeviceTensor::~DeviceTensor() {
  if (tensor_) aclDestroyTensor(tensor_);
  if (dev_) aclrtFree(dev_);
}

void DeviceTensor::write_bytes(const void* data, size_t size) {
  const auto span_bytes = static_cast<size_t>(span_ * dtype_bytes(desc_.dtype));
  copy_to_device(desc_.offset * dtype_bytes(desc_.dtype), data, std::min(size, span_bytes));
}

void DeviceTensor::write_values(const std::vector<double>& values) {
  const int64_t n = std::min(static_cast<int64_t>(values.size()), element_count(desc_.shape));
  if (n <= 0) return;
  // Read, encode, write back: the view's other elements (and a strided view's gaps) keep their bytes.
  std::vector<uint8_t> bytes = read_bytes();
  encode_at(case_dtype(desc_.dtype), values.data(), element_offsets(n).data(), static_cast<size_t>(n), bytes.data());
  write_bytes(bytes.data(), bytes.size());
}

std::vector<uint8_t> DeviceTensor::read_bytes() const {
  const int64_t eb = dtype_bytes(desc_.dtype);
  return copy_from_device(desc_.offset * eb, static_cast<size_t>(span_ * eb));
}

std::vector<double> DeviceTensor::read_values() const {
  const int64_t n = element_count(desc_.shape);
  std::vector<double> out(static_cast<size_t>(std::max<int64_t>(n, 0)));
  if (out.empty()) return out;
  const std::vector<uint8_t> bytes = read_bytes();
  decode_at(case_dtype(desc_.dtype), bytes.data(), element_offsets(n).data(), out.size(), out.data());
  return out;
}

std::vector<int64_t> DeviceTensor::element_offsets(int64_t n) const {
  std::vector<int64_t> out(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    int64_t rest = i, off = 0;
    for (size_t d = desc_.shape.size(); d-- > 0;) {
      off += rest % desc_.shape[d] * desc_.strides[d];
      rest /= desc_.shape[d];
    }
    out[static_cast<size_t>(i)] = off;
  }
  return out;
}

void DeviceTensor::copy_to_device(int64_t at_byte, const void* data, size_t size) {
  if (size == 0) return;
  if (aclrtMemcpy(static_cast<uint8_t*>(dev_) + at_byte, size, data, size, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS)
    throw std::runtime_error("aclrtMemcpy of " + std::to_string(size) + " bytes to the device failed");
}

std::vector<uint8_t> DeviceTensor::copy_from_device(int64_t at_byte, size_t size) const {
  std::vector<uint8_t> out(size);
  if (size == 0) return out;
  if (aclrtMemcpy(out.data(), size, static_cast<const uint8_t*>(dev_) + at_byte, size, ACL_MEMCPY_DEVICE_TO_HOST) !=
      ACL_SUCCESS)
    throw std::runtime_error("aclrtMemcpy of " + std::to_string(size) + " bytes from the device failed");
  return out;
}

IntArray::IntArray(const std::vector<int64_t>& values) : array_(aclCreateIntArray(values.data(), values.size())) {}

IntArray::~IntArray() { aclDestroyIntArray(array_); }

}  // namespace poolcheck::test_support
