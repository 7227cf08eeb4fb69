// AvgPool3DGrad's vector tiling, stated from ops-nn's op_host (avg_pool_3d_grad_tiling.cpp): Init picks the
// template by data_format and isOnlyT_, CalcCoreNumAndDetermineFlag the cores, Tiling4CParam sizes NDHWC's channel
// chunks, BasicBlockComputerUbSize decides NCDHW's scatter block, SetTilingKey the key. The same tiling and
// binaries serve Ascend910B, Ascend910_93 and Ascend950 (one config for all three, no arch branch): only the core
// count and the UB size differ.
#include "ops/avgpool2d_grad/tiling_oracle_family.h"

#include <algorithm>
#include <string>

namespace poolcheck::tiling_oracle::avgpool_family {

namespace {

constexpr int64_t kScalarReserve = 20480;  // SCALR_UB_SIZE
constexpr int64_t kAlignBytes = 32;        // ALIGN_BYTES

void add_field(ExpectedTiling& e, const char* name, int64_t value) {
  e.fields.push_back({name, std::to_string(value)});
}

int64_t align_up(int64_t v, int64_t to) { return (v + to - 1) / to * to; }

// ubPart: fp32 in and out (2); fp16/bf16 add the fp32 row (3 with overlap) and the cast row (4 without).
int64_t ub_parts(const GradCall& g) { return g.dtype == DType::F32 ? 2 : (overlapping(g) ? 3 : 4); }

// Upstream keeps 20 KiB aside; poolcheck keeps half a UB below 40 KiB instead, where upstream's unsigned
// subtraction would wrap (docs/tiling-conformance.md, "Where poolcheck differs on purpose").
int64_t ub_left(int64_t ub) { return ub - std::min(kScalarReserve, ub / 2); }

// The channels one NDHWC pass holds: a part of the UB left, aligned down to 32 bytes, in elements.
int64_t max_channels(const GradCall& g, int64_t ub) {
  return (ub_left(ub) / ub_parts(g)) / kAlignBytes * kAlignBytes / dtype_size(g.dtype);
}

// The gradient's N*D*H*W: NDHWC's positions (ndhwShape). The caller's element counts bound it.
int64_t positions(const GradCall& g) { return g.n * g.out[0] * g.out[1] * g.out[2]; }

// NDHWC: Tiling4CParam over the channels-last axis, one core per position, keys TILINGKEY_NO_CAST / _CAST.
ExpectedTiling channels_last_tiling(const GradCall& g, const PlatformNumbers& platform, bool deterministic) {
  const bool fp32 = g.dtype == DType::F32;
  const bool overlap = overlapping(g);
  const int64_t max_c = max_channels(g, platform.ub_bytes);

  int64_t c_count = 0, c_align = 0, c_num = 0, c_tail = 0, c_line = 0;
  if (g.c > max_c) {  // chunks of max_c channels, one position per pass
    c_count = c_align = max_c;
    c_num = (g.c + max_c - 1) / max_c;
    c_tail = g.c - (c_num - 1) * max_c;
    c_line = 1;
  } else {  // one 32-byte aligned chunk, max_c / cAlign positions per pass
    c_count = c_tail = g.c;
    c_align = align_up(g.c, kAlignBytes / dtype_size(g.dtype));
    c_num = 1;
    c_line = max_c / c_align;
  }

  // Deterministic mode with overlap: min(cores, gradDim0), so each gradDim0 slice is summed by one core.
  const int64_t cores = std::min<int64_t>(platform.vector_cores, deterministic && overlap ? g.n : positions(g));
  const int64_t items = positions(g) * c_num;  // a position's chunks are consecutive items
  const int64_t per_core = items / cores;
  const int64_t last_core = items - per_core * (cores - 1);

  ExpectedTiling e;
  e.strategy = Strategy::Vector;
  e.key = fp32 ? 2000 : 1000;
  add_field(e, "blockDim", cores);
  add_field(e, "channels", g.c);
  add_field(e, "cCount", c_count);
  add_field(e, "cAlign", c_align);
  add_field(e, "cNum", c_num);
  add_field(e, "cTail", c_tail);
  add_field(e, "cLine", c_line);
  add_field(e, "items", items);
  add_field(e, "perCore", per_core);
  add_field(e, "lastCore", last_core);
  // The kernel scales every gradient in fp32 (fp16/bf16 cast first: avg_pool3_d_grad_base.h); with overlap
  // it adds atomically, fp16/bf16 into the fp32 workspace that a cast pass then writes back.
  add_field(e, "compute", 0);
  e.fields.push_back({"atomics", overlap ? "true" : "false"});
  e.fields.push_back({"fp32ws", overlap && !fp32 ? "true" : "false"});
  std::string det;
  if (deterministic && overlap) det = g.n == 1 ? ", deterministic: one core" : ", deterministic: a core per slice";
  e.why = std::string("vector AvgPool3DGrad NDHWC") + (overlap ? ", overlapping windows" : "") + det;
  return e;
}

// BasicBlockComputerUbSize(1, 1, 1, 1, 1, wi) for the first block of 64 planes (singleCoreNc's start): the input
// and accumulation rows, the output rows, the transpose rows and, for fp16/bf16, the cast rows.
int64_t first_block_bytes(const GradCall& g, int64_t wi) {
  constexpr int64_t kPlanes = 64;
  const int64_t out8 = align_up(1, 8), out16 = align_up(1, 16);
  const int64_t in8 = align_up(wi, 8), in16 = align_up(wi, 16);
  if (g.dtype == DType::F32) return (std::max(out8, in8) + in8 + out8) * kPlanes * 4;
  const int64_t cast = 2 * kPlanes * 4;
  if (overlapping(g))
    return std::max(out16 * kPlanes * 2, in8 * kPlanes * 4) + in8 * kPlanes * 4 + out16 * kPlanes * 2 + cast;
  return std::max(out16, in16) * kPlanes * 2 + in16 * kPlanes * 2 + out16 * kPlanes * 2 + cast;
}

// NCDHW: only-T (Tiling4HWParam, keys TILINGKEY_ONLY_T_FP32 / _BF16) or the block template (Tiling4Block,
// TILINGKEY_SCATTER when a block of one input row of min(kW, W) does not fit the UB left, else _NORMAL).
ExpectedTiling planes_tiling(const GradCall& g, const PlatformNumbers& platform, bool deterministic) {
  const bool fp32 = g.dtype == DType::F32;
  const int64_t nc = g.n * g.c;
  ExpectedTiling e;
  e.strategy = Strategy::Vector;
  int64_t cores = 0;
  if (only_t(g)) {
    // Deterministic with overlap: one core per plane, min(cores, N*C).
    cores = std::min<int64_t>(platform.vector_cores, deterministic && overlapping(g) ? nc : nc * g.out[0]);
    e.key = fp32 ? 3000 : 4000;
    e.why = "vector AvgPool3DGrad NCDHW, only T";
  } else {
    // A row wider than the UB cannot fit; capping it keeps the byte count from wrapping.
    const int64_t wi = std::min({g.k[2], g.in[2], platform.ub_bytes});
    const bool scatter = first_block_bytes(g, wi) > ub_left(platform.ub_bytes);
    cores = std::min<int64_t>(platform.vector_cores, nc * g.out[0] * g.out[1] * g.out[2]);
    e.key = scatter ? 6000 : 5000;
    e.why = std::string("vector AvgPool3DGrad NCDHW, ") + (scatter ? "scatter" : "normal") + " block";
  }
  add_field(e, "blockDim", cores);
  return e;
}

}  // namespace

bool overlapping(const GradCall& g) { return g.s[0] < g.k[0] || g.s[1] < g.k[1] || g.s[2] < g.k[2]; }

bool only_t(const GradCall& g) { return g.k[1] == 1 && g.s[1] == 1 && g.k[2] == 1 && g.s[2] == 1; }

TilingVerdict expected_tiling(const GradCall& g, const PlatformNumbers& platform, bool deterministic) {
  if (g.n < 1 || g.c < 1 || positions(g) < 1) return {std::nullopt, "an empty gradient: no work to tile"};
  if (!g.channels_last) return {planes_tiling(g, platform, deterministic), ""};
  // Upstream's chunking divides by the channels a pass holds; below one 32-byte block of them the oracle states
  // nothing (poolcheck's tiling then plans one block and refuses a UB it overflows).
  if (max_channels(g, platform.ub_bytes) < 1)
    return {std::nullopt, "the UB left holds no 32-byte block of channels per pass"};
  return {channels_last_tiling(g, platform, deterministic), ""};
}

std::vector<Threshold> tiling_thresholds(const GradCall& g, const PlatformNumbers& /*platform*/, bool deterministic) {
  constexpr int64_t kMaxKnobCores = 64;  // the emulator's largest core count
  std::vector<Threshold> out;
  if (!g.channels_last || g.n < 1 || g.c < 1 || positions(g) < 1) return out;
  // The channels fit when the aligned-down part holds ceil(C * dt / 32) blocks: a UB left of parts * 32 * blocks,
  // reached at L + 20 KiB from 40 KiB on and at 2L - 1 below (half kept aside, rounded down).
  const int64_t blocks = (g.c * dtype_size(g.dtype) + kAlignBytes - 1) / kAlignBytes;
  const int64_t left = ub_parts(g) * kAlignBytes * blocks;
  const int64_t fits_from = left >= kScalarReserve ? left + kScalarReserve : 2 * left - 1;
  // One block below, a pass must still hold a channel.
  if (max_channels(g, fits_from - kAlignBytes) >= 1)
    out.push_back({ThresholdRule::VectorChannelsFit, Knob::UbBytes, fits_from, "cNum"});
  // min(cores, positions), unless deterministic mode with overlap runs gradDim0 cores.
  const int64_t p = positions(g);
  if (!(deterministic && overlapping(g)) && p >= 2 && p < kMaxKnobCores)
    out.push_back({ThresholdRule::VectorCoresVsPositions, Knob::Cores, p, "blockDim"});
  return out;
}

bool launches(const ::poolcheck::avgpool2d_grad::PoolView& v, size_t spatial_rank, std::string* why) {
  const TensorArg* grad = v.grad_output();
  const TensorArg* self = v.self();
  const IntArrayArg* k = v.kernel_size();
  if (grad == nullptr || self == nullptr || k == nullptr || k->values.empty()) {
    *why = "a null tensor or kernel: the call plans no kernel";
    return false;
  }
  const size_t rank = grad->shape.size();
  if ((rank != spatial_rank + 1 && rank != spatial_rank + 2) || self->shape.size() != rank) {
    *why = "gradOutput and self are not both " + std::to_string(spatial_rank + 1) + "-D or both " +
           std::to_string(spatial_rank + 2) + "-D";
    return false;
  }
  const std::optional<int64_t> grad_elems = element_count(grad->shape);
  const std::optional<int64_t> self_elems = element_count(self->shape);
  if (!grad_elems || !self_elems) {
    *why = "a tensor's element count exceeds int64";
    return false;
  }
  if (*grad_elems == 0 || *self_elems == 0) {
    *why = "an empty tensor: GetWorkspaceSize returns before any kernel";
    return false;
  }
  return true;
}

}  // namespace poolcheck::tiling_oracle::avgpool_family
