# report.html in a real headless browser (Debian's chromium): the DOM it builds shows the sections, counts,
# plots and failures of summary.json, with audit/bench tables. Negative controls: pages with a section
# removed, a wrong count, or raw markup injected must be rejected by the same check.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/browser_check.cmake)

if(NOT CHROMIUM)
  if(DEFINED ENV{POOLCHECK_SKIP_BROWSER_TEST})
    message("SKIPPED: chromium not found and POOLCHECK_SKIP_BROWSER_TEST is set")
    return()
  endif()
  message(FATAL_ERROR "chromium not found: install Debian's 'chromium' package (apt-get install chromium), or set "
                      "POOLCHECK_SKIP_BROWSER_TEST=1 / configure with -DPOOLCHECK_BROWSER_TEST=OFF to skip")
endif()

set(dir ${WORK}/html)
file(REMOVE_RECURSE ${dir})
file(COPY ${WORK}/faulty/ DESTINATION ${dir})
file(WRITE ${dir}/audit.json
     "{\"summary\": [{\"rule\": \"audit-marker-rule\", \"agree\": 12}, {\"rule\": \"<img id=\\\"pc-injected\\\" src=\\\"x\\\">\", \"agree\": 0}]}")
file(WRITE ${dir}/bench/ratios.json
     "{\"rows\": [{\"case\": \"bench-marker-case\", \"ratio\": 0.42}], \"harness\": [{\"what\": \"harness-marker\", \"value\": 1}]}")
pc_run(0 out report html ${dir})
file(READ ${dir}/summary.json summary)

function(render page out_var)
  execute_process(COMMAND ${CHROMIUM} --headless --no-sandbox --disable-gpu --disable-dev-shm-usage
                          --user-data-dir=${WORK}/chromium-profile --dump-dom file://${page}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE dom ERROR_VARIABLE err TIMEOUT 120)
  if(NOT rc EQUAL 0 OR dom STREQUAL "")
    message(FATAL_ERROR "chromium failed on ${page} (exit ${rc}):\n${err}")
  endif()
  set(${out_var} "${dom}" PARENT_SCOPE)
endfunction()

render(${dir}/report.html dom)
pc_check_dom("${dom}" "${summary}" problems)
if(problems)
  message(FATAL_ERROR "report.html as rendered by chromium:\n  ${problems}")
endif()
message("report.html passes the DOM check")

file(READ ${dir}/report.html page)
# Negative controls: each broken page must fail the same check.
string(FIND "${page}" "<section id=\"accuracy\">" from)
string(FIND "${page}" "<section id=\"replay\">" to)
math(EXPR len "${to} - ${from}")
string(SUBSTRING "${page}" ${from} ${len} accuracy_section)
string(REPLACE "${accuracy_section}" "" no_section "${page}")
string(JSON pass_count GET "${summary}" outcomes pass)
math(EXPR wrong "${pass_count} + 1")
string(REPLACE "id=\"count-pass\">${pass_count}<" "id=\"count-pass\">${wrong}<" wrong_count "${page}")
string(REPLACE "&lt;img id=&quot;pc-injected&quot; src=&quot;x&quot;&gt;" "<img id=\"pc-injected\" src=\"x\">"
               injected "${page}")
foreach(control no_section wrong_count injected)
  if("${${control}}" STREQUAL "${page}")
    message(FATAL_ERROR "negative control ${control} did not change the page")
  endif()
  file(WRITE ${WORK}/broken_${control}.html "${${control}}")
  render(${WORK}/broken_${control}.html broken_dom)
  pc_check_dom("${broken_dom}" "${summary}" problems)
  if(NOT problems)
    message(FATAL_ERROR "negative control ${control}: the broken page passed the DOM check")
  endif()
  message("negative control ${control} rejected: ${problems}")
endforeach()

execute_process(COMMAND ${CHROMIUM} --headless --no-sandbox --disable-gpu --disable-dev-shm-usage
                        --user-data-dir=${WORK}/chromium-profile --hide-scrollbars --window-size=1280,2400
                        --screenshot=${WORK}/report.png file://${dir}/report.html
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET TIMEOUT 120)
if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK}/report.png)
  message(FATAL_ERROR "chromium could not take a screenshot of report.html (exit ${rc})")
endif()
message("screenshot: ${WORK}/report.png")
