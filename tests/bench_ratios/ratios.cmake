# bench_ratios on hand-written Google Benchmark JSON: with repetitions it must take the median aggregate
# (not the last repetition), survive the bare NaN and ±inf Google Benchmark writes for 0/0 aggregates, compute the
# ratios and the memory and cases/s targets, and use the sharded harness rate for the two-core target.
# Negative control: a workspace above the memory target and a harness below 2000 cases/s without a
# sharded run must be reported as missing their targets by the same checks.
#   cmake -DBENCH_RATIOS=<exe> -DWORK=<dir> -P ratios.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# One benchmark entry; `extra` adds fields (counters, aggregate names).
function(entry out name run_type bps extra)
  set(${out} "{\"name\": \"${name}\", \"run_name\": \"${name}\", \"run_type\": \"${run_type}\", \"bytes_per_second\": ${bps}, \"label\": \"large\"${extra}}" PARENT_SCOPE)
endfunction()

function(write_op file ws_ratio)
  set(n "impl/maxpool3d_grad/s/f32/real_time")
  set(ws ", \"workspace_bytes\": 4096, \"workspace_per_fp32_out\": ${ws_ratio}, \"traffic_per_moved\": 9")
  entry(i1 ${n} iteration 1e9 "${ws}")
  entry(i2 ${n} iteration 3e9 "${ws}")  # the last repetition: a reader that keeps it is wrong
  entry(med ${n} aggregate 2e9 ", \"aggregate_name\": \"median\", \"workspace_bytes\": 4096, \"workspace_per_fp32_out\": ${ws_ratio}, \"traffic_per_moved\": 2")
  entry(cv ${n} aggregate 0.1 ", \"aggregate_name\": \"cv\", \"workspace_bytes\": NaN, \"workspace_per_fp32_out\": -inf, \"traffic_per_moved\":Infinity")
  entry(u1 "impl_unchecked/maxpool3d_grad/s/f32/real_time" iteration 4e9 "")
  entry(t1 "torch/maxpool3d_grad/s/f32/real_time" iteration 1e9 "")
  entry(c1 "copy/maxpool3d_grad/s/f32/real_time" iteration 8e9 "")
  # The same shape on another platform's path: its ratio to the A2 row of the shape.
  entry(p1 "impl/maxpool3d_grad/s@950-simt/f32/real_time" iteration 5e8 ", \"tiling_key\": 257")
  file(WRITE ${file} "{\"context\": {\"threads\": \"2\", \"host_name\": \"fixture\", \"num_cpus\": 2, \"mhz_per_cpu\": 1000},
 \"benchmarks\": [${i1}, ${i2}, ${med}, ${cv}, ${u1}, ${t1}, ${c1}, ${p1}]}")
endfunction()

function(write_harness file with_sharded)
  set(h "{\"name\": \"harness/maxpool3d_grad/iterations:1/real_time\", \"run_name\": \"harness/maxpool3d_grad/iterations:1/real_time\", \"run_type\": \"iteration\", \"cases_per_second\": 1500, \"cases_per_cpu_second\": 1400}")
  if(with_sharded)
    string(APPEND h ", {\"name\": \"harness_sharded/maxpool3d_grad/iterations:1/real_time\", \"run_name\": \"harness_sharded/maxpool3d_grad/iterations:1/real_time\", \"run_type\": \"iteration\", \"cases_per_second\": 2500, \"processes\": 2}")
  endif()
  file(WRITE ${file} "{\"context\": {\"threads\": \"2\"}, \"benchmarks\": [${h}]}")
endfunction()

function(run_ratios out_json op_json harness_json)
  execute_process(COMMAND ${BENCH_RATIOS} ${out_json} ${op_json} ${harness_json} RESULT_VARIABLE rc OUTPUT_VARIABLE o
                  ERROR_VARIABLE e)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "bench_ratios failed (${rc}): ${o}${e}")
  endif()
endfunction()

# A field of bench_ratios' JSON: booleans read back as ON/OFF, and a number such as 2 may appear as 2.0.
function(expect json path want)
  string(JSON got GET "${json}" ${path})
  if(NOT "${got}" MATCHES "^${want}(\\.0+)?$")
    message(FATAL_ERROR "${path}: expected ${want}, got ${got}")
  endif()
endfunction()

# Within targets except speed: the median impl (2 GB/s) against torch (1) and copy (8).
write_op(${WORK}/good_op.json 1.0)
write_harness(${WORK}/good_harness.json TRUE)
run_ratios(${WORK}/good.json ${WORK}/good_op.json ${WORK}/good_harness.json)
file(READ ${WORK}/good.json good)
expect("${good}" "rows;0;impl_gbps" 2)
expect("${good}" "rows;0;ratio_vs_torch" 2)
expect("${good}" "rows;0;ratio_vs_copy" 0.25)
expect("${good}" "rows;0;workspace_per_fp32_out" 1)
# 2x the minimum bytes at 2 GB/s is 4 GB/s of traffic, 0.5 of copy; at copy speed (8 GB/s) that
# traffic would take 2/8 of torch's time: a bound of 4.
expect("${good}" "rows;0;traffic_per_moved" 2)
expect("${good}" "rows;0;traffic_ratio_vs_copy" 0.5)
expect("${good}" "rows;0;torch_ratio_bound" 4)
# Without the data-watching checks the impl runs at 4 GB/s: 4x torch, half of copy; the targets stay on
# the checked row.
expect("${good}" "rows;0;impl_unchecked_gbps" 4)
expect("${good}" "rows;0;ratio_vs_torch_unchecked" 4)
expect("${good}" "rows;0;ratio_vs_copy_unchecked" 0.5)
expect("${good}" "rows;0;meets_memory_target" ON)
expect("${good}" "rows;0;meets_targets" OFF)  # 0.25 of copy on a large shape
# The Ascend950 row of the shape: 0.5 GB/s against the A2 row's 2, on the key it reported; the A2 row has no
# such ratio.
expect("${good}" "rows;1;shape" "s@950-simt")
expect("${good}" "rows;1;ratio_vs_a2" 0.25)
expect("${good}" "rows;1;tiling_key" 257)
string(JSON a2_type TYPE "${good}" rows 0 ratio_vs_a2)
if(NOT a2_type STREQUAL "NULL")
  message(FATAL_ERROR "rows;0;ratio_vs_a2: expected null, got a ${a2_type}")
endif()
expect("${good}" "harness;0;cases_per_second" 1500)
expect("${good}" "harness;0;sharded_cases_per_second" 2500)
expect("${good}" "harness;0;meets_target" ON)

# Negative control: the same checks must see the missed memory and cases/s targets.
write_op(${WORK}/bad_op.json 3.0)
write_harness(${WORK}/bad_harness.json FALSE)
run_ratios(${WORK}/bad.json ${WORK}/bad_op.json ${WORK}/bad_harness.json)
file(READ ${WORK}/bad.json bad)
expect("${bad}" "rows;0;meets_memory_target" OFF)
expect("${bad}" "harness;0;meets_target" OFF)
message(STATUS "bench_ratios: medians, NaN aggregates, ratios and targets as expected; the control misses both")
