// Deliberate implementation faults, switched on by negative-control tests and by `poolcheck selftest` to prove
// that the harness and the emulator's own checks reject a wrong implementation. Each one models a realistic bug
// class of a pooling-backward library; kFaultCatalog names and describes them all.
#pragma once

#include <cstddef>
#include <string>

namespace pcemu {

enum class Fault : unsigned {
  UbModelShort = 1u << 0,  // tiling under-counts UB by one block: the UB allocator must refuse
  NoAtomics = 1u << 1,     // kernels copy out with plain writes where they need atomics: the race check must fire
  SkipInit = 1u << 2,      // kernels skip zeroing the output: results must disagree with the oracle
  CopyOverrun = 1u << 3,   // the last copy-out of a block writes one element too many: bounds/race checks fire
  WrongTap = 1u << 4,      // gradient lands one element off inside its window: the oracle comparison must fail
  SkipPadCheck = 1u << 5,  // op_api forgets the padding bound check: the failure-path property must fail
  DetIgnored = 1u << 6,    // deterministic mode tiles like the default mode (atomics from several cores, added in
                           // completion order): the campaign's determinism rerun must see the bits change
  CeilOverhangCounted = 1u << 7,     // avg: the ceil-mode overhang past the padding is counted in the divisor
  IncludePadIgnored = 1u << 8,       // avg: countIncludePad never reaches the kernel (real counts always)
  DivisorOverrideIgnored = 1u << 9,  // avg: divisorOverride never reaches the kernel
  AdaptiveFloorEnd = 1u << 10,       // adaptive: the window end rounds down instead of up
  IndexWrongPlane = 1u << 11,        // max: every lane of a tile scatters into the first lane's plane
  IndexAxesSwapped = 1u << 12,       // max: a flat index is decoded with the row length H instead of W
  NanDropped = 1u << 13,             // a zero-skip shortcut also skips NaN gradients
  TailDropped = 1u << 14,            // the last core gets the even share: the remainder items are dropped
  UbKnobIgnored = 1u << 15,          // tiling budgets the SoC's nominal UB, not the configured one
  OffsetIgnored = 1u << 16,          // a view's storage offset is ignored where data is read in place
  StridesIgnored = 1u << 17,         // a strided view is read and written as if it were contiguous
  HalfAccumulation = 1u << 18,       // max: fp16/bf16 gradients accumulate in the dtype, not in fp32
  SkipPlatformCheck = 1u << 19,      // avg: an unsupported SoC is accepted
  SkipDilationCheck = 1u << 20,      // max: dilation other than 1 is accepted (and ignored)
  Bf16Refused = 1u << 21,            // avg: valid BFLOAT16 tensors are refused with 161002
  KernelListStrict = 1u << 22,       // max: the one-value kernelSize form [k] is refused with 161002
  SimdRangeCheckSkipped = 1u << 23,  // max 950 SIMD: IS_CHECK_RANGE tiles scatter every argmax, in the tile or not
  SimdBatchCollide = 1u << 24,       // max 950 SIMD: grad positions not interleaved, so one vector's lanes collide
  SimtWindowShort = 1u << 25,        // max 950 SIMT: pend misses its +1, the last window reaching an element
  Int64IndexAsInt32 = 1u << 26,      // max 950: an INT64 indices tensor is read as INT32 elements
  RintTruncated = 1u << 27,          // max 950: the fp32 -> fp16/bf16 cast truncates instead of rounding to even
  Int64IndexLowWord = 1u << 28,      // max 950: INT64 indices are checked and read through their low 32 bits
  WholePlaneMissed = 1u << 29,       // max A2: an overlapping plane that fits one tile still takes the atomic key
  SimtNarrowIndex = 1u << 30,        // max 950 SIMT: int32 offsets even above the int32 index limit
  CapabilityOffByBlock = 1u << 31,   // max A2: Normal's capability test admits a tile one UB block too big
};

// One catalog entry: the name pcEmuSetFaults takes, its category (semantics, tiling or validation) and the bug
// it models, in one line.
struct FaultInfo {
  const char* name;
  Fault fault;
  const char* category;
  const char* description;
};
extern const FaultInfo kFaultCatalog[];
extern const size_t kFaultCatalogSize;

bool fault_on(Fault f);
bool any_fault_on();
// Comma-separated names; false (and no change) for an unknown name.
bool set_faults(const std::string& list);

// Whether tiling honours deterministic mode: `deterministic` unless the DetIgnored fault is on.
inline bool tiling_deterministic(bool deterministic) { return deterministic && !fault_on(Fault::DetIgnored); }

}  // namespace pcemu
