// A Case tensor materialised in device memory through the public API: the allocation (alloc_elems
// elements), the bytes written into it, and the aclTensor describing the view.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "case/case.h"
#include "case/uninitialised.h"

namespace poolcheck {

// The C API's numbers for a Case dtype and format (ACL_DT_UNDEFINED / ACL_FORMAT_UNDEFINED for Undefined).
aclDataType to_acl(DType dt);
aclFormat to_acl(Format f);
// Their enumerator names as the C headers spell them ("ACL_FLOAT16", "ACL_FORMAT_NCDHW").
const char* acl_name(DType dt);
const char* acl_name(Format f);

// What the runner writes into an allocation before the call: the output's bytes (a write shows), and the input
// bytes outside their views (a read of them shows as a wrong value).
inline constexpr uint8_t kOutputFillByte = 0xCD;
inline constexpr uint8_t kInputFillByte = 0x3C;

// A copy of an allocation's bytes on the host. Sizing one writes nothing: a zero fill before the copy that
// overwrites it was a whole extra pass over every tensor of every case.
using HostBytes = Uninitialised<uint8_t>;

class DeviceTensor {
 public:
  // `values`: dense view values (written through the strides), or null to fill the whole allocation
  // with `pattern` bytes only (outputs, and inputs of cases whose shapes are not meant to be read).
  DeviceTensor(const TensorArg& arg, const std::vector<double>* values, uint8_t pattern);
  ~DeviceTensor();
  DeviceTensor(const DeviceTensor&) = delete;
  DeviceTensor& operator=(const DeviceTensor&) = delete;

  aclTensor* handle() const { return tensor_; }
  // Writes the initial bytes to the device again (the output before another call).
  void restore() const;
  // Current allocation bytes, copied back from the device.
  HostBytes read_back() const;
  // Whether the allocation still holds exactly its initial bytes.
  bool unchanged() const;
  // The view's values in `bytes` (a read_back()).
  Uninitialised<double> view_values(const HostBytes& bytes) const;
  // The raw bits of the view's elements in `bytes` (little-endian, the dtype's width), for bitwise comparison.
  std::vector<uint64_t> view_bits(const HostBytes& bytes) const;
  // Bytes of `bytes` outside the view that differ from what was written initially; -1 if none.
  int64_t first_change_outside_view(const HostBytes& bytes) const;
  const HostBytes& initial() const { return initial_; }
  // Whether the view holds exactly the values it was made with, bit for bit: none rounded or narrowed, and no
  // element of an overlapping view overwritten by a later one. Otherwise view_values(initial()) says what it holds.
  bool holds_values() const { return holds_values_; }
  // Against a backend without the emulator's guard zones, the harness brackets each allocation with red zones
  // of its own: "" while they are intact, else which side was written.
  std::string red_zone_damage() const;

 private:
  // Element offsets of the view, dense order: made on first use (a view of 2^31 elements over one element, in a
  // case meant to be refused, is never walked).
  const ElementOffsets& offsets() const;
  // Whether offsets() strictly rise: every element has its own bytes, and they come in address order.
  bool offsets_rise() const;
  // The view as encode_at/decode_at walk it: a dense view from its first element (the byte view_base() of the
  // allocation) without offsets, none being made; any other from the allocation's start through offsets().
  size_t view_size() const;
  const int64_t* view_offsets() const;
  int64_t view_base() const;

  TensorArg arg_;
  mutable ElementOffsets offsets_;
  mutable bool offsets_made_ = false;
  mutable bool rise_known_ = false, offsets_rise_ = false;
  bool dense_ = false;  // the view is one run of elements
  bool holds_values_ = false;
  void* dev_ = nullptr;   // the allocation, red zones included
  void* data_ = nullptr;  // the tensor's bytes inside it
  size_t red_zone_ = 0;   // bytes before and after the tensor's bytes
  HostBytes initial_;
  aclTensor* tensor_ = nullptr;
};

}  // namespace poolcheck
