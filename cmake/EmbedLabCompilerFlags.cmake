# SPDX-License-Identifier: GPL-3.0-or-later
# One place for per-target warnings and options (no directory-wide flags).
include(CheckCXXCompilerFlag)

# The binary is built on the machine that runs it (CI builds from source on its own machine), so
# the compiler may use every vector unit there: Eigen's GEMM goes from SSE2 to AVX2/AVX-512 + FMA.
# Results stay the same: -ffp-contract=off below still forbids fusing what PyTorch does not fuse,
# and std::fma is correctly rounded whether it is one instruction or a libm call.
# Scheduling stays generic: GCC 12 tunes a Zen 4 as a Zen 3, which made Eigen's GEMM kernel 20-30%
# slower than -mtune=generic on the same instructions (measured on the 50257 x 768 products).
option(EMBEDLAB_NATIVE "Compile for the build machine's CPU (-march=native)" ON)
set(EMBEDLAB_NATIVE_FLAGS "")
if(EMBEDLAB_NATIVE)
    check_cxx_compiler_flag(-march=native EMBEDLAB_HAVE_MARCH_NATIVE)
    if(EMBEDLAB_HAVE_MARCH_NATIVE)
        set(EMBEDLAB_NATIVE_FLAGS -march=native -mtune=generic)
        # GCC 12's AVX-512 intrinsic headers raise -Wmaybe-uninitialized inside every Eigen product
        # (GCC bug 105593, fixed in 13); AVX2 + FMA keep the warnings clean and most of the speed.
        if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
            list(APPEND EMBEDLAB_NATIVE_FLAGS -mno-avx512f)
        endif()
    endif()
endif()

function(embedlab_set_compiler_flags target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic
        # PyTorch's arithmetic is reproduced operation by operation; fused multiply-adds are written
        # out with std::fma where PyTorch uses them, and the compiler must not invent others.
        -ffp-contract=off)
    # Every target gets the same -march: Eigen is header-only, and objects that disagree on
    # EIGEN_MAX_ALIGN_BYTES must not allocate and free each other's matrices.
    target_compile_options(${target} PRIVATE ${EMBEDLAB_NATIVE_FLAGS})
    if(EMBEDLAB_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
    target_compile_definitions(${target} PRIVATE QT_NO_CAST_FROM_ASCII QT_NO_FOREACH QT_NO_KEYWORDS)
    if(EMBEDLAB_SANITIZE)
        target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-sanitize-recover=all
                               -fno-omit-frame-pointer)
        target_link_options(${target} PRIVATE -fsanitize=address,undefined -fno-sanitize-recover=all)
    endif()
endfunction()
