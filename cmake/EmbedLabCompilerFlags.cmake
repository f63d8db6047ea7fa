# SPDX-License-Identifier: GPL-3.0-or-later
# One place for per-target warnings and options (no directory-wide flags).
function(embedlab_set_compiler_flags target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic
        # PyTorch's arithmetic is reproduced operation by operation; fused multiply-adds are written
        # out with std::fma where PyTorch uses them, and the compiler must not invent others.
        -ffp-contract=off)
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
