# SPDX-License-Identifier: GPL-3.0-or-later
# The per-ISA kernels of core/simd/ (see core/simd/Kernels.h).
#
# Each ISA's translation unit is an object library of its own with its own -m flags. Its inline
# functions (std::fill, std::copy, operator new's helpers...) are weak symbols that the linker would
# merge with the baseline code's copies, and it may keep the AVX-512 one: a SIGILL on an older CPU.
# So each object is linked into one relocatable object with its section groups dissolved, and every
# symbol except its entry point embedlab_simd_<isa> is made local (tests/package: simd_isolation).
include_guard(GLOBAL)

set(EMBEDLAB_SIMD_ISAS baseline)
if(EMBEDLAB_X86_64)
    list(APPEND EMBEDLAB_SIMD_ISAS avx2 avx512)
endif()
set(EMBEDLAB_SIMD_FLAGS_baseline "")
set(EMBEDLAB_SIMD_FLAGS_avx2 -mavx2 -mfma)
set(EMBEDLAB_SIMD_FLAGS_avx512 -mavx2 -mfma -mavx512f -mavx512vl -mavx512bw -mavx512dq -mprefer-vector-width=512)
set(EMBEDLAB_SIMD_FILE_baseline KernelsBaseline.cpp)
set(EMBEDLAB_SIMD_FILE_avx2 KernelsAvx2.cpp)
set(EMBEDLAB_SIMD_FILE_avx512 KernelsAvx512.cpp)

# embedlab_add_simd_kernels(TARGET): adds the isolated kernel objects to TARGET (call it from the
# directory that defines TARGET; the generated objects are source files of that directory).
function(embedlab_add_simd_kernels target)
    set(objects "")
    foreach(isa ${EMBEDLAB_SIMD_ISAS})
        set(lib embedlab_simd_${isa})
        add_library(${lib} OBJECT ${CMAKE_CURRENT_SOURCE_DIR}/simd/${EMBEDLAB_SIMD_FILE_${isa}})
        target_include_directories(${lib} PRIVATE ${PROJECT_SOURCE_DIR})
        set_target_properties(${lib} PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
        embedlab_set_compiler_flags(${lib})
        # After the baseline flags, so they widen the instruction set.
        target_compile_options(${lib} PRIVATE ${EMBEDLAB_SIMD_FLAGS_${isa}})
        set(out ${CMAKE_CURRENT_BINARY_DIR}/embedlab_simd_${isa}.o)
        add_custom_command(
            OUTPUT ${out}
            COMMAND ${CMAKE_LINKER} -r --force-group-allocation -o ${out}.partial $<TARGET_OBJECTS:${lib}>
            COMMAND ${CMAKE_OBJCOPY} --keep-global-symbol=embedlab_simd_${isa} ${out}.partial ${out}
            COMMAND ${CMAKE_COMMAND} -E remove ${out}.partial
            DEPENDS ${lib} $<TARGET_OBJECTS:${lib}>
            COMMAND_EXPAND_LISTS VERBATIM
            COMMENT "Isolating the ${isa} kernels")
        set_source_files_properties(${out} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
        list(APPEND objects ${out})
    endforeach()
    target_sources(${target} PRIVATE ${objects})
    if(EMBEDLAB_X86_64)
        set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/simd/Isa.cpp PROPERTIES COMPILE_DEFINITIONS
                                    EMBEDLAB_SIMD_DISPATCH=1)
    endif()
    set(EMBEDLAB_SIMD_OBJECTS ${objects} PARENT_SCOPE)
endfunction()
