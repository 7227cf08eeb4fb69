#include "ops/maxpool3d_grad/tiling.h"

#include <algorithm>

#include "common/log.h"
#include "npu/faults.h"

namespace pcemu::maxpool {

namespace {

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }
int64_t align_up(int64_t a, int64_t b) { return ceil_div(a, b) * b; }

bool axis_overlaps(const Problem& pr, int a) { return pr.k[a] > pr.s[a]; }

// Every input element lies in some window: no gaps between windows and the last window reaches the end.
bool windows_cover_input(const Problem& pr) {
  for (int a = 0; a < 3; ++a)
    if (pr.k[a] < pr.s[a] || (pr.out[a] - 1) * pr.s[a] - pr.p[a] + pr.k[a] < pr.in[a]) return false;
  return true;
}

// The model the tiling uses; the "ub_model_short" fault makes it forget the fp32 accumulator's row
// alignment, so tiles it calls fitting overflow the real UB.
int64_t model_bytes(int64_t real) { return fault_on(Fault::UbModelShort) ? real * 3 / 4 : real; }

// A kernel may be near INT64_MAX (legal with padding k/2): one that covers the axis is the axis, before
// (tile_out - 1) * s + k could wrap.
int64_t region_len(const Problem& pr, int a, int64_t tile_out) {
  if (pr.k[a] >= pr.in[a]) return pr.in[a];
  return std::min(pr.in[a], (tile_out - 1) * pr.s[a] + pr.k[a]);
}

bool lane_tile_fits(const Problem& pr, int64_t lanes, const std::array<int64_t, 3>& t, int64_t ub) {
  const std::array<int64_t, 3> region{region_len(pr, 0, t[0]), region_len(pr, 1, t[1]), region_len(pr, 2, t[2])};
  return model_bytes(lane_tile_ub_bytes(lanes, t, region, pr.dtype_bytes())) <= ub;
}

// Largest value in [1, hi] for which fits(v) holds (fits is monotone), or 0 when even 1 does not fit.
template <typename Fits>
int64_t largest_fitting(int64_t hi, Fits&& fits) {
  if (hi < 1 || !fits(1)) return 0;
  int64_t lo = 1;
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo + 1) / 2;
    if (fits(mid))
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

// Split the block's output box into UB tiles: D first, then D&H, then D&H&W, evening out the tiles.
bool choose_out_tile(const Problem& pr, int64_t lanes, int64_t ub, Tiling* t) {
  std::array<int64_t, 3> tile{t->single[1], t->single[2], t->single[3]};
  for (int axis = 0; axis < 3; ++axis) {
    auto fits = [&](int64_t v) {
      auto trial = tile;
      trial[axis] = v;
      return lane_tile_fits(pr, lanes, trial, ub);
    };
    if (fits(tile[axis])) break;
    const int64_t best = largest_fitting(tile[axis], fits);
    if (best > 0) {
      tile[axis] = ceil_div(tile[axis], ceil_div(tile[axis], best));
      break;
    }
    tile[axis] = 1;
    if (axis == 2) return false;
  }
  t->base_out = tile;
  return true;
}

int64_t normal_lanes(int64_t nc) {
  return nc >= kLaneBlock ? kLaneBlock : std::min(kLaneBlock, align_up(nc, kMinLanes));
}

// Spread blocks over the cores: NC first; when NC alone gives too few blocks, split Do, then Ho, then
// Wo. Deterministic mode never splits an axis whose windows overlap, so no element is shared by cores.
void split_over_cores(const Problem& pr, bool deterministic, int64_t cores, Tiling* t) {
  const int64_t nc_cnt = ceil_div(pr.nc(), t->lanes);
  t->single = {t->lanes, pr.out[0], pr.out[1], pr.out[2]};
  int64_t blocks = nc_cnt;
  for (int a = 0; a < 3 && blocks < cores; ++a) {
    if (deterministic && axis_overlaps(pr, a)) continue;
    const int64_t need = ceil_div(cores, blocks);
    t->single[a + 1] = need <= pr.out[a] ? ceil_div(pr.out[a], need) : 1;
    blocks *= ceil_div(pr.out[a], t->single[a + 1]);
  }
  t->count = {nc_cnt, ceil_div(pr.out[0], t->single[1]), ceil_div(pr.out[1], t->single[2]),
              ceil_div(pr.out[2], t->single[3])};
  t->total_blocks = t->count[0] * t->count[1] * t->count[2] * t->count[3];
  t->block_dim = static_cast<int32_t>(std::min<int64_t>(t->total_blocks, cores));
}

// Accumulation in GM is needed when an overlapping axis is cut, across blocks or across UB tiles.
bool needs_atomics(const Problem& pr, const Tiling& t) {
  for (int a = 0; a < 3; ++a)
    if (axis_overlaps(pr, a) && (t.single[a + 1] < pr.out[a] || t.base_out[a] < t.single[a + 1])) return true;
  return false;
}

void finish(const Problem& pr, Tiling* t) {
  t->overlap = pr.overlap();
  t->init_output = t->atomics || !windows_cover_input(pr);
  t->fp32_workspace = t->atomics && pr.dtype != ACL_FLOAT;
  t->workspace_fp32_bytes = t->fp32_workspace ? pr.nc() * pr.in_plane() * 4 : 0;
}

std::optional<Tiling> try_normal(const Problem& pr, const PlatformProfile& plat, bool det) {
  Tiling t;
  t.strategy = Strategy::Normal;
  t.lanes = normal_lanes(pr.nc());
  t.ub_limit = plat.ub_bytes;
  if (!lane_tile_fits(pr, t.lanes, {1, 1, 1}, plat.ub_bytes)) return std::nullopt;
  if (lane_tile_fits(pr, t.lanes, pr.out, plat.ub_bytes)) {
    // The whole output plane fits: split NC only, overlap is resolved inside UB.
    t.single = {t.lanes, pr.out[0], pr.out[1], pr.out[2]};
    t.count = {ceil_div(pr.nc(), t.lanes), 1, 1, 1};
    t.total_blocks = t.count[0];
    t.block_dim = static_cast<int32_t>(std::min<int64_t>(t.total_blocks, plat.vector_cores));
    t.base_out = pr.out;
  } else {
    split_over_cores(pr, det, plat.vector_cores, &t);
    if (!choose_out_tile(pr, t.lanes, plat.ub_bytes, &t)) return std::nullopt;
  }
  t.atomics = needs_atomics(pr, t);
  t.key = t.atomics ? 100 : 0;
  const std::array<int64_t, 3> region{region_len(pr, 0, t.base_out[0]), region_len(pr, 1, t.base_out[1]),
                                      region_len(pr, 2, t.base_out[2])};
  t.ub_planned = model_bytes(lane_tile_ub_bytes(t.lanes, t.base_out, region, pr.dtype_bytes()));
  finish(pr, &t);
  return t;
}

// CutK: one output position per pass, its window cut along KD, then KH, then KW until it fits.
std::optional<Tiling> try_cutk(const Problem& pr, const PlatformProfile& plat, bool det) {
  const int64_t lanes = normal_lanes(pr.nc());
  if (lane_tile_fits(pr, lanes, {1, 1, 1}, plat.ub_bytes)) return std::nullopt;  // Normal can do it
  const std::array<int64_t, 3> win{std::min(pr.k[0], pr.in[0]), std::min(pr.k[1], pr.in[1]),
                                   std::min(pr.k[2], pr.in[2])};
  auto fits = [&](const std::array<int64_t, 3>& chunk) {
    return model_bytes(lane_tile_ub_bytes(lanes, {1, 1, 1}, chunk, pr.dtype_bytes())) <= plat.ub_bytes;
  };
  std::array<int64_t, 3> chunk = win;
  int axis = 0;
  for (; axis < 3; ++axis) {
    const int64_t best = largest_fitting(win[axis], [&](int64_t v) {
      auto trial = chunk;
      trial[axis] = v;
      return fits(trial);
    });
    if (best > 0) {
      chunk[axis] = best;
      break;
    }
    chunk[axis] = 1;
  }
  if (axis == 3) return std::nullopt;  // even one tap per lane does not fit: Scatter
  Tiling t;
  t.strategy = Strategy::CutK;
  t.lanes = lanes;
  t.ub_limit = plat.ub_bytes;
  t.cut_axis = axis + 1;
  t.base_k = chunk;
  split_over_cores(pr, det, plat.vector_cores, &t);
  t.base_out = {1, 1, 1};
  t.atomics = pr.overlap();  // neighbouring windows' chunks share input elements
  t.key = 1 + 10 * static_cast<uint64_t>(4 + t.cut_axis) + (t.atomics ? 100 : 0);
  t.ub_planned = model_bytes(lane_tile_ub_bytes(lanes, {1, 1, 1}, chunk, pr.dtype_bytes()));
  finish(pr, &t);
  return t;
}

// Scatter: each core owns a contiguous NC range; the UB pass is cut along NC, then Do, Ho, Wo.
std::optional<Tiling> try_scatter(const Problem& pr, const PlatformProfile& plat) {
  Tiling t;
  t.strategy = Strategy::Scatter;
  t.ub_limit = plat.ub_bytes;
  const int64_t nc = pr.nc();
  const int64_t per_core = ceil_div(nc, plat.vector_cores);
  const int64_t dt = pr.dtype_bytes();
  auto fits = [&](int64_t lanes, const std::array<int64_t, 3>& tile) {
    return model_bytes(scatter_ub_bytes(lanes, tile, dt)) <= plat.ub_bytes;
  };
  std::array<int64_t, 3> tile = pr.out;
  int64_t lanes = std::min(per_core, kScatterMaxNc);
  if (!fits(lanes, tile)) {
    lanes = largest_fitting(lanes, [&](int64_t v) { return fits(v, tile); });
    for (int a = 0; lanes == 0 && a < 3; ++a) {
      lanes = 1;
      const int64_t best = largest_fitting(tile[a], [&](int64_t v) {
        auto trial = tile;
        trial[a] = v;
        return fits(1, trial);
      });
      tile[a] = best > 0 ? best : 1;
      if (best == 0) lanes = 0;
    }
    if (lanes == 0) return std::nullopt;
  }
  t.lanes = lanes;
  t.base_out = tile;
  t.single = {per_core, pr.out[0], pr.out[1], pr.out[2]};
  t.count = {ceil_div(nc, per_core), 1, 1, 1};
  t.total_blocks = t.count[0];
  t.block_dim = static_cast<int32_t>(t.total_blocks);
  t.atomics = pr.overlap();  // read-modify-write accumulation in GM, serial within a core
  t.key = 2 + (t.atomics ? 100 : 0);
  t.ub_planned = model_bytes(scatter_ub_bytes(lanes, tile, dt));
  finish(pr, &t);
  t.init_output = true;  // only elements named by an index are written
  return t;
}

}  // namespace

const char* strategy_name(Strategy s) {
  switch (s) {
    case Strategy::Normal:
      return "Normal";
    case Strategy::CutK:
      return "CutK";
    default:
      return "Scatter";
  }
}

int64_t lane_tile_ub_bytes(int64_t lanes, const std::array<int64_t, 3>& t, const std::array<int64_t, 3>& r,
                           int64_t dt) {
  const int64_t per_block = 32 / dt;
  const int64_t grad = lanes * t[0] * t[1] * align_up(t[2], per_block) * dt;
  const int64_t idx = lanes * t[0] * t[1] * align_up(t[2], 8) * 4;
  const int64_t acc = lanes * r[0] * r[1] * align_up(r[2], 8) * 4;
  const int64_t cast_row = dt == 4 ? 0 : align_up(r[2], per_block) * dt;
  return align_up(grad, 32) + align_up(idx, 32) + align_up(acc, 32) + align_up(cast_row, 32);
}

int64_t scatter_ub_bytes(int64_t nc, const std::array<int64_t, 3>& t, int64_t dt) {
  const int64_t grad = nc * t[0] * t[1] * align_up(t[2], 32 / dt) * dt;
  const int64_t idx = nc * t[0] * t[1] * align_up(t[2], 8) * 4;
  return align_up(grad, 32) + align_up(idx, 32) + 32 /* one element */ + 32 /* fp32 read-modify-write */;
}

std::array<int64_t, 2> input_span(const Problem& pr, int a, int64_t o0, int64_t o1) {
  return {std::max<int64_t>(0, o0 * pr.s[a] - pr.p[a]), std::min(pr.in[a], (o1 - 1) * pr.s[a] - pr.p[a] + pr.k[a])};
}

std::string Tiling::summary() const {
  return fmt::format(
      "{} key={} lanes={} blocks={}x{}x{}x{} (single {}x{}x{}x{}) blockDim={} tile={}x{}x{} cutK={}:{}x{}x{} "
      "atomics={} init={} fp32ws={} ub={}/{}",
      strategy_name(strategy), key, lanes, count[0], count[1], count[2], count[3], single[0], single[1], single[2],
      single[3], block_dim, base_out[0], base_out[1], base_out[2], cut_axis, base_k[0], base_k[1], base_k[2], atomics,
      init_output, fp32_workspace, ub_planned, ub_limit);
}

std::optional<Tiling> plan_tiling(const Problem& pr, const PlatformProfile& plat, bool det, std::string* why) {
  // Upstream (ops-nn op_host/max_pool3d_grad_with_argmax_cutk_tiling.cpp and _normal_tiling.cpp, IsCapable):
  // CutK and Normal refuse a dilation other than 1, so Scatter, which never looks at windows, takes it.
  // Only the Upstream profile's validation lets such a dilation through [MP.D.DILATION].
  if (pr.dilated()) {
    if (auto t = try_scatter(pr, plat)) return t;
    *why = fmt::format("dilation needs Scatter, and UB {} bytes cannot hold even one Scatter element", plat.ub_bytes);
    return std::nullopt;
  }
  if (auto t = try_cutk(pr, plat, det)) return t;
  if (auto t = try_normal(pr, plat, det)) return t;
  if (auto t = try_scatter(pr, plat)) return t;
  *why = fmt::format("no template fits: UB {} bytes cannot hold even one Scatter element", plat.ub_bytes);
  return std::nullopt;
}

}  // namespace pcemu::maxpool
