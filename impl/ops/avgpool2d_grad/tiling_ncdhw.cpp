// AvgPool3DGrad's NCDHW tilings as ops-nn's op_host picks them (avg_pool_3d_grad_tiling.cpp): the only-T template
// (Tiling4HWParam, keys 3000/4000) and the block templates (Tiling4Block, 5000 normal, 6000 scatter), with
// aclnnAvgPool3dBackward's route choice in front of them.
#include <algorithm>

#include "common/int_math.h"
#include "common/log.h"
#include "npu/faults.h"
#include "ops/avgpool2d_grad/tiling.h"

namespace pcemu::avgpool {

namespace {

constexpr int64_t kBlockNcLow = 12, kBlockNcHigh = 256;  // the op_api's CheckEnableBlock
constexpr int64_t kFirstNc = 64;                         // the block templates' first plane count

// N*C as the op_api merges it from gradOutput's view shape (C of a 4-D tensor).
int64_t merged_nc(const Problem& pr) {
  if (pr.grad_output == nullptr) return pr.nc();
  const auto& go = pr.grad_output->view_shape;
  return go.size() == 4 ? go[0] : go[0] * go[1];
}

bool only_t(const Problem& pr) { return pr.k[0] == 1 && pr.s[0] == 1 && pr.k[1] == 1 && pr.s[1] == 1; }

// UB left to the templates: op_host keeps 20 KiB for scalars; a UB knob below 40 KiB (which op_host's unsigned
// arithmetic would wrap) keeps half, as the channels-last tiling does.
int64_t ub_left(const PlatformProfile& plat) { return plat.ub_bytes - std::min<int64_t>(20480, plat.ub_bytes / 2); }

// The UB the block templates count for `nc` planes of a (1, 1, wo) gradient tile and its (1, 1, wi) input rows:
// gradient/accumulation rows, the transposed input rows, the transpose scratch and (fp16/bf16) the fp32 cast
// column, each row aligned to 8 (fp32) or 16 elements.
int64_t block_ub(int64_t wo, int64_t wi, int64_t nc, bool fp32, bool overlap) {
  const int64_t wo8 = align_up(wo, 8), wo16 = align_up(wo, 16), wi8 = align_up(wi, 8), wi16 = align_up(wi, 16);
  if (fp32) return (std::max(wo8, wi8) + wi8 + wo8) * nc * 4;
  const int64_t cast = 2 * nc * 4;
  if (overlap) return std::max(wo16 * nc * 2, wi8 * nc * 4) + wi8 * nc * 4 + wo16 * nc * 2 + cast;
  return (std::max(wo16, wi16) + wi16 + wo16) * nc * 2 + cast;
}

// Tiling4HWParam: each (N*C, Do) plane in chunks of the Ho*Wo elements one UB part holds.
void plan_only_t(const Problem& pr, const PlatformProfile& plat, int64_t cores, Tiling* t) {
  const int64_t dt = pr.dtype_bytes();
  const int64_t part = dt == 4 ? 2 : t->atomics ? 3 : 4;
  const int64_t max_hw = std::max<int64_t>(32 / dt, align_down(ub_left(plat) / part, 32) / dt);
  const int64_t hw = pr.out[0] * pr.out[1];
  if (hw > max_hw) {
    t->hw_count = t->hw_align = max_hw;
    t->hw_num = ceil_div(hw, max_hw);
    t->n_line = 1;
  } else {
    t->hw_count = hw;
    t->hw_align = align_up(hw, 32 / dt);
    t->hw_num = 1;
    t->n_line = std::max<int64_t>(1, max_hw / t->hw_align);
  }
  t->hw_tail = hw - (t->hw_num - 1) * t->hw_count;
  t->items = pr.nc() * pr.out_d * t->hw_num;
  t->per_core = t->items / cores;
  t->last_core = fault_on(Fault::TailDropped) ? t->per_core : t->items - t->per_core * (cores - 1);
  t->ub_planned = t->n_line * t->hw_align * dt * part;
  t->key = dt == 4 ? 3000 : 4000;
}

// BasicBlockSizeGet: the plane count grows (64, 128, 384, ...: times 2, 3, ...) while a whole gradient row still
// fits; then N*C, Do, Ho and Wo are cut in that order until there is a block per core (not in deterministic mode,
// where each core keeps whole planes).
void split_blocks(const Problem& pr, int64_t left, int64_t cores, bool det, Tiling* t) {
  const bool fp32 = pr.dtype == ACL_FLOAT, overlap = t->atomics;
  const int64_t nc = pr.nc(), od = pr.out_d, oh = pr.out[0], ow = pr.out[1];
  int64_t single = kFirstNc, fitted = kFirstNc;
  for (int64_t step = 2; block_ub(ow, pr.in[1], single, fp32, overlap) <= left; ++step) {
    fitted = single;
    single *= step;
  }
  t->single_nc = fitted;
  t->single_do = od;
  t->single_ho = oh;
  t->single_wo = ow;
  int64_t blocks = ceil_div(nc, t->single_nc);
  if (blocks < cores && !det) {
    t->single_do = ceil_div(od, ceil_div(cores, blocks));
    blocks *= ceil_div(od, t->single_do);
    if (blocks < cores) {
      t->single_ho = ceil_div(oh, ceil_div(cores, blocks));
      blocks *= ceil_div(oh, t->single_ho);
      if (blocks < cores) t->single_wo = ceil_div(ow, ceil_div(cores, blocks));
    }
  }
  t->nc_cnt = ceil_div(nc, t->single_nc);
  t->do_cnt = ceil_div(od, t->single_do);
  t->ho_cnt = ceil_div(oh, t->single_ho);
  t->wo_cnt = ceil_div(ow, t->single_wo);
  t->total_cnt = t->nc_cnt * t->do_cnt * t->ho_cnt * t->wo_cnt;
}

// Tiling4Block: the split above, then the widest gradient run (base_wo columns, base_wi input columns) the UB
// holds; scatter (one column at a time) when not even one window's input row fits.
void plan_block(const Problem& pr, const PlatformProfile& plat, int64_t cores, bool det, Tiling* t) {
  const bool fp32 = pr.dtype == ACL_FLOAT;
  const int64_t left = ub_left(plat), kw = pr.k[1], sw = pr.s[1], w = pr.in[1];
  split_blocks(pr, left, cores, det, t);
  t->scatter = block_ub(1, std::min(kw, w), t->single_nc, fp32, t->atomics) > left;
  t->base_wo = t->base_wi = 1;
  if (!t->scatter) {
    for (int64_t i = t->single_wo; i > 0; --i) {
      const int64_t wi = std::min(sat_add(sat_mul(i - 1, sw), kw), w);
      if (block_ub(i, wi, t->single_nc, fp32, t->atomics) <= left) {
        t->base_wo = i;
        t->base_wi = wi;
        break;
      }
    }
  }
  t->items = t->total_cnt;
  t->pass_nc = t->single_nc;
  if (t->scatter) {
    // Per plane: the gradient's 32-byte slot and a run of 8 (fp32) or 16 scaled values, in fp32 and (fp16/bf16
    // without overlap) cast. Upstream's buffers take all single_nc planes at once; a UB knob too small for them
    // (poolcheck's own, ops-nn's unsigned arithmetic would wrap) takes them in passes.
    const int64_t per_plane = fp32 ? 8 * 4 + 8 * 4 : 32 + 16 * 4 + (t->atomics ? 0 : 16 * 2);
    t->pass_nc = std::clamp<int64_t>(plat.ub_bytes / per_plane, 1, t->single_nc);
    t->ub_planned = t->pass_nc * per_plane;
  } else {
    t->ub_planned = block_ub(t->base_wo, t->base_wi, t->single_nc, fp32, t->atomics);
  }
  t->key = t->scatter ? 6000 : 5000;
}

}  // namespace

Layout choose_layout_3d(const Problem& pr) {
  if (only_t(pr)) return Layout::OnlyT;
  const int64_t nc = merged_nc(pr);
  return nc >= kBlockNcLow && nc < kBlockNcHigh ? Layout::Block : Layout::ChannelsLast;
}

std::optional<Tiling> plan_tiling_3d_route(const Problem& pr, const PlatformProfile& plat, bool det, std::string* why) {
  const Layout layout = choose_layout_3d(pr);
  if (layout == Layout::ChannelsLast) return plan_tiling_on_path(pr, plat, det, Path::Vector, Compute::Fp32, why);
  Tiling t;
  t.path = Path::Vector;
  t.layout = layout;
  t.compute = Compute::Fp32;
  t.ub_limit = plat.ub_bytes;
  t.atomics = pr.overlap();
  t.fp32_workspace = t.atomics && pr.dtype_bytes() != 4;
  t.channels = pr.nc();
  // CalcCoreNumAndDetermineFlag: the tasks are the (N*C, Do) planes (only T) or every gradient element (block),
  // counted in op_host's uint32; deterministic overlap gives the only-T template one core per N*C plane and makes
  // the block template keep whole planes per core.
  const int64_t tasks = layout == Layout::OnlyT ? pr.nc() * pr.out_d : pr.nc() * pr.out_spatial();
  int64_t cores = std::min<int64_t>(plat.vector_cores, static_cast<uint32_t>(tasks));
  const bool det_overlap = det && t.atomics;
  if (det_overlap && layout == Layout::OnlyT)
    cores = std::min<int64_t>(plat.vector_cores, static_cast<uint32_t>(pr.nc()));
  if (cores <= 0) {
    *why = fmt::format("AvgPool3DGrad's NCDHW tiling found no core for {} tasks", tasks);
    return std::nullopt;
  }
  t.block_dim = static_cast<int32_t>(cores);
  if (layout == Layout::OnlyT)
    plan_only_t(pr, plat, cores, &t);
  else
    plan_block(pr, plat, cores, det_overlap, &t);
  if (t.ub_planned > plat.ub_bytes) {
    *why = fmt::format("AvgPool3DGrad key {} needs {} UB bytes, limit {}", t.key, t.ub_planned, plat.ub_bytes);
    return std::nullopt;
  }
  return t;
}

}  // namespace pcemu::avgpool
