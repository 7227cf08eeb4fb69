# report diff as a CI gate: identical runs pass, the seeded regression and lost coverage fail, fixes pass.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)
pc_run(0 out report diff ${WORK}/base ${WORK}/twin)
pc_expect_match("${out}" "no regression" "identical runs")
pc_expect_match("${out}" "new failures \\(0\\)" "identical runs")
pc_run(0 out report diff ${WORK}/base ${WORK}/base)

pc_run(1 out report diff ${WORK}/base ${WORK}/faulty --json ${WORK}/diff.json --markdown ${WORK}/diff.md)
pc_expect_match("${out}" "REGRESSION" "seeded regression")
pc_expect_match("${out}" "new failures \\([1-9][0-9]*\\)\n  op=" "seeded regression lists its failures")
file(READ ${WORK}/diff.json j)
string(JSON reg GET "${j}" regression)
if(NOT reg STREQUAL "ON")
  message(FATAL_ERROR "diff.json does not say regression: ${j}")
endif()
file(READ ${WORK}/diff.md md)
pc_expect_match("${md}" "# poolcheck report diff: REGRESSION" "markdown diff")

# The other way round the faults are fixed: no regression, and the fixes are listed.
pc_run(0 out report diff ${WORK}/faulty ${WORK}/base)
pc_expect_match("${out}" "fixed failures \\([1-9][0-9]*\\)" "fixes")

pc_run(1 out report diff ${WORK}/base ${WORK}/narrow)
pc_expect_match("${out}" "coverage lost \\([1-9][0-9]*\\)\n(  .*\n)*  operator avgpool2d_grad" "lost coverage")

pc_run(2 out report diff ${WORK}/base ${WORK}/no-such-report)
