// SIMT on Ascend 950: one thread per gradInput element, 1024 threads per block, blocks striding over the
// tensor (grid-stride loop). A thread finds the grad positions whose windows can contain its element by
// inverting the pooling formula (pstart/pend), sums in fp32 the gradients whose index names its in-plane
// position and stores the sum cast with round-to-nearest-even. Threads read GM directly (one checked element load
// each); the emulation stages each thread group's stores in UB so they leave as one copy. No atomics, no
// order-dependent sums. Where gradOutput and the indices pass one bounds check for all planes, the emulation forms
// a thread group's sums from the gradOutput side (PlaneScatter: the same terms in the same order) and counts the
// loads the threads make; otherwise, and where an offset could pass the int32 limit, thread by thread.
#include <algorithm>
#include <limits>
#include <type_traits>
#include <vector>

#include "common/vector_clones.h"
#include "ops/common/fast_div.h"
#include "ops/maxpool3d_grad/regbase_kernels.h"

namespace pcemu::maxpool {

namespace {

// Grad positions [pstart, pend) along one axis whose (dilated) windows can contain input position x.
std::array<int64_t, 2> inverse_window(const Problem& pr, int a, int64_t x) {
  const __int128 eff = static_cast<__int128>(pr.k[a] - 1) * pr.d[a] + 1;
  const int64_t lo = x + pr.p[a] < eff ? 0 : static_cast<int64_t>((x + pr.p[a] - eff) / pr.s[a] + 1);
  // The "simt_window_short" fault forgets the +1 of pend: the last window that reaches x is skipped.
  const int64_t hi = (x + pr.p[a]) / pr.s[a] + (fault_on(Fault::SimtWindowShort) ? 0 : 1);
  return {std::min(lo, pr.out[a]), std::min(hi, pr.out[a])};
}

// inverse_window along one axis, remembered in a few direct-mapped slots (a thread group's elements ask for the
// same D and H windows again and again), with the fault read once and the window extent in 64 bits where it fits:
// the 128-bit division was a libgcc call per axis and element.
class InverseWindows {
 public:
  InverseWindows(const Problem& pr, int a)
      : pr_(pr), a_(a), p_(pr.p[a]), s_(pr.s[a]), pend_(fault_on(Fault::SimtWindowShort) ? 0 : 1) {
    const __int128 eff = static_cast<__int128>(pr.k[a] - 1) * pr.d[a] + 1;
    fits_ = eff >= 1 && eff <= std::numeric_limits<int64_t>::max();
    eff_ = fits_ ? static_cast<int64_t>(eff) : 0;
  }
  const std::array<int64_t, 2>& at(int64_t x) {
    Slot& slot = slots_[static_cast<size_t>(x) & (kSlots - 1)];
    if (slot.key != x) slot = {x, compute(x)};
    return slot.range;
  }

 private:
  std::array<int64_t, 2> compute(int64_t x) const {
    if (!fits_) return inverse_window(pr_, a_, x);
    // x + p >= eff >= 1 before the subtraction, so it cannot overflow: the 128-bit expression's value.
    const int64_t lo = x + p_ < eff_ ? 0 : (x + p_ - eff_) / s_ + 1;
    const int64_t hi = (x + p_) / s_ + pend_;
    return {std::min(lo, pr_.out[a_]), std::min(hi, pr_.out[a_])};
  }
  static constexpr size_t kSlots = 16;
  struct Slot {
    int64_t key = -1;
    std::array<int64_t, 2> range{};
  };
  const Problem& pr_;
  int a_;
  int64_t p_, s_, pend_, eff_ = 0;
  bool fits_ = false;
  std::array<Slot, kSlots> slots_{};
};

// inverse_window of every position of an axis short enough to tabulate (the W axis cycles through all of its
// positions every row, which a few slots cannot hold), else InverseWindows' slots.
class AxisWindows {
 public:
  AxisWindows(const Problem& pr, int a) : slots_(pr, a) {
    if (pr.in[a] > kTableMax) return;
    table_.resize(static_cast<size_t>(pr.in[a]));
    for (int64_t x = 0; x < pr.in[a]; ++x) table_[static_cast<size_t>(x)] = slots_.at(x);
  }
  std::array<int64_t, 2> at(int64_t x) { return table_.empty() ? slots_.at(x) : table_[static_cast<size_t>(x)]; }

 private:
  static constexpr int64_t kTableMax = 2048;  // 32 KiB: well below malloc's mmap threshold
  InverseWindows slots_;
  std::vector<std::array<int64_t, 2>> table_;
};

// One plane's elements [p0, p1) (in-plane positions), summed from the gradOutput side with the SIMT threads' result
// bits: every grad position of the box their windows span is visited in ascending order, and its gradient goes to
// the element its index names when that element is in [p0, p1) and its own windows hold the position. Each
// element so receives exactly the terms of its own thread, in its thread's order (ascending pd, ph, pw), without a
// branch per window position on whether the index matches. Counts the loads the threads make: the index at every
// position of each element's windows, the gradient where it matches.
template <typename Codec, typename Index>
struct PlaneScatter {
  const Problem& pr;
  std::array<AxisWindows, 3>& windows;
  const PositionDecoder coords;
  const IndexReader<Index> read;
  const bool low_32_compare;

  void run(const Index* idx_plane, const typename Codec::T* grad_plane, int64_t p0, int64_t p1, float* sums,
           int64_t* index_loads, int64_t* grad_loads) {
    const int64_t n = p1 - p0, ohw = pr.out[1] * pr.out[2];
    std::fill(sums, sums + n, 0.0f);
    // The windows' box: the axes' ranges rise with the coordinate, so the first and last elements bound it along
    // the outermost axis they differ in, and the whole axis bounds the axes inside it.
    const auto first = coords(p0), last = coords(p1 - 1);
    std::array<int64_t, 3> lo{}, hi{};
    bool same_outer = true;
    for (int a = 0; a < 3; ++a) {
      const int64_t x0 = same_outer ? first[a] : 0, x1 = same_outer ? last[a] : pr.in[a] - 1;
      lo[a] = windows[a].at(x0)[0];
      hi[a] = windows[a].at(x1)[1];
      same_outer = same_outer && first[a] == last[a];
    }
    int64_t matched = 0;
    for (int64_t pd = lo[0]; pd < hi[0]; ++pd)
      for (int64_t ph = lo[1]; ph < hi[1]; ++ph) {
        const int64_t row = pd * ohw + ph * pr.out[2];
        for (int64_t pw = lo[2]; pw < hi[2]; ++pw) {
          const int64_t index = read.value(idx_plane[row + pw]);
          // Upstream compares by the low 32 bits with int32 offsets: the element whose position they spell.
          const int64_t target = low_32_compare ? static_cast<int64_t>(static_cast<uint32_t>(index)) : index;
          if (static_cast<uint64_t>(target - p0) >= static_cast<uint64_t>(n)) continue;
          const auto x = coords(target);
          const auto wd = windows[0].at(x[0]), wh = windows[1].at(x[1]), ww = windows[2].at(x[2]);
          if (pd < wd[0] || pd >= wd[1] || ph < wh[0] || ph >= wh[1] || pw < ww[0] || pw >= ww[1]) continue;
          sums[target - p0] += Codec::load(grad_plane[row + pw]);
          ++matched;
        }
      }
    *grad_loads += matched;
    // Each thread loads the index at every position of its windows' box.
    auto x = first;
    int64_t boxes = 0;
    for (int64_t e = 0; e < n; ++e) {
      const auto wd = windows[0].at(x[0]), wh = windows[1].at(x[1]), ww = windows[2].at(x[2]);
      boxes += std::max<int64_t>(0, wd[1] - wd[0]) * std::max<int64_t>(0, wh[1] - wh[0]) *
               std::max<int64_t>(0, ww[1] - ww[0]);
      if (++x[2] < pr.in[2]) continue;
      x[2] = 0;
      if (++x[1] < pr.in[1]) continue;
      x[1] = 0;
      ++x[0];
    }
    *index_loads += boxes;
  }
};

// An element offset past what the kernel's offset type holds: with int32 offsets above the int32 index limit the
// device would wrap and address another element, so the emulator stops the kernel (like its UB and GM checks).
[[noreturn]] void offset_overflow(const BlockContext& ctx, const char* tensor, int64_t offset, int64_t limit) {
  throw KernelError(ACLNN_ERR_RUNTIME_ERROR, "int32 offset overflow: element " + std::to_string(offset) + " of '" +
                                                 tensor + "' is at or past the int32 index limit " +
                                                 std::to_string(limit) + "; " + ctx.where());
}

}  // namespace

template <typename Codec, typename Index>
PCEMU_VECTOR_CLONES void simt_kernel(BlockContext& ctx, const RegbaseArgs<Codec, Index>& a) {
  using T = typename Codec::T;
  const Problem& pr = *a.pr;
  const RegbaseTiling& t = *a.t;
  ctx.ub().free_all();
  // A thread's registers for what it loads, as upstream plans the UB (the loads themselves skip them).
  ctx.ub().alloc<T>(32 / sizeof(T), "one gradient");
  ctx.ub().alloc<Index>(32 / sizeof(Index), "one index");
  ctx.ub().alloc<int32_t>(8, "one index word");
  // The store staging takes what the UB has free, at least one element: a small UB never refuses SIMT.
  const int64_t free_bytes = ctx.ub().limit() - ctx.ub().in_use();
  const int64_t stage_n = std::clamp<int64_t>(free_bytes / 32 * 32 / static_cast<int64_t>(sizeof(T)), 1, kSimtThreads);
  auto stage = ctx.ub().alloc<T>(stage_n, "thread stores");
  const IndexReader<Index> read;  // the index faults, read once
  const GmTensor<int32_t> idx32{reinterpret_cast<int32_t*>(a.idx.base), a.idx.count * 2, a.idx.name, nullptr};

  const int64_t elems = pr.nc() * pr.in_plane(), hw = pr.in[1] * pr.in[2], in_plane = pr.in_plane();
  const int64_t out_plane = pr.out_plane(), ohw = pr.out[1] * pr.out[2];
  const int64_t grid = static_cast<int64_t>(ctx.block_num()) * kSimtThreads;
  if (ctx.block_idx() * kSimtThreads >= elems) return;  // an idle block: no tables to build
  std::array<AxisWindows, 3> windows{AxisWindows(pr, 0), AxisWindows(pr, 1), AxisWindows(pr, 2)};
  // Every window position of every plane lies in gradOutput and the indices when both hold nc planes: then one
  // bounds check for all loads, each thread's loads counted in bulk, and the faults read once. Otherwise (and
  // with the fault that reads INT64 indices as INT32) each load is checked on its own.
  const int64_t grad_elems = pr.nc() * out_plane;
  const Index* idx_all = read.as_int32 ? nullptr : ctx.gm_box(a.idx, 0, 1, 1, grad_elems);
  const T* grad_all = ctx.gm_box(a.grad, 0, 1, 1, grad_elems);
  const bool bulk = idx_all && grad_all && grad_elems > 0;
  const bool low_32_compare = a.upstream && !t.int64_offsets;
  int64_t index_loads = 0, grad_loads = 0;
  PlaneScatter<Codec, Index> scatter{pr, windows, PositionDecoder(hw, pr.in[2]), read, low_32_compare};
  std::vector<float> sums(static_cast<size_t>(stage_n));
  for (int64_t base = ctx.block_idx() * kSimtThreads; base < elems; base += grid) {
    const int64_t end = std::min(elems, base + kSimtThreads);
    for (int64_t s0 = base; s0 < end; s0 += stage_n) {
      const int64_t s1 = std::min(end, s0 + stage_n);
      if (bulk && s1 <= t.offset_limit) {
        // Plane by plane (a stage may straddle two), summed from the gradOutput side.
        for (int64_t e = s0; e < s1;) {
          const int64_t nc = e / in_plane, p0 = e % in_plane, p1 = std::min(in_plane, p0 + (s1 - e));
          scatter.run(idx_all + nc * out_plane, grad_all + nc * out_plane, p0, p1, sums.data() + (e - s0), &index_loads,
                      &grad_loads);
          e += p1 - p0;
        }
        T* out = stage.span(0, s1 - s0);
        for (int64_t e = 0; e < s1 - s0; ++e) out[e] = store_rint<Codec>(sums[static_cast<size_t>(e)]);
        ctx.copy_out(a.out, s0, stage, 0, s1 - s0);
        continue;
      }
      // The element's coordinates, stepped along with it.
      int64_t nc = s0 / in_plane, pos = s0 % in_plane;
      std::array<int64_t, 3> x = scatter.coords(pos);
      T* out = stage.span(0, s1 - s0);
      for (int64_t e = s0; e < s1; ++e) {
        if (e >= t.offset_limit) offset_overflow(ctx, "gradInput", e, t.offset_limit);
        const auto wd = windows[0].at(x[0]), wh = windows[1].at(x[1]), ww = windows[2].at(x[2]);
        float sum = 0.0f;
        for (int64_t pd = wd[0]; pd < wd[1]; ++pd)
          for (int64_t ph = wh[0]; ph < wh[1]; ++ph)
            for (int64_t pw = ww[0]; pw < ww[1]; ++pw) {
              const int64_t at = nc * out_plane + pd * ohw + ph * pr.out[2] + pw;
              const int64_t index = read.as_int32 ? ctx.load_gm(idx32, at) : read.value(ctx.load_gm(a.idx, at));
              // Upstream (arch35 max_pool3d_grad_with_argmax_simt.h) compares the index cast to the unsigned
              // offset type: with int32 offsets an INT64 index is compared by its low 32 bits.
              const bool match = a.upstream && !t.int64_offsets
                                     ? static_cast<uint32_t>(index) == static_cast<uint32_t>(pos)
                                     : index == pos;
              if (!match) continue;
              sum += Codec::load(ctx.load_gm(a.grad, at));
            }
        *out++ = store_rint<Codec>(sum);
        if (++x[2] < pr.in[2]) {
          ++pos;
          continue;
        }
        x[2] = 0;
        if (++x[1] == pr.in[1]) {
          x[1] = 0;
          ++x[0];
        }
        if (++pos == in_plane) {
          pos = 0;
          x[0] = 0;
          ++nc;
        }
      }
      ctx.copy_out(a.out, s0, stage, 0, s1 - s0);
    }
  }
  ctx.count_gm_reads(a.idx, index_loads);
  ctx.count_gm_reads(a.grad, grad_loads);
}

#define PC_SIMT(C, I) template void simt_kernel<C, I>(BlockContext&, const RegbaseArgs<C, I>&);
PC_SIMT(CodecF32, int32_t)
PC_SIMT(CodecF16, int32_t)
PC_SIMT(CodecBF16, int32_t)
PC_SIMT(CodecF32, int64_t)
PC_SIMT(CodecF16, int64_t)
PC_SIMT(CodecBF16, int64_t)
#undef PC_SIMT

}  // namespace pcemu::maxpool
