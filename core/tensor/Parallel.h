// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Splitting the big loops and products over two cores: the hot paths (a 50257 x 768 matrix) are
// large enough that a std::thread per call pays off.
#pragma once

#include "core/simd/Isa.h"
#include "core/tensor/Tensor.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <type_traits>

namespace embedlab::core::parallel {

// Below this many elements (or multiply-adds) a second thread costs more than it saves.
constexpr Index kMinElements = Index{1} << 18;
constexpr Index kMinMultiplyAdds = Index{1} << 22;

inline bool enabled(Index work, Index threshold)
{
    static const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    return cores > 1 && work >= threshold;
}

// work(begin, end) on [0, n) in two halves, the first on a second thread when `work` is big enough.
// The split point is rounded down to a multiple of `align` so vector lanes see whole blocks.
template <typename Work> void forTwo(Index n, Index work, Index threshold, Work &&fn, Index align = 1)
{
    if (!enabled(work, threshold) || n < 2) {
        fn(Index{0}, n);
        return;
    }
    Index half = n / 2;
    if (align > 1 && half >= align)
        half -= half % align;
    std::thread first([&] { fn(Index{0}, half); });
    fn(half, n);
    first.join();
}

// An Eigen operand with direct access as a strided view: element (i, j) is at data[i * rs + j * cs].
struct Operand {
    const float *data;
    Index rs, cs;
};

template <typename E> Operand operand(const E &e)
{
    if constexpr (E::IsRowMajor)
        return {e.data(), e.outerStride(), e.innerStride()};
    else
        return {e.data(), e.innerStride(), e.outerStride()};
}

// dst = lhs * rhs with the rows or columns of dst shared by two threads, computed by the kernel of
// the instruction set chosen at start-up (core/simd/): each element of dst is its dot product summed
// in order, so neither the split nor the instruction set changes a bit. The chunks are fixed by the
// shapes; the threads take them from a counter rather than fixed halves: on a loaded machine one
// thread may be descheduled for a while and the other picks up its share. Every chunk repacks the
// operand that is not split, so that operand's size bounds the number of chunks.
template <typename Dst, typename Lhs, typename Rhs> void product(Dst &&dst, const Lhs &lhs, const Rhs &rhs)
{
    static_assert(std::decay_t<Dst>::IsRowMajor, "parallel::product writes row-major results");
    const Index rows = dst.rows(), cols = dst.cols(), depth = lhs.cols();
    // Empty operands have no data pointers to read (UBSan: null loads); a product over no terms is
    // all zeros, as in PyTorch.
    if (rows == 0 || cols == 0)
        return;
    if (depth == 0) {
        dst.setZero();
        return;
    }
    const Operand a = operand(lhs), b = operand(rhs);
    float *c = dst.data();
    const Index ldc = dst.outerStride();
    const embedlab_gemm_fn gemm = simd::kernels().gemm;
    const Index work = rows * cols * depth;
    if (!enabled(work, kMinMultiplyAdds) || (rows < 2 && cols < 2)) {
        gemm(rows, cols, depth, a.data, a.rs, a.cs, b.data, b.rs, b.cs, c, ldc);
        return;
    }
    const bool byRows = rows >= cols;
    const Index extent = byRows ? rows : cols;
    const Index repacked = std::max<Index>(byRows ? rhs.size() : lhs.size(), 1);
    const Index chunks = std::clamp<Index>(work / (repacked * 256), 2, 32);
    // Multiples of 96 keep every instruction set's kernel on whole tiles (4, 6 or 12 rows; 8, 16 or
    // 32 columns).
    const Index chunk = std::max<Index>(96, ((extent + chunks - 1) / chunks + 95) / 96 * 96);
    std::atomic<Index> next{0};
    auto run = [&] {
        for (Index begin = next.fetch_add(chunk); begin < extent; begin = next.fetch_add(chunk)) {
            const Index n = std::min(chunk, extent - begin);
            if (byRows)
                gemm(n, cols, depth, a.data + begin * a.rs, a.rs, a.cs, b.data, b.rs, b.cs, c + begin * ldc,
                     ldc);
            else
                gemm(rows, n, depth, a.data, a.rs, a.cs, b.data + begin * b.cs, b.rs, b.cs, c + begin, ldc);
        }
    };
    std::thread helper(run);
    run();
    helper.join();
}

} // namespace embedlab::core::parallel
