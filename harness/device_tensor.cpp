#include "harness/device_tensor.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <utility>

#include "case/int_math.h"
#include "case/numeric.h"

namespace poolcheck {

static_assert(std::endian::native == std::endian::little, "view_bits reads elements as little-endian words");

namespace {

// The C API's enumerators of the Case vocabularies, with their names in the headers (an exported program's source).
struct AclDType {
  DType dt;
  aclDataType acl;
  const char* name;
};
constexpr AclDType kAclDTypes[] = {
    {DType::F32, ACL_FLOAT, "ACL_FLOAT"}, {DType::F16, ACL_FLOAT16, "ACL_FLOAT16"},
    {DType::BF16, ACL_BF16, "ACL_BF16"},  {DType::F64, ACL_DOUBLE, "ACL_DOUBLE"},
    {DType::I8, ACL_INT8, "ACL_INT8"},    {DType::U8, ACL_UINT8, "ACL_UINT8"},
    {DType::I16, ACL_INT16, "ACL_INT16"}, {DType::I32, ACL_INT32, "ACL_INT32"},
    {DType::I64, ACL_INT64, "ACL_INT64"}, {DType::Bool, ACL_BOOL, "ACL_BOOL"},
};
struct AclFormat {
  Format f;
  aclFormat acl;
  const char* name;
};
constexpr AclFormat kAclFormats[] = {
    {Format::ND, ACL_FORMAT_ND, "ACL_FORMAT_ND"},
    {Format::NCHW, ACL_FORMAT_NCHW, "ACL_FORMAT_NCHW"},
    {Format::NHWC, ACL_FORMAT_NHWC, "ACL_FORMAT_NHWC"},
    {Format::NCDHW, ACL_FORMAT_NCDHW, "ACL_FORMAT_NCDHW"},
    {Format::NDHWC, ACL_FORMAT_NDHWC, "ACL_FORMAT_NDHWC"},
    {Format::NCL, ACL_FORMAT_NCL, "ACL_FORMAT_NCL"},
    {Format::NC1HWC0, ACL_FORMAT_NC1HWC0, "ACL_FORMAT_NC1HWC0"},
    {Format::FractalZ, ACL_FORMAT_FRACTAL_Z, "ACL_FORMAT_FRACTAL_Z"},
    {Format::NDC1HWC0, ACL_FORMAT_NDC1HWC0, "ACL_FORMAT_NDC1HWC0"},
};

}  // namespace

aclDataType to_acl(DType dt) {
  for (const auto& e : kAclDTypes)
    if (e.dt == dt) return e.acl;
  return ACL_DT_UNDEFINED;
}

aclFormat to_acl(Format f) {
  for (const auto& e : kAclFormats)
    if (e.f == f) return e.acl;
  return ACL_FORMAT_UNDEFINED;
}

const char* acl_name(DType dt) {
  for (const auto& e : kAclDTypes)
    if (e.dt == dt) return e.name;
  return "ACL_DT_UNDEFINED";
}

const char* acl_name(Format f) {
  for (const auto& e : kAclFormats)
    if (e.f == f) return e.name;
  return "ACL_FORMAT_UNDEFINED";
}

namespace {

constexpr size_t kRedZoneBytes = 512;  // keeps the tensor's bytes as aligned as the allocation itself
constexpr uint8_t kRedZonePattern = 0xA5;

// A per-thread scratch buffer of `bytes` bytes for the checks that run after every call. It keeps its memory
// for the next case, up to 64 MiB: one ATK-sized tensor must not stay resident in a worker for the rest of a run.
class Scratch {
 public:
  explicit Scratch(size_t bytes) : buffer_(held()) { buffer_.resize(bytes); }
  ~Scratch() {
    if (buffer_.capacity() > kKeepBytes) std::vector<uint8_t>().swap(buffer_);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  std::vector<uint8_t>& bytes() { return buffer_; }

 private:
  static constexpr size_t kKeepBytes = size_t{64} << 20;
  static std::vector<uint8_t>& held() {
    thread_local std::vector<uint8_t> buffer;
    return buffer;
  }
  std::vector<uint8_t>& buffer_;
};

// The first index in [lo, hi) at which `a` and `b` differ, or -1. memcmp says whether they do, a word at a time;
// only a difference is then looked for byte by byte (the check runs over every output after every call). A short
// range is compared in place.
int64_t first_mismatch(const uint8_t* a, const uint8_t* b, int64_t lo, int64_t hi) {
  if (hi - lo <= 16) {  // the gap between two elements of a strided view: a call to memcmp would cost more
    for (int64_t k = lo; k < hi; ++k)
      if (a[k] != b[k]) return k;
    return -1;
  }
  if (std::memcmp(a + lo, b + lo, static_cast<size_t>(hi - lo)) == 0) return -1;
  return std::mismatch(a + lo, a + hi, b + lo).first - a;
}

}  // namespace

DeviceTensor::DeviceTensor(const TensorArg& arg, const std::vector<double>* values, uint8_t pattern) : arg_(arg) {
  const auto& api = backend::api();
  const int64_t esize = dtype_size(arg.dtype);
  const auto checked_bytes = checked_mul(allocation_elems(arg), esize);
  if (!checked_bytes)
    throw std::invalid_argument("an allocation of " + std::to_string(allocation_elems(arg)) + " elements of " +
                                std::to_string(esize) + " bytes passes INT64_MAX bytes");
  const int64_t bytes = std::max<int64_t>(1, *checked_bytes);
  const std::vector<int64_t> strides = effective_strides(arg);
  dense_ = is_contiguous(arg.shape, strides);
  initial_.resize(static_cast<size_t>(bytes));
  // The pattern goes where the values will not: around a dense view (its values cover it), everywhere otherwise.
  if (values && dense_ && view_size() == values->size()) {
    const auto first = static_cast<size_t>(std::min<int64_t>(bytes, view_base()));
    const auto end =
        static_cast<size_t>(std::min<int64_t>(bytes, view_base() + static_cast<int64_t>(view_size()) * esize));
    std::fill(initial_.begin(), initial_.begin() + static_cast<std::ptrdiff_t>(first), pattern);
    std::fill(initial_.begin() + static_cast<std::ptrdiff_t>(end), initial_.end(), pattern);
  } else {
    std::fill(initial_.begin(), initial_.end(), pattern);
  }
  if (values) {
    if (view_size() != values->size()) throw std::logic_error("host values do not match the view");
    const bool exact =
        encode_at(arg.dtype, values->data(), view_offsets(), values->size(), initial_.data() + view_base());
    // Each element written once (its offsets rise) and read back as given: the view holds exactly `values`.
    holds_values_ = exact && (dense_ || offsets_rise());
  }
  // The emulator guards its own allocations (and checks views against them), so red zones are only needed
  // where nothing else would see a write past a tensor.
  red_zone_ = api.pcEmuGuardsIntact ? 0 : kRedZoneBytes;
  const size_t total = initial_.size() + 2 * red_zone_;
  if (api.aclrtMalloc(&dev_, total, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
    throw std::runtime_error("aclrtMalloc failed for " + std::to_string(total) + " bytes");
  data_ = static_cast<uint8_t*>(dev_) + red_zone_;
  if (red_zone_ > 0) {  // the tensor's bytes and its red zones in one copy
    std::vector<uint8_t> staged(total, kRedZonePattern);
    std::copy(initial_.begin(), initial_.end(), staged.begin() + static_cast<std::ptrdiff_t>(red_zone_));
    if (api.aclrtMemcpy(dev_, total, staged.data(), total, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS)
      throw std::runtime_error("aclrtMemcpy to device failed");
  } else {
    restore();
  }
  tensor_ = api.aclCreateTensor(arg.shape.data(), arg.shape.size(), to_acl(arg.dtype), strides.data(), arg.offset,
                                to_acl(arg.format), arg.shape.data(), arg.shape.size(), data_);
}

DeviceTensor::~DeviceTensor() {
  const auto& api = backend::api();
  if (tensor_) api.aclDestroyTensor(tensor_);
  if (dev_) api.aclrtFree(dev_);
}

void DeviceTensor::restore() const {
  if (backend::api().aclrtMemcpy(data_, initial_.size(), initial_.data(), initial_.size(), ACL_MEMCPY_HOST_TO_DEVICE) !=
      ACL_SUCCESS)
    throw std::runtime_error("aclrtMemcpy to device failed");
}

HostBytes DeviceTensor::read_back() const {
  HostBytes bytes(initial_.size());
  if (backend::api().aclrtMemcpy(bytes.data(), bytes.size(), data_, bytes.size(), ACL_MEMCPY_DEVICE_TO_HOST) !=
      ACL_SUCCESS)
    throw std::runtime_error("aclrtMemcpy from device failed");
  return bytes;
}

bool DeviceTensor::unchanged() const {
  Scratch scratch(initial_.size());  // this runs for every input after every call
  std::vector<uint8_t>& bytes = scratch.bytes();
  if (backend::api().aclrtMemcpy(bytes.data(), bytes.size(), data_, bytes.size(), ACL_MEMCPY_DEVICE_TO_HOST) !=
      ACL_SUCCESS)
    throw std::runtime_error("aclrtMemcpy from device failed");
  return std::memcmp(bytes.data(), initial_.data(), bytes.size()) == 0;
}

std::string DeviceTensor::red_zone_damage() const {
  if (red_zone_ == 0) return "";
  const size_t total = initial_.size() + 2 * red_zone_;
  std::vector<uint8_t> bytes(total);
  if (backend::api().aclrtMemcpy(bytes.data(), total, dev_, total, ACL_MEMCPY_DEVICE_TO_HOST) != ACL_SUCCESS)
    throw std::runtime_error("aclrtMemcpy from device failed");
  const auto damaged = [&](size_t from) {
    return std::any_of(bytes.begin() + static_cast<std::ptrdiff_t>(from),
                       bytes.begin() + static_cast<std::ptrdiff_t>(from + red_zone_),
                       [](uint8_t b) { return b != kRedZonePattern; });
  };
  if (damaged(0)) return "the bytes just before its allocation were written";
  if (damaged(red_zone_ + initial_.size())) return "the bytes just after its allocation were written";
  return "";
}

const ElementOffsets& DeviceTensor::offsets() const {
  if (!offsets_made_) offsets_ = view_element_offsets(arg_);
  offsets_made_ = true;
  return offsets_;
}

bool DeviceTensor::offsets_rise() const {
  if (!rise_known_) {
    offsets_rise_ = view_offsets_rise(arg_);
    rise_known_ = true;
  }
  return offsets_rise_;
}

size_t DeviceTensor::view_size() const {
  return dense_ ? static_cast<size_t>(element_count(arg_.shape).value_or(0)) : offsets().size();
}

const int64_t* DeviceTensor::view_offsets() const { return dense_ ? nullptr : offsets().data(); }

int64_t DeviceTensor::view_base() const { return dense_ ? arg_.offset * dtype_size(arg_.dtype) : 0; }

Uninitialised<double> DeviceTensor::view_values(const HostBytes& bytes) const {
  Uninitialised<double> v(view_size());
  decode_at(arg_.dtype, bytes.data() + view_base(), view_offsets(), v.size(), v.data());
  return v;
}

std::vector<uint64_t> DeviceTensor::view_bits(const HostBytes& bytes) const {
  const int64_t esize = dtype_size(arg_.dtype);
  const auto width = static_cast<size_t>(std::min<int64_t>(esize, 8));
  std::vector<uint64_t> v(view_size(), 0);
  const uint8_t* base = bytes.data() + view_base();
  const int64_t* offsets = view_offsets();
  // Little-endian host and device: the element's bytes are the low bytes of the word.
  if (!offsets) {
    for (size_t i = 0; i < v.size(); ++i) std::memcpy(&v[i], base + static_cast<int64_t>(i) * esize, width);
    return v;
  }
  for (size_t i = 0; i < v.size(); ++i) std::memcpy(&v[i], base + offsets[i] * esize, width);
  return v;
}

int64_t DeviceTensor::first_change_outside_view(const HostBytes& bytes) const {
  const int64_t esize = dtype_size(arg_.dtype);
  const auto size = static_cast<int64_t>(bytes.size());
  // The first byte in [lo, hi) that differs from the initial bytes, or -1.
  const auto first_difference = [&](int64_t lo, int64_t hi) {
    return first_mismatch(bytes.data(), initial_.data(), lo, std::min(hi, size));
  };
  if (dense_) {
    // A dense view is one byte range: compare what lies before and after it.
    const int64_t b0 = std::min(size, arg_.offset * esize);
    const int64_t b1 = std::min(size, b0 + element_count(arg_.shape).value_or(0) * esize);
    if (const int64_t at = first_difference(0, b0); at >= 0) return at;
    return first_difference(b1, size);
  }
  const ElementOffsets& offs = offsets();
  if (offsets_rise()) {
    // The bytes between consecutive elements, in order: the first difference there is the first outside the view.
    int64_t from = 0;  // the first byte not yet compared
    for (const int64_t off : offs) {
      if (off * esize > from)
        if (const int64_t at = first_difference(from, off * esize); at >= 0) return at;
      from = off * esize + esize;
    }
    return first_difference(from, size);
  }
  // The view's elements put back to their initial bytes: any difference left lies outside the view.
  Scratch scratch(bytes.size());
  std::vector<uint8_t>& outside = scratch.bytes();
  std::copy(bytes.begin(), bytes.end(), outside.begin());
  for (const int64_t off : offs)
    std::memcpy(outside.data() + off * esize, initial_.data() + off * esize, static_cast<size_t>(esize));
  return first_mismatch(outside.data(), initial_.data(), 0, size);
}

}  // namespace poolcheck
