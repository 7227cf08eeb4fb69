#include "npu/faults.h"

#include <atomic>
#include <sstream>

namespace pcemu {

const FaultInfo kFaultCatalog[] = {
    // semantics: what the operator computes
    {"wrong_tap", Fault::WrongTap, "semantics", "a gradient lands one element off inside its window"},
    {"ceil_overhang_counted", Fault::CeilOverhangCounted, "semantics",
     "avgpool2d: the ceil-mode last window's overhang past the padding is counted in the countIncludePad divisor"},
    {"include_pad_ignored", Fault::IncludePadIgnored, "semantics",
     "avgpool2d: countIncludePad is dropped on the way to the kernel, which divides by the real element count"},
    {"divisor_override_ignored", Fault::DivisorOverrideIgnored, "semantics",
     "avgpool2d: divisorOverride is dropped on the way to the kernel, which divides by the window size"},
    {"adaptive_floor_end", Fault::AdaptiveFloorEnd, "semantics",
     "adaptive_avgpool3d: a window ends at floor((o+1)*in/out) instead of the ceiling"},
    {"index_wrong_plane", Fault::IndexWrongPlane, "semantics",
     "maxpool3d: an argmax index is applied relative to the tile's first N*C plane instead of its own"},
    {"index_axes_swapped", Fault::IndexAxesSwapped, "semantics",
     "maxpool3d: a flat argmax index is decoded with the input height as the row length instead of the width"},
    {"nan_dropped", Fault::NanDropped, "semantics",
     "a skip-zero-gradients shortcut written as !(g > 0 || g < 0) also drops NaN gradients"},
    {"simt_window_short", Fault::SimtWindowShort, "semantics",
     "maxpool3d 950 SIMT: the inverse window's end misses its +1, so the last window reaching an element is skipped"},
    {"index_int64_as_int32", Fault::Int64IndexAsInt32, "semantics",
     "maxpool3d 950: an INT64 indices tensor is read as if its elements were INT32"},
    {"rint_truncated", Fault::RintTruncated, "semantics",
     "maxpool3d 950: the fp32 sums are cast to fp16/bf16 by truncation instead of round-to-nearest-even"},
    {"index_int64_low_word", Fault::Int64IndexLowWord, "semantics",
     "maxpool3d 950: INT64 indices are range-checked and read through their low 32 bits, so an index whose low word "
     "is valid passes"},
    // tiling: how the work is split over cores, UB and workspace
    {"skip_init", Fault::SkipInit, "tiling", "the accumulation target is not zeroed before the kernels add into it"},
    {"no_atomics", Fault::NoAtomics, "tiling", "overlapping windows are copied out with plain stores, not atomics"},
    {"copy_overrun", Fault::CopyOverrun, "tiling", "maxpool3d: a block's last copy-out writes one element too many"},
    {"ub_model_short", Fault::UbModelShort, "tiling", "maxpool3d: the tiling's UB model under-counts by a quarter"},
    {"tail_dropped", Fault::TailDropped, "tiling",
     "avgpool2d/adaptive: the last core gets the even share, so the remainder of the work items is never run"},
    {"ub_knob_ignored", Fault::UbKnobIgnored, "tiling",
     "the tiling budgets the SoC's nominal unified buffer instead of the configured (smaller) one"},
    {"offset_ignored", Fault::OffsetIgnored, "tiling",
     "a view's storage offset is ignored where the kernel reads or writes it in place"},
    {"strides_ignored", Fault::StridesIgnored, "tiling",
     "a non-contiguous view is read and written in place as if it were contiguous"},
    {"half_accumulation", Fault::HalfAccumulation, "tiling",
     "maxpool3d: fp16/bf16 gradients are summed in the dtype instead of an fp32 accumulator"},
    {"simd_range_check_skipped", Fault::SimdRangeCheckSkipped, "tiling",
     "maxpool3d 950 SIMD: a range-checked tile scatters every argmax of its grad window, its own or a neighbour's"},
    {"simd_batch_collide", Fault::SimdBatchCollide, "tiling",
     "maxpool3d 950 SIMD: overlapping grad positions share a vector, so two lanes scatter into one element"},
    {"whole_plane_missed", Fault::WholePlaneMissed, "tiling",
     "maxpool3d A2/A3 Normal: an overlapping output plane that fits one tile still takes the atomic key 100 "
     "instead of upstream's key 0 (the numbers stay right; only the decision is wrong)"},
    {"simt_narrow_index", Fault::SimtNarrowIndex, "tiling",
     "maxpool3d 950 SIMT: the int32 variant (key 257) is taken even above the int32 index limit"},
    {"capability_off_by_block", Fault::CapabilityOffByBlock, "tiling",
     "maxpool3d A2/A3 Normal: the capability test compares the smallest tile's model with the UB plus one 32-byte "
     "block, so a UB one block short still takes Normal instead of Scatter"},
    {"det_ignored", Fault::DetIgnored, "tiling",
     "deterministic mode tiles like the default mode: atomics from several cores, added in completion order"},
    // validation: checks missing or too strict
    {"skip_pad_check", Fault::SkipPadCheck, "validation",
     "max pooling: padding past its bound is accepted (3-D: kernelSize/2; 2-D entry points: kernelSize)"},
    {"skip_platform_check", Fault::SkipPlatformCheck, "validation",
     "avgpool2d: a SoC the documents do not list (Ascend310P, Ascend950, ...) is accepted"},
    {"skip_dilation_check", Fault::SkipDilationCheck, "validation",
     "maxpool3d: a dilation other than 1 is accepted and then ignored"},
    {"bf16_refused", Fault::Bf16Refused, "validation",
     "avgpool2d: valid BFLOAT16 tensors are refused with 161002 (too strict)"},
    {"kernel_list_strict", Fault::KernelListStrict, "validation",
     "maxpool3d: the one-value kernelSize form [k] is refused with 161002 (too strict)"},
};
const size_t kFaultCatalogSize = sizeof(kFaultCatalog) / sizeof(kFaultCatalog[0]);

namespace {
std::atomic<unsigned> g_faults{0};
}  // namespace

bool any_fault_on() { return g_faults.load(std::memory_order_relaxed) != 0; }

bool fault_on(Fault f) { return (g_faults.load(std::memory_order_relaxed) & static_cast<unsigned>(f)) != 0; }

bool set_faults(const std::string& list) {
  unsigned mask = 0;
  std::istringstream is(list);
  std::string name;
  while (std::getline(is, name, ',')) {
    if (name.empty()) continue;
    bool known = false;
    for (const FaultInfo& f : kFaultCatalog) {
      if (name == f.name) {
        mask |= static_cast<unsigned>(f.fault);
        known = true;
      }
    }
    if (!known) return false;
  }
  g_faults = mask;
  return true;
}

}  // namespace pcemu
