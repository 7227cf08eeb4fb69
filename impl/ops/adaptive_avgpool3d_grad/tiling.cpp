#include "ops/adaptive_avgpool3d_grad/tiling.h"

#include <algorithm>

#include "common/int_math.h"
#include "common/log.h"
#include "npu/faults.h"

namespace pcemu::adaptive {

namespace {
uint64_t dtype_key(aclDataType dt) { return dt == ACL_FLOAT ? 0 : dt == ACL_FLOAT16 ? 1 : 2; }
}  // namespace

const char* path_name(Path p) { return p == Path::AllOne ? "AllOne" : "General"; }

std::string Tiling::summary() const {
  return fmt::format(
      "{} key={} blockDim={} usedCores={} nc={} ncAlign={} large={} sliceLen={} sliceNum={} tail={} "
      "tasks={} yPerCalc={} perCore={} lastCore={} atomics={} fp32ws={} ub={}/{}",
      path_name(path), key, block_dim, used_cores, nc, nc_align, nc_large, slice_len, slice_num, slice_tail, task_num,
      y_per_calc, per_core, last_core, atomics, fp32_workspace, ub_planned, ub_limit);
}

std::optional<Tiling> plan_tiling(const Problem& pr, const PlatformProfile& plat, bool det, std::string* why) {
  Tiling t;
  t.ub_limit = plat.ub_bytes;
  t.nc = pr.nc();
  const int64_t cores = det ? 1 : plat.vector_cores;  // deterministic mode runs on one core
  if (pr.all_one()) {
    t.path = Path::AllOne;
    t.key = 900 + 10 * dtype_key(pr.dtype);
    t.block_dim = static_cast<int32_t>(std::min<int64_t>(cores, t.nc));
    return t;
  }
  const int64_t dt = pr.dtype_bytes(), align = 32 / dt;
  const bool b16 = dt == 2;
  t.atomics = pr.in[0] % pr.out[0] != 0 || pr.in[1] % pr.out[1] != 0 || pr.in[2] % pr.out[2] != 0;
  t.fp32_workspace = t.atomics && b16;
  t.nc_align = align_up(t.nc, align);
  const int64_t reserve = std::min<int64_t>(6144, plat.ub_bytes / 2);  // ops-nn keeps 2 x 3 KiB aside
  const int64_t ub = plat.ub_bytes - reserve;
  // ops-nn's per-channel UB budget: fp32 rows in and out (4 + 4); fp16/bf16 rows in, fp32, cast back and a
  // second fp32 row (2 + 4 + 2 + 4), though the kernel's working set is 2 + 4 + 2.
  const int64_t bytes_per = b16 ? 2 + 4 + 2 + 4 : 4 + 4;
  const int64_t per_calc = t.nc_align * bytes_per;
  const int64_t positions = pr.out[0] * pr.out[1] * pr.out[2];
  if (per_calc < ub) {
    t.slice_len = t.nc_align;
    t.slice_num = 1;
    t.slice_tail = t.nc_align;  // ops-nn reports the aligned length; the kernel copies the N*C it has
    t.task_num = positions;
    t.y_per_calc = ub / per_calc;
  } else {
    t.nc_large = true;
    const int64_t slices = ceil_div(per_calc, ub);
    t.slice_len = std::max(align, t.nc_align / slices / align * align);
    t.slice_num = ceil_div(t.nc, t.slice_len);
    t.slice_tail = t.nc - t.slice_len * (t.slice_num - 1);
    t.task_num = positions * t.slice_num;
    t.y_per_calc = 1;
  }
  t.per_core = fault_on(Fault::TailDropped) ? std::max<int64_t>(1, t.task_num / std::min(t.task_num, cores))
                                            : ceil_div(t.task_num, std::min(t.task_num, cores));
  t.used_cores = ceil_div(t.task_num, t.per_core);
  t.last_core = t.task_num - t.per_core * (t.used_cores - 1);
  t.y_per_calc = std::min(t.y_per_calc, t.per_core);  // no pass holds more positions than its core has
  t.block_dim = static_cast<int32_t>(cores);
  t.ub_planned = t.y_per_calc * t.slice_len * bytes_per;
  t.key = 10 * dtype_key(pr.dtype) + (t.nc_large ? 1 : 0);
  if (t.ub_planned > ub) {
    *why = fmt::format("a {}-channel slice needs {} UB bytes, {} available", t.slice_len, t.ub_planned, ub);
    return std::nullopt;
  }
  return t;
}

}  // namespace pcemu::adaptive
