// The A2/A3 (arch22) tiling decision of max pooling's backward, stated from upstream's selection rules
// (ops-nn pooling/max_pool3d_grad_with_argmax/op_host/max_pool3d_grad_with_argmax_{tiling_base,cutk_tiling,
// normal_tiling,scatter_tiling}.cpp and pooling/pool_3d_common/op_host/arch22/max_pool3d_grad_tiling_common.h).
//
// Templates are tried by priority: CutK (10), Normal (12), Scatter (16); the first capable one that finds a tile
// wins. Key = tilingType (Normal 0, CutK 1, Scatter 2) + 100 with overlap + (CutK only) the UB cut axis
// (GetTilingKey). poolcheck's deliberate differences (docs/tiling-conformance.md, "Deliberate differences"):
// deterministic mode keeps an overlapping problem's D/H/W whole on a core; a CutK that finds no cut lets the next
// template try; UB models saturate instead of wrapping for huge kernels.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/int_math.h"
#include "case/per_axis.h"
#include "ops/maxpool3d_grad/tiling_oracle_internal.h"
#include "ops/maxpool3d_grad/view.h"

namespace poolcheck::tiling_oracle::maxpool3d_grad {

namespace {

using poolcheck::maxpool3d_grad::View;
using Dims3 = std::array<int64_t, 3>;

constexpr int64_t kBlockBytes = 32;        // BLOCK_SIZE: UB alignment
constexpr int64_t kLanes = 64;             // NUM_PER_REP_B32: N*C lanes per pass
constexpr int64_t kMinLanes = 16;          // CalcBaseNc's minVL
constexpr int64_t kSelectReserve = 8192;   // SELECT_RESERVED_UB_SIZE
constexpr int64_t kIndexBytes = 4;         // argmax is int32 on A2/A3
constexpr int64_t kScatterMaxNc = 4095;    // MAX_BLOCK_COUNT: Scatter's NC cut
constexpr int64_t kScatterUbMinimum = 96;  // below it poolcheck's Scatter kernel has no room (deliberate)
constexpr int64_t kMaxKnobCores = 64;      // the emulator's largest core count (impl/npu/platform.h)

// ubCutAxis values (max_pool3d_grad_tiling_constants.h).
constexpr int64_t kNoCut = 0, kCutNc = 10, kCutDo = 20, kCutHo = 30, kCutWo = 40, kCutKw = 70;
constexpr uint64_t kTypeNormal = 0, kTypeCutK = 1, kTypeScatter = 2, kOverlapKey = 100;

// Sizes use case/int_math.h's saturating arithmetic: upstream's uint64 models would wrap for kernels near
// INT64_MAX, poolcheck's saturate so such a tile never fits (docs/tiling-conformance.md, "Huge kernels").

// The problem as the A2 tiling reads it (SetInputParams, SetAttrParams): x = self viewed as NCDHW (a 4-D CDHW
// call is 1CDHW, pool_3d_util ViewCDHWas5D), the output sizes from the gradient.
struct Problem {
  int64_t nc = 1;
  Dims3 in{}, out{}, k{}, s{}, p{}, d{};
  int64_t dt = 4;  // element size of x
  bool overlap = false;
};

int64_t out_volume(const Problem& pr) { return saturating_mul(saturating_mul(pr.out[0], pr.out[1]), pr.out[2]); }
// The input extent a run of `b` outputs reads on axis a (CalUBTotalSize's baseXi, CalXp's baseXp).
int64_t window_span(const Problem& pr, int a, int64_t b) {
  return saturating_add(saturating_mul(b - 1, pr.s[a]), pr.k[a]);
}
bool unit_dilation(const Problem& pr) { return pr.d == Dims3{1, 1, 1}; }

std::optional<Problem> problem_of(const Case& c) {
  const View v(c);
  const TensorArg* grad = v.grad_output();
  const TensorArg* self = v.self();
  if (grad == nullptr || self == nullptr || grad->shape.size() < 4 || self->shape.size() < 4) return std::nullopt;
  Problem pr;
  const size_t rank = self->shape.size();
  for (size_t i = 0; i + 3 < rank; ++i) pr.nc = saturating_mul(pr.nc, self->shape[i]);
  for (int a = 0; a < 3; ++a) {
    pr.in[a] = self->shape[rank - 3 + a];
    pr.out[a] = grad->shape[grad->shape.size() - 3 + a];
  }
  const auto k = per_axis<3>(v.kernel_size());
  const auto p = per_axis<3>(v.padding());
  const auto d = per_axis<3>(v.dilation());
  if (!k || !p || !d || v.stride() == nullptr) return std::nullopt;
  pr.k = *k;
  pr.p = *p;
  pr.d = *d;
  // The l0 op sends three strides, the kernel's when the call passes none.
  if (v.stride()->values.empty()) {
    pr.s = pr.k;
  } else {
    const auto s = per_axis<3>(v.stride());
    if (!s) return std::nullopt;
    pr.s = *s;
  }
  pr.dt = dtype_size(self->dtype);
  for (int a = 0; a < 3; ++a) pr.overlap = pr.overlap || pr.k[a] > pr.s[a];
  return pr;
}

// Normal's isInitOutput (PrintTilingData; the kernel's needInitOutput, max_pool3d_grad_with_argmax_normal.h):
// some input position lies outside every window (the windows leave a gap or stop before the end), or windows
// overlap. Computed in 128 bits.
bool normal_init_output(const Problem& pr, bool overlap) {
  for (int a = 0; a < 3; ++a) {
    const __int128 last_end = static_cast<__int128>(pr.out[a] - 1) * pr.s[a] + pr.k[a];
    const __int128 padded_in = static_cast<__int128>(pr.in[a]) + pr.p[a];
    const __int128 bottom = last_end < padded_in ? 0 : last_end - padded_in;
    if (static_cast<__int128>(pr.out[a]) * pr.k[a] < padded_in + bottom) return true;
    if (last_end < padded_in) return true;
  }
  return overlap;
}

// CutK's kernel zeroes the output (max_pool3d_grad_with_argmax_cutk_base.h, needInitOutput) when a kernel size
// differs from its stride, or the strides leave input positions after the last window.
bool cutk_init_output(const Problem& pr) {
  for (int a = 0; a < 3; ++a) {
    if (pr.k[a] != pr.s[a]) return true;
    const __int128 last_end = static_cast<__int128>(pr.out[a] - 1) * pr.s[a] + pr.k[a];
    const __int128 padded_in = static_cast<__int128>(pr.in[a]) + pr.p[a];
    const __int128 bottom = last_end < padded_in ? 0 : last_end - padded_in;
    if (static_cast<__int128>(pr.out[a]) * pr.s[a] < padded_in + bottom) return true;
  }
  return false;
}

// ------------------------------------------------------------------------------------------------------------
// Normal (max_pool3d_grad_with_argmax_normal_tiling.cpp)

// CalUBTotalSize(baseDo, baseHo, baseWo, isCoreOverLap) for `vl` lanes: the index image and the window-region
// buffers (overlap: two fp32 rows; else an fp32 and a dtype row), the mask, two index and two gradient tiles, and
// the 8 KiB select reserve.
int64_t normal_ub(const Problem& pr, int64_t vl, const Dims3& base, bool overlap) {
  const int64_t di = window_span(pr, 0, base[0]), hi = window_span(pr, 1, base[1]), wi = window_span(pr, 2, base[2]);
  const int64_t dt_align = kBlockBytes / pr.dt;
  const int64_t rows = saturating_mul(di, hi);
  const int64_t region = saturating_mul(rows, wi);
  const int64_t outs = saturating_mul(saturating_mul(base[0], base[1]), base[2]);
  int64_t size = saturating_mul(saturating_mul(vl, region), 4);  // xIndexBuf
  if (overlap) {
    size = saturating_add(
        size, saturating_mul(saturating_mul(saturating_mul(2, vl), saturating_mul(rows, align_up(wi, 8))), 4));
  } else {
    const int64_t row_dt = saturating_mul(rows, align_up(wi, dt_align));
    size = saturating_add(
        size, saturating_mul(saturating_mul(vl, row_dt), 4 + pr.dt));  // yTransposeBuf (fp32) + yQue (dtype)
  }
  size = saturating_add(size, align_up(saturating_mul(vl, outs), kBlockBytes));  // maskBuf
  size = saturating_add(size,
                        saturating_mul(saturating_mul(saturating_mul(2, vl), align_up(outs, 8)), 4));  // argmax tiles
  size = saturating_add(
      size, saturating_mul(saturating_mul(saturating_mul(2, vl), align_up(outs, dt_align)), pr.dt));  // gradient tiles
  return saturating_add(size, kSelectReserve);
}

struct NormalPlan {
  int64_t vl = kLanes;
  std::array<int64_t, 4> single{};  // singleCoreNc, Do, Ho, Wo
  Dims3 base{};
  int64_t cut = kNoCut;
  bool overlap = false;  // after the whole-plane rule may have cleared it
};

// Normal.IsCapable: dilation 1 and the 1x1x1 tile fits with the 64 lanes SetInputParams set (CalcBaseNc has
// not run yet).
bool normal_capable(const Problem& pr, int64_t ub) {
  return unit_dilation(pr) && normal_ub(pr, kLanes, {1, 1, 1}, pr.overlap) <= ub;
}

// CalcBaseNc: 64 lanes when N*C fills every core and the whole plane fits, or N*C >= 64 without overlap; else
// N*C <= 48 takes CeilAlign(N*C, 16); 16 when the whole plane does not fit with that.
int64_t normal_lanes(const Problem& pr, int64_t cores, int64_t ub) {
  if (pr.nc >= saturating_mul(kLanes, cores)) {
    if (normal_ub(pr, kLanes, pr.out, pr.overlap) <= ub) return kLanes;
  } else if (pr.nc >= kLanes && !pr.overlap) {
    return kLanes;
  }
  int64_t vl = kLanes;
  if (pr.nc <= kLanes - kMinLanes) vl = align_up(pr.nc, kMinLanes);
  if (normal_ub(pr, vl, pr.out, pr.overlap) > ub) vl = kMinLanes;
  return vl;
}

// CalBestBaseSize: the largest size in [1, hi] on `axis` that fits, by upstream's bisection; then evened out
// over the blocks it makes (base = ceil(single / ceil(single / best))).
int64_t best_even_size(const Problem& pr, const NormalPlan& n, Dims3 base, int axis, int64_t hi, int64_t ub) {
  int64_t lo = 1, end = hi + 1;
  while (end - lo > 1) {
    const int64_t mid = lo + (end - lo) / 2;
    base[axis] = mid;
    if (normal_ub(pr, n.vl, base, n.overlap) <= ub)
      lo = mid;
    else
      end = mid;
  }
  return ceil_div(hi, ceil_div(hi, lo));
}

// SetNormalParamsCutUB: cut D in UB, else D&H, else D&H&W.
bool normal_cut_ub(const Problem& pr, NormalPlan& n, int64_t ub) {
  const int64_t sd = n.single[1], sh = n.single[2], sw = n.single[3];
  if (normal_ub(pr, n.vl, {1, sh, sw}, n.overlap) <= ub) {
    n.base = {best_even_size(pr, n, {1, sh, sw}, 0, sd, ub), sh, sw};
    n.cut = kCutDo;
    return true;
  }
  if (normal_ub(pr, n.vl, {1, 1, sw}, n.overlap) <= ub) {
    n.base = {1, best_even_size(pr, n, {1, 1, sw}, 1, sh, ub), sw};
    n.cut = kCutHo;
    return true;
  }
  if (normal_ub(pr, n.vl, {1, 1, 1}, n.overlap) <= ub) {
    n.base = {1, 1, best_even_size(pr, n, {1, 1, 1}, 2, sw, ub)};
    n.cut = kCutWo;
    return true;
  }
  return false;
}

// SetNormalParamsNotCutUB: the core's whole tile in one pass.
bool normal_whole(const Problem& pr, NormalPlan& n, int64_t cut, bool overlap, int64_t ub) {
  const Dims3 tile{n.single[1], n.single[2], n.single[3]};
  if (normal_ub(pr, n.vl, tile, overlap) > ub) return false;
  n.base = tile;
  n.cut = cut;
  return true;
}

// SetNormalTilingParams.
std::optional<NormalPlan> normal_plan(const Problem& pr, int64_t cores, int64_t ub, bool deterministic) {
  NormalPlan n;
  n.overlap = pr.overlap;
  n.vl = normal_lanes(pr, cores, ub);
  n.single = {n.vl, pr.out[0], pr.out[1], pr.out[2]};
  // The whole plane with the non-overlap model: overlap is handled inside the UB, the flag cleared (key 0).
  if (normal_whole(pr, n, kNoCut, false, ub)) {
    n.overlap = false;
    return n;
  }
  const int64_t nc_cnt = ceil_div(pr.nc, n.vl);
  if (nc_cnt >= cores) return normal_cut_ub(pr, n, ub) ? std::optional<NormalPlan>(n) : std::nullopt;
  // Upstream keeps an overlapping problem's D/H/W whole in deterministic mode only while the blocks reach the
  // cores; poolcheck keeps them whole always (docs/tiling-conformance.md, "Deterministic mode with overlap and
  // few blocks"): only NC is split over the cores.
  if (deterministic && pr.overlap) return normal_cut_ub(pr, n, ub) ? std::optional<NormalPlan>(n) : std::nullopt;

  // Cut NC and D over the cores.
  const int64_t do_need = ceil_div(cores, nc_cnt);
  if (do_need <= pr.out[0]) {
    n.single[1] = ceil_div(pr.out[0], do_need);
    return normal_cut_ub(pr, n, ub) ? std::optional<NormalPlan>(n) : std::nullopt;
  }
  n.single[1] = 1;
  // Cut NC, D and H over the cores.
  const int64_t ho_need = ceil_div(cores, saturating_mul(nc_cnt, pr.out[0]));
  if (normal_whole(pr, n, kCutDo, n.overlap, ub)) return n;
  if (ho_need <= pr.out[1]) {
    n.single[2] = ceil_div(pr.out[1], ho_need);
    return normal_cut_ub(pr, n, ub) ? std::optional<NormalPlan>(n) : std::nullopt;
  }
  n.single[2] = 1;
  // Cut NC, D, H and W over the cores.
  const int64_t wo_need = ceil_div(cores, saturating_mul(saturating_mul(nc_cnt, pr.out[0]), pr.out[1]));
  if (normal_whole(pr, n, kCutHo, n.overlap, ub)) return n;
  n.single[3] = wo_need <= pr.out[2] ? ceil_div(pr.out[2], wo_need) : 1;
  return normal_cut_ub(pr, n, ub) ? std::optional<NormalPlan>(n) : std::nullopt;
}

// ------------------------------------------------------------------------------------------------------------
// CutK (max_pool3d_grad_with_argmax_cutk_tiling.cpp)

// IsCapable's whitelist: the one geometry where CutK beats Normal.
bool cutk_whitelisted(const Problem& pr) {
  return pr.nc <= 64 * 48 && pr.out == Dims3{1, 6, 8} && pr.k == Dims3{5, 1, 6} && pr.s == Dims3{8, 13, 18};
}

// CalUBTotalSize(baseDo, baseHo, baseWo, ubCutAxis) with 64 lanes: the pass region (CalXp: windows spanned on the
// axes not cut), its index image and three fp32 rows, then the mask, two fp32 output tiles, two index and two
// gradient tiles, and the reserve. Only the axes CutK's search reaches are spelled: none/D, H and KW.
Dims3 cutk_pass(const Problem& pr, const Dims3& base, int64_t cut) {
  if (cut == kNoCut || cut == kCutDo)
    return {window_span(pr, 0, base[0]), window_span(pr, 1, base[1]), window_span(pr, 2, base[2])};
  if (cut == kCutHo) return {base[0], window_span(pr, 1, base[1]), window_span(pr, 2, base[2])};
  return base;  // KW
}

int64_t cutk_ub(const Problem& pr, const Dims3& base, int64_t cut) {
  const Dims3 pass = cutk_pass(pr, base, cut);
  const int64_t region = saturating_mul(saturating_mul(pass[0], pass[1]), pass[2]);
  const int64_t region_b32 = cut == kCutKw ? saturating_mul(region, 8)
                                           : saturating_mul(saturating_mul(pass[0], pass[1]), align_up(pass[2], 8));
  const int64_t outs = saturating_mul(saturating_mul(base[0], base[1]), base[2]);
  const int64_t dt_align = kBlockBytes / pr.dt;
  int64_t size = saturating_mul(saturating_mul(kLanes, region), 4);  // indexImgBuf
  size = saturating_add(
      size, saturating_mul(saturating_mul(3 * kLanes, region_b32), 4));  // yQue, yTransposeBuf, yTranDepadBuf
  size = saturating_add(size, align_up(saturating_mul(kLanes, outs), kBlockBytes));  // mask
  size = saturating_add(size, saturating_mul(saturating_mul(2 * kLanes, outs), 4));  // tmpGradBuf, indexColBuf
  size = saturating_add(size, saturating_mul(saturating_mul(2 * kLanes, align_up(outs, 8)), 4));  // argmax tiles
  size = saturating_add(size,
                        saturating_mul(saturating_mul(2 * kLanes, align_up(outs, dt_align)), pr.dt));  // gradient tiles
  return saturating_add(size, kSelectReserve);
}

bool cutk_capable(const Problem& pr, int64_t ub) {
  return unit_dilation(pr) && cutk_whitelisted(pr) && cutk_ub(pr, {1, 1, 1}, kCutKw) <= ub;
}

struct CutKPlan {
  Dims3 single{};
  Dims3 base{};
  int64_t cut = kNoCut;
};

// SetCutKParamsCutUB: the "Do, KD, Ho" cut. CalCloseBaseSize's fixed part holds (kh - sh), which wraps in uint64
// for the whitelist's kh 1 < sh 13, so its answer is always 1 output row.
bool cutk_cut_ub(const Problem& pr, CutKPlan& ck, int64_t ub) {
  if (cutk_ub(pr, {1, 1, ck.single[2]}, kCutHo) > ub) return false;
  ck.base = {1, 1, ck.single[2]};
  ck.cut = kCutHo;
  return true;
}

bool cutk_whole(const Problem& pr, CutKPlan& ck, int64_t cut, int64_t ub) {
  if (cutk_ub(pr, ck.single, cut) > ub) return false;
  ck.base = ck.single;
  ck.cut = cut;
  return true;
}

// SetCutKTilingParams: like Normal's search with 64 lanes, but the core splits are integer-divided. The
// whitelist never overlaps, so the overlap branches are not spelled. nullopt: no cut fits, which upstream answers
// with GRAPH_FAILED and poolcheck by letting Normal try (docs/tiling-conformance.md, "CutK that finds no cut").
std::optional<CutKPlan> cutk_plan(const Problem& pr, int64_t cores, int64_t ub) {
  CutKPlan ck;
  ck.single = pr.out;
  const int64_t nc_cnt = ceil_div(pr.nc, kLanes);
  if (cutk_whole(pr, ck, kNoCut, ub)) return ck;
  if (nc_cnt >= cores) return cutk_cut_ub(pr, ck, ub) ? std::optional<CutKPlan>(ck) : std::nullopt;
  const int64_t do_need = ceil_div(cores, nc_cnt);
  if (do_need <= pr.out[0]) {
    ck.single[0] = pr.out[0] / do_need;
    return cutk_cut_ub(pr, ck, ub) ? std::optional<CutKPlan>(ck) : std::nullopt;
  }
  ck.single[0] = 1;
  const int64_t ho_need = ceil_div(cores, saturating_mul(nc_cnt, pr.out[0]));
  if (cutk_whole(pr, ck, kCutDo, ub)) return ck;
  if (ho_need <= pr.out[1]) {
    ck.single[1] = pr.out[1] / ho_need;
    return cutk_cut_ub(pr, ck, ub) ? std::optional<CutKPlan>(ck) : std::nullopt;
  }
  ck.single[1] = 1;
  const int64_t wo_need = ceil_div(cores, saturating_mul(saturating_mul(nc_cnt, pr.out[0]), pr.out[1]));
  if (cutk_whole(pr, ck, kCutHo, ub)) return ck;
  ck.single[2] = wo_need <= pr.out[2] ? pr.out[2] / wo_need : 1;
  return cutk_cut_ub(pr, ck, ub) ? std::optional<CutKPlan>(ck) : std::nullopt;
}

// ------------------------------------------------------------------------------------------------------------
// Scatter (CalculateScatterTilingParams, CalculateRoundParams)

struct ScatterPlan {
  int64_t base_nc = 1;
  Dims3 base{};
  int64_t cut = kNoCut;
  int64_t used = 1;
};

// UB - 32 bytes; ceil(N*C / cores) per core; the first of no cut, NC (<= 4095), Do, Ho, Wo whose tile of
// dtype + int32 elements fits.
std::optional<ScatterPlan> scatter_plan(const Problem& pr, int64_t cores, int64_t ub) {
  const int64_t eff = ub > kBlockBytes ? ub - kBlockBytes : ub;
  const int64_t per = pr.dt + kIndexBytes;
  ScatterPlan sc;
  const int64_t nc_per_core = ceil_div(pr.nc, cores);
  sc.used = ceil_div(pr.nc, nc_per_core);
  const int64_t plane = saturating_mul(out_volume(pr), per);
  const int64_t hw_row = saturating_mul(saturating_mul(pr.out[1], pr.out[2]), per);
  const int64_t w_row = saturating_mul(pr.out[2], per);
  if (saturating_mul(nc_per_core, plane) <= eff) {
    sc.base_nc = nc_per_core;
    sc.base = pr.out;
    sc.cut = kNoCut;
  } else if (plane <= eff) {
    sc.base_nc = std::min(eff / plane, kScatterMaxNc);
    sc.base = pr.out;
    sc.cut = kCutNc;
  } else if (hw_row <= eff) {
    sc.base = {eff / hw_row, pr.out[1], pr.out[2]};
    sc.cut = kCutDo;
  } else if (w_row <= eff) {
    sc.base = {1, eff / w_row, pr.out[2]};
    sc.cut = kCutHo;
  } else if (per <= eff) {
    sc.base = {1, 1, eff / per};
    sc.cut = kCutWo;
  } else {
    return std::nullopt;
  }
  return sc;
}

// ------------------------------------------------------------------------------------------------------------
// The summary's fields.

std::string joined(const int64_t* v, size_t n) {
  std::string s;
  for (size_t i = 0; i < n; ++i) s += (i ? "x" : "") + std::to_string(v[i]);
  return s;
}
void field(ExpectedTiling& e, const char* name, int64_t v) { e.fields.push_back({name, std::to_string(v)}); }
void field(ExpectedTiling& e, const char* name, bool v) { e.fields.push_back({name, v ? "1" : "0"}); }
void field(ExpectedTiling& e, const char* name, const std::string& v) { e.fields.push_back({name, v}); }

// SetCntTailTilingParams / SetOtherTilingParams: blocks per axis of the given split, and their product.
std::array<int64_t, 4> counts(const Problem& pr, int64_t nc_block, const Dims3& split) {
  return {ceil_div(pr.nc, nc_block), ceil_div(pr.out[0], split[0]), ceil_div(pr.out[1], split[1]),
          ceil_div(pr.out[2], split[2])};
}
int64_t product(const std::array<int64_t, 4>& cnt) {
  return saturating_mul(saturating_mul(cnt[0], cnt[1]), saturating_mul(cnt[2], cnt[3]));
}

// The fp32 workspace: fp16/bf16 with overlap (SetOtherTilingParams, CalculateRoundParams).
bool fp32_workspace(const Problem& pr, bool overlap) { return pr.dt != 4 && overlap; }

ExpectedTiling normal_expectation(const Problem& pr, const NormalPlan& n, int64_t cores, int64_t ub) {
  ExpectedTiling e;
  e.strategy = Strategy::Normal;
  e.key = kTypeNormal + (n.overlap ? kOverlapKey : 0);
  e.why = n.cut == kNoCut && n.single[1] == pr.out[0] ? "whole output plane fits the UB (overlap handled in UB)"
                                                      : "dilation 1 and the 1x1x1 tile fits: NC/D/H/W over cores";
  const Dims3 split{n.single[1], n.single[2], n.single[3]};
  const auto cnt = counts(pr, n.single[0], split);
  const int64_t blocks = product(cnt);
  field(e, "vl", n.vl);
  field(e, "cut", n.cut);
  field(e, "single", joined(n.single.data(), 4));
  field(e, "cnt", joined(cnt.data(), 4));
  field(e, "base", joined(n.base.data(), 3));
  field(e, "blocks", blocks);
  field(e, "used", std::min(blocks, cores));
  field(e, "round", std::string("0/0/0"));
  field(e, "atomics", n.overlap);
  field(e, "init", normal_init_output(pr, n.overlap));
  field(e, "ws", fp32_workspace(pr, n.overlap));
  field(e, "ub", std::to_string(normal_ub(pr, n.vl, n.base, n.overlap)) + "/" + std::to_string(ub));
  return e;
}

ExpectedTiling cutk_expectation(const Problem& pr, const CutKPlan& ck, int64_t cores, int64_t ub) {
  ExpectedTiling e;
  e.strategy = Strategy::CutK;
  e.key = kTypeCutK + static_cast<uint64_t>(ck.cut);
  e.why = "the whitelisted CutK geometry (output 1x6x8, kernel 5x1x6, stride 8x13x18)";
  const auto cnt = counts(pr, kLanes, ck.base);  // CutK counts its UB tiles (SetCntTailTilingParams)
  const int64_t blocks = product(cnt);
  const Dims3 pass = cutk_pass(pr, ck.base, ck.cut);
  field(e, "vl", kLanes);
  field(e, "cut", ck.cut);
  field(e, "cnt", joined(cnt.data(), 4));
  field(e, "base", joined(ck.base.data(), 3));
  field(e, "pass", joined(pass.data(), 3));
  field(e, "blocks", blocks);
  field(e, "used", std::min(blocks, cores));
  field(e, "round", std::string("0/0/0"));
  field(e, "atomics", false);
  field(e, "init", cutk_init_output(pr));
  field(e, "ws", false);
  field(e, "ub", std::to_string(cutk_ub(pr, ck.base, ck.cut)) + "/" + std::to_string(ub));
  return e;
}

ExpectedTiling scatter_expectation(const Problem& pr, const ScatterPlan& sc, int64_t ub) {
  ExpectedTiling e;
  e.strategy = Strategy::Scatter;
  e.key = kTypeScatter + (pr.overlap ? kOverlapKey : 0);
  e.why = unit_dilation(pr) ? "Normal's 1x1x1 tile does not fit the UB" : "dilation != 1";
  const auto cnt = counts(pr, sc.base_nc, sc.base);
  const std::array<int64_t, 4> single{sc.base_nc, sc.base[0], sc.base[1], sc.base[2]};
  // CalculateRoundParams: cores own contiguous ranges of NC blocks; the first preCoreNum take one more.
  const int64_t nc_round = ceil_div(cnt[0], sc.used);
  const int64_t pre_core = cnt[0] % sc.used;
  const int64_t nc_round_tail = pre_core == 0 ? nc_round : nc_round - 1;
  field(e, "vl", sc.base_nc);
  field(e, "cut", sc.cut);
  field(e, "single", joined(single.data(), 4));
  field(e, "cnt", joined(cnt.data(), 4));
  field(e, "base", joined(sc.base.data(), 3));
  field(e, "blocks", product(cnt));
  field(e, "used", sc.used);
  field(e, "round", std::to_string(nc_round) + "/" + std::to_string(nc_round_tail) + "/" + std::to_string(pre_core));
  field(e, "atomics", pr.overlap);
  // The Scatter kernels always zero their output first (max_pool3d_grad_scatter{,_overlap}_unified.h).
  field(e, "init", true);
  field(e, "ws", fp32_workspace(pr, pr.overlap));
  const int64_t tile =
      saturating_mul(saturating_mul(sc.base_nc, saturating_mul(saturating_mul(sc.base[0], sc.base[1]), sc.base[2])),
                     pr.dt + kIndexBytes);
  field(e, "ub", std::to_string(saturating_add(tile, kBlockBytes)) + "/" + std::to_string(ub));
  return e;
}

bool runs_arch22(const std::string& soc) { return soc == "Ascend910B" || soc == "Ascend910_93"; }

}  // namespace

TilingVerdict a2_decision(const Case& c, const PlatformNumbers& platform) {
  if (!runs_arch22(platform.soc))
    return {std::nullopt, platform.soc + " runs no MaxPool3DGradWithArgmax kernel (valid calls are refused)"};
  const std::optional<Problem> pr = problem_of(c);
  if (!pr) return {std::nullopt, "gradOutput, self or a pooling list missing or malformed"};
  if (pr->nc <= 0 || pr->dt <= 0) return {std::nullopt, "N*C is zero or the dtype has no size"};
  for (int a = 0; a < 3; ++a)
    if (pr->in[a] <= 0 || pr->out[a] <= 0 || pr->k[a] <= 0 || pr->s[a] <= 0 || pr->p[a] < 0)
      return {std::nullopt, "an empty tensor or a non-positive pooling parameter: no kernel runs"};
  const int64_t cores = platform.vector_cores;
  const int64_t ub = platform.ub_bytes;
  if (cores <= 0 || ub <= 0) return {std::nullopt, "no cores or no UB"};

  if (cutk_capable(*pr, ub))
    if (const auto ck = cutk_plan(*pr, cores, ub)) return {cutk_expectation(*pr, *ck, cores, ub), ""};
  if (normal_capable(*pr, ub))
    if (const auto n = normal_plan(*pr, cores, ub, c.deterministic))
      return {normal_expectation(*pr, *n, cores, ub), ""};
  // poolcheck's Scatter kernel needs three 32-byte buffers; below 96 bytes its tiling fails
  // (docs/tiling-conformance.md, "A UB below 96 bytes").
  if (ub < kScatterUbMinimum) return {std::nullopt, "UB below 96 bytes: poolcheck's tiling fails"};
  if (const auto sc = scatter_plan(*pr, cores, ub)) return {scatter_expectation(*pr, *sc, ub), ""};
  return {std::nullopt, "no Scatter tile fits the UB"};
}

}  // namespace poolcheck::tiling_oracle::maxpool3d_grad

// ------------------------------------------------------------------------------------------------------------
// Thresholds: the UB sizes at which the template choice, the lane count or Scatter's cut flips.

namespace poolcheck::tiling_oracle::maxpool3d_grad {

namespace {

// The single tile CutK's search ends with when no whole tile fits (SetCutKTilingParams without the UB): its H cut
// of this tile is the smallest UB model on the path, so CutK finds a tile exactly when that cut fits.
Dims3 cutk_last_single(const Problem& pr, int64_t cores) {
  Dims3 single = pr.out;
  const int64_t nc_cnt = ceil_div(pr.nc, kLanes);
  if (nc_cnt >= cores) return single;
  const int64_t do_need = ceil_div(cores, nc_cnt);
  if (do_need <= pr.out[0]) {
    single[0] = pr.out[0] / do_need;
    return single;
  }
  single[0] = 1;
  const int64_t ho_need = ceil_div(cores, saturating_mul(nc_cnt, pr.out[0]));
  if (ho_need <= pr.out[1]) {
    single[1] = pr.out[1] / ho_need;
    return single;
  }
  single[1] = 1;
  const int64_t wo_need = ceil_div(cores, saturating_mul(saturating_mul(nc_cnt, pr.out[0]), pr.out[1]));
  single[2] = wo_need <= pr.out[2] ? pr.out[2] / wo_need : 1;
  return single;
}

// SetNormalTilingParams' core split: while ncCnt = ceil(N*C / vl) reaches the cores only N*C is split over them;
// from the first core count past it, D (then H, W) too. vl follows the cores (CalcBaseNc), so the counts are walked
// up to that flip. 0 where it is not stated: Normal does not take the UB, the whole plane fits on either side (no
// split at all), deterministic mode keeps an overlapping problem whole, the flip lies outside 2..63 cores, the
// split leaves the blocks unchanged (every output axis 1), or one core more splits again (ncCnt 1: D, H or W
// takes every core), so that the blocks change at the flip and only there.
int64_t normal_split_from(const Problem& pr, int64_t ub, bool deterministic) {
  if (!normal_capable(pr, ub) || (deterministic && pr.overlap)) return 0;
  const auto whole_plane_fits = [&](int64_t cores) {
    return normal_ub(pr, normal_lanes(pr, cores, ub), pr.out, false) <= ub;
  };
  const auto blocks = [&](int64_t cores) -> std::optional<std::array<int64_t, 4>> {
    const std::optional<NormalPlan> n = normal_plan(pr, cores, ub, deterministic);
    if (!n) return std::nullopt;
    return counts(pr, n->single[0], {n->single[1], n->single[2], n->single[3]});
  };
  for (int64_t cores = 2; cores < kMaxKnobCores; ++cores) {
    if (ceil_div(pr.nc, normal_lanes(pr, cores, ub)) >= cores) continue;
    if (whole_plane_fits(cores - 1) || whole_plane_fits(cores) || whole_plane_fits(cores + 1)) return 0;
    const auto nc_only = blocks(cores - 1), split = blocks(cores), above = blocks(cores + 1);
    return nc_only && split && above && *nc_only != *split && *split == *above ? cores : 0;
  }
  return 0;
}

}  // namespace

std::vector<Threshold> a2_thresholds(const Case& c, const PlatformNumbers& platform) {
  std::vector<Threshold> out;
  if (!runs_arch22(platform.soc) || platform.vector_cores <= 0) return out;
  const std::optional<Problem> pr = problem_of(c);
  if (!pr || pr->nc <= 0 || !unit_dilation(*pr)) return out;
  for (int a = 0; a < 3; ++a)
    if (pr->in[a] <= 0 || pr->out[a] <= 0 || pr->k[a] <= 0 || pr->s[a] <= 0 || pr->p[a] < 0) return out;
  const int64_t cores = platform.vector_cores;
  // Normal.IsCapable: from this UB on Normal takes the call (when CutK does not).
  const int64_t normal_from = normal_ub(*pr, kLanes, {1, 1, 1}, pr->overlap);
  const bool whitelisted = cutk_whitelisted(*pr);

  if (!whitelisted) {
    // Below it Scatter, which needs only a few bytes: both sides are decided.
    out.push_back({ThresholdRule::NormalTileFits, Knob::UbBytes, normal_from, "strategy"});
    // CalcBaseNc with N*C of 17..48 (fewer than 64 * cores): CeilAlign(N*C, 16) lanes while the plane fits
    // with them, 16 below; stated where Normal is still capable one block below.
    const int64_t aligned = align_up(pr->nc, kMinLanes);
    const int64_t lanes_from = normal_ub(*pr, aligned, pr->out, pr->overlap);
    if (pr->nc > kMinLanes && pr->nc <= kLanes - kMinLanes && lanes_from - kBlockBytes >= normal_from)
      out.push_back({ThresholdRule::NormalLanes, Knob::UbBytes, lanes_from, "vl"});
    if (const int64_t split_from = normal_split_from(*pr, platform.ub_bytes, c.deterministic))
      out.push_back({ThresholdRule::NormalCoreSplit, Knob::Cores, split_from, "cnt"});
  }
  // Scatter's plane rule: one N*C plane of dtype + int32 elements within UB - 32 (cut NC or none), else cut D.
  // Stated where Scatter takes the call one block above and its UB minimum holds one block below.
  const int64_t plane_from = saturating_add(saturating_mul(out_volume(*pr), pr->dt + kIndexBytes), kBlockBytes);
  const int64_t scatter_below = whitelisted ? cutk_ub(*pr, {1, 1, 1}, kCutKw) : normal_from;
  if (plane_from - kBlockBytes >= kScatterUbMinimum && plane_from + kBlockBytes < scatter_below &&
      plane_from + kBlockBytes < normal_from)
    out.push_back({ThresholdRule::ScatterPlaneFits, Knob::UbBytes, plane_from, "cut"});
  // Scatter's finer cuts: one Ho*Wo layer within UB - 32 (cut D, else H), one Wo row (cut H, else W). Stated where
  // the coarser tile is larger (else it fits first), Scatter takes the call one block above, and its UB minimum
  // and one element's tile hold one block below.
  const int64_t per = pr->dt + kIndexBytes;
  const int64_t scatter_until = std::min(scatter_below, normal_from);  // Scatter takes every UB below it
  const auto scatter_cut = [&](ThresholdRule rule, int64_t coarser, int64_t finer) {
    const int64_t from = saturating_add(finer, kBlockBytes);
    if (coarser > finer && from - kBlockBytes >= kScatterUbMinimum && from - 2 * kBlockBytes >= per &&
        from + kBlockBytes < scatter_until)
      out.push_back({rule, Knob::UbBytes, from, "cut"});
  };
  const int64_t layer = saturating_mul(saturating_mul(pr->out[1], pr->out[2]), per);
  const int64_t row = saturating_mul(pr->out[2], per);
  scatter_cut(ThresholdRule::ScatterLayerFits, saturating_mul(out_volume(*pr), per), layer);
  scatter_cut(ThresholdRule::ScatterRowFits, layer, row);
  // Scatter's core split (ncPreCore = ceil(N*C / cores), usedCoreNum = ceil(N*C / ncPreCore)): from N*C cores on
  // each takes one N*C (used = N*C); one core fewer leaves some with two (used = ceil(N*C / 2) < N*C). The cores
  // decide neither the template nor whether a tile fits, so it is stated where the case's UB is Scatter's.
  const int64_t ub = platform.ub_bytes;
  if (pr->nc >= 2 && pr->nc < kMaxKnobCores && ub >= kScatterUbMinimum && ub - kBlockBytes >= per && ub < scatter_until)
    out.push_back({ThresholdRule::ScatterCoresVsNc, Knob::Cores, pr->nc, "used"});
  // CutK on its whitelisted geometry: capable and its last H cut fits from this UB on; below, Normal.
  if (whitelisted) {
    const int64_t cutk_from =
        std::max(cutk_ub(*pr, {1, 1, 1}, kCutKw), cutk_ub(*pr, {1, 1, cutk_last_single(*pr, cores)[2]}, kCutHo));
    if (cutk_from - kBlockBytes >= normal_from)
      out.push_back({ThresholdRule::CutKFits, Knob::UbBytes, cutk_from, "strategy"});
    // CutK's cores: used = min(blocks, cores). Stated where the case's UB gives the call to CutK and its blocks
    // are the same one core below their count, at it and one above (its UB cut, not the cores, sets the tiles).
    const auto cutk_blocks = [&](int64_t core_count) -> int64_t {
      if (!cutk_capable(*pr, ub)) return 0;
      const std::optional<CutKPlan> ck = cutk_plan(*pr, core_count, ub);
      return ck ? product(counts(*pr, kLanes, ck->base)) : 0;
    };
    const int64_t blocks = cutk_blocks(cores);
    if (blocks >= 2 && blocks < kMaxKnobCores && cutk_blocks(blocks - 1) == blocks && cutk_blocks(blocks) == blocks &&
        cutk_blocks(blocks + 1) == blocks)
      out.push_back({ThresholdRule::CutKBlocksVsCores, Knob::Cores, blocks, "used"});
  }
  return out;
}

}  // namespace poolcheck::tiling_oracle::maxpool3d_grad
