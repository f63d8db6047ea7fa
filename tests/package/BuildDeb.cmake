# SPDX-License-Identifier: GPL-3.0-or-later
# Run by CTest (fixture of the package tests): CPack's DEB generator on this build tree, into OUT.
file(REMOVE_RECURSE "${OUT}")
execute_process(COMMAND "${CPACK}" -G DEB -B "${OUT}" --config "${BINARY_DIR}/CPackConfig.cmake"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cpack failed (${rc}):\n${out}")
endif()
if(NOT EXISTS "${DEB}")
    message(FATAL_ERROR "cpack did not write ${DEB}:\n${out}")
endif()
message(STATUS "wrote ${DEB}")
