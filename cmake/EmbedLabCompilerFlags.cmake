# SPDX-License-Identifier: GPL-3.0-or-later
# One place for per-target warnings and options (no directory-wide flags).
include(CheckCXXCompilerFlag)
include(CheckLinkerFlag)

# GNU gold links a test in a fifth of the time of the default linker (0.35 s of CPU instead of
# 1.7 s for tst_mainwindow in the Release tree); relinking the Release tree's 113 programs took 51 s
# instead of 105 s, and CI links them in two trees. It comes with binutils, which g++ already installs.
check_linker_flag(CXX -fuse-ld=gold EMBEDLAB_HAVE_GOLD)

# The whole program is built for a baseline every supported PC has: x86-64-v2 (SSE4.2, about every
# x86-64 CPU since 2009), so the package runs on any classroom machine. The hot loops are compiled
# again for AVX2 + FMA and AVX-512 in core/simd/ and chosen at run time (cmake/EmbedLabSimd.cmake);
# they give the same bits on every path, so nothing here changes a printed number.
# EMBEDLAB_NATIVE builds everything for the build machine's CPU instead (-march=native), for people
# who compile for their own machine. Results stay the same: -ffp-contract=off below still forbids
# fusing what PyTorch does not fuse, and std::fma is correctly rounded whether it is one instruction
# or a libm call. Scheduling stays generic: GCC 12 tunes a Zen 4 as a Zen 3, which made Eigen's GEMM
# kernel 20-30% slower than -mtune=generic on the same instructions.
option(EMBEDLAB_NATIVE "Compile everything for the build machine's CPU (-march=native)" OFF)
set(EMBEDLAB_NATIVE_FLAGS "")
set(EMBEDLAB_X86_64 OFF)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
    set(EMBEDLAB_X86_64 ON)
endif()
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
elseif(EMBEDLAB_X86_64)
    set(EMBEDLAB_NATIVE_FLAGS -march=x86-64-v2 -mtune=generic)
endif()

# EMBEDLAB_UNITY compiles each static library's files eight to a translation unit, so Qt's and
# Eigen's headers are parsed once for eight files: about a quarter less compiling for core, model and
# ui. On by default: the README's test command builds everything once on a fresh 2-core machine and
# must finish in 20 minutes (CI's clean clone took 21 with a unit a file); -DEMBEDLAB_UNITY=OFF makes
# an edit rebuild one file.
# GCC's precompiled headers did not help, tried twice: one 218 MB header shared by the 70 widget
# tests (REUSE_FROM) took the whole build from about 15 to 20.5 minutes (10.7 of them in the kernel),
# though six files compiled one at a time took 44% less.
option(EMBEDLAB_UNITY "Compile the libraries as unity builds (eight files a unit)" ON)

function(embedlab_set_compiler_flags target)
    get_target_property(type ${target} TYPE)
    if(EMBEDLAB_UNITY AND type STREQUAL "STATIC_LIBRARY")
        set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
        # A .cpp included into a unit is a header to GCC, which then warns about each class of it
        # with a member of an anonymous namespace's type (ElementFormat::Impl): true only there.
        # (Clang has no such warning, and would warn about the unknown option.)
        if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
            target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
        endif()
    endif()
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
    if(EMBEDLAB_HAVE_GOLD)
        target_link_options(${target} PRIVATE -fuse-ld=gold)
    endif()
    if(EMBEDLAB_SANITIZE)
        # -O1 (after the build type's -O3, so it wins): an instrumented file compiles in about half
        # -O3's time (TokenMap.cpp 69 s instead of 141 s); the whole tree took 23 minutes instead of
        # 28 (linking and moc do not shrink), which CI's 90 minutes need.
        target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-sanitize-recover=all
                               -fno-omit-frame-pointer -O1)
        target_link_options(${target} PRIVATE -fsanitize=address,undefined -fno-sanitize-recover=all)
    endif()
endfunction()
