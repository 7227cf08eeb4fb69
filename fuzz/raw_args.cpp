#include "fuzz/raw_args.h"

#include <cstring>
#include <limits>

#include "acl/acl.h"

namespace poolcheck::fuzz {

namespace {

constexpr int64_t kI64Max = std::numeric_limits<int64_t>::max();
constexpr int64_t kI64Min = std::numeric_limits<int64_t>::min();
constexpr uint64_t kMaxAllocBytes = uint64_t{1} << 16;

// Host memory a client might pass by mistake as tensor data; it must never be read as device memory
// beyond what the checks allow, nor written.
unsigned char g_host_decoy[256];
struct DecoyInit {
  DecoyInit() { std::memset(g_host_decoy, 0x5A, sizeof g_host_decoy); }
} g_decoy_init;

int64_t dim(ByteReader& r) {
  return r.pick<int64_t>({1, 2, 3, 4, 1, 2, 5, 8, 16, 0, -1, -7, int64_t{1} << 31, int64_t{1} << 21, kI64Max, 3});
}

std::vector<int64_t> strides_for(ByteReader& r, const std::vector<int64_t>& dims) {
  std::vector<int64_t> s(dims.size(), 1);
  const uint8_t mode = r.u8() % 4;
  uint64_t step = 1;  // unsigned: the product of fuzzed dims may wrap, which is the point
  for (size_t i = dims.size(); i-- > 0;) {
    s[i] = static_cast<int64_t>(step);
    step *= static_cast<uint64_t>(dims[i]);
  }
  if (mode == 2)
    for (auto& v : s) v = r.pick<int64_t>({0, 1, -1, 2, 3, 7, kI64Max, kI64Min, int64_t{1} << 40});
  if (mode == 3 && !s.empty()) s[r.u8() % s.size()] = r.pick<int64_t>({0, -1, 2});
  return s;
}

}  // namespace

RawArena::~RawArena() { release(); }

aclTensor* RawArena::tensor(ByteReader& r, size_t rank_hint) {
  last_alloc_ = nullptr;
  if (r.u8() % 13 == 0) return nullptr;
  const size_t rank = r.u8() % 4 ? rank_hint : r.u8() % 11;  // 9 and 10 are past the rank limit
  std::vector<int64_t> dims(rank);
  for (auto& d : dims) d = dim(r);
  // Unlisted numbers stay inside the enums' value ranges (-32..31, -64..63): C++ may not hold others.
  const auto dtype =
      static_cast<aclDataType>(r.pick<int32_t>({0, 1, 27, 0, 1, 27, 3, 9, 11, 2, 12, -1, 31, 13, 16, -2}));
  const auto format = static_cast<aclFormat>(r.pick<int32_t>({2, 2, 30, 27, 0, 1, 47, 3, 32, -1, 63, 4, -3}));
  const uint8_t stride_mode = r.u8() % 3;
  const std::vector<int64_t> strides = strides_for(r, dims);
  const int64_t offset = r.pick<int64_t>({0, 0, 0, 1, 2, 5, -1, kI64Max, kI64Min, int64_t{1} << 40});

  // Allocation: what a contiguous view of 4-byte elements needs, or less, or a little more.
  uint64_t need = 4;
  for (int64_t d : dims) need = d > 0 && need <= kMaxAllocBytes ? need * static_cast<uint64_t>(d) : kMaxAllocBytes;
  need = std::min(need, kMaxAllocBytes);
  const uint64_t bytes = std::max<uint64_t>(1, r.pick<uint64_t>({need, need, need / 2, need + 32, 1, 64}));
  void* dev = nullptr;
  if (aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS) {
    std::vector<uint8_t> host(bytes);
    const size_t avail = r.remaining();
    for (size_t i = 0; i < host.size(); ++i) host[i] = i < avail ? r.u8() : static_cast<uint8_t>(i * 131u);
    aclrtMemcpy(dev, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    allocs_.push_back({dev, std::move(host)});
  }
  void* data = dev;
  void* backing = dev;
  switch (r.u8() % 10) {
    case 0:
      data = nullptr;
      break;
    case 1:
      data = dev ? static_cast<unsigned char*>(dev) + r.u8() % 64 : nullptr;  // inside, or just past the end
      break;
    case 2:
      data = g_host_decoy;
      break;
    case 3:
      if (allocs_.empty()) break;
      data = backing = allocs_.front().ptr;  // aliases the first allocation of the call
      break;
    default:
      break;
  }
  last_alloc_ = data == g_host_decoy || data == nullptr ? nullptr : backing;

  std::vector<int64_t> storage = dims;
  const uint8_t storage_mode = r.u8() % 5;
  if (storage_mode == 1) storage = {static_cast<int64_t>(bytes / 4)};
  if (storage_mode == 2) storage.clear();
  if (storage_mode == 3) {
    const size_t storage_rank = r.u8() % 10;
    storage.assign(storage_rank, dim(r));
  }
  const bool null_dims = r.u8() % 16 == 0;
  const bool null_storage = storage_mode == 4;
  aclTensor* t = aclCreateTensor(null_dims ? nullptr : dims.data(), rank, dtype,
                                 stride_mode == 0 ? nullptr : strides.data(), offset, format,
                                 null_storage ? nullptr : storage.data(), null_storage ? rank : storage.size(), data);
  if (t) tensors_.push_back(t);
  return t;
}

aclIntArray* RawArena::int_array(ByteReader& r) {
  aclIntArray* a = nullptr;
  switch (r.u8() % 8) {
    case 0:
      return nullptr;
    case 1:
      a = aclCreateIntArray(nullptr, 1 + r.u8() % 4);  // must be refused
      break;
    default: {
      std::vector<int64_t> v(r.u8() % 7);
      for (auto& x : v)
        x = r.pick<int64_t>({1, 2, 3, 1, 2, 0, -1, 4, 5, kI64Max, kI64Min, int64_t{1} << 31, int64_t{1} << 62});
      a = aclCreateIntArray(v.data(), v.size());
    }
  }
  if (a) arrays_.push_back(a);
  return a;
}

bool RawArena::inputs_untouched(const void* output_alloc) const {
  for (const auto& a : allocs_) {
    if (a.ptr == output_alloc) continue;
    std::vector<uint8_t> now(a.bytes.size());
    aclrtMemcpy(now.data(), now.size(), a.ptr, now.size(), ACL_MEMCPY_DEVICE_TO_HOST);
    if (now != a.bytes) return false;
  }
  for (unsigned char b : g_host_decoy)
    if (b != 0x5A) return false;
  return true;
}

bool RawArena::release() {
  bool ok = true;
  for (auto* t : tensors_) ok = aclDestroyTensor(t) == ACLNN_SUCCESS && ok;
  for (auto* a : arrays_) ok = aclDestroyIntArray(a) == ACLNN_SUCCESS && ok;
  for (auto& a : allocs_) ok = aclrtFree(a.ptr) == ACL_SUCCESS && ok;
  tensors_.clear();
  arrays_.clear();
  allocs_.clear();
  return ok;
}

}  // namespace poolcheck::fuzz
