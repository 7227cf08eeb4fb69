#include "runtime/device_memory.h"

#include <algorithm>
#include <cstring>

#include "npu/dynamic_checks.h"
#include "npu/launch.h"

namespace pcemu {

DeviceMemory& DeviceMemory::instance() {
  static DeviceMemory m;
  return m;
}

namespace {
constexpr size_t kSpareBuffers = 8;
constexpr size_t kSpareMaxBytes = size_t{256} << 20;  // per buffer; at most 2 GiB kept in all

// Fills `bytes` at `p` with `value`, split over the emulator's host threads when large: a workspace of
// many MiB is NaN-filled on every call, and one core's memset bandwidth is well below the machine's.
void fill_bytes(uint8_t* p, uint8_t value, size_t bytes) {
  constexpr int64_t kBytesPerThread = int64_t{2} << 20;  // below this a thread start costs more than it saves
  const auto total = static_cast<int64_t>(bytes);
  split_over_host_threads(total, total / kBytesPerThread, 64, [=](int64_t begin, int64_t end) {
    std::memset(p + begin, value, static_cast<size_t>(end - begin));
  });
}
}  // namespace

DeviceStorage DeviceMemory::take_storage(size_t bytes) {
  std::lock_guard lock(mu_);
  auto best = spare_.end();
  for (auto it = spare_.begin(); it != spare_.end(); ++it)
    if (it->capacity() >= bytes && (best == spare_.end() || it->capacity() < best->capacity())) best = it;
  if (best == spare_.end()) return {};
  DeviceStorage v = std::move(*best);
  spare_.erase(best);
  return v;
}

void* DeviceMemory::allocate(size_t size) {
  Block b;
  // Round the payload up to a 32-byte multiple the way the device allocator does; the guard starts
  // right after the requested size so even a 1-byte overrun is caught.
  b.size = size;
  try {
    b.storage = take_storage(size + 2 * kGuardBytes + 32);
    b.storage.resize(size + 2 * kGuardBytes + 32);  // shrinking a spare buffer writes nothing
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
  std::memset(b.storage.data(), kGuardPattern, kGuardBytes);
  // Fresh device memory is not zeroed on the NPU: it reads as NaN bytes, so a missing init shows (written when
  // first needed, see covering()).
  b.fill_owed = dynamic_checks();
  std::memset(b.storage.data() + kGuardBytes + size, kGuardPattern, b.storage.size() - kGuardBytes - size);
  std::lock_guard lock(mu_);
  b.id = next_id_++;
  const uintptr_t base = b.base();
  auto pos =
      std::lower_bound(blocks_.begin(), blocks_.end(), base, [](const Block& x, uintptr_t v) { return x.base() < v; });
  return reinterpret_cast<void*>(blocks_.insert(pos, std::move(b))->base());
}

bool DeviceMemory::release(void* ptr, std::string* problem) {
  std::lock_guard lock(mu_);
  const auto base = reinterpret_cast<uintptr_t>(ptr);
  auto it = std::find_if(blocks_.begin(), blocks_.end(), [&](const Block& b) { return b.base() == base; });
  if (it == blocks_.end()) {
    if (problem) *problem = "not the start of a live device allocation (double free or foreign pointer)";
    return false;
  }
  const bool ok = block_guards_ok(*it);
  if (!ok && problem) *problem = "guard zone overwritten before free";
  if (it->storage.capacity() <= kSpareMaxBytes) {
    if (spare_.size() == kSpareBuffers) spare_.erase(spare_.begin());  // the oldest goes
    spare_.push_back(std::move(it->storage));
  }
  blocks_.erase(it);
  return ok;
}

template <typename Blocks>
auto* DeviceMemory::block_at(Blocks& blocks, uintptr_t p) {
  auto it = std::upper_bound(blocks.begin(), blocks.end(), p, [](uintptr_t v, const Block& x) { return v < x.base(); });
  if (it == blocks.begin()) return decltype(&*it){nullptr};
  --it;
  return p - it->base() <= it->size ? &*it : nullptr;
}

std::optional<DeviceBlock> DeviceMemory::find(const void* ptr, size_t bytes) const {
  const auto p = reinterpret_cast<uintptr_t>(ptr);
  std::lock_guard lock(mu_);
  const Block* b = block_at(blocks_, p);
  if (!b || b->size - (p - b->base()) < bytes) return std::nullopt;
  return DeviceBlock{b->base(), b->size, b->id};
}

std::optional<size_t> DeviceMemory::bytes_from(const void* ptr) const {
  const auto block = find(ptr, 0);
  if (!block) return std::nullopt;
  return block->size - (reinterpret_cast<uintptr_t>(ptr) - block->base);
}

void DeviceMemory::pay_fill(Block& b) {
  if (!b.fill_owed) return;
  b.fill_owed = false;
  fill_bytes(b.storage.data() + kGuardBytes, 0xFF, b.size);
}

void DeviceMemory::covering(const void* ptr, size_t bytes) {
  std::lock_guard lock(mu_);
  Block* b = block_at(blocks_, reinterpret_cast<uintptr_t>(ptr));
  if (!b) return;
  if (reinterpret_cast<uintptr_t>(ptr) == b->base() && bytes >= b->size) b->fill_owed = false;  // all written anyway
  pay_fill(*b);
}

void DeviceMemory::settle(const void* ptr) {
  std::lock_guard lock(mu_);
  if (Block* b = block_at(blocks_, reinterpret_cast<uintptr_t>(ptr))) pay_fill(*b);
}

void DeviceMemory::settle_all() {
  std::lock_guard lock(mu_);
  for (Block& b : blocks_) pay_fill(b);
}

bool DeviceMemory::block_guards_ok(const Block& b) const {
  const uint8_t* s = b.storage.data();
  for (size_t i = 0; i < kGuardBytes; ++i)
    if (s[i] != kGuardPattern) return false;
  for (size_t i = kGuardBytes + b.size; i < b.storage.size(); ++i)
    if (s[i] != kGuardPattern) return false;
  return true;
}

bool DeviceMemory::guards_intact(std::string* where) const {
  std::lock_guard lock(mu_);
  for (const auto& b : blocks_) {
    if (!block_guards_ok(b)) {
      if (where) *where = "allocation #" + std::to_string(b.id) + " (" + std::to_string(b.size) + " bytes)";
      return false;
    }
  }
  return true;
}

int64_t DeviceMemory::live_blocks() const {
  std::lock_guard lock(mu_);
  return static_cast<int64_t>(blocks_.size());
}

void DeviceMemory::release_all() {
  std::lock_guard lock(mu_);
  blocks_.clear();
  spare_.clear();
}

}  // namespace pcemu
