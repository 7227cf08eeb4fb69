// Max pooling's tiling on Ascend 950 (regbase), stated from ops-nn's arch35 templates as they are tried:
// NCDHW-SIMD (priority 0, max_pool3d_grad_with_argmax_simd_tiling.cpp) and SIMT (priority 5, always capable,
// max_pool3d_grad_with_argmax_simt_tiling_arch35.cpp). aclnn always passes data_format NCDHW, so the channel-last
// bit is never set. Keys per op_kernel/arch35/max_pool3d_grad_with_argmax_struct.h: INDEX_DTYPE in bits 0-7
// (1 int32, 2 int64), IS_SIMT bit 8, IS_CHANNEL_LAST bit 9, IS_CHECK_RANGE bit 10, IS_FULL bit 11.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "case/int_math.h"
#include "case/per_axis.h"
#include "ops/maxpool3d_grad/tiling_oracle_internal.h"
#include "ops/maxpool3d_grad/view.h"

namespace poolcheck::tiling_oracle::maxpool3d_grad {

namespace {

namespace mp = ::poolcheck::maxpool3d_grad;
using Dims = std::array<int64_t, 3>;  // D, H, W

constexpr int64_t kUbReserve = 2048;      // UB_RESVERVED_SIZE: the SIMD tiling keeps it back (docs/emulator.md)
constexpr int64_t kUbBlockBytes = 32;     // GetUbBlockSize on 950
constexpr int64_t kVectorBytes = 256;     // GetVRegSize on 950
constexpr int64_t kFp32Bytes = 4;         // the SIMD output tile accumulates in fp32
constexpr int64_t kDoubleBuffer = 2;      // every SIMD buffer is double-buffered
constexpr int64_t kSimtThreads = 1024;    // MAX_THREAD_NUM: threads per SIMT block
constexpr uint64_t kIndexInt32 = 1;       // TPL_INT32
constexpr uint64_t kIndexInt64 = 2;       // TPL_INT64
constexpr uint64_t kSimtBit = 1u << 8;    // IS_SIMT
constexpr uint64_t kCheckBit = 1u << 10;  // IS_CHECK_RANGE
constexpr uint64_t kFullBit = 1u << 11;   // IS_FULL

// What the arch35 tiling reads of a call (MaxPool3DGradWithArgmaxInputInfo): x = self, grad = gradOutput,
// argmax = indices; a 4-D call is C, D, H, W with N = 1.
struct Geometry {
  int64_t nc = 1;
  Dims in{}, grad{}, k{}, s{}, pad{}, dil{};
  int64_t data_bytes = 4;   // fp32 4, fp16/bf16 2
  int64_t index_bytes = 4;  // the indices tensor's dtype: INT32 4, INT64 8
  int64_t count = 0;        // N*C*D*H*W of gradInput (saturated)

  int64_t effective_kernel(size_t a) const { return saturating_add(saturating_mul(k[a] - 1, dil[a]), 1); }
  bool padded() const { return pad[0] != 0 || pad[1] != 0 || pad[2] != 0; }
  bool dilated() const { return dil[0] != 1 || dil[1] != 1 || dil[2] != 1; }
};

std::optional<Geometry> geometry_of(const Case& c, std::string* why) {
  const mp::View v(c);
  const TensorArg* self = v.self();
  const TensorArg* grad = v.grad_output();
  const TensorArg* indices = v.indices();
  if (self == nullptr || grad == nullptr || indices == nullptr) {
    *why = "a tensor is null";
    return std::nullopt;
  }
  const auto& xs = self->shape;
  const auto& gs = grad->shape;
  if ((xs.size() != 4 && xs.size() != 5) || gs.size() < 3) {
    *why = "self is neither 4-D nor 5-D";
    return std::nullopt;
  }
  Geometry g;
  const size_t d0 = xs.size() - 3;  // where D sits in self
  g.nc = xs.size() == 5 ? saturating_mul(xs[0], xs[1]) : xs[0];
  for (size_t a = 0; a < 3; ++a) {
    g.in[a] = xs[d0 + a];
    g.grad[a] = gs[gs.size() - 3 + a];
  }
  const std::optional<Dims> k = per_axis<3>(v.kernel_size(), std::nullopt);
  const std::optional<Dims> s = k ? per_axis<3>(v.stride(), k) : std::nullopt;
  const std::optional<Dims> p = per_axis<3>(v.padding(), std::nullopt);
  const std::optional<Dims> d = per_axis<3>(v.dilation(), std::nullopt);
  if (!k || !s || !p || !d) {
    *why = "a kernel, stride, padding or dilation list the tiling cannot read";
    return std::nullopt;
  }
  g.k = *k;
  g.s = *s;
  g.pad = *p;
  g.dil = *d;
  for (size_t a = 0; a < 3; ++a) {
    if (g.in[a] <= 0 || g.grad[a] <= 0 || g.k[a] <= 0 || g.s[a] <= 0 || g.dil[a] <= 0) {
      *why = "an empty or non-positive dimension or attribute";
      return std::nullopt;
    }
  }
  if (g.nc <= 0) {
    *why = "an empty N*C";
    return std::nullopt;
  }
  g.data_bytes = self->dtype == DType::F32 ? 4 : 2;
  g.index_bytes = indices->dtype == DType::I32 ? 4 : 8;
  g.count = saturating_mul(g.nc, saturating_mul(g.in[0], saturating_mul(g.in[1], g.in[2])));
  return g;
}

// A SIMD tile: N*C planes (highAxisInner) by a d x h x w block of gradInput.
struct Tile {
  int64_t high = 1;
  Dims out{1, 1, 1};
};

// The SIMD tiling's numbers of one call on one platform (InitializationVars).
struct Simd {
  const Geometry& g;
  int64_t cores;
  int64_t available;  // UB less the reserve

  // Elements per UB block of the wider of the value and index types: rows align to it.
  int64_t block_elems() const { return std::max(kUbBlockBytes / g.data_bytes, kUbBlockBytes / g.index_bytes); }
  // Indices one vector register holds (proDataNumInOneBeatT2): the smallest tile's row.
  int64_t vector_indices() const { return kVectorBytes / g.index_bytes; }
  // Grad positions processed apart so that one vector's windows never meet (ProBatchSize).
  int64_t pro_batch(size_t a) const {
    const int64_t eff = g.effective_kernel(a);
    return eff > g.s[a] ? ceil_div(eff, g.s[a]) : 1;
  }
  bool overlapping() const { return pro_batch(0) != 1 || pro_batch(1) != 1 || pro_batch(2) != 1; }

  // The gradOutput window that can reach `tile` gradInput positions on axis a, capped at the gradOutput dim.
  int64_t window(int64_t tile, size_t a) const {
    return std::min(ceil_div(saturating_add(tile, saturating_mul(g.k[a] - 1, g.dil[a])), g.s[a]), g.grad[a]);
  }
  // DoBufferCalculate (split tiles: each output row aligned) and DoBufferCalculateNC (whole planes: the plane
  // aligned as one run): 2 x (grad + argmax windows + fp32 output tile) for `t.high` planes.
  int64_t buffer_bytes(const Tile& t, bool whole_planes) const {
    const int64_t in_plane = saturating_mul(
        window(t.out[0], 0), saturating_mul(window(t.out[1], 1), align_up(window(t.out[2], 2), block_elems())));
    const int64_t out_plane =
        whole_planes ? align_up(saturating_mul(t.out[0], saturating_mul(t.out[1], t.out[2])), block_elems())
                     : saturating_mul(t.out[0], saturating_mul(t.out[1], align_up(t.out[2], block_elems())));
    const int64_t windows = saturating_mul(saturating_mul(t.high, in_plane), g.data_bytes + g.index_bytes);
    const int64_t output = saturating_mul(saturating_mul(t.high, out_plane), kFp32Bytes);
    return saturating_mul(saturating_add(windows, output), kDoubleBuffer);
  }
  bool fits(const Tile& t, bool whole_planes = false) const { return buffer_bytes(t, whole_planes) <= available; }
  // IsMeetTargetCoreNum: the tile leaves a block for every core.
  int64_t blocks(const Tile& t) const {
    return saturating_mul(ceil_div(g.nc, t.high),
                          saturating_mul(ceil_div(g.in[0], t.out[0]),
                                         saturating_mul(ceil_div(g.in[1], t.out[1]), ceil_div(g.in[2], t.out[2]))));
  }
  bool fills_cores(const Tile& t) const { return blocks(t) >= cores; }

  // IsCapable: the smallest tile, one row of at most a vector of indices, fits.
  bool capable() const {
    Tile t;
    t.out[2] = std::min(g.in[2], vector_indices());
    return fits(t);
  }
};

// The largest m in [1, hi] for which `ok(m)` holds, by upstream's binary search (1 when none does).
template <typename Pred>
int64_t largest(int64_t hi, Pred ok) {
  int64_t lo = 1, best = 1;
  while (lo <= hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (ok(mid)) {
      best = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return best;
}

// TrySplitNC: whole D/H/W planes, as many N*C planes per tile as fit, up to ceil(NC/cores).
std::optional<Tile> whole_planes(const Simd& sm) {
  Tile t;
  t.out = sm.g.in;
  if (!sm.fits(t, true)) return std::nullopt;
  t.high = largest(ceil_div(sm.g.nc, sm.cores), [&](int64_t m) {
    Tile c = t;
    c.high = m;
    return sm.fits(c, true);
  });
  return t;
}

// TrySplitAlignD / H / W: axis `a` cut in whole strides, up to ceil((dim/2)/s) of them, while the tile fits and
// leaves a block per core. `t` holds the other axes (D and H whole, or, for W, one stride each).
std::optional<Tile> aligned_split(const Simd& sm, Tile t, size_t a) {
  const Geometry& g = sm.g;
  const auto with = [&](int64_t m) {
    Tile c = t;
    c.out[a] = std::min(saturating_mul(m, g.s[a]), g.in[a]);
    return c;
  };
  const auto ok = [&](int64_t m) {
    const Tile c = with(m);
    return sm.fits(c) && sm.fills_cores(c);
  };
  if (!ok(1)) return std::nullopt;
  return with(largest(ceil_div(g.in[a] / 2, g.s[a]), ok));
}

std::optional<Tile> aligned(const Simd& sm) {
  const Geometry& g = sm.g;
  Tile t;
  t.out = g.in;
  if (auto d = aligned_split(sm, t, 0)) return d;
  if (auto h = aligned_split(sm, t, 1)) return h;
  for (size_t a = 0; a < 2; ++a) t.out[a] = std::min(g.s[a], g.in[a]);
  return aligned_split(sm, t, 2);
}

// SplitUnalignDHW: from one stride per axis (no pad, no overlap) or the whole plane, the tile shrinks D, then H,
// then W (one more piece along the axis each step) until it fits and leaves a block per core, or it is down to
// one row of at most a vector of indices, which then becomes a row of min(W, vector) elements.
Tile unaligned(const Simd& sm) {
  const Geometry& g = sm.g;
  Tile t;
  const bool strided = !g.padded() && !sm.overlapping();
  for (size_t a = 0; a < 3; ++a) t.out[a] = strided ? std::min(g.s[a], g.in[a]) : g.in[a];
  Dims pieces{};
  for (size_t a = 0; a < 3; ++a) pieces[a] = ceil_div(g.in[a], t.out[a]);
  while (t.out[0] != 1 || t.out[1] != 1 || t.out[2] > sm.vector_indices()) {
    if (sm.fills_cores(t) && sm.fits(t)) return t;
    const size_t a = t.out[0] != 1 ? 0 : (t.out[1] != 1 ? 1 : 2);  // DynamicAdjustmentDWH
    ++pieces[a];
    t.out[a] = ceil_div(g.in[a], pieces[a]);
  }
  t.out[2] = std::min(g.in[2], sm.vector_indices());
  return t;
}

std::string word(bool b) { return b ? "true" : "false"; }
std::string triple(const Dims& d) {
  return std::to_string(d[0]) + "x" + std::to_string(d[1]) + "x" + std::to_string(d[2]);
}

ExpectedTiling simd_decision(const Simd& sm) {
  const Geometry& g = sm.g;
  Tile t;
  bool full = false, check_range = false;
  std::string why;
  if (auto w = whole_planes(sm)) {
    t = *w;
    full = true;
    why = "SIMD: whole D/H/W planes fit, N*C split";
  } else if (auto a = (!g.padded() && !sm.overlapping()) ? aligned(sm) : std::nullopt) {
    t = *a;
    check_range = g.dilated();  // dilation forces the range check even on the aligned split
    why = "SIMD: no pad, no overlap, split on whole strides";
  } else {
    t = unaligned(sm);
    check_range = true;
    why = "SIMD: unaligned split, range-checked";
  }
  // DoUBTiling / DoBlockTiling: pieces and tails per axis, blocks over cores as contiguous ranges.
  Dims outer{}, tail{};
  for (size_t a = 0; a < 3; ++a) {
    outer[a] = ceil_div(g.in[a], t.out[a]);
    tail[a] = g.in[a] % t.out[a] == 0 ? t.out[a] : g.in[a] % t.out[a];
  }
  const int64_t high_outer = ceil_div(g.nc, t.high);
  const int64_t high_tail = g.nc % t.high == 0 ? t.high : g.nc % t.high;
  const int64_t blocks = sm.blocks(t);
  const int64_t per_core = ceil_div(blocks, sm.cores);
  const int64_t used = ceil_div(blocks, per_core);
  const int64_t last = blocks - per_core * (used - 1);

  ExpectedTiling e;
  e.strategy = Strategy::SIMD;
  e.key = kIndexInt32 | (check_range ? kCheckBit : 0) | (full ? kFullBit : 0);  // SIMD always indexes in int32
  e.why = why;
  e.fields = {
      {"full", word(full)},
      {"checkRange", word(check_range)},
      {"blockDim", std::to_string(used)},
      {"high", std::to_string(t.high) + "/" + std::to_string(high_outer) + "/" + std::to_string(high_tail)},
      {"tile", triple(t.out)},
      {"outer", triple(outer)},
      {"tail", triple(tail)},
      {"batch", triple({sm.pro_batch(0), sm.pro_batch(1), sm.pro_batch(2)})},
      {"blocks", std::to_string(blocks)},
      {"perCore", std::to_string(per_core)},
      {"lastCore", std::to_string(last)},
      {"index", std::to_string(g.index_bytes) + "B"},
      {"atomics", "0"},
      {"ub", std::to_string(sm.buffer_bytes(t, full)) + "/" + std::to_string(sm.available + kUbReserve)},
  };
  return e;
}

// SIMT: one thread per gradInput element, 1024 per block, no more blocks than cores; int64 offsets when the
// element count passes the int32 index limit (poolcheck's knob, docs/emulator.md, INT32_MAX by default).
ExpectedTiling simt_decision(const Geometry& g, const PlatformNumbers& platform, const std::string& why) {
  const bool wide = g.count > platform.int32_index_limit;
  const int64_t block_dim = std::min<int64_t>(ceil_div(g.count, kSimtThreads), platform.vector_cores);
  ExpectedTiling e;
  e.strategy = Strategy::SIMT;
  e.key = kSimtBit | (wide ? kIndexInt64 : kIndexInt32);
  e.why = why;
  e.fields = {
      {"blockDim", std::to_string(block_dim)},
      {"offsets", wide ? "int64" : "int32"},
      {"threads", std::to_string(kSimtThreads)},
      {"index", std::to_string(g.index_bytes) + "B"},
      {"atomics", "0"},
      // SIMT plans no UB of its own (its stores use whatever is free).
      {"ub", "0/" + std::to_string(platform.ub_bytes)},
  };
  return e;
}

}  // namespace

TilingVerdict regbase_decision(const Case& c, const PlatformNumbers& platform) {
  std::string why;
  const std::optional<Geometry> g = geometry_of(c, &why);
  if (!g) return {std::nullopt, "maxpool3d_grad on 950: " + why};
  if (platform.vector_cores <= 0) return {std::nullopt, "maxpool3d_grad on 950: no vector cores"};
  // IsCapable of NCDHW-SIMD: the element count within the int32 index limit (upstream: INT32_MAX; poolcheck's
  // knob lowers it, docs/emulator.md "MaxPool3DGradWithArgmax on Ascend 950"), and the smallest tile fits.
  if (g->count > platform.int32_index_limit)
    return {simt_decision(*g, platform, "SIMT: N*C*D*H*W above the int32 index limit"), ""};
  const Simd sm{*g, platform.vector_cores, platform.ub_bytes - kUbReserve};
  if (!sm.capable()) return {simt_decision(*g, platform, "SIMT: the smallest SIMD tile does not fit the UB"), ""};
  return {simd_decision(sm), ""};
}

}  // namespace poolcheck::tiling_oracle::maxpool3d_grad

// ------------------------------------------------------------------------------------------------------------
// Thresholds: the index limit and UB sizes at which SIMD gives way to SIMT or splits its planes, and the core
// counts at which SIMD's planes and SIMT's blocks stop being capped.

namespace poolcheck::tiling_oracle::maxpool3d_grad {

namespace {

constexpr int64_t kMaxKnobCores = 64;  // the emulator's largest core count

}  // namespace

std::vector<Threshold> regbase_thresholds(const Case& c, const PlatformNumbers& platform) {
  std::vector<Threshold> out;
  std::string why;
  const std::optional<Geometry> g = geometry_of(c, &why);
  if (!g || platform.vector_cores <= 0) return out;
  // NCDHW-SIMD's index limit: SIMD (or SIMT with int32 offsets) from a limit of N*C*D*H*W on, int64 below.
  if (g->count >= 2 && g->count < kMaxInt32IndexLimit)
    out.push_back({ThresholdRule::Int32IndexLimit, Knob::Int32Limit, g->count, "key"});
  const bool indexed_in_int32 = g->count <= platform.int32_index_limit;
  const Simd sm{*g, platform.vector_cores, platform.ub_bytes - kUbReserve};
  if (indexed_in_int32) {
    // IsCapable: the smallest tile within the UB less the reserve.
    Tile smallest;
    smallest.out[2] = std::min(g->in[2], sm.vector_indices());
    const int64_t simd_from = saturating_add(sm.buffer_bytes(smallest, false), kUbReserve);
    out.push_back({ThresholdRule::SimdMinTileFits, Knob::UbBytes, simd_from, "strategy"});
    // TrySplitNC: one whole plane within the UB; stated where SIMD still takes the call one block below.
    Tile plane;
    plane.out = g->in;
    const int64_t planes_from = saturating_add(sm.buffer_bytes(plane, true), kUbReserve);
    if (planes_from - kUbBlockBytes >= simd_from)
      out.push_back({ThresholdRule::SimdPlanesFit, Knob::UbBytes, planes_from, "full"});
    // TrySplitNC's core split: tiles of ceil(N*C / cores) whole planes, so from N*C cores on each core takes one
    // plane (blockDim N*C) and one core fewer leaves tiles of two (blockDim ceil(N*C / 2)). Stated where two whole
    // planes fit the UB, so that the cores and not the UB cap the tile on every side.
    Tile two_planes = plane;
    two_planes.high = 2;
    if (sm.capable() && sm.fits(two_planes, true) && g->nc >= 2 && g->nc < kMaxKnobCores)
      out.push_back({ThresholdRule::SimdCoresVsNc, Knob::Cores, g->nc, "blockDim"});
  }
  // SIMT (on this case's UB and limit): min(ceil(count / 1024), cores) blocks.
  if (!indexed_in_int32 || !sm.capable()) {
    const int64_t blocks = ceil_div(g->count, kSimtThreads);
    if (blocks >= 2 && blocks < kMaxKnobCores)
      out.push_back({ThresholdRule::SimtBlocksVsCores, Knob::Cores, blocks, "blockDim"});
  }
  return out;
}

}  // namespace poolcheck::tiling_oracle::maxpool3d_grad
