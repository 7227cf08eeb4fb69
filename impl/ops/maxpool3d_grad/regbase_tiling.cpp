#include "ops/maxpool3d_grad/regbase_tiling.h"

#include <algorithm>

#include "common/int_math.h"
#include "common/log.h"
#include "npu/faults.h"

namespace pcemu::maxpool {

namespace {

// (k-1)*dilation+1 clamped to the int64 range: a kernel may be near INT64_MAX with padding k/2.
int64_t effective_kernel(const Problem& pr, int a) {
  const __int128 e = static_cast<__int128>(pr.k[a] - 1) * pr.d[a] + 1;
  return e > INT64_MAX ? INT64_MAX : static_cast<int64_t>(e);
}

// The search state of the SIMD template: a gradInput tile (high N*C planes x D x H x W) and the numbers it
// derives from the problem (upstream's baseData).
struct SimdSearch {
  const Problem& pr;
  int64_t cores = 1;
  int64_t available_ub = 0;  // UB minus the reserve
  int64_t value_bytes = 4, index_bytes = 4;
  int64_t block_elems = 8;      // the larger per-32-byte-block element count of values and indices
  int64_t lanes_per_beat = 64;  // indices one vector register holds
  bool pad = false, overlap = false, dilated = false;
  std::array<int64_t, 3> pro_batch{1, 1, 1};
  int64_t high = 1;
  std::array<int64_t, 3> tile{1, 1, 1};
  int64_t grad_bytes = 0, argmax_bytes = 0, output_bytes = 0;

  int64_t nc() const { return pr.nc(); }
  const std::array<int64_t, 3>& dims() const { return pr.in; }

  // Grad positions a tile of `len` gradInput positions can reach along one axis, at most the grad extent.
  int64_t grad_reach(int a, int64_t len) const {
    const __int128 reach =
        (static_cast<__int128>(len) + static_cast<__int128>(pr.k[a] - 1) * pr.d[a] + pr.s[a] - 1) / pr.s[a];
    return reach > pr.out[a] ? pr.out[a] : static_cast<int64_t>(reach);
  }

  // Double-buffered grad, argmax and fp32 output tiles. A tile of whole planes (`full`) keeps each plane
  // contiguous, aligned once; otherwise every gradInput row is aligned.
  int64_t buffer_bytes(bool full) {
    const int64_t gd = grad_reach(0, tile[0]), gh = grad_reach(1, tile[1]), gw = grad_reach(2, tile[2]);
    const int64_t grad_plane = gd * gh * align_up(gw, block_elems);
    const int64_t out_plane =
        full ? align_up(tile[0] * tile[1] * tile[2], block_elems) : tile[0] * tile[1] * align_up(tile[2], block_elems);
    grad_bytes = high * grad_plane * value_bytes;
    argmax_bytes = high * grad_plane * index_bytes;
    output_bytes = high * out_plane * 4;
    return 2 * (grad_bytes + argmax_bytes + output_bytes);
  }
  // The model the search budgets with; the "ub_model_short" fault under-counts it by a quarter.
  int64_t model_bytes(bool full) {
    const int64_t real = buffer_bytes(full);
    return fault_on(Fault::UbModelShort) ? real * 3 / 4 : real;
  }
  bool fits(bool full) { return model_bytes(full) <= available_ub; }
  bool enough_tiles() const {
    return ceil_div(nc(), high) * ceil_div(dims()[0], tile[0]) * ceil_div(dims()[1], tile[1]) *
               ceil_div(dims()[2], tile[2]) >=
           cores;
  }

  // Whole planes per tile; the largest N*C count up to an even share of the cores that fits.
  bool try_split_nc() {
    tile = dims();
    high = 1;
    if (!fits(true)) return false;
    int64_t lo = 1, hi = ceil_div(nc(), cores), best = 1;
    while (lo <= hi) {
      const int64_t mid = lo + (hi - lo) / 2;
      high = mid;
      if (fits(true)) {
        best = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    high = best;
    return true;
  }

  // A tile of whole strides along `axis` (the other axes as `start` sets them): windows never straddle two
  // tiles when there is no padding and no overlap. The largest multiple up to half the axis that fits the UB
  // and still gives every core a tile.
  bool try_split_aligned(int axis, std::array<int64_t, 3> start) {
    high = 1;
    tile = start;
    const int64_t s = pr.s[axis], len = dims()[axis];
    tile[axis] = std::min(s, len);
    if (!(fits(false) && enough_tiles())) return false;
    int64_t lo = 1, hi = ceil_div(len / 2, s), best = 1;
    while (lo <= hi) {
      const int64_t mid = lo + (hi - lo) / 2;
      tile[axis] = std::min(mid * s, len);
      if (fits(false) && enough_tiles()) {
        best = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    tile[axis] = std::min(best * s, len);
    return true;
  }

  // Shrinks D, then H, then W (one more tile along the axis each step) until the UB and the cores are
  // satisfied; the floor is one row of at most one vector of indices, which capability guaranteed.
  void split_unaligned() {
    high = 1;
    if (!pad && !overlap)
      tile = {std::min(pr.s[0], dims()[0]), std::min(pr.s[1], dims()[1]), std::min(pr.s[2], dims()[2])};
    else
      tile = dims();
    std::array<int64_t, 3> count{ceil_div(dims()[0], tile[0]), ceil_div(dims()[1], tile[1]),
                                 ceil_div(dims()[2], tile[2])};
    while (tile[1] != 1 || tile[0] != 1 || tile[2] > lanes_per_beat) {
      if (enough_tiles() && fits(false)) return;
      const int axis = tile[0] != 1 ? 0 : tile[1] != 1 ? 1 : 2;
      ++count[axis];
      tile[axis] = ceil_div(dims()[axis], count[axis]);
    }
    tile[2] = std::min(dims()[2], lanes_per_beat);
  }
};

SimdSearch make_search(const Problem& pr, const PlatformProfile& plat) {
  SimdSearch s{pr};
  s.cores = std::max<int64_t>(1, plat.vector_cores);
  s.available_ub = plat.ub_bytes - plat.ub_reserve_bytes;
  s.value_bytes = pr.dtype == ACL_FLOAT ? 4 : 2;
  s.index_bytes = pr.index_bytes();
  const int64_t block = plat.ub_block_bytes;
  s.block_elems = std::max(block / s.value_bytes, block / s.index_bytes);
  s.lanes_per_beat = plat.vreg_bytes / block * (block / s.index_bytes);
  s.pad = pr.p[0] != 0 || pr.p[1] != 0 || pr.p[2] != 0;
  s.dilated = pr.dilated();
  for (int a = 0; a < 3; ++a) {
    const int64_t eff = effective_kernel(pr, a);
    if (eff > pr.s[a]) s.pro_batch[a] = ceil_div(eff, pr.s[a]);
  }
  s.overlap = s.pro_batch != std::array<int64_t, 3>{1, 1, 1};
  return s;
}

// The SIMD template, or nothing when it is not capable (too many elements for int32 indexing, or the
// smallest tile does not fit the UB).
std::optional<RegbaseTiling> try_simd(const Problem& pr, const PlatformProfile& plat, int64_t i32_limit) {
  const __int128 elems = static_cast<__int128>(pr.nc()) * pr.in[0] * pr.in[1] * pr.in[2];
  if (elems > i32_limit) return std::nullopt;
  SimdSearch s = make_search(pr, plat);
  s.high = 1;
  s.tile = {1, 1, std::min(pr.in[2], s.lanes_per_beat)};
  if (!s.fits(false)) return std::nullopt;

  RegbaseTiling t;
  t.strategy = RegbaseStrategy::Simd;
  if (s.try_split_nc()) {
    t.full = true;
  } else {
    t.check_range = s.dilated;
    bool aligned = false;
    if (!s.pad && !s.overlap) {
      const auto& in = pr.in;
      aligned = s.try_split_aligned(0, {1, in[1], in[2]}) || s.try_split_aligned(1, {in[0], 1, in[2]}) ||
                s.try_split_aligned(2, {std::min(pr.s[0], in[0]), std::min(pr.s[1], in[1]), 1});
    }
    if (!aligned) {
      t.check_range = true;
      s.split_unaligned();
    }
  }
  t.ub_planned = s.model_bytes(t.full);
  t.grad_bytes = s.grad_bytes;
  t.argmax_bytes = s.argmax_bytes;
  t.output_bytes = s.output_bytes;
  t.high_inner = s.high;
  t.high_outer = ceil_div(pr.nc(), s.high);
  t.high_tail = pr.nc() - (t.high_outer - 1) * s.high;
  for (int a = 0; a < 3; ++a) {
    t.inner[a] = s.tile[a];
    t.outer[a] = ceil_div(pr.in[a], s.tile[a]);
    t.tail[a] = pr.in[a] - (t.outer[a] - 1) * s.tile[a];
  }
  t.pro_batch = s.pro_batch;
  t.block_elems = s.block_elems;
  t.index_bytes = s.index_bytes;
  t.total_blocks = t.high_outer * t.outer[0] * t.outer[1] * t.outer[2];
  t.normal_blocks = ceil_div(t.total_blocks, s.cores);
  const int64_t used = ceil_div(t.total_blocks, t.normal_blocks);
  t.tail_blocks = t.total_blocks - t.normal_blocks * (used - 1);
  t.block_dim = static_cast<int32_t>(used);
  t.key = kKeyIndexInt32 | (t.check_range ? kKeyCheckRange : 0) | (t.full ? kKeyFull : 0);
  return t;
}

RegbaseTiling simt(const Problem& pr, const PlatformProfile& plat, int64_t i32_limit) {
  RegbaseTiling t;
  t.strategy = RegbaseStrategy::Simt;
  const int64_t elems = pr.nc() * pr.in_plane();  // validated shapes: the tensor exists, so this fits int64
  t.int64_offsets = elems > i32_limit && !fault_on(Fault::SimtNarrowIndex);
  if (!t.int64_offsets) t.offset_limit = i32_limit;
  t.index_bytes = pr.index_bytes();
  const int64_t threads = std::min(elems, kSimtThreads);
  t.block_dim = static_cast<int32_t>(std::min<int64_t>(ceil_div(elems, threads), std::max(1, plat.vector_cores)));
  t.key = (t.int64_offsets ? kKeyIndexInt64 : kKeyIndexInt32) | kKeySimt;
  t.ub_planned = 0;  // the threads read and write GM; the kernel stages its stores in what the UB has free
  return t;
}

}  // namespace

const char* regbase_strategy_name(RegbaseStrategy s) { return s == RegbaseStrategy::Simd ? "SIMD" : "SIMT"; }

std::array<int64_t, 2> grad_window(const Problem& pr, int a, int64_t x0, int64_t x1) {
  const __int128 eff = static_cast<__int128>(pr.k[a] - 1) * pr.d[a] + 1;
  const __int128 lo = x0 + pr.p[a] < eff ? 0 : (x0 + pr.p[a] - eff) / pr.s[a] + 1;
  const __int128 hi = std::min<__int128>((x1 - 1 + pr.p[a]) / pr.s[a] + 1, pr.out[a]);
  const int64_t first = static_cast<int64_t>(std::min<__int128>(lo, pr.out[a]));
  return {first, std::max<int64_t>(first, static_cast<int64_t>(hi))};
}

std::string RegbaseTiling::summary() const {
  if (strategy == RegbaseStrategy::Simt)
    return fmt::format("SIMT key={} blockDim={} threads={} offsets={} index={}B atomics=0 ub={}/{}", key, block_dim,
                       kSimtThreads, int64_offsets ? "int64" : "int32", index_bytes, ub_planned, ub_limit);
  return fmt::format(
      "SIMD key={} full={} checkRange={} high={}/{}/{} tile={}x{}x{} outer={}x{}x{} tail={}x{}x{} batch={}x{}x{} "
      "blocks={} perCore={} lastCore={} blockDim={} index={}B atomics=0 ub={}/{}",
      key, full, check_range, high_inner, high_outer, high_tail, inner[0], inner[1], inner[2], outer[0], outer[1],
      outer[2], tail[0], tail[1], tail[2], pro_batch[0], pro_batch[1], pro_batch[2], total_blocks, normal_blocks,
      tail_blocks, block_dim, index_bytes, ub_planned, ub_limit);
}

std::optional<RegbaseTiling> plan_regbase(const Problem& pr, const PlatformProfile& plat, int64_t i32_limit,
                                          std::string* why) {
  (void)why;  // SIMT is always capable
  if (auto t = try_simd(pr, plat, i32_limit)) return t;
  return simt(pr, plat, i32_limit);
}

std::optional<RegbaseTiling> plan_regbase_tiling(const Problem& pr, const PlatformProfile& plat, bool deterministic,
                                                 std::string* why) {
  (void)deterministic;  // both 950 kernels are deterministic: no atomics, no order-dependent sums
  return plan_regbase(pr, plat, int32_index_limit(), why);
}

}  // namespace pcemu::maxpool
