# SPDX-License-Identifier: GPL-3.0-or-later
# Run by CTest (fuzz_short): builds the libFuzzer targets with clang in their own build directory and
# runs each for a few seconds, seeded with the golden files of tests/golden/formats (every format
# seeds every reader: a file of another format is a hostile input too; the tokenizer readers take
# tests/golden/tokenizer/small and tests/golden/tokenizer/models/small; the GGUF reader also takes
# tests/golden/gguf_quant, whose all_types.gguf holds a tensor of every ggml block type, issue #30;
# the fit's text tests/golden/fit). New inputs go to a scratch
# directory so the golden files stay as they are; a crash, leak or sanitizer report fails the test.
set(build "${BINARY_DIR}/fuzz-build")
# -O1 and line tables only, as libFuzzer's documentation suggests: a report still names file and
# line, with less to compile and link than -O2 -g.
execute_process(COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${build}" -DCMAKE_BUILD_TYPE=RelWithDebInfo
                        "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG"
                        -DCMAKE_CXX_COMPILER=${CLANGXX} -DEMBEDLAB_FUZZ=ON -DEMBEDLAB_BUILD_GUI=OFF
                        -DEMBEDLAB_NATIVE=OFF
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "configuring the fuzz build failed")
endif()
foreach(reader npy safetensors gguf tokenizer_json tokenizer_vocab tokenizer_gguf token_labels fit_text)
    set(seeds "${SOURCE_DIR}/tests/golden/formats")
    if(reader MATCHES "^token")
        # GPT-2's small tokenizer, and Llama 3's, Llama 2's and BERT's (issue #26)
        set(seeds "${SOURCE_DIR}/tests/golden/tokenizer/small" "${SOURCE_DIR}/tests/golden/tokenizer/models/small")
    elseif(reader STREQUAL "gguf")
        list(APPEND seeds "${SOURCE_DIR}/tests/golden/gguf_quant")
    elseif(reader STREQUAL "fit_text")
        set(seeds "${SOURCE_DIR}/tests/golden/fit")
    endif()
    execute_process(COMMAND "${CMAKE_COMMAND}" --build "${build}" --target fuzz_${reader} -j 2
                    RESULT_VARIABLE rc OUTPUT_QUIET)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "building fuzz_${reader} failed")
    endif()
    file(REMOVE_RECURSE "${build}/new-${reader}")
    file(MAKE_DIRECTORY "${build}/new-${reader}")
    execute_process(COMMAND "${build}/tests/fuzz/fuzz_${reader}" -max_total_time=${SECONDS} -rss_limit_mb=2048
                            -artifact_prefix=${build}/crash-${reader}- "${build}/new-${reader}"
                            ${seeds}
                    RESULT_VARIABLE rc ERROR_VARIABLE log)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "fuzz_${reader} found a problem:\n${log}")
    endif()
    string(REGEX MATCH "Done [0-9]+ runs" runs "${log}")
    message(STATUS "fuzz_${reader}: ${runs}, no finding")
endforeach()
