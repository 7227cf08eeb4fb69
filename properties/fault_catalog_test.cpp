// One fixed case per catalog fault (beside the faults whose controls run generated cases in the operators'
// tests): the case passes, or fails as documented, without faults; with only the fault on, the check the
// control names rejects it (prop_util.h, Check). A rejection by another check fails the control, so each
// fault is shown to be caught where it is expected to be, not by accident.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "harness/op_adapter.h"
#include "properties/prop_util.h"

namespace poolcheck {

namespace {

struct FaultControl {
  const char* fault;
  const char* descriptor;
  Check expected;
};

// Each case is the smallest that shows the bug the fault models (comments: why it is caught there).
const FaultControl kControls[] = {
    // ceil mode: the last window [4, 6) overhangs input + padding (5); its countIncludePad divisor must be 1x2.
    {"ceil_overhang_counted",
     "op=avgpool2d_grad soc=Ascend910B gradOutput=f32:1x1x3x3:fmt=NCHW self=f32:1x1x5x5:fmt=NCHW "
     "gradInput=f32:1x1x5x5:fmt=NCHW kernelSize=[2,2] stride=[2,2] padding=[0,0] ceilMode=1 countIncludePad=1 "
     "divisorOverride=0 cubeMathType=0 cores=4 ub=196608 seed=1 fill=ints",
     Check::OracleComparison},
    // padding 1: the border windows hold 4 or 6 real elements but must divide by 9.
    {"include_pad_ignored",
     "op=avgpool2d_grad soc=Ascend910B gradOutput=f32:1x2x4x4:fmt=NCHW self=f32:1x2x4x4:fmt=NCHW "
     "gradInput=f32:1x2x4x4:fmt=NCHW kernelSize=[3,3] stride=[1,1] padding=[1,1] ceilMode=0 countIncludePad=1 "
     "divisorOverride=0 cubeMathType=0 cores=4 ub=196608 seed=1 fill=ints",
     Check::OracleComparison},
    // divisorOverride 5 instead of the window's 4.
    {"divisor_override_ignored",
     "op=avgpool2d_grad soc=Ascend910B gradOutput=f32:1x2x3x3:fmt=NCHW self=f32:1x2x4x4:fmt=NCHW "
     "gradInput=f32:1x2x4x4:fmt=NCHW kernelSize=[2,2] stride=[1,1] padding=[0,0] ceilMode=0 countIncludePad=0 "
     "divisorOverride=5 cubeMathType=0 cores=4 ub=196608 seed=1 fill=ints",
     Check::OracleComparison},
    // 3 -> 2: window 0 is [0, 2), not [0, 1).
    {"adaptive_floor_end",
     "op=adaptive_avgpool3d_grad soc=Ascend910B gradOutput=f32:2x2x2x2 self=f32:2x3x3x3 out=f32:2x3x3x3 cores=4 "
     "seed=1 fill=ints",
     Check::OracleComparison},
    // Four N*C lanes in one tile: lanes 1..3 scatter into lane 0's plane.
    {"index_wrong_plane",
     "op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x4x2x2x2 self=f32:1x4x4x4x4 indices=i32:1x4x2x2x2 "
     "gradInput=f32:1x4x4x4x4 kernelSize=[2,2,2] stride=[2,2,2] padding=[0,0,0] dilation=[1,1,1] ceilMode=0 det=0 "
     "cores=4 ub=196608 seed=1 fill=normal",
     Check::OracleComparison},
    // H 4 != W 6: decoding with H as the row length moves the taps.
    {"index_axes_swapped",
     "op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x2x1x2x3 self=f32:1x2x2x4x6 indices=i32:1x2x1x2x3 "
     "gradInput=f32:1x2x2x4x6 kernelSize=[2,2,2] stride=[2,2,2] padding=[0,0,0] dilation=[1,1,1] ceilMode=0 det=0 "
     "cores=4 ub=196608 seed=1 fill=normal",
     Check::OracleComparison},
    // fill=special puts NaN into gradOutput; the oracle spreads it, the fault writes 0.
    {"nan_dropped",
     "op=avgpool2d_grad soc=Ascend910B gradOutput=f32:2x4x4x4:fmt=NCHW self=f32:2x4x4x4:fmt=NCHW "
     "gradInput=f32:2x4x4x4:fmt=NCHW kernelSize=[3,3] stride=[1,1] padding=[1,1] ceilMode=0 countIncludePad=0 "
     "divisorOverride=0 cubeMathType=0 cores=4 ub=196608 seed=3 fill=special",
     Check::OracleComparison},
    // 9 work items on 4 cores: 2 + 2 + 2 + 3; the fault leaves the last item's gradients out.
    {"tail_dropped",
     "op=avgpool2d_grad soc=Ascend910B gradOutput=f32:1x1x3x3:fmt=NCHW self=f32:1x1x3x3:fmt=NCHW "
     "gradInput=f32:1x1x3x3:fmt=NCHW kernelSize=[1,1] stride=[1,1] padding=[0,0] ceilMode=0 countIncludePad=0 "
     "divisorOverride=0 cubeMathType=0 cores=4 ub=196608 seed=1 fill=ints",
     Check::OracleComparison},
    // UB set to 16 KiB: a tile planned for the nominal 192 KiB overflows it at run time.
    {"ub_knob_ignored",
     "op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x16x4x4x4 self=f32:1x16x8x8x8 indices=i32:1x16x4x4x4 "
     "gradInput=f32:1x16x8x8x8 kernelSize=[2,2,2] stride=[2,2,2] padding=[0,0,0] dilation=[1,1,1] ceilMode=0 det=0 "
     "cores=4 ub=16384 seed=1 fill=normal",
     Check::UbOverflow},
    // Overlapping 3x3x3 windows, stride 2, whose 2x2x2 output plane fits one Normal tile: upstream clears the
    // overlap (key 0); the fault keeps key 100 and adds atomically, so the numbers agree and only the decision is
    // wrong.
    {"whole_plane_missed",
     "op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x4x2x2x2 self=f32:1x4x5x5x5 indices=i32:1x4x2x2x2 "
     "gradInput=f32:1x4x5x5x5 kernelSize=[3,3,3] stride=[2,2,2] padding=[0,0,0] dilation=[1,1,1] ceilMode=0 det=0 "
     "cores=4 ub=196608 seed=1 fill=normal",
     Check::TilingOracle},
    // UB 34848 is one block below where Normal's smallest tile fits for this shape (34880): upstream takes Scatter;
    // the fault's capability test takes Normal, whose kernel still fits, so only the decision is wrong.
    {"capability_off_by_block",
     "op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x1x2x2x2 self=f32:1x1x4x4x4 indices=i32:1x1x2x2x2 "
     "gradInput=f32:1x1x4x4x4 kernelSize=[2,2,2] stride=[2,2,2] padding=[0,0,0] dilation=[1,1,1] ceilMode=0 det=0 "
     "cores=4 ub=34848 seed=1 fill=normal",
     Check::TilingOracle},
    // 128 gradInput elements above an int32 index limit of 100: SIMT must take key 258 (int64 offsets); with int32
    // offsets the kernel addresses element 100 and past, which the emulator refuses as an overflow.
    {"simt_narrow_index",
     "op=maxpool3d_grad soc=Ascend950 gradOutput=f32:1x2x2x2x2 self=f32:1x2x4x4x4 indices=i32:1x2x2x2x2 "
     "gradInput=f32:1x2x4x4x4 kernelSize=[2,2,2] stride=[2,2,2] padding=[0,0,0] dilation=[1,1,1] ceilMode=0 det=0 "
     "cores=4 i32limit=100 seed=1 fill=normal",
     Check::OffsetOverflow},
    // gradOutput starts 5 elements into its storage; read in place from the storage start it is shifted.
    {"offset_ignored",
     "op=avgpool2d_grad soc=Ascend910B gradOutput=f32:1x1x3x3:off=5:fmt=NCHW self=f32:1x1x4x4:fmt=NCHW "
     "gradInput=f32:1x1x4x4:fmt=NCHW kernelSize=[2,2] stride=[1,1] padding=[0,0] ceilMode=0 countIncludePad=0 "
     "divisorOverride=0 cubeMathType=0 cores=4 ub=196608 seed=1 fill=ints",
     Check::OracleComparison},
    // A transposed gradOutput (strides 3 and 1 swapped) read as if it were dense.
    {"strides_ignored",
     "op=avgpool2d_grad soc=Ascend910B gradOutput=f32:1x1x3x3:st=9,9,1,3:fmt=NCHW self=f32:1x1x4x4:fmt=NCHW "
     "gradInput=f32:1x1x4x4:fmt=NCHW kernelSize=[2,2] stride=[1,1] padding=[0,0] ceilMode=0 countIncludePad=0 "
     "divisorOverride=0 cubeMathType=0 cores=4 ub=196608 seed=1 fill=ints",
     Check::OracleComparison},
    // Overlapping windows send several large bf16 gradients of both signs to one input element: summed in bf16
    // the partial sums lose the bits that the fp32 accumulator keeps until the sum cancels.
    {"half_accumulation",
     "op=maxpool3d_grad soc=Ascend910B gradOutput=bf16:1x4x2x3x2 self=bf16:1x4x1x3x4 indices=i32:1x4x2x3x2 "
     "gradInput=bf16:1x4x1x3x4 kernelSize=[2,1,3] stride=[1,1,1] padding=[1,0,0] dilation=[1,1,1] ceilMode=0 det=0 "
     "cores=2 ub=196608 seed=2 fill=large",
     Check::OracleComparison},
    // Ascend310P is not an avg_pool2d_backward platform: past the missing check the call finds no kernel, so
    // the status comparison sees 561003 where the documents say 161002.
    {"skip_platform_check",
     "op=avgpool2d_grad soc=Ascend310P gradOutput=f32:1x1x3x3:fmt=NCHW self=f32:1x1x4x4:fmt=NCHW "
     "gradInput=f32:1x1x4x4:fmt=NCHW kernelSize=[2,2] stride=[1,1] padding=[0,0] ceilMode=0 countIncludePad=0 "
     "divisorOverride=0 cubeMathType=0 cores=4 ub=196608 seed=1 fill=ints",
     Check::OtherWrongError},
    // dilation 2 must be refused with 161002 in the first phase. Accepted, its argmax indices (of the dilated
    // windows) fail the kernel's index check instead: 161002 in Execute, a wrong phase for the status comparison.
    {"skip_dilation_check",
     "op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x1x1x1x1 self=f32:1x1x3x3x3 indices=i32:1x1x1x1x1 "
     "gradInput=f32:1x1x3x3x3 kernelSize=[2,2,2] stride=[2,2,2] padding=[0,0,0] dilation=[2,2,2] ceilMode=0 det=0 "
     "cores=4 ub=196608 seed=1 fill=normal",
     Check::OtherWrongError},
    // A valid bf16 call refused with 161002: the status comparison (wrong-error).
    {"bf16_refused",
     "op=avgpool2d_grad soc=Ascend910B gradOutput=bf16:1x1x3x3:fmt=NCHW self=bf16:1x1x4x4:fmt=NCHW "
     "gradInput=bf16:1x1x4x4:fmt=NCHW kernelSize=[2,2] stride=[1,1] padding=[0,0] ceilMode=0 countIncludePad=0 "
     "divisorOverride=0 cubeMathType=0 cores=4 ub=196608 seed=1 fill=ints",
     Check::OtherWrongError},
    // kernelSize=[2] is the documented one-value form.
    {"kernel_list_strict",
     "op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x1x2x2x2 self=f32:1x1x4x4x4 indices=i32:1x1x2x2x2 "
     "gradInput=f32:1x1x4x4x4 kernelSize=[2] stride=[2,2,2] padding=[0,0,0] dilation=[1,1,1] ceilMode=0 det=0 "
     "cores=4 ub=196608 seed=1 fill=normal",
     Check::OtherWrongError},
    // Ascend950 SIMD, range-checked tiles (key 1025: UB 12288, 3 cores): a neighbour's argmax addressed relative to
    // this tile's origin falls outside the UB tile buffer, which the emulator's UB bounds check refuses (561000).
    {"simd_range_check_skipped",
     "op=maxpool3d_grad soc=Ascend950 gradOutput=f32:1x2x4x10x20 self=f32:1x2x6x9x40 indices=i32:1x2x4x10x20 "
     "gradInput=f32:1x2x6x9x40 kernelSize=[3,2,3] stride=[1,1,2] padding=[0,1,1] dilation=[1,1,1] ceilMode=0 det=0 "
     "cores=3 ub=12288 seed=1 fill=normal",
     Check::UbBounds},
    // Ascend950 SIMD, whole planes with overlapping 3x3x3 windows: without the interleaved groups two lanes of one
    // vector scatter into one element, which the emulator's lane invariant refuses (561000).
    {"simd_batch_collide",
     "op=maxpool3d_grad soc=Ascend950 gradOutput=f32:2x2x5x7x9 self=f32:2x2x5x7x9 indices=i32:2x2x5x7x9 "
     "gradInput=f32:2x2x5x7x9 kernelSize=[3,3,3] stride=[1,1,1] padding=[1,1,1] dilation=[1,1,1] ceilMode=0 det=0 "
     "seed=1 fill=normal",
     Check::LaneInvariant},
    // Ascend950 SIMT (a 2560-byte UB fits no SIMD tile): each element misses the last window reaching it.
    {"simt_window_short",
     "op=maxpool3d_grad soc=Ascend950 gradOutput=f32:1x3x5x6x7 self=f32:1x3x5x6x7 indices=i32:1x3x5x6x7 "
     "gradInput=f32:1x3x5x6x7 kernelSize=[3,3,3] stride=[1,1,1] padding=[1,1,1] dilation=[1,1,1] ceilMode=0 det=0 "
     "ub=2560 seed=1 fill=normal",
     Check::OracleComparison},
    // Ascend950 SIMT with INT64 indices read as INT32 words: gradients are matched against the wrong positions.
    {"index_int64_as_int32",
     "op=maxpool3d_grad soc=Ascend950 gradOutput=f32:2x2x2x3x4 self=f32:2x2x4x6x8 indices=i64:2x2x2x3x4 "
     "gradInput=f32:2x2x4x6x8 kernelSize=[2,2,2] stride=[2,2,2] padding=[0,0,0] dilation=[1,1,1] ceilMode=0 det=0 "
     "ub=2176 seed=1 fill=normal",
     Check::OracleComparison},
    // Ascend950 with one INT64 index 2^32 or 2^33 past its argmax: its low word is the argmax, so a library that
    // checks and reads the low word accepts the call and computes the valid result where 161002 is documented.
    {"index_int64_low_word",
     "op=maxpool3d_grad soc=Ascend950 gradOutput=f32:2x2x2x3x4 self=f32:2x2x4x6x8 indices=i64:2x2x2x3x4 "
     "gradInput=f32:2x2x4x6x8 kernelSize=[2,2,2] stride=[2,2,2] padding=[0,0,0] dilation=[1,1,1] ceilMode=0 det=0 "
     "seed=1 fill=normal idxfault=hiword",
     Check::SpecExpectation},
    // Ascend950 SIMD, whole planes, bf16 with integer gradients: overlapping 3x3x3 windows sum several integers
    // exactly in fp32, and the final cast must round each sum to nearest even; the bitwise bound for exact
    // integer sums sees a truncated one (259 -> 258 instead of 260).
    {"rint_truncated",
     "op=maxpool3d_grad soc=Ascend950 gradOutput=bf16:1x2x5x6x7 self=bf16:1x2x5x6x7 indices=i32:1x2x5x6x7 "
     "gradInput=bf16:1x2x5x6x7 kernelSize=[3,3,3] stride=[1,1,1] padding=[1,1,1] dilation=[1,1,1] ceilMode=0 det=0 "
     "seed=1 fill=wideints",
     Check::OracleComparison},
};

// The faults whose controls draw generated cases in the operators' tests instead.
// det_ignored: properties/determinism_rerun_test.cpp (the determinism rerun is the check that fires).
const std::set<std::string> kControlledElsewhere{"wrong_tap",      "skip_init",      "no_atomics", "copy_overrun",
                                                 "ub_model_short", "skip_pad_check", "det_ignored"};

Case parse(const char* descriptor) {
  const ParseResult p = parse_runnable_case(descriptor);
  if (!p.ok) throw std::invalid_argument(std::string("control descriptor does not parse: ") + p.error);
  return p.value;
}

class FaultControlTest : public ::testing::TestWithParam<FaultControl> {};

TEST_P(FaultControlTest, TheNamedCheckRejectsTheFixedCase) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuSetFaults, "a fault-injection control");
  const FaultControl& fc = GetParam();
  const Case c = parse(fc.descriptor);
  const CaseResult clean = run_case(c);
  ASSERT_EQ(rejected_by(clean), Check::None)
      << "without faults the case must pass or fail as documented: " << outcome_name(clean.outcome) << ": "
      << clean.message;
  FaultScope fault(fc.fault);
  const CaseResult r = run_case(c);
  EXPECT_EQ(rejected_by(r), fc.expected) << fc.fault << " should be rejected by the " << check_name(fc.expected)
                                         << " check, got " << check_name(rejected_by(r)) << " ("
                                         << outcome_name(r.outcome) << ": " << r.message << ")";
}

INSTANTIATE_TEST_SUITE_P(Catalog, FaultControlTest, ::testing::ValuesIn(kControls),
                         [](const ::testing::TestParamInfo<FaultControl>& info) { return info.param.fault; });

// Every fault of the catalog has a control, here or in an operator's tests; a new fault needs one.
TEST(FaultCatalog, EveryFaultHasAControl) {
  POOLCHECK_NEEDS_EMULATOR(pcEmuFaultInfo, "the fault catalog");
  std::set<std::string> controlled = kControlledElsewhere;
  for (const auto& fc : kControls) controlled.insert(fc.fault);
  int n = 0;
  const char *name = nullptr, *category = nullptr, *description = nullptr;
  for (; backend::api().pcEmuFaultInfo(n, &name, &category, &description) == 0; ++n)
    EXPECT_TRUE(controlled.count(name)) << "catalog fault " << name << " has no control";
  EXPECT_GE(n, 16);
}

}  // namespace

}  // namespace poolcheck
