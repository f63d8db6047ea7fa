# SPDX-License-Identifier: GPL-3.0-or-later
# Run by CTest: installs the build into PREFIX and checks the installed layout.
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}" RESULT_VARIABLE rc
                OUTPUT_QUIET)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install failed: ${rc}")
endif()
set(id io.github.embedlab.EmbedLab)
set(programs bin/embedlab-cli)
if(GUI)
    list(APPEND programs bin/embedlab)
endif()
foreach(f ${programs} share/applications/${id}.desktop
          share/icons/hicolor/scalable/apps/${id}.svg share/metainfo/${id}.metainfo.xml
          share/mime/packages/${id}.xml)
    if(NOT EXISTS "${PREFIX}/${f}")
        message(FATAL_ERROR "not installed: ${f}")
    endif()
endforeach()
file(REMOVE_RECURSE "${PREFIX}")
