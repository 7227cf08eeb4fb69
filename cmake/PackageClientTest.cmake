# ctest helper: install the build tree into a scratch prefix, then configure, build and run a client
# that only knows find_package(poolcheck).
set(prefix ${WORK}/prefix)
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix} OUTPUT_QUIET RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "install failed")
endif()
# A sanitized library needs a client linked with the same sanitizer runtime (CLIENT_FLAGS).
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK}/client -DCMAKE_PREFIX_PATH=${prefix}
                        "-DCMAKE_CXX_FLAGS=${CLIENT_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${CLIENT_FLAGS}" OUTPUT_QUIET
                RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "find_package(poolcheck) client failed to configure")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/client OUTPUT_QUIET RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "client failed to build")
endif()
execute_process(COMMAND ${WORK}/client/client RESULT_VARIABLE rc OUTPUT_VARIABLE out)
message("${out}")
if(rc OR NOT out MATCHES "status 161001")
  message(FATAL_ERROR "client run failed")
endif()
