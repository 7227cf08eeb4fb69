// Device tensors and int arrays for the tests that call the library through its C API: an allocation sized for
// a view, filled from host values or bytes, the aclTensor over it, and the view read back. The acl symbols come
// from whichever library the test links (the static twin, the shared library or its Upstream profile).
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "case/case.h"

namespace poolcheck::test_support {

// Bytes of one element of `dt` (0 for a dtype without a fixed width).
int64_t dtype_bytes(aclDataType dt);
// The harness's DType for `dt` (DType::Undefined for one it does not know).
DType case_dtype(aclDataType dt);
int64_t element_count(const std::vector<int64_t>& shape);
// Row-major strides; a zero dim counts as 1, as PyTorch's contiguous strides do.
std::vector<int64_t> contiguous_strides(const std::vector<int64_t>& shape);

// Dense host encodings: values stored as `dt` stores them (rounded to it) and decoded back; indices as
// little-endian INT64 for ACL_INT64 and INT32 for any other dtype (the Mask entry's INT8 mask holds INT32 ones).
std::vector<uint8_t> encode_values(const std::vector<double>& values, aclDataType dt);
std::vector<double> decode_values(const std::vector<uint8_t>& bytes, aclDataType dt);
std::vector<uint8_t> encode_indices(const std::vector<int64_t>& indices, aclDataType dt);

// A tensor argument as the library sees it, and the allocation under it.
struct TensorDesc {
  std::vector<int64_t> shape;
  aclDataType dtype = ACL_FLOAT;
  aclFormat format = ACL_FORMAT_ND;
  std::vector<int64_t> strides{};  // empty: contiguous_strides(shape); all 0: one element seen everywhere
  int64_t offset = 0;              // storage offset in elements: the view starts this far into the allocation
  // The allocation holds offset + the view's span, and at least this many bytes. 1 keeps it no larger than the
  // view, so a kernel that reaches past the view's end hits the emulator's guard zone.
  int64_t min_bytes = 1;
};

// What the allocation holds before the test writes anything.
enum class Init {
  Zeros,        // every byte 0
  AsAllocated,  // as aclrtMalloc leaves it (no host copy: for allocations of hundreds of MiB)
};

class DeviceTensor {
 public:
  explicit DeviceTensor(TensorDesc desc, Init init = Init::Zeros);
  // Zeros, then write_bytes(bytes).
  DeviceTensor(TensorDesc desc, const std::vector<uint8_t>& bytes);
  // Zeros, then write_values(values).
  DeviceTensor(TensorDesc desc, const std::vector<double>& values);
  ~DeviceTensor();
  DeviceTensor(const DeviceTensor&) = delete;
  DeviceTensor& operator=(const DeviceTensor&) = delete;

  aclTensor* get() const { return tensor_; }

  // Host bytes copied to the device from the view's first element on; what lies past the view's span is
  // dropped, and 0 bytes copy nothing (a null source pointer is never handed on).
  void write_bytes(const void* data, size_t size);
  template <typename T>
  void write(const std::vector<T>& host) {
    write_bytes(host.data(), host.size() * sizeof(T));
  }
  // values[i] encoded at the view's i-th element (row-major over the shape, through the strides); values past
  // the view's element count are ignored, elements past values.size() keep their bytes.
  void write_values(const std::vector<double>& values);

  // The bytes the view spans from its first element (its elements, for a contiguous view); empty when it has none.
  std::vector<uint8_t> read_bytes() const;
  template <typename T>
  std::vector<T> read() const {
    const std::vector<uint8_t> bytes = read_bytes();
    std::vector<T> out(bytes.size() / sizeof(T));
    if (!out.empty()) std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
    return out;
  }
  // The view's elements in order, decoded from the dtype.
  std::vector<double> read_values() const;

 private:
  // The storage element of each of the view's first `n` elements, relative to the view's first.
  std::vector<int64_t> element_offsets(int64_t n) const;
  void copy_to_device(int64_t at_byte, const void* data, size_t size);
  std::vector<uint8_t> copy_from_device(int64_t at_byte, size_t size) const;

  TensorDesc desc_;
  int64_t span_ = 0;  // elements from the view's first to one past its last (0 for an empty view)
  void* dev_ = nullptr;
  aclTensor* tensor_ = nullptr;
};

// An aclIntArray for the length of a scope.
class IntArray {
 public:
  explicit IntArray(const std::vector<int64_t>& values);
  ~IntArray();
  IntArray(const IntArray&) = delete;
  IntArray& operator=(const IntArray&) = delete;
  aclIntArray* get() const { return array_; }

 private:
  aclIntArray* array_;
};

}  // namespace poolcheck::test_support
