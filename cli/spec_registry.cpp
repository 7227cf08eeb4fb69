#include "cli/spec_registry.h"

#include "harness/op_adapter.h"

namespace poolcheck::cli {

std::vector<const spec::OperatorSpec*> all_specs() {
  std::vector<const spec::OperatorSpec*> specs;
  for (const OpAdapter* a : all_adapters()) specs.push_back(&a->spec());
  return specs;
}

const spec::OperatorSpec* spec_for(const std::string& op) {
  for (const spec::OperatorSpec* s : all_specs()) {
    if (s->op == op) return s;
  }
  return nullptr;
}

std::vector<StrategyInfo> strategies_for(const std::string& op) {
  if (op == "maxpool3d_grad") {
    return {
        {"Normal",
         {0, 100},
         "A tile of NC lanes with whole output windows fits in the unified buffer; gradients are scattered "
         "into a UB copy of the input region and overlap between windows is resolved there. Key 100 adds GM "
         "atomic adds because an overlapping axis is cut across cores or UB tiles."},
        {"CutK",
         {51, 61, 71, 151, 161, 171},
         "Even one output position's window does not fit in the UB, so the kernel window is cut along KD (51), "
         "KH (61) or KW (71) and the chunks are processed one after another; +100 when neighbouring windows "
         "overlap and chunks are accumulated with GM atomics."},
        {"Scatter",
         {2, 102},
         "The scalar fallback: each core owns a contiguous NC range and stores every gradient at the input "
         "position its index names (key 2); with overlapping windows it reads, adds and writes back in GM, "
         "through an fp32 workspace for fp16/bf16 (key 102)."},
    };
  }
  if (op == "avgpool2d_grad") {
    return {
        {"Global",
         {8000, 8001, 8002},
         "The kernel covers the whole input and the output is 1x1 (no divisorOverride, H and W >= 10): one "
         "division per plane, written to the window's real elements (padding honoured). +1 when computed in "
         "FP16, +2 in HF32."},
        {"Cube",
         {7000, 7001, 7002},
         "A depthwise transposed convolution on the cube unit (countIncludePad, no ceil mode, |divisor| <= 255, "
         "kernel <= 255 with kH*kW <= 255 or both <= 20, not a long strip, C < 65536): operands in FP32 (7000), "
         "FP16 (7001) or HF32 (7002) as cubeMathType says, fp32 accumulation, no atomics."},
        {"Vector",
         {1000, 2000},
         "Everything else: N*C merged into a channels-last axis tiled by the UB (channel chunks, rows per pass), "
         "gradients scaled by 1/divisor in fp32 and added to their windows, atomically when windows overlap, "
         "through an fp32 workspace and a cast pass for fp16/bf16 (1000) or directly for fp32 (2000); one "
         "core in deterministic mode when windows overlap."},
    };
  }
  if (op == "adaptive_avgpool3d_grad") {
    return {
        {"AllOne",
         {900, 910, 920},
         "The output is 1x1x1: a fill of 1/(D*H*W) rounded to the tensor dtype times the gradient, computed in "
         "the dtype and broadcast over the plane (900 fp32, 910 fp16, 920 bf16)."},
        {"General",
         {0, 1, 10, 11, 20, 21},
         "gradOutput transposed to (Do, Ho, Wo, N*C); tasks are output positions (small N*C, several per UB pass) "
         "or position x N*C-slice pairs (large N*C, +1); each scaled row is added to its window, atomically when "
         "the sizes do not divide, through an fp32 workspace for fp16/bf16 (keys 0/10/20 by dtype)."},
    };
  }
  return {};
}

}  // namespace poolcheck::cli
