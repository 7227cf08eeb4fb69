# The sibling entry points' documents (seeds 005-008): each call example compiled as written and run against the
# emulated library; the printed values are checked against hand-derived ones, each with a control showing the check
# can fail. Included from tests/CMakeLists.txt (poolcheck_doc_example, seed_dir).

# The example doc_example_<EXE> through RunExpect with the exit status, regexes the output must match and one it must
# not (optional), and the environment. REJECT defaults to a pattern no example prints. CONTROL: a negative control,
# which passes when those checks fail (WILL_FAIL). SOCS: one test per SoC, run with POOLCHECK_SOC set to it and
# named `name` with "<soc>" replaced by it.
function(poolcheck_doc_example_test name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "CONTROL" "EXE;EXIT;REJECT" "EXPECT;ENV;SOCS")
  if(NOT arg_REJECT)
    set(arg_REJECT "^$")
  endif()
  if(NOT arg_SOCS)
    set(arg_SOCS "-")  # one test, POOLCHECK_SOC left alone
  endif()
  foreach(soc IN LISTS arg_SOCS)
    # The examples return early on an error without freeing what they made: their own leaks, not the library's.
    set(env ASCEND_GLOBAL_LOG_LEVEL=3 ASAN_OPTIONS=detect_leaks=0 ${arg_ENV})
    set(test_name ${name})
    if(NOT soc STREQUAL "-")
      string(REPLACE "<soc>" "${soc}" test_name "${name}")
      list(APPEND env POOLCHECK_SOC=${soc})
    endif()
    add_test(NAME ${test_name}
             COMMAND ${CMAKE_COMMAND} -DCMD=$<TARGET_FILE:doc_example_${arg_EXE}> -DEXIT=${arg_EXIT}
                     "-DEXPECT=${arg_EXPECT}" "-DREJECT=${arg_REJECT}" -P ${PROJECT_SOURCE_DIR}/cmake/RunExpect.cmake)
    set_tests_properties(${test_name} PROPERTIES ENVIRONMENT "${env}" WILL_FAIL ${arg_CONTROL})
  endforeach()
endfunction()

# A regex matching any printed value (after "is: ") other than exactly `value` (printf's %f: six decimals, nothing
# after),
# built one character at a time since CMake's regexes have no negative lookahead.
function(poolcheck_other_value_regex value out)
  string(LENGTH "${value}" n)
  set(alternatives "")
  set(prefix "")
  math(EXPR last "${n} - 1")
  foreach(i RANGE ${last})
    string(SUBSTRING "${value}" ${i} 1 c)
    list(APPEND alternatives "${prefix}[^${c}]")
    if(c STREQUAL ".")
      string(APPEND prefix "\\.")
    else()
      string(APPEND prefix "${c}")
    endif()
  endforeach()
  list(APPEND alternatives "${prefix}[0-9]")
  list(JOIN alternatives "|" joined)
  set(${out} "${joined}" PARENT_SCOPE)
endfunction()

# --- Seed 007 (aclnnAvgPool3dBackward). gradOutput 1x16x1x1x1 of ones, self 1x16x4x4x4, kernel 4x4x4, stride 1,
# no padding, countIncludePad false, divisorOverride 0: one window per channel covers all 4*4*4 = 64 inputs, so
# each of the 16*64 = 1024 outputs gets 1/64 = 0.015625. ---
set(avg3d_seed 007_31e4028106aa4f33)
poolcheck_doc_example(avgpool3d_007 ${avg3d_seed})
poolcheck_other_value_regex(0.015625 not_one_sixty_fourth)
set(one_sixty_fourth_everywhere "out result\\[0\\] is: 0\\.015625" "out result\\[1023\\] is: 0\\.015625")
# The document lists Atlas A2, A3 and Ascend 950; all three run the same AvgPool3DGrad kernel.
poolcheck_doc_example_test(doc_example.avgpool3d_007.<soc>_prints_one_sixty_fourth EXE avgpool3d_007
  EXIT 0 EXPECT ${one_sixty_fourth_everywhere}
  REJECT "is: (${not_one_sixty_fourth})|result\\[1024\\]" SOCS Ascend910B Ascend910_93 Ascend950)
# divisorOverride 8 divides each window's gradient by 8 instead of 64: every output 1/8 = 0.125. The value check
# above fails on it (the control, WILL_FAIL), so that check tells the two apart.
poolcheck_doc_example(avgpool3d_007_divisor8 ${avg3d_seed}
  REPLACE "int64_t divisorOverride = 0;" "int64_t divisorOverride = 8;")
poolcheck_other_value_regex(0.125000 not_one_eighth)
poolcheck_doc_example_test(doc_example.avgpool3d_007.divisor_override_8_prints_one_eighth
  EXE avgpool3d_007_divisor8 EXIT 0
  EXPECT "out result\\[0\\] is: 0\\.125000" "out result\\[1023\\] is: 0\\.125000"
  REJECT "is: (${not_one_eighth})|result\\[1024\\]")
poolcheck_doc_example_test(doc_example.avgpool3d_007.control_one_sixty_fourth_check_fails_on_divisor_8 CONTROL
  EXE avgpool3d_007_divisor8 EXIT 0 EXPECT ${one_sixty_fourth_everywhere}
  REJECT "is: (${not_one_sixty_fourth})|result\\[1024\\]")
# The same with only the "no other value" half: it alone fires on 0.125000.
poolcheck_doc_example_test(doc_example.avgpool3d_007.control_other_value_reject_fires_on_divisor_8 CONTROL
  EXE avgpool3d_007_divisor8 EXIT 0 EXPECT "out result" REJECT "is: (${not_one_sixty_fourth})")
# Documented 161002: "output的shape与self的shape不一致" (same element count, so no buffer is over-read).
poolcheck_doc_example(avgpool3d_007_bad_output ${avg3d_seed}
  REPLACE "std::vector<int64_t> outputShape = {1, 16, 4, 4, 4};" "std::vector<int64_t> outputShape = {1, 16, 4, 2, 8};")
poolcheck_doc_example_test(doc_example.avgpool3d_007.output_shape_unlike_self_is_refused
  EXE avgpool3d_007_bad_output EXIT nonzero
  EXPECT "aclnnAvgPool3dBackwardGetWorkspaceSize failed. ERROR: 161002" REJECT "result")

# --- Seed 008 (aclnnAdaptiveAvgPool2dBackward). gradOutput 1x1x3x2 = [[1,2],[3,4],[5,6]], self 1x1x4x2. Rows
# 4 -> 3: window i spans [floor(4i/3), ceil(4(i+1)/3)) = [0,2), [1,3), [2,4); columns 2 -> 2 are the identity; each
# window holds 2 inputs, so it hands g/2 to each. Input row 0: [1/2, 2/2] = [0.5, 1]; row 1: [1/2+3/2, 2/2+4/2] =
# [2, 3]; row 2: [3/2+5/2, 4/2+6/2] = [4, 5]; row 3: [5/2, 6/2] = [2.5, 3] (total 21 = 1+...+6). ---
set(adaptive2d_seed 008_8347d00a5509b9c2)
poolcheck_doc_example(adaptive2d_008 ${adaptive2d_seed})
set(adaptive2d_values "result\\[0\\] is: 0\\.500000" "result\\[1\\] is: 1\\.000000" "result\\[2\\] is: 2\\.000000"
                      "result\\[3\\] is: 3\\.000000" "result\\[4\\] is: 4\\.000000" "result\\[5\\] is: 5\\.000000"
                      "result\\[6\\] is: 2\\.500000" "result\\[7\\] is: 3\\.000000")
# Ascend910 / Ascend310P run the AssistMatmul route (Mul by 1/2, two BatchMatMul; fp32 operands for FLOAT here,
# fp16 upstream): every value here is an fp16 value, so the sums are the same either way. Ascend950 runs the arch35 SIMT kernel (N*C = 1), whose
# (g * 1/2) / 1 terms are exact as well.
poolcheck_doc_example_test(doc_example.adaptive2d_008.<soc>_overlapping_row_windows EXE adaptive2d_008
  EXIT 0 EXPECT ${adaptive2d_values} REJECT "result\\[8\\]"
  SOCS Ascend910B Ascend910_93 Ascend950 Ascend910 Ascend310P)
# The control: rows in the other order (gradOutput 1,2,5,6,3,4) move the sums; the check above fails on it.
poolcheck_doc_example(adaptive2d_008_swapped ${adaptive2d_seed}
  REPLACE "gradOutputHostData = {1, 2, 3, 4, 5, 6};" "gradOutputHostData = {1, 2, 5, 6, 3, 4};")
poolcheck_doc_example_test(doc_example.adaptive2d_008.control_value_check_fails_on_swapped_rows CONTROL
  EXE adaptive2d_008_swapped EXIT 0 EXPECT ${adaptive2d_values} REJECT "result\\[8\\]")
# Documented 161002: "gradOutput和self维度不一致" (gradOutput as 3-D, self 4-D; same element count).
poolcheck_doc_example(adaptive2d_008_bad_rank ${adaptive2d_seed}
  REPLACE "gradOutputShape = {1, 1, 3, 2};" "gradOutputShape = {1, 3, 2};")
poolcheck_doc_example_test(doc_example.adaptive2d_008.rank_unlike_self_is_refused EXE adaptive2d_008_bad_rank
  EXIT nonzero EXPECT "aclnnAdaptiveAvgPool2dBackwardGetWorkspaceSize failed. ERROR: 161002" REJECT "result")

# --- Seeds 005 and 006 (aclnnMaxPool2dWithIndicesBackward, aclnnMaxPool2dWithMaskBackward). self 1x1x4x3, kernel
# 2x2, stride 2, no padding: Ho = (4-2)/2+1 = 2, Wo = (3-2)/2+1 = 1; window 0 covers rows 0-1, window 1 rows 2-3
# (columns 0-1). Argmax 0 = (0,0) and 6 = 2*3+0 = (2,0) lie in their windows, so gradInput[0] = 0.4757,
# gradInput[6] = 0.1726, the other ten 0. ---
poolcheck_other_value_regex(0.000000 nonzero)
set(maxpool2d_values "result\\[0\\] is: 0\\.475700" "result\\[6\\] is: 0\\.172600" "result\\[11\\] is: 0\\.000000")
set(maxpool2d_reject "result\\[([1-57-9]|1[01])\\] is: (${nonzero})|result\\[12\\]")
set(indices_seed 005_8a385ee50d0e1f9e)
poolcheck_doc_example(maxpool2d_indices_005 ${indices_seed})
# The document lists Atlas A2, A3 and Ascend 950 (the regbase kernels there).
poolcheck_doc_example_test(doc_example.maxpool2d_indices_005.<soc>_routes_to_argmax EXE maxpool2d_indices_005
  EXIT 0 EXPECT ${maxpool2d_values} REJECT "${maxpool2d_reject}" SOCS Ascend910B Ascend910_93 Ascend950)
# The control: argmax 7 = (2,1), also in window 1, moves 0.1726 to gradInput[7]; the check above fails on it.
poolcheck_doc_example(maxpool2d_indices_005_argmax7 ${indices_seed}
  REPLACE "indicesHostData = {0, 6};" "indicesHostData = {0, 7};")
poolcheck_doc_example_test(doc_example.maxpool2d_indices_005.argmax_7_moves_the_gradient
  EXE maxpool2d_indices_005_argmax7
  EXIT 0 EXPECT "result\\[6\\] is: 0\\.000000" "result\\[7\\] is: 0\\.172600")
poolcheck_doc_example_test(doc_example.maxpool2d_indices_005.control_value_check_fails_on_argmax_7 CONTROL
  EXE maxpool2d_indices_005_argmax7 EXIT 0 EXPECT ${maxpool2d_values} REJECT "${maxpool2d_reject}")
# The "other ten are 0" half alone fires on gradInput[7] = 0.1726.
poolcheck_doc_example_test(doc_example.maxpool2d_indices_005.control_nonzero_reject_fires_on_argmax_7 CONTROL
  EXE maxpool2d_indices_005_argmax7 EXIT 0 EXPECT "result" REJECT "${maxpool2d_reject}")
# Documented 161002: "stride的数值中存在小于等于0的值".
poolcheck_doc_example(maxpool2d_indices_005_stride0 ${indices_seed} REPLACE "strideData = {2, 2};" "strideData = {0, 2};")
poolcheck_doc_example_test(doc_example.maxpool2d_indices_005.zero_stride_is_refused EXE maxpool2d_indices_005_stride0
  EXIT nonzero EXPECT "aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize failed. ERROR: 161002" REJECT "result")

# Seed 006 as written fills 32 bytes of 0xFF (a bit mask); on A2/A3 with a 2x2 kernel ops-nn's backward reads the
# mask's bytes as the forward's INT32 argmax (docs/emulator.md), so it sees -1: outside every window, refused at
# execute. Written as that forward writes it (INT32 0 and 6, little-endian, in the first 8 bytes), the result is 005's.
set(mask_seed 006_9be64568f4f09df6)
poolcheck_doc_example(maxpool2d_mask_006 ${mask_seed})
poolcheck_doc_example_test(doc_example.maxpool2d_mask_006.bit_mask_as_written_is_refused EXE maxpool2d_mask_006
  EXIT nonzero
  EXPECT "aclnnMaxPool2dWithMaskBackward failed. ERROR: 161002" "value -1 at .* is not inside its pooling window"
  REJECT "result")
poolcheck_doc_example(maxpool2d_mask_006_argmax ${mask_seed}
  REPLACE "std::fill_n(indicesHostData.begin(), 32, -1);" "indicesHostData[4] = 6;")
poolcheck_doc_example_test(doc_example.maxpool2d_mask_006.<soc>_int32_argmax_in_the_mask EXE maxpool2d_mask_006_argmax
  EXIT 0 EXPECT ${maxpool2d_values} REJECT "${maxpool2d_reject}" SOCS Ascend910B Ascend910_93)
# On the training series every call runs MaxPoolGradWithArgmaxV1 on the bit mask (docs/mask-layout.md): the 32 bytes
# of 0xFF set tap 0 (the top-left) of positions 0..15, so window 0's gradient lands on (0,0) and window 1's on (2,0),
# as in 005, but FLOAT is computed as FLOAT16 there (the document's note): 0.4757 -> 0.475586, 0.1726 -> 0.172607.
set(mask910_values "result\\[0\\] is: 0\\.475586" "result\\[6\\] is: 0\\.172607" "result\\[11\\] is: 0\\.000000")
poolcheck_doc_example_test(doc_example.maxpool2d_mask_006.<soc>_bit_mask_computes_in_float16 EXE maxpool2d_mask_006
  EXIT 0 EXPECT ${mask910_values} REJECT "${maxpool2d_reject}" SOCS Ascend910)
# The controls: FLOAT's own values are not what the training series prints; and the INT32-argmax bytes read as bits
# (byte 4 = 6: lanes 1 and 2 of position 2, past both the one channel and the two positions) land nothing.
poolcheck_doc_example_test(doc_example.maxpool2d_mask_006.<soc>_control_float32_values_fail CONTROL
  EXE maxpool2d_mask_006 EXIT 0 EXPECT ${maxpool2d_values} SOCS Ascend910)
poolcheck_doc_example_test(doc_example.maxpool2d_mask_006.<soc>_int32_argmax_read_as_bits_lands_nothing
  EXE maxpool2d_mask_006_argmax EXIT 0 EXPECT "result\\[0\\] is: 0\\.000000" "result\\[6\\] is: 0\\.000000"
  REJECT "result\\[[0-9]+\\] is: (${nonzero})" SOCS Ascend910)
poolcheck_doc_example_test(doc_example.maxpool2d_mask_006.<soc>_control_value_check_fails_on_argmax_bytes CONTROL
  EXE maxpool2d_mask_006_argmax EXIT 0 EXPECT ${mask910_values} REJECT "${maxpool2d_reject}" SOCS Ascend910)

# --- The other SoCs each document names. Listed as supported but run there by kernels the emulator lacks: 561003
# naming them (when one is emulated this fails, and the hand-derived check above should be added for that SoC).
# Listed as unsupported: the documented platform refusal, 161002. ---
set(soc_rows
    "avgpool3d_007|Ascend910|161002|platform Ascend910 .* is not supported"
    "adaptive2d_008|Ascend310B|161002|platform Ascend310B .* is not supported"
    "maxpool2d_mask_006_argmax|Ascend950|161002|platform Ascend950 .* is not supported"
    "maxpool2d_indices_005|Ascend910|161002|platform Ascend910 .* is not supported")
foreach(row IN LISTS soc_rows)
  string(REPLACE "|" ";" fields "${row}")
  list(GET fields 0 example)
  list(GET fields 1 soc)
  list(GET fields 2 code)
  list(GET fields 3 why)
  poolcheck_doc_example_test(doc_example.${example}.<soc>_gives_${code} EXE ${example} EXIT nonzero
    EXPECT "GetWorkspaceSize failed. ERROR: ${code}" "${why}" REJECT "result" SOCS ${soc})
endforeach()
