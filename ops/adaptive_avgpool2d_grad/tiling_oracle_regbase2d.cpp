// aclnnAdaptiveAvgPool2dBackward's tiling on Ascend 950, stated from ops-nn's arch35 AdaptiveAvgPool2dGrad tiling
// (pooling/adaptive_avg_pool2d_grad/op_host/arch35): the registry tries BigKernel (priority 10,
// adaptive_avg_pool2d_grad_big_kernel_tiling.cpp), the NCHW small kernel (20, ..._nchw_small_kernel_tiling.cpp) and
// SIMT (50, ..._simt_tiling.cpp, always capable); the first capable one tiles. Keys per
// op_kernel/arch35/adaptive_avg_pool2d_grad_struct.h: TEMPLATE_MODE (1 small, 2 big, 3 SIMT) in bits 0-3, INDEX_DTYPE
// (1 int32, 2 int64) from bit 4; the op_api never sets IS_CHANNEL_LAST.
//
// Upstream's tiling names the gradient the kernel writes (x, self's shape) "gradOutput" and the incoming gradient
// (y, gradOutput's shape) "gradInput"; here x is (H, W) and y is (Ho, Wo), as the aclnn call names them. The case's
// cores and UB knobs stand for GetCoreNumAiv and the UB size; the int32 index limit is not a knob of this route
// (upstream compares with INT32_MAX).
#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "case/int_math.h"
#include "ops/adaptive_avgpool2d_grad/tiling_oracle_internal.h"
#include "ops/adaptive_avgpool2d_grad/view.h"

namespace poolcheck::tiling_oracle::adaptive_avgpool2d_grad {

namespace {

constexpr int64_t kBlockBytes = 32;    // GetUbBlockSize on 950
constexpr int64_t kVectorBytes = 256;  // GetVRegSize on 950
constexpr int64_t kFp32Bytes = 4;      // both SIMD templates accumulate the written gradient in fp32
constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();
constexpr int64_t kSimtThreads = 1024;  // MAX_THREAD_NUM

// The template's key: TEMPLATE_MODE in the low four bits, INDEX_DTYPE above.
enum Mode : uint64_t { kSmall = 1, kBig = 2, kSimt = 3 };
uint64_t key_of(Mode mode, bool int64_index) { return mode | (uint64_t{int64_index ? 2u : 1u} << 4); }

// What the tiling reads of a call: N*C planes of x (H, W) and y (Ho, Wo), the dtype's size.
struct Geometry {
  int64_t nc = 1;
  int64_t h = 0, w = 0;    // x: self and out
  int64_t ho = 0, wo = 0;  // y: gradOutput
  int64_t dt = 4;
  int64_t count = 0;  // N*C*H*W, the elements the kernel writes
};

// A tile: `planes` planes (highAxisInner) of `rows` x `cols` x elements (hOutputInner, wOutputInner).
struct Split {
  int64_t planes = 1, rows = 1, cols = 1;
};

// The UB buffers of a tile, each counted once; both SIMD templates double-buffer all of them.
struct Buffers {
  int64_t a = 0, b = 0, c = 0;
  int64_t total() const { return saturating_mul(2, saturating_add(saturating_add(a, b), c)); }
};

// The y region a tile of x reads: the windows of `rows` x rows reach ceil(rows * Ho / H) y rows, and one more where
// a window straddles the tile's edge (upstream adds the one unconditionally).
int64_t y_rows(const Geometry& g, int64_t rows) { return ceil_div(saturating_mul(rows, g.ho), g.h) + 1; }
int64_t y_cols(const Geometry& g, int64_t cols) { return ceil_div(saturating_mul(cols, g.wo), g.w) + 1; }

// Tiles the split cuts the problem into, and whether that gives every core one (IsMeetTargetCoreNum).
int64_t tiles_of(const Geometry& g, const Split& s) {
  return saturating_mul(ceil_div(g.nc, s.planes), ceil_div(g.h, s.rows), ceil_div(g.w, s.cols));
}
bool feeds(const Geometry& g, const Split& s, int64_t cores) { return tiles_of(g, s) >= cores; }

// One axis cut into `inner`-sized pieces, as the summary spells it: "inner/tail x outer".
std::string axis_text(int64_t total, int64_t inner) {
  const int64_t outer = ceil_div(total, inner);
  const int64_t tail = total % inner == 0 ? inner : total % inner;
  return std::to_string(inner) + "/" + std::to_string(tail) + "x" + std::to_string(outer);
}

void add(std::vector<TilingField>& fields, const char* name, const std::string& v) { fields.push_back({name, v}); }
void add(std::vector<TilingField>& fields, const char* name, int64_t v) { add(fields, name, std::to_string(v)); }

// The fields every template's summary shares: blockDim and the problem as the tiling read it.
ExpectedTiling head(const Geometry& g, Strategy strategy, uint64_t key, int64_t block_dim, const char* why) {
  ExpectedTiling e;
  e.strategy = strategy;
  e.key = key;
  e.why = why;
  add(e.fields, "blockDim", block_dim);
  add(e.fields, "nc", g.nc);
  add(e.fields, "x", std::to_string(g.h) + "x" + std::to_string(g.w));
  add(e.fields, "y", std::to_string(g.ho) + "x" + std::to_string(g.wo));
  return e;
}

// DoUBTiling's outer/tail counts and DoBlockTiling for both SIMD templates: tiles go to cores in contiguous
// ranges of ceil(tiles / cores), SetBlockDim(usedCoreNum).
ExpectedTiling tiled(const Geometry& g, Strategy strategy, uint64_t key, const Split& s, const Buffers& b,
                     int64_t cores, const char* why) {
  const int64_t tiles = tiles_of(g, s);
  const int64_t per_core = ceil_div(tiles, cores);
  const int64_t used = ceil_div(tiles, per_core);
  ExpectedTiling e = head(g, strategy, key, used, why);
  add(e.fields, "planes", axis_text(g.nc, s.planes));
  add(e.fields, "h", axis_text(g.h, s.rows));
  add(e.fields, "w", axis_text(g.w, s.cols));
  add(e.fields, "tiles", tiles);
  add(e.fields, "perCore", per_core);
  add(e.fields, "lastCore", tiles - per_core * (used - 1));
  add(e.fields, "bufs", std::to_string(b.a) + "/" + std::to_string(b.b) + "/" + std::to_string(b.c));
  return e;
}

// ---- BigKernel (priority 10) ----

// A beat of the big kernel: 256-byte register / 32-byte block blocks of 32 / dt elements (64 fp32, 128 fp16).
int64_t big_beat(const Geometry& g) { return kVectorBytes / kBlockBytes * (kBlockBytes / g.dt); }

// DoBufferCalculate: the y region in the dtype (block-aligned) and the x tile in fp32 with block-aligned rows.
// The summary's third buffer is 0: the template has two.
Buffers big_buffers(const Geometry& g, const Split& s) {
  Buffers b;
  b.a = align_up(saturating_mul(s.planes, y_rows(g, s.rows), y_cols(g, s.cols), g.dt), kBlockBytes);
  b.b = saturating_mul(s.planes, s.rows, align_up(s.cols, kBlockBytes / g.dt), kFp32Bytes);
  return b;
}

// The split SearchBestTiling settles on. `room` is UB - UB_RESVERVED_SIZE - UB_TEMP_BUFF_SIZE.
Split big_split(const Geometry& g, int64_t cores, int64_t room) {
  auto good = [&](const Split& s) { return big_buffers(g, s).total() <= room && feeds(g, s, cores); };
  // TrySplitNC: whole planes, ceil(NC / cores) of them a tile; else the most planes that fit and feed every core
  // (both tests only get harder with more planes, so upstream's bisection finds the largest).
  Split s{ceil_div(g.nc, cores), g.h, g.w};
  if (good(s)) return s;
  s.planes = 1;
  if (good(s)) {
    int64_t lo = 1, hi = g.nc;
    while (lo < hi) {
      const int64_t mid = hi - (hi - lo) / 2;
      s.planes = mid;
      if (good(s))
        lo = mid;
      else
        hi = mid - 1;
    }
    s.planes = lo;
    return s;
  }
  // SplitUnalignDHW: one plane a tile, one more H tile at a time until a tile is one row, then one more W tile at a
  // time, stopping at the first tile that fits and feeds every core. Past that (one row, at most a beat of columns)
  // upstream takes a beat of columns, whatever it found.
  s = Split{1, g.h, g.w};
  int64_t h_tiles = 1, w_tiles = 1;
  const int64_t beat = big_beat(g);
  while (s.rows != 1 || s.cols > beat) {
    if (good(s)) return s;
    if (s.rows != 1)
      s.rows = ceil_div(g.h, ++h_tiles);
    else
      s.cols = ceil_div(g.w, ++w_tiles);
  }
  s.cols = std::min(g.w, beat);
  return s;
}

// IsCapable: a window of at least 256 elements whose width is above half a register of the dtype, and a tile of
// one plane, one row and a beat of columns fits.
bool big_capable(const Geometry& g, int64_t room) {
  const int64_t kh = ceil_div(g.h, g.ho), kw = ceil_div(g.w, g.wo);
  if (saturating_mul(kh, kw) < 256 || kw <= kVectorBytes / g.dt / 2) return false;
  return big_buffers(g, Split{1, 1, std::min(g.w, big_beat(g))}).total() <= room;
}

// GetTilingKey: int64 offsets where x's elements or a row/column product of the two shapes pass INT32_MAX.
bool big_int64(const Geometry& g) {
  return g.count > kInt32Max || saturating_mul(g.ho, g.h) > kInt32Max || saturating_mul(g.wo, g.w) > kInt32Max;
}

// ---- NCHW small kernel (priority 20) ----

// A vector of planes: a register of the dtype (64 fp32, 128 fp16/bf16).
int64_t small_vector(const Geometry& g) { return kVectorBytes / g.dt; }

// DoBufferCalculate: the y region in the dtype (columns block-aligned), the transpose buffer of fp32 for the
// larger of region and tile, and the fp32 x tile (columns block-aligned, rows of a plane aligned to 16 for the
// transpose's address list).
Buffers small_buffers(const Geometry& g, const Split& s) {
  const int64_t col_align = kBlockBytes / g.dt;
  const int64_t in_elems = saturating_mul(s.planes, y_rows(g, s.rows), align_up(y_cols(g, s.cols), col_align));
  const int64_t out_elems = saturating_mul(align_up(saturating_mul(s.rows, align_up(s.cols, col_align)), 16), s.planes);
  Buffers b;
  b.a = align_up(saturating_mul(in_elems, g.dt), kBlockBytes);
  b.b = align_up(saturating_mul(std::max(in_elems, out_elems), kFp32Bytes), kBlockBytes);
  b.c = align_up(saturating_mul(out_elems, kFp32Bytes), kBlockBytes);
  return b;
}

// The shapes upstream sends to SIMT though the small kernel could take them (IsCapable's prefer-SIMT tests).
bool prefers_simt(const Geometry& g, int64_t kernel) {
  // One of x and y at least 4x taller than the other (or the other at most 64 rows) and at most 4 columns wide,
  // no wider than the other.
  const bool y_taller = g.ho > g.h && g.wo <= g.w && g.wo <= 4 && (g.ho >= 4 * g.h || g.h <= 64);
  const bool x_taller = g.h > g.ho && g.w <= g.wo && g.w <= 4 && (g.h >= 4 * g.ho || g.ho <= 64);
  if (y_taller || x_taller) return true;
  // Both axes resized with small windows and 128..4096 planes: x grown in both axes by an area of x3 (700 planes
  // at most), or grown strongly in one axis and shrunk strongly in the other.
  if (kernel > 7 || g.nc < 128 || g.nc > 4096 || g.h == g.ho || g.w == g.wo) return false;
  const bool both_grown = g.h > g.ho && g.w > g.wo && g.nc <= 700 && g.h * g.w >= 3 * g.ho * g.wo;
  const bool h_grown_w_shrunk = g.h > g.ho && g.w < g.wo && g.h >= 4 * g.ho && g.wo >= 3 * g.w;
  const bool h_shrunk_w_grown = g.h < g.ho && g.w > g.wo && g.ho >= 3 * g.h && 2 * g.w >= 3 * g.wo;
  return both_grown || h_grown_w_shrunk || h_shrunk_w_grown;
}

// IsCapable: windows under 256 elements, 128 planes or more, y of 16 elements or more and 8 (fp32) / 16 columns or
// more, no prefer-SIMT shape, and a vector of planes of one x element fits.
bool small_capable(const Geometry& g, int64_t room) {
  const int64_t kernel = saturating_mul(ceil_div(g.h, g.ho), ceil_div(g.w, g.wo));
  if (prefers_simt(g, kernel)) return false;
  if (kernel >= 256 || g.nc < 128 || g.ho * g.wo < 16) return false;
  if (g.wo < (g.dt == 4 ? 8 : 16)) return false;
  return small_buffers(g, Split{small_vector(g), 1, 1}).total() <= room;
}

// The candidate scoring of ExhaustiveSearchBestTiling, in long double and in upstream's order of operations (its
// ties decide between candidates).
struct Candidate {
  Split s;
  long double cost = 0;
  int64_t tiles = 0, padding = 0;
};

constexpr int64_t kComputeLanes = kVectorBytes / kFp32Bytes;  // computeVl: 64 fp32 lanes

long double small_cost(const Geometry& g, const Split& s, const Buffers& b, int64_t cores, int64_t* tiles_out,
                       int64_t* padding_out) {
  const int64_t plane_tiles = ceil_div(g.nc, s.planes);
  const int64_t plane_tail = g.nc % s.planes == 0 ? s.planes : g.nc % s.planes;
  const int64_t padding = plane_tiles * s.planes - g.nc;
  const int64_t tiles = tiles_of(g, s);
  const int64_t per_core = ceil_div(tiles, cores);
  *tiles_out = tiles;
  *padding_out = padding;
  // The work of one tile: its buffers, the region read and converted, the tile written twice in fp32, a fixed
  // 64 blocks.
  const int64_t region = s.planes * (ceil_div(s.rows * g.ho, g.h) + 1) * (ceil_div(s.cols * g.wo, g.w) + 1);
  const int64_t work =
      (b.a + b.b + b.c) + region * (g.dt + kFp32Bytes) + s.planes * s.rows * s.cols * kFp32Bytes * 2 + kBlockBytes * 64;
  const long double per_core_work = static_cast<long double>(per_core) * static_cast<long double>(work);
  long double cost = per_core_work;
  cost += static_cast<long double>(padding) * static_cast<long double>(g.h) * static_cast<long double>(g.w) * 4.0L;
  const bool y_wider = g.wo > g.w;
  // A short last vector of planes: the whole per-core work again, or a share of it when many vectors and y is wider.
  if (plane_tiles > 1 && plane_tail < kComputeLanes) {
    if (plane_tiles >= 8 && y_wider)
      cost += per_core_work / static_cast<long double>(plane_tiles);
    else
      cost += per_core_work;
  }
  // Planes that leave a register partly used.
  if (s.planes % kComputeLanes != 0)
    cost += static_cast<long double>(s.planes % kComputeLanes) * static_cast<long double>(per_core) *
            (y_wider ? 1024.0L : 2048.0L);
  // Transposing aligned rows when y is at least three times wider than x.
  if (y_wider && g.wo >= 3 * g.w) {
    const int64_t row = align_up(s.rows * align_up(s.cols, kBlockBytes / g.dt), 16);
    cost +=
        static_cast<long double>(tiles) * static_cast<long double>(row) * static_cast<long double>(s.planes) * 0.25L;
  }
  // Idle cores, and tiles of a single row where x has more.
  const int64_t idle = cores - ceil_div(tiles, per_core);
  cost += static_cast<long double>(std::max<int64_t>(0, idle)) * static_cast<long double>(work) * 0.15L;
  if (s.rows == 1 && g.h > 1) cost += per_core_work;
  return cost;
}

// Every (planes 64, 80, ... up to the bound; rows; columns) that fits and gives every core a tile; the cheapest
// wins, ties to fewer tiles, then a larger tile area, then less plane padding (else the first met).
std::optional<Split> small_search(const Geometry& g, int64_t cores, int64_t room) {
  const int64_t bound =
      std::max(kComputeLanes, std::min<int64_t>(std::max(align_up(g.nc, 16), 2 * small_vector(g)), 256));
  std::optional<Candidate> best;
  for (int64_t planes = kComputeLanes; planes <= bound; planes += 16)
    for (int64_t rows = 1; rows <= g.h; ++rows)
      for (int64_t cols = 1; cols <= g.w; ++cols) {
        const Split s{planes, rows, cols};
        const Buffers b = small_buffers(g, s);
        if (b.total() > room || !feeds(g, s, cores)) continue;
        Candidate c{s, 0, 0, 0};
        c.cost = small_cost(g, s, b, cores, &c.tiles, &c.padding);
        if (c.cost < 0.0L) continue;
        bool better = !best || c.cost < best->cost;
        if (best && c.cost == best->cost) {
          const int64_t area = rows * cols, best_area = best->s.rows * best->s.cols;
          better = c.tiles < best->tiles || (c.tiles == best->tiles && area > best_area) ||
                   (c.tiles == best->tiles && area == best_area && c.padding < best->padding);
        }
        if (better) best = c;
      }
  if (!best) return std::nullopt;
  return best->s;
}

// ShrinkInnerStrict: the next smaller piece of `total` that one more piece gives, at least one smaller.
int64_t shrink(int64_t total, int64_t inner) {
  if (inner <= 1) return 1;
  int64_t next = ceil_div(total, ceil_div(total, inner) + 1);
  if (next >= inner) next = inner - 1;
  return std::max<int64_t>(1, next);
}

Split small_split(const Geometry& g, int64_t cores, int64_t room) {
  auto fits = [&](const Split& s) { return small_buffers(g, s).total() <= room; };
  const int64_t vec = small_vector(g);
  // TrySplitNC: whole planes, a vector of them a tile.
  const Split whole{vec, g.h, g.w};
  if (fits(whole) && feeds(g, whole, cores)) return whole;
  // The scored search, for x planes of at most 200000 elements.
  if (g.h * g.w <= 200000)
    if (const std::optional<Split> s = small_search(g, cores, room)) return *s;
  // ApplyCoarseFallback: shrink the tile by a window's rows, then columns, while larger than a window.
  const int64_t kh = ceil_div(g.h, g.ho), kw = ceil_div(g.w, g.wo);
  Split s = whole;
  while (s.rows > kh || s.cols > kw) {
    if (fits(s) && feeds(g, s, cores)) return s;
    if (s.rows > kh)
      s.rows -= kh;
    else
      s.cols -= kw;
  }
  if (fits(s) && feeds(g, s, cores)) return s;
  // SplitUnalignHW: from whole planes, shrink rows to one, then columns to one, until it fits and feeds every core;
  // where nothing shrinks any more, that tile.
  s = whole;
  while (!(fits(s) && feeds(g, s, cores))) {
    const Split before = s;
    if (s.rows > 1)
      s.rows = shrink(g.h, s.rows);
    else if (s.cols > 1)
      s.cols = shrink(g.w, s.cols);
    if (s.rows == before.rows && s.cols == before.cols) break;
  }
  return s;
}

std::optional<Geometry> geometry_of(const Case& c, std::string* why) {
  const ::poolcheck::adaptive_avgpool2d_grad::View v(c);
  const TensorArg* grad = v.grad_output();
  const TensorArg* self = v.self();
  if (grad == nullptr || self == nullptr) {
    *why = "gradOutput or self is null";
    return std::nullopt;
  }
  const auto& xs = self->shape;
  const auto& ys = grad->shape;
  if ((xs.size() != 3 && xs.size() != 4) || ys.size() != xs.size()) {
    *why = "self and gradOutput are not both CHW or both NCHW";
    return std::nullopt;
  }
  Geometry g;
  for (size_t i = 0; i + 2 < xs.size(); ++i) g.nc = saturating_mul(g.nc, xs[i]);
  g.h = xs[xs.size() - 2];
  g.w = xs[xs.size() - 1];
  g.ho = ys[ys.size() - 2];
  g.wo = ys[ys.size() - 1];
  if (g.nc <= 0 || g.h <= 0 || g.w <= 0 || g.ho <= 0 || g.wo <= 0) {
    *why = "an empty tensor: no kernel runs";
    return std::nullopt;
  }
  if (grad->dtype != DType::F32 && grad->dtype != DType::F16 && grad->dtype != DType::BF16) {
    *why = std::string("AdaptiveAvgPool2dGrad has no kernel for dtype ") + dtype_name(grad->dtype);
    return std::nullopt;
  }
  g.dt = dtype_size(grad->dtype);
  g.count = saturating_mul(g.nc, g.h, g.w);
  return g;
}

}  // namespace

TilingVerdict regbase2d_decision(const Case& c, const PlatformNumbers& platform) {
  std::string why;
  const std::optional<Geometry> g = geometry_of(c, &why);
  if (!g) return {std::nullopt, why};
  const int64_t cores = platform.vector_cores;
  if (cores <= 0 || platform.ub_bytes <= 0) return {std::nullopt, "no cores or no UB: the tiling fails"};

  // BigKernel keeps 2048 + 2048 bytes of the UB aside (UB_RESVERVED_SIZE, UB_TEMP_BUFF_SIZE = 256 * 8).
  const int64_t big_room = platform.ub_bytes - 2048 - 2048;
  if (big_capable(*g, big_room)) {
    const Split s = big_split(*g, cores, big_room);
    return {tiled(*g, Strategy::BigKernel, key_of(kBig, big_int64(*g)), s, big_buffers(*g, s), cores,
                  "windows of 256 elements or more, wider than half a register: BigKernel"),
            ""};
  }
  // The small kernel keeps 2048 + 2560 (UB_TEMP_BUFF_SIZE = 256 * 10).
  const int64_t small_room = platform.ub_bytes - 2048 - 2560;
  if (small_capable(*g, small_room)) {
    const Split s = small_split(*g, cores, small_room);
    return {tiled(*g, Strategy::NchwSmallKernel, key_of(kSmall, g->count > kInt32Max), s, small_buffers(*g, s), cores,
                  "small windows over 128 planes or more: NchwSmallKernel"),
            ""};
  }
  // SIMT: blocks of up to 1024 threads over x's elements, at most one per core.
  const int64_t threads = std::min(g->count, kSimtThreads);
  const int64_t blocks = std::min(ceil_div(g->count, threads), cores);
  const bool int64_index = g->count > kInt32Max || saturating_mul(g->h, g->ho) > kInt32Max ||
                           saturating_mul(g->w, g->wo) > kInt32Max || g->ho > kInt32Max || g->wo > kInt32Max;
  return {head(*g, Strategy::SIMT, key_of(kSimt, int64_index), blocks, "neither SIMD template is capable: SIMT"), ""};
}

}  // namespace poolcheck::tiling_oracle::adaptive_avgpool2d_grad
