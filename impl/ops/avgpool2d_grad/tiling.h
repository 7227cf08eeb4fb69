// AvgPool2dBackward on Atlas A2/A3: the op_api chooses among three compute paths as ops-nn does, and the
// vector path is tiled like AvgPool3DGrad's channels-last "C parameter" tiling.
//   Global: the kernel covers the input and the output is 1x1: one division per plane (padding honoured).
//   Cube:   a depthwise transposed convolution on the cube unit (countIncludePad, no ceil mode, small
//           kernels and divisors, not a long strip); cubeMathType sets the operand precision.
//   Vector: N*C merged into a channels-last axis; gradients scaled by 1/divisor and added to every input
//           element of their window, atomically where windows overlap.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "npu/platform.h"
#include "ops/avgpool2d_grad/problem.h"

namespace pcemu::avgpool {

enum class Path { Global, Cube, Vector };
const char* path_name(Path p);

// The data_format aclnnAvgPool3dBackward hands AvgPool3DGrad: channels-last (keys 1000/2000), or NCDHW with the
// only-T template (3000/4000) or the block templates (5000 normal, 6000 scatter). The 2-D entry point is always
// channels-last.
enum class Layout { ChannelsLast, OnlyT, Block };

// Operand precision of the cube unit / of the global division.
enum class Compute { Fp32, Fp16, Hf32 };
Compute compute_precision(const Problem& pr);

struct Tiling {
  Path path = Path::Vector;
  Compute compute = Compute::Fp32;
  uint64_t key = 0;
  int32_t block_dim = 1;
  int64_t ub_limit = 0;
  // Vector path ("C parameter" tiling over channels-last NC).
  bool atomics = false;
  bool fp32_workspace = false;
  int64_t groups = 1;     // gradDim0: N*C split into this many groups of `channels` (3-D deterministic mode)
  int64_t channels = 0;   // channels of one group (N*C when groups is 1)
  int64_t row_pitch = 0;  // channels-last GM row: all N*C
  int64_t c_count = 0;    // channels per UB row
  int64_t c_align = 0;    // row pitch in UB (elements)
  int64_t c_num = 1;      // chunks of the channel axis
  int64_t c_tail = 0;     // channels of the last chunk
  int64_t c_line = 1;     // rows (gradient positions) per UB pass
  int64_t items = 0;      // groups*Do*Ho*Wo*c_num work items
  int64_t per_core = 0;   // items of every core but the last
  int64_t last_core = 0;  // items of the last core
  int64_t ub_planned = 0;
  // NCDHW routes (tiling_ncdhw.cpp); items, per_core, last_core and the UB fields above are shared.
  Layout layout = Layout::ChannelsLast;
  // Only T (Tiling4HWParam): one work item is an (N*C, Do) plane's chunk of hw_count of its Ho*Wo elements.
  int64_t hw_count = 0, hw_align = 0, hw_num = 1, hw_tail = 0, n_line = 1;
  // Block (Tiling4Block): N*C cut into single_nc planes, Do/Ho/Wo cut until every core has a block; blocks go
  // round-robin over the cores; base_wo gradient columns (base_wi input columns) per UB pass.
  bool scatter = false;
  int64_t single_nc = 0, single_do = 0, single_ho = 0, single_wo = 0;
  int64_t nc_cnt = 0, do_cnt = 0, ho_cnt = 0, wo_cnt = 0, total_cnt = 0, base_wo = 1, base_wi = 1;
  // Planes per UB pass: single_nc, except where a UB knob below upstream's scatter buffers makes scatter take
  // its planes in passes.
  int64_t pass_nc = 0;
  // Upstream profile: ops-nn's global shortcut divides by kH*kW and writes every input element
  // (upstream_op_api.cpp sets it; the documented Global path honours padding).
  bool global_whole_plane = false;
  // Upstream profile: with FLOAT16 operands the cube's convolution also outputs FLOAT16, which is rounded
  // before the Cast to the gradInput dtype (Conv2DBackpropInputFp162Fp16).
  bool fp16_result = false;

  std::string summary() const;
};

// The A2/A3 path the op_api chooses (ops-nn's conditions, research section 2B).
Path choose_path(const Problem& pr);
// The tiling of `path` with operands in `compute` (the Vector path always computes in fp32).
std::optional<Tiling> plan_tiling_on_path(const Problem& pr, const PlatformProfile& plat, bool deterministic, Path path,
                                          Compute compute, std::string* why);
std::optional<Tiling> plan_tiling(const Problem& pr, const PlatformProfile& plat, bool deterministic, std::string* why);

// aclnnAvgPool3dBackward's choice (upstream op_api): NCDHW when kH = sH = kW = sW = 1 (only T) or when gradOutput's
// merged N*C is in [12, 256) (block), else channels-last.
Layout choose_layout_3d(const Problem& pr);
// The AvgPool3DGrad tiling of an aclnnAvgPool3dBackward call on its route (op_host's Tiling4HWParam, Tiling4Block
// or the channels-last Tiling4CParam).
std::optional<Tiling> plan_tiling_3d_route(const Problem& pr, const PlatformProfile& plat, bool deterministic,
                                           std::string* why);

}  // namespace pcemu::avgpool
