// Normal (upstream priority 12): NC lanes transposed innermost, an output tile's window region in UB.
// Re-expresses ops-nn's max_pool3d_grad_with_argmax_normal_tiling.cpp: its UB model, lane rule, the
// whole-plane shortcut, the NC-then-D/H/W core split (deterministic rules included) and the UB cut search.
#include <algorithm>

#include "ops/maxpool3d_grad/tiling_internal.h"

namespace pcemu::maxpool {

int64_t normal_ub_model(const Problem& pr, int64_t vl, const std::array<int64_t, 3>& tile, bool overlap) {
  using namespace tiling_detail;
  const int64_t dt = pr.dtype_bytes(), per_block = 32 / dt;
  const int64_t di = span_len(pr, 0, tile[0]), hi = span_len(pr, 1, tile[1]), wi = span_len(pr, 2, tile[2]);
  const int64_t region = sat_mul(di, hi, wi), outs = sat_mul(tile[0], tile[1], tile[2]);
  int64_t window_bufs = sat_mul(vl, region, 4);  // flat-index image of the region
  if (overlap)                                   // fp32 region queue and its transpose
    window_bufs = sat_add(window_bufs, sat_mul(2, vl, di, hi, align_up(wi, 8), 4));
  else  // fp32 transpose and the dtype queue
    window_bufs = sat_add(window_bufs, sat_mul(vl, di, hi, align_up(wi, per_block), 4 + dt));
  int64_t out_bufs = align_up(sat_mul(vl, outs), 32);                           // compare mask, one byte a lane
  out_bufs = sat_add(out_bufs, sat_mul(2, vl, align_up(outs, 8), 4));           // indices queue and transpose
  out_bufs = sat_add(out_bufs, sat_mul(2, vl, align_up(outs, per_block), dt));  // gradients queue and transpose
  return sat_add(sat_add(window_bufs, out_bufs), kSelectReserve);
}

namespace tiling_detail {

namespace {

class NormalSearch {
 public:
  explicit NormalSearch(const Params& p) : p_(p), pr_(*p.pr), overlap_(p.overlap) {}

  std::optional<Tiling> run() {
    if (pr_.dilated() || !capable()) return std::nullopt;
    if (!split()) return std::nullopt;
    Tiling t;
    t.strategy = Strategy::Normal;
    t.overlap = overlap_;
    t.key = overlap_ ? 100 : 0;
    t.ub_cut = cut_;
    t.lanes = vl_;
    t.single = {vl_, single_[0], single_[1], single_[2]};
    t.base_out = base_;
    const std::array<int64_t, 4> dims{pr_.nc(), pr_.out[0], pr_.out[1], pr_.out[2]};
    for (int a = 0; a < 4; ++a) t.count[a] = ceil_div(dims[a], t.single[a]);
    t.total_blocks = t.count[0] * t.count[1] * t.count[2] * t.count[3];
    t.block_dim = static_cast<int32_t>(std::min(t.total_blocks, p_.cores));
    t.atomics = overlap_;  // the kernel adds its regions into GM when upstream keeps the overlap flag
    t.init_output = init_output_rule(pr_, overlap_);
    t.ub_model = modelled(normal_ub_model(pr_, vl_, base_, overlap_));
    set_workspace(pr_, &t);
    return t;
  }

 private:
  // IsCapable: the 1x1x1 tile with 64 lanes fits (the capability_off_by_block fault grants one block more).
  bool capable() const {
    const int64_t slack = fault_on(Fault::CapabilityOffByBlock) ? 32 : 0;  // one UB block
    return modelled(normal_ub_model(pr_, kLaneBlock, {1, 1, 1}, overlap_)) <= p_.ub + slack;
  }
  bool fits(const std::array<int64_t, 3>& tile, bool overlap, int64_t vl) const {
    return modelled(normal_ub_model(pr_, vl, tile, overlap)) <= p_.ub;
  }
  bool fits(const std::array<int64_t, 3>& tile, bool overlap) const { return fits(tile, overlap, vl_); }

  // CalcBaseNc: 64 lanes unless NC is small or the whole output plane does not fit with 64.
  void lanes() {
    vl_ = kLaneBlock;
    const int64_t nc = pr_.nc();
    if (nc >= kLaneBlock * p_.cores) {
      if (fits(pr_.out, overlap_)) return;
    } else if (nc >= kLaneBlock && !overlap_) {
      return;
    }
    if (nc <= kLaneBlock - kMinLanes) vl_ = align_up(nc, kMinLanes);
    if (!fits(pr_.out, overlap_)) vl_ = kMinLanes;
  }

  // Largest tile extent in [1, hi] along `axis` (the other extents from base_) that fits; 1 when none does.
  int64_t best_extent(int axis, int64_t hi) const {
    int64_t lo = 1, end = hi + 1;
    while (end - lo > 1) {
      const int64_t mid = lo + (end - lo) / 2;
      auto tile = base_;
      tile[axis] = mid;
      if (fits(tile, overlap_))
        lo = mid;
      else
        end = mid;
    }
    return lo;
  }

  bool keep_single(int cut, bool overlap) {  // SetNormalParamsNotCutUB
    if (!fits(single_, overlap)) return false;
    base_ = single_;
    cut_ = cut;
    return true;
  }

  // SetNormalParamsCutUB: cut D (whole H, W), else D&H, else D&H&W; the best extent is then evened out.
  bool cut_ub() {
    for (int axis = 0; axis < 3; ++axis) {
      std::array<int64_t, 3> probe = single_;
      for (int a = 0; a <= axis; ++a) probe[a] = 1;
      if (!fits(probe, overlap_)) continue;
      base_ = probe;
      const int64_t best = best_extent(axis, single_[axis]);
      base_[axis] = ceil_div(single_[axis], ceil_div(single_[axis], best));
      cut_ = kCutDo + 10 * axis;
      return true;
    }
    return false;
  }

  // SetNormalTilingParams. `hold` is upstream's deterministic rule: with overlap, D/H/W are not split over
  // cores while NC blocks (or NC x D blocks) reach the core count. Below that upstream still splits D, then
  // H, to one position per core, so several cores add into shared elements in completion order and the UB
  // tile (hence how the sums group) depends on the core count. Deterministic mode promises neither shows, so
  // here it keeps D/H/W whole whatever the core count (docs/tiling-conformance.md).
  bool split() {
    lanes();
    const bool hold = p_.deterministic && overlap_;
    single_ = pr_.out;
    const int64_t nc_cnt = ceil_div(pr_.nc(), vl_);
    const bool shortcut = !(overlap_ && fault_on(Fault::WholePlaneMissed));
    if (shortcut && keep_single(kNoCut, false)) {  // the whole plane fits: overlap is resolved inside UB
      overlap_ = false;
      return true;
    }
    if (nc_cnt >= p_.cores || hold) return cut_ub();
    const int64_t do_need = ceil_div(p_.cores, nc_cnt);
    if (do_need <= pr_.out[0]) {
      single_[0] = ceil_div(pr_.out[0], do_need);
      return cut_ub();
    }
    single_[0] = 1;
    const int64_t ho_need = ceil_div(p_.cores, nc_cnt * pr_.out[0]);
    if (keep_single(kCutDo, overlap_)) return true;
    if (ho_need <= pr_.out[1]) {
      single_[1] = ceil_div(pr_.out[1], ho_need);
      return cut_ub();
    }
    single_[1] = 1;
    const int64_t wo_need = ceil_div(p_.cores, sat_mul(nc_cnt, pr_.out[0], pr_.out[1]));
    if (keep_single(kCutHo, overlap_)) return true;
    single_[2] = wo_need <= pr_.out[2] ? ceil_div(pr_.out[2], wo_need) : 1;
    return cut_ub();
  }

  const Params& p_;
  const Problem& pr_;
  bool overlap_;
  int64_t vl_ = kLaneBlock;
  std::array<int64_t, 3> single_{}, base_{};
  int cut_ = kNoCut;
};

}  // namespace

std::optional<Tiling> normal_tiling(const Params& p) { return NormalSearch(p).run(); }

}  // namespace tiling_detail
}  // namespace pcemu::maxpool
