#include "npu/global_memory.h"

#include <algorithm>
#include <array>
#include <bit>
#include <mutex>

namespace pcemu {

namespace {

// The two furthest-reaching ranges seen so far from two different blocks, so "does a block other than
// b reach past x" is answered in O(1) during the sweep.
struct Reach {
  int64_t end = -1;
  int32_t block = -1;
};
struct TopTwo {
  Reach first, second;  // first.end >= second.end, first.block != second.block
  void add(int64_t end, int32_t block) {
    if (block == first.block) {
      first.end = std::max(first.end, end);
    } else if (end > first.end) {
      second = first;
      first = {end, block};
    } else if (end > second.end) {
      second = {end, block};
    }
  }
  Reach other_than(int32_t block) const { return first.block != block ? first : second; }
};

struct Entry {
  int64_t begin, end;
  int32_t block;
  bool atomic;
};

std::mutex g_spare_mu;

// Orders the entries by begin: a counting sort into address buckets, then a sort within each bucket.
// Ranges are many (one per copied row) and mostly sorted per block but interleaved across blocks, so this
// is linear where one comparison sort over all of them was the phase's main cost.
void sort_by_begin(std::vector<Entry>& all, int64_t bytes) {
  const auto by_begin = [](const Entry& x, const Entry& y) { return x.begin < y.begin; };
  if (std::is_sorted(all.begin(), all.end(), by_begin)) return;
  // About one bucket per entry, at least 16 bytes wide. The width is a power of two, so an entry's bucket
  // is a shift: a 64-bit division per entry and pass was most of the sort.
  const auto n = static_cast<int64_t>(all.size());
  const int shift = std::max(4, static_cast<int>(std::bit_width(static_cast<uint64_t>((bytes + n - 1) / n - 1))));
  const int64_t buckets = std::max<int64_t>(1, (bytes + (int64_t{1} << shift) - 1) >> shift);
  thread_local std::vector<uint32_t> start, next;  // the sweep's scratch keeps its capacity too
  thread_local std::vector<Entry> sorted;
  start.assign(static_cast<size_t>(buckets) + 1, 0);
  auto bucket_of = [&](const Entry& e) { return static_cast<size_t>(std::min(buckets - 1, e.begin >> shift)); };
  for (const Entry& e : all) ++start[bucket_of(e) + 1];
  for (size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  sorted.resize(all.size());
  next.assign(start.begin(), start.end() - 1);
  for (const Entry& e : all) sorted[next[bucket_of(e)]++] = e;
  for (size_t b = 0; b + 1 < start.size(); ++b)
    if (start[b + 1] - start[b] > 1) std::sort(sorted.begin() + start[b], sorted.begin() + start[b + 1], by_begin);
  all.swap(sorted);
}

// Whether no two of the n byte ranges [begin, end) share a byte (reorders them).
bool hulls_disjoint(std::array<int64_t, 2>* hulls, size_t n) {
  std::sort(hulls, hulls + n);
  for (size_t k = 1; k < n; ++k)
    if (hulls[k][0] < hulls[k - 1][1]) return false;
  return true;
}

}  // namespace

std::optional<WriteShadow::Race> WriteShadow::end_phase() {
  // Atomic adds never race with each other: a phase without plain stores needs no sweep. Neither does a phase
  // whose blocks wrote disjoint hulls [first byte, last byte]: a race needs two blocks sharing a byte.
  bool any_plain = false;
  size_t total = 0;
  std::array<std::array<int64_t, 2>, kShadowMaxBlocks> hulls;
  size_t writers = 0;
  for (const auto& block : ranges_) {
    total += block.list.size();
    if (block.list.empty()) continue;
    std::array<int64_t, 2> hull{INT64_MAX, INT64_MIN};
    for (const Range& r : block.list) {
      any_plain = any_plain || !r.atomic;
      hull = {std::min(hull[0], r.begin), std::max(hull[1], r.end)};
    }
    hulls[writers++] = hull;
  }
  if (!any_plain || hulls_disjoint(hulls.data(), writers)) {
    clear();
    return std::nullopt;
  }
  thread_local std::vector<Entry> all;
  all.clear();
  all.reserve(total);
  for (int32_t b = 0; b < kShadowMaxBlocks; ++b)
    for (const Range& r : ranges_[static_cast<size_t>(b)].list) all.push_back({r.begin, r.end, b, r.atomic});
  clear();
  sort_by_begin(all, bytes_);
  TopTwo plain, atomic;  // reach of earlier-starting plain stores and atomic adds, per block
  for (const Entry& e : all) {
    // A plain store conflicts with anything of another block; an atomic add with another's plain store.
    const Reach p = plain.other_than(e.block);
    if (p.end > e.begin) return Race{e.begin, std::min(e.end, p.end), e.block, p.block, e.atomic, false};
    if (!e.atomic) {
      const Reach a = atomic.other_than(e.block);
      if (a.end > e.begin) return Race{e.begin, std::min(e.end, a.end), e.block, a.block, false, true};
    }
    (e.atomic ? atomic : plain).add(e.end, e.block);
  }
  return std::nullopt;
}

WriteShadow::~WriteShadow() {
  for (auto& block : ranges_)
    if (block.list.capacity() > 0) return_list(std::move(block.list));
}

std::vector<std::vector<WriteShadow::Range>>& WriteShadow::spares() {
  static std::vector<std::vector<Range>> pool;
  return pool;
}

std::vector<WriteShadow::Range> WriteShadow::spare_list() {
  std::lock_guard lock(g_spare_mu);
  auto& pool = spares();
  if (pool.empty()) return {};
  std::vector<Range> list = std::move(pool.back());
  pool.pop_back();
  return list;
}

void WriteShadow::return_list(std::vector<Range>&& list) {
  list.clear();
  std::lock_guard lock(g_spare_mu);
  spares().push_back(std::move(list));
}

void WriteShadow::clear() {
  for (auto& block : ranges_) block.list.clear();
}

}  // namespace pcemu
