# Helpers of the report CLI tests: run poolcheck and check exit codes and output.

# pc_run(<expected exit code> <output var> ARGS...): the combined output goes to <output var>.
function(pc_run expect out_var)
  execute_process(COMMAND ${POOLCHECK} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 600)
  if(NOT rc STREQUAL expect)
    message(FATAL_ERROR "poolcheck ${ARGN}: expected exit ${expect}, got ${rc}\n${out}${err}")
  endif()
  set(${out_var} "${out}${err}" PARENT_SCOPE)
endfunction()

function(pc_expect_match text regex what)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${what}: no match of /${regex}/ in:\n${text}")
  endif()
endfunction()

# The campaigns the other tests compare: BASE and its identical TWIN, FAULTY (a seeded regression through
# the emulator's wrong_tap fault) and NARROW (one operator only: lost coverage).
set(CAMPAIGN_ARGS run --cases 240 --seed 11 -q)
