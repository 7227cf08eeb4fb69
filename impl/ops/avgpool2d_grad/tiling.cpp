#include "ops/avgpool2d_grad/tiling.h"

#include <algorithm>

#include "common/int_math.h"
#include "common/log.h"
#include "npu/faults.h"

namespace pcemu::avgpool {

namespace {

bool takes_global_path(const Problem& pr) {
  return pr.divisor == 0 && pr.k[0] == pr.in[0] && pr.k[1] == pr.in[1] && pr.in[0] >= 10 && pr.in[1] >= 10 &&
         pr.out[0] == 1 && pr.out[1] == 1;
}

// The A2/A3 cube conditions of ops-nn's op_api (research §2B).
bool takes_cube_path(const Problem& pr) {
  const int64_t kh = pr.k[0], kw = pr.k[1], h = pr.in[0], w = pr.in[1];
  const bool long_strip = w / h >= 2 || h / w >= 2;
  return pr.divisor >= -255 && pr.divisor <= 255 && kh <= 255 && kw <= 255 &&
         (kh * kw <= 255 || (kh <= 20 && kw <= 20)) && pr.count_include_pad && !pr.ceil_mode && !long_strip &&
         pr.c < 65536;
}

uint64_t compute_code(Compute c) { return c == Compute::Fp32 ? 0 : c == Compute::Fp16 ? 1 : 2; }

// The 3-D op_api's deterministic reshape of N*C to (groups, N*C/groups): the largest divisor of N*C that is
// at most the core count, so each core can own whole channel groups.
int64_t deterministic_groups(int64_t nc, int64_t cores) {
  for (int64_t g = std::min(nc, cores); g > 1; --g)
    if (nc % g == 0) return g;
  return 1;
}

void plan_vector(const Problem& pr, const PlatformProfile& plat, bool det, Tiling* t) {
  const int64_t dt = pr.dtype_bytes();
  t->compute = Compute::Fp32;  // vector kernels cast to fp32 and ignore cubeMathType
  t->atomics = pr.overlap();
  t->fp32_workspace = t->atomics && dt != 4;
  t->groups = det && pr.groups_in_deterministic ? deterministic_groups(pr.nc(), plat.vector_cores) : 1;
  t->channels = pr.nc() / t->groups;
  t->row_pitch = pr.nc();
  // UB split: gradient row (dt), fp32 scaled row (4) and for fp16/bf16 without atomics a cast row (dt).
  const int64_t part = dt == 4 ? 2 : t->atomics ? 3 : 4;
  // ops-nn keeps 20 KiB aside; a UB knob below 40 KiB (which ops-nn's unsigned arithmetic would wrap)
  // keeps half instead.
  const int64_t reserve = std::min<int64_t>(20480, plat.ub_bytes / 2);
  const int64_t max_c = std::max<int64_t>(32 / dt, align_down((plat.ub_bytes - reserve) / part, 32) / dt);
  if (t->channels > max_c) {
    t->c_count = t->c_align = max_c;
    t->c_num = (t->channels + max_c - 1) / max_c;
    t->c_line = 1;
  } else {
    t->c_count = t->channels;
    t->c_align = align_up(t->channels, 32 / dt);
    t->c_num = 1;
    t->c_line = std::max<int64_t>(1, max_c / t->c_align);
  }
  t->c_tail = t->channels - (t->c_num - 1) * t->c_count;
  const int64_t positions = t->groups * pr.out_spatial();
  t->items = positions * t->c_num;
  // Cores come from the gradient positions alone (N*Do*Ho*Wo with N = groups), not from the work items:
  // channel chunks share the cores their positions get.
  int64_t cores = std::min<int64_t>(plat.vector_cores, positions);
  // Deterministic overlap: one core per group (gradDim0), so no two cores add into one element. The 2-D
  // path's gradDim0 is 1: it runs on one core.
  if (det && t->atomics) cores = std::min<int64_t>(cores, t->groups);
  t->block_dim = static_cast<int32_t>(cores);
  t->per_core = t->items / cores;
  t->last_core = fault_on(Fault::TailDropped) ? t->per_core : t->items - t->per_core * (cores - 1);
  t->ub_planned = t->c_line * t->c_align * dt * part;
  t->key = dt == 4 ? 2000 : 1000;
}

}  // namespace

const char* path_name(Path p) {
  switch (p) {
    case Path::Global:
      return "Global";
    case Path::Cube:
      return "Cube";
    default:
      return "Vector";
  }
}

Compute compute_precision(const Problem& pr) {
  if (pr.dtype == ACL_FLOAT16) return Compute::Fp16;
  if (pr.dtype == ACL_BF16) return Compute::Fp32;  // bf16 goes through fp32
  switch (pr.cube_math) {
    case kUseFp16:
      return Compute::Fp16;
    case kAllowFp32DownPrecision:  // the doc: FLOAT32 becomes HFLOAT32 (ops-nn code: FP16; see discrepancies)
    case kUseHf32:
      return Compute::Hf32;
    default:
      return Compute::Fp32;
  }
}

std::string Tiling::summary() const {
  if (layout == Layout::OnlyT)
    return fmt::format(
        "{} key={} compute={} blockDim={} hwCount={} hwAlign={} hwNum={} hwTail={} nLine={} items={} perCore={} "
        "lastCore={} atomics={} fp32ws={} ub={}/{}",
        path_name(path), key, compute_code(compute), block_dim, hw_count, hw_align, hw_num, hw_tail, n_line, items,
        per_core, last_core, atomics, fp32_workspace, ub_planned, ub_limit);
  if (layout == Layout::Block)
    return fmt::format(
        "{} key={} compute={} blockDim={} singleNc={} single={}x{}x{} cnt={}x{}x{}x{} totalCnt={} baseWo={} "
        "baseWi={} atomics={} fp32ws={} ub={}/{}{}",
        path_name(path), key, compute_code(compute), block_dim, single_nc, single_do, single_ho, single_wo, nc_cnt,
        do_cnt, ho_cnt, wo_cnt, total_cnt, base_wo, base_wi, atomics, fp32_workspace, ub_planned, ub_limit,
        pass_nc < single_nc ? fmt::format(" passNc={}", pass_nc) : std::string());
  return fmt::format(
             "{} key={} compute={} blockDim={} channels={} cCount={} cAlign={} cNum={} cTail={} cLine={} items={} "
             "perCore={} lastCore={} atomics={} fp32ws={} ub={}/{}",
             path_name(path), key, compute_code(compute), block_dim, channels, c_count, c_align, c_num, c_tail, c_line,
             items, per_core, last_core, atomics, fp32_workspace, ub_planned, ub_limit) +
         (groups > 1 ? fmt::format(" groups={}", groups) : std::string());
}

Path choose_path(const Problem& pr) {
  if (takes_global_path(pr)) return Path::Global;
  return takes_cube_path(pr) ? Path::Cube : Path::Vector;
}

std::optional<Tiling> plan_tiling(const Problem& pr, const PlatformProfile& plat, bool det, std::string* why) {
  return plan_tiling_on_path(pr, plat, det, choose_path(pr), compute_precision(pr), why);
}

std::optional<Tiling> plan_tiling_on_path(const Problem& pr, const PlatformProfile& plat, bool det, Path path,
                                          Compute compute, std::string* why) {
  Tiling t;
  t.ub_limit = plat.ub_bytes;
  t.compute = compute;
  if (path != Path::Vector) {
    t.path = path;
    // Gather formulations: every output element is produced by one core, no atomics.
    t.block_dim = static_cast<int32_t>(std::min<int64_t>(plat.vector_cores, pr.nc()));
    t.key = (t.path == Path::Global ? 8000 : 7000) + compute_code(t.compute);
    return t;
  }
  t.path = Path::Vector;
  plan_vector(pr, plat, det, &t);
  if (t.ub_planned > plat.ub_bytes) {
    *why = fmt::format("vector path needs {} UB bytes for one row, limit {}", t.ub_planned, plat.ub_bytes);
    return std::nullopt;
  }
  return t;
}

}  // namespace pcemu::avgpool
