// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Splitting the big loops and products over two cores. Eigen without OpenMP runs one thread, and
// the hot paths (a 50257 x 768 matrix) are large enough that a std::thread per call pays off.
#pragma once

#include "core/tensor/Tensor.h"

#include <algorithm>
#include <atomic>
#include <thread>

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

// Eigen sizes a GEMM's depth blocks to its L1 cache figure: about 290 of the 768 features of GPT-2,
// so each [N, 50257] result was read and written three times, once per depth block. With three
// times the L1 figure one block covers the 768 features (the kernel streams its small panels from
// L2 at full speed): -14% CPU time on [512, 768] x [768, 50257] and [1024, 768] x [768, 50257],
// the backward products (depth 1024 and 50257) unchanged. Sums are grouped by depth block, so
// products deeper than about 290 round differently than before, within the matmul tolerance.
// Eigen keeps these sizes in process-wide statics; they are set once, before core's first product.
inline void useDeepDepthBlocks()
{
    static const bool done = [] {
        Eigen::setCpuCacheSizes(3 * Eigen::l1CacheSize(), Eigen::l2CacheSize(), Eigen::l3CacheSize());
        return true;
    }();
    (void)done;
}

// dst = lhs * rhs with the rows or columns of dst shared by two threads. Each element of dst is
// one dot product, so a split never mixes partial sums, and the chunks are fixed by the shapes, so
// the result does not depend on which thread ran which chunk. The threads take chunks from a
// counter rather than fixed halves: on a loaded machine one thread may be descheduled for a while
// and the other picks up its share. Every chunk repacks the operand that is not split, so that
// operand's size bounds the number of chunks.
template <typename Dst, typename Lhs, typename Rhs> void product(Dst &&dst, const Lhs &lhs, const Rhs &rhs)
{
    const Index rows = dst.rows(), cols = dst.cols(), depth = lhs.cols();
    const Index work = rows * cols * depth;
    // Empty operands have no data pointers for Eigen's kernels to read (UBSan: null loads); a
    // product over no terms is all zeros, as in PyTorch.
    if (rows == 0 || cols == 0)
        return;
    if (depth == 0) {
        dst.setZero();
        return;
    }
    useDeepDepthBlocks();
    if (!enabled(work, kMinMultiplyAdds) || (rows < 2 && cols < 2)) {
        dst.noalias() = lhs * rhs;
        return;
    }
    const bool byRows = rows >= cols;
    const Index extent = byRows ? rows : cols;
    const Index repacked = std::max<Index>(byRows ? rhs.size() : lhs.size(), 1);
    const Index chunks = std::clamp<Index>(work / (repacked * 256), 2, 32);
    // Multiples of 16 keep Eigen's kernels on full AVX-512 / AVX2 panels.
    const Index chunk = std::max<Index>(16, ((extent + chunks - 1) / chunks + 15) / 16 * 16);
    std::atomic<Index> next{0};
    auto run = [&] {
        for (Index begin = next.fetch_add(chunk); begin < extent; begin = next.fetch_add(chunk)) {
            const Index n = std::min(chunk, extent - begin);
            if (byRows)
                dst.middleRows(begin, n).noalias() = lhs.middleRows(begin, n) * rhs;
            else
                dst.middleCols(begin, n).noalias() = lhs * rhs.middleCols(begin, n);
        }
    };
    std::thread helper(run);
    run();
    helper.join();
}

} // namespace embedlab::core::parallel
