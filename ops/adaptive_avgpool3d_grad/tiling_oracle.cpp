// The tiling decision of adaptive_avgpool3d_grad's kernels, stated from upstream's selection rules (tiling_oracle/).
//
// op_api (aclnn_adaptive_avg_pool3d_backward.cpp, SelectAdaptiveAvgPool3dBackward): a 1x1x1 gradOutput takes the
// Fill x Mul path (poolcheck's AllOne, keys 900/910/920); otherwise, off regbase, gradOutput is transposed to
// (Do, Ho, Wo, N*C) and AdaptiveAvgPool3dGrad tiles it (op_host/adaptive_avg_pool3d_grad_tiling.cpp, Init and
// CalTilingKey; poolcheck's General, keys 0/1/10/11/20/21).
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/int_math.h"
#include "ops/adaptive_avgpool3d_grad/view.h"
#include "tiling_oracle/operator_statements.h"

namespace poolcheck::tiling_oracle::adaptive_avgpool3d_grad {

namespace {

using poolcheck::adaptive_avgpool3d_grad::View;

constexpr int64_t kBlockBytes = 32;  // UB block: ncAlign and the slice length are whole blocks
// Init: ubSize = UB - RESERVED_UB (3 KiB) - INDEX_USE_UB (3 KiB).
constexpr int64_t kReservedUb = 3 * 1024 + 3 * 1024;

// GetDataTypeKey: fp32 0, fp16 1, bf16 2; nullopt for a dtype the kernel has none for.
std::optional<uint64_t> dtype_key(DType dt) {
  switch (dt) {
    case DType::F32:
      return 0;
    case DType::F16:
      return 1;
    case DType::BF16:
      return 2;
    default:
      return std::nullopt;
  }
}

// The shape facts CalTilingKey reads: N*C (the transposed grad's last axis) and the input and output D, H, W.
struct Shapes {
  int64_t nc = 1;
  std::array<int64_t, 3> in{};
  std::array<int64_t, 3> out{};
};

Shapes shapes_of(const TensorArg& grad, const TensorArg& self) {
  Shapes s;
  const size_t rank = self.shape.size();
  for (size_t i = 0; i + 3 < rank; ++i) s.nc = saturating_mul(s.nc, self.shape[i]);
  for (size_t a = 0; a < 3; ++a) {
    s.in[a] = self.shape[rank - 3 + a];
    s.out[a] = grad.shape[grad.shape.size() - 3 + a];
  }
  return s;
}

// The UB left for rows. Upstream keeps 6 KiB aside; poolcheck keeps at most half a UB knob below 12 KiB
// (docs/tiling-conformance.md, "Where poolcheck differs on purpose"; docs/emulator.md, General tiling).
int64_t ub_for_rows(int64_t ub) { return ub - std::min(kReservedUb, ub / 2); }

// CalTilingKey's budget per aligned channel: fp32 in and out rows (4 + 4); fp16/bf16 in, fp32, cast and fp32
// rows (2 + 4 + 2 + 4), though the kernel's own rows take 8 (docs/tiling-conformance.md, capacity rules).
int64_t bytes_per_channel(int64_t dt_bytes) { return dt_bytes == 4 ? 8 : 12; }

void add(std::vector<TilingField>& fields, const char* name, int64_t v) { fields.push_back({name, std::to_string(v)}); }
void add(std::vector<TilingField>& fields, const char* name, bool v) { fields.push_back({name, v ? "true" : "false"}); }

// AdaptiveAvgPool3dGrad's CalTilingKey and RunKernelTiling (blockDim). `rows_needed`: the UB one pass's rows take
// (yNumPerCalc positions of a slice each).
ExpectedTiling general(const Shapes& s, uint64_t dkey, int64_t dt_bytes, bool deterministic,
                       const PlatformNumbers& platform, int64_t* rows_needed) {
  const int64_t align_num = kBlockBytes / dt_bytes;
  const int64_t nc_align = ceil_div(s.nc, align_num) * align_num;
  const int64_t ub = ub_for_rows(platform.ub_bytes);
  const int64_t per_calc = saturating_mul(nc_align, bytes_per_channel(dt_bytes));
  const int64_t positions = saturating_mul(saturating_mul(s.out[0], s.out[1]), s.out[2]);

  // Small N*C (perCalcSize < ubSize): one task per output position, several positions per UB pass, the slice
  // being the whole aligned row. Large: the row is cut into block-aligned slices, one task per (position, slice).
  const bool large = per_calc >= ub;
  int64_t slice_len = nc_align, slice_num = 1, tail = nc_align, tasks = positions, y_per_calc = 1;
  if (!large) {
    y_per_calc = ub / per_calc;
  } else {
    const int64_t first_cut = ceil_div(per_calc, ub);
    // poolcheck never lets a slice be shorter than one block, where upstream's formula would give 0
    // (docs/tiling-conformance.md, "Where poolcheck differs on purpose").
    slice_len = std::max(align_num, nc_align / first_cut / align_num * align_num);
    slice_num = ceil_div(s.nc, slice_len);
    tail = s.nc - slice_len * (slice_num - 1);
    tasks = saturating_mul(positions, slice_num);
  }

  // Contiguous task ranges over the cores (one core in deterministic mode); yNumPerCalc never exceeds a core's
  // tasks. SetBlockDim(coreNum): every core runs, the idle ones only help zero the output.
  const int64_t cores = deterministic ? 1 : platform.vector_cores;
  const int64_t per_core = ceil_div(tasks, std::min(tasks, cores));
  const int64_t used = ceil_div(tasks, per_core);
  const int64_t last = tasks - per_core * (used - 1);
  y_per_calc = std::min(y_per_calc, per_core);
  *rows_needed = saturating_mul(y_per_calc, saturating_mul(slice_len, bytes_per_channel(dt_bytes)));

  // Windows are disjoint only when every input size is a multiple of its output size; else atomic adds, into an
  // fp32 workspace for fp16/bf16.
  const bool atomics = !(s.in[0] % s.out[0] == 0 && s.in[1] % s.out[1] == 0 && s.in[2] % s.out[2] == 0);

  ExpectedTiling e;
  e.strategy = Strategy::General;
  e.key = dkey * 10 + (large ? 1 : 0);
  e.why = large ? "N*C large: aligned rows need the UB, sliced" : "N*C small: several output positions per pass";
  add(e.fields, "blockDim", cores);
  add(e.fields, "usedCores", used);
  add(e.fields, "nc", s.nc);
  add(e.fields, "ncAlign", nc_align);
  add(e.fields, "large", large);
  add(e.fields, "sliceLen", slice_len);
  add(e.fields, "sliceNum", slice_num);
  add(e.fields, "tail", tail);
  add(e.fields, "tasks", tasks);
  add(e.fields, "yPerCalc", y_per_calc);
  add(e.fields, "perCore", per_core);
  add(e.fields, "lastCore", last);
  add(e.fields, "atomics", atomics);
  add(e.fields, "fp32ws", atomics && dt_bytes == 2);
  return e;
}

// SelectAdaptiveAvgPool3dBackward's all-one path: Fill(1/(D*H*W)) x gradOutput, no AdaptiveAvgPool3dGrad
// kernel, so no atomics and no workspace; poolcheck keys it 900 + 10 * dtype (spec_strategies.cpp).
ExpectedTiling all_one(uint64_t dkey) {
  ExpectedTiling e;
  e.strategy = Strategy::AllOne;
  e.key = 900 + 10 * dkey;
  e.why = "gradOutput D, H, W are 1: fill times gradient";
  add(e.fields, "atomics", false);
  add(e.fields, "fp32ws", false);
  return e;
}

// A2/A3 and the Atlas training/inference series run these kernels. Upstream's CheckParamsLogic refuses every
// non-1x1x1 call on Ascend910; poolcheck follows the doc and runs General there too (AA.D.PLATFORMS).
bool runs_these_kernels(const std::string& soc) {
  return soc == "Ascend910B" || soc == "Ascend910_93" || soc == "Ascend910" || soc == "Ascend310P";
}

}  // namespace

TilingVerdict expected_tiling(const Case& c, const PlatformNumbers& platform) {
  if (platform.regbase || !runs_these_kernels(platform.soc))
    return {std::nullopt, platform.soc + " runs no AdaptiveAvgPool3dGrad kernel (valid calls are refused)"};
  const View v(c);
  const TensorArg* grad = v.grad_output();
  const TensorArg* self = v.self();
  if (grad == nullptr || self == nullptr || grad->shape.size() < 3 || self->shape.size() < 4)
    return {std::nullopt, "gradOutput or self missing or of too few dims"};
  const std::optional<uint64_t> dkey = dtype_key(grad->dtype);
  if (!dkey) return {std::nullopt, std::string("no kernel for dtype ") + dtype_name(grad->dtype)};

  const Shapes s = shapes_of(*grad, *self);
  if (s.out[0] == 1 && s.out[1] == 1 && s.out[2] == 1) return {all_one(*dkey), ""};
  for (size_t a = 0; a < 3; ++a)
    if (s.in[a] <= 0 || s.out[a] <= 0) return {std::nullopt, "a zero or negative D, H or W"};
  if (s.nc <= 0) return {std::nullopt, "N*C is zero"};
  if (platform.ub_bytes <= 0 || platform.vector_cores <= 0) return {std::nullopt, "no UB or no cores"};
  int64_t rows_needed = 0;
  const ExpectedTiling e = general(s, *dkey, dtype_size(grad->dtype), c.deterministic, platform, &rows_needed);
  // A UB knob so small that even one block-long slice's rows do not fit: poolcheck's tiling fails (561002).
  if (rows_needed > ub_for_rows(platform.ub_bytes))
    return {std::nullopt, "one pass's rows need " + std::to_string(rows_needed) + " UB bytes, " +
                              std::to_string(ub_for_rows(platform.ub_bytes)) + " left: the tiling fails"};
  return {e, ""};
}

}  // namespace poolcheck::tiling_oracle::adaptive_avgpool3d_grad

namespace poolcheck::tiling_oracle::adaptive_avgpool3d_grad {

// The General kernel's knob thresholds: the UB from which an aligned N*C row fits (small N*C), and the core count
// that gives every task a core of its own. The all-one path reads neither knob.
std::vector<Threshold> tiling_thresholds(const Case& c, const PlatformNumbers& platform) {
  constexpr int64_t kMaxKnobCores = 64;  // the emulator's largest core count
  std::vector<Threshold> out;
  if (platform.regbase || !runs_these_kernels(platform.soc) || platform.ub_bytes <= 0) return out;
  const View v(c);
  const TensorArg* grad = v.grad_output();
  const TensorArg* self = v.self();
  if (grad == nullptr || self == nullptr || grad->shape.size() < 3 || self->shape.size() < 4) return out;
  const std::optional<uint64_t> dkey = dtype_key(grad->dtype);
  if (!dkey) return out;
  const Shapes s = shapes_of(*grad, *self);
  if (s.out[0] == 1 && s.out[1] == 1 && s.out[2] == 1) return out;
  for (size_t a = 0; a < 3; ++a)
    if (s.in[a] <= 0 || s.out[a] <= 0) return out;
  if (s.nc <= 0) return out;

  // Small N*C while perCalcSize < ubSize: a UB for rows of perCalcSize + 1, reached at L + 6 KiB from 12 KiB on
  // and at 2L - 1 below (half kept aside, rounded down).
  const int64_t dt_bytes = dtype_size(grad->dtype);
  const int64_t align_num = kBlockBytes / dt_bytes;
  const int64_t nc_align = ceil_div(s.nc, align_num) * align_num;
  const int64_t rows = saturating_mul(nc_align, bytes_per_channel(dt_bytes)) + 1;
  const int64_t fits_from = rows >= kReservedUb ? rows + kReservedUb : 2 * rows - 1;
  // Stated where the large side one block below still gets a tile (a slice's rows within the UB left).
  PlatformNumbers below = platform;
  below.ub_bytes = fits_from - kBlockBytes;
  int64_t below_rows = 0;
  general(s, *dkey, dt_bytes, c.deterministic, below, &below_rows);
  if (below.ub_bytes > 0 && below_rows <= ub_for_rows(below.ub_bytes))
    out.push_back({ThresholdRule::GeneralRowFits, Knob::UbBytes, fits_from, "large"});

  // One task per core from cores = tasks on; one fewer core doubles a core's share (not in deterministic mode,
  // which runs one core).
  int64_t rows_needed = 0;
  const ExpectedTiling e = general(s, *dkey, dt_bytes, c.deterministic, platform, &rows_needed);
  const std::string tasks_text = decision_value(e, "tasks");
  const int64_t tasks = tasks_text.empty() ? 0 : std::stoll(tasks_text);
  if (!c.deterministic && tasks >= 2 && tasks < kMaxKnobCores && rows_needed <= ub_for_rows(platform.ub_bytes))
    out.push_back({ThresholdRule::GeneralCoresVsTasks, Knob::Cores, tasks, "perCore"});
  return out;
}

}  // namespace poolcheck::tiling_oracle::adaptive_avgpool3d_grad
