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

// fn(begin, end) for the chunks [0, chunk), [chunk, 2 chunk), ... of [0, n), taken from a counter by
// this thread and a second one: on a loaded machine either may start late or be descheduled for a
// while, and the other then takes its chunks.
template <typename Fn> void chunksOnTwoThreads(Index n, Index chunk, Fn &&fn)
{
    std::atomic<Index> next{0};
    auto run = [&] {
        for (Index begin = next.fetch_add(chunk); begin < n; begin = next.fetch_add(chunk))
            fn(begin, std::min(n, begin + chunk));
    };
    std::thread helper(run);
    run();
    helper.join();
}

// work(begin, end) over [0, n), in chunks taken from a counter by this thread and, when `work` is big
// enough, a second one. Not fixed halves: on a loaded machine the second thread may start late or be
// descheduled for a while, and this one then takes its chunks (a GPT-2 lookup waited for its second
// half). `fn` must give the same result whatever the split; chunk boundaries are multiples of `align`.
template <typename Work> void forTwo(Index n, Index work, Index threshold, Work &&fn, Index align = 1)
{
    if (!enabled(work, threshold) || n < 2) {
        fn(Index{0}, n);
        return;
    }
    constexpr Index kChunks = 16;
    chunksOnTwoThreads(n, std::max<Index>(1, (n + kChunks * align - 1) / (kChunks * align)) * align, fn);
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

// C[i][begin, end) = sum over k of A[i][k] * B[k][begin, end) when B's rows are contiguous (one-hot
// rows times W): the columns are independent sums, each taken in increasing k from +0.0 with one
// rounding per multiplication and per addition - the gemm kernels' order - and vectorise as they are.
inline void axpyColumns(Index rows, Index begin, Index end, Index depth, Operand a, Operand b, float *c,
                        Index ldc)
{
    for (Index i = 0; i < rows; ++i)
        std::fill(c + i * ldc + begin, c + i * ldc + end, 0.0f);
    for (Index k = 0; k < depth; ++k) {
        const float *__restrict w = b.data + k * b.rs;
        for (Index i = 0; i < rows; ++i) {
            const float v = a.data[i * a.rs + k];
            float *__restrict out = c + i * ldc;
            for (Index j = begin; j < end; ++j)
                out[j] = out[j] + v * w[j];
        }
    }
}

// A product of at most this many rows of a contiguous A against B = W^T or B = W is computed as dot
// products or column sums: the gemm kernels pack A into tiles of up to 12 rows, so lm_head(h) for one
// h, or one_hot(ids) @ W for a few ids, multiplied mostly zero rows (2 s for Llama 3's [128256, 4096]
// weight).
constexpr Index kFewRows = 4;

inline bool fewRows(Index rows, Operand a, Operand b)
{
    return rows <= kFewRows && a.cs == 1 && (b.rs == 1 || b.cs == 1);
}

// Columns [begin, end) of dst = lhs * rhs for fewRows(), on this thread.
inline void fewRowsPart(Index rows, Index begin, Index end, Index depth, Operand a, Operand b, float *c,
                        Index ldc)
{
    if (b.rs == 1)
        // B = W^T (lm_head(h)): dot products of h with W's rows, its whole rows a vector's width
        // at a time (core/simd/), in the gemm's order, so the same bits.
        simd::kernels().rowDots(rows, end - begin, depth, a.data, a.rs, b.data + begin * b.cs, b.cs,
                                c + begin, ldc);
    else
        axpyColumns(rows, begin, end, depth, a, b, c, ldc);
}

// dst = lhs * rhs for fewRows(): the columns shared by two threads taking chunks from a counter.
inline void fewRowsProduct(Index rows, Index cols, Index depth, Operand a, Operand b, float *c, Index ldc)
{
    const auto part = [&](Index begin, Index end) { fewRowsPart(rows, begin, end, depth, a, b, c, ldc); };
    if (!enabled(rows * cols * depth, kMinMultiplyAdds)) {
        part(0, cols);
        return;
    }
    // Column sums read B row by row: halves keep each row's read long and contiguous.
    chunksOnTwoThreads(cols, b.rs == 1 ? 1024 : std::max<Index>(16, (cols / 2 + 15) / 16 * 16), part);
}

// True when dst = lhs * rhs has nothing to compute: an empty dst, or a product over no terms (all
// zeros, as in PyTorch), written here. Empty operands have no data pointers to read (UBSan: null loads).
template <typename Dst> bool emptyProduct(Dst &&dst, Index depth)
{
    if (dst.rows() == 0 || dst.cols() == 0)
        return true;
    if (depth == 0)
        dst.setZero();
    return depth == 0;
}

// dst = lhs * rhs with the rows or columns of dst shared by two threads, computed by the kernel of
// the instruction set chosen at start-up (core/simd/): each element of dst is its dot product summed
// in order, so neither the split nor the instruction set changes a bit. The chunks are fixed by the
// shapes; the threads take them from a counter rather than fixed halves: on a loaded machine one
// thread may be descheduled for a while and the other picks up its share. Every chunk repacks the
// operand that is not split, so that operand's size bounds the number of chunks: at most one
// element packed per 1024 multiply-adds. The input gradient of a tied step ([1024, 50257] x
// [50257, 768]) packs all of W in each chunk; 6 chunks cost it 5 % over 2 (issue #28).
template <typename Dst, typename Lhs, typename Rhs> void product(Dst &&dst, const Lhs &lhs, const Rhs &rhs)
{
    static_assert(std::decay_t<Dst>::IsRowMajor, "parallel::product writes row-major results");
    const Index rows = dst.rows(), cols = dst.cols(), depth = lhs.cols();
    if (emptyProduct(dst, depth))
        return;
    const Operand a = operand(lhs), b = operand(rhs);
    float *c = dst.data();
    const Index ldc = dst.outerStride();
    if (fewRows(rows, a, b)) {
        fewRowsProduct(rows, cols, depth, a, b, c, ldc);
        return;
    }
    const embedlab_gemm_fn gemm = simd::kernels().gemm;
    const Index work = rows * cols * depth;
    if (!enabled(work, kMinMultiplyAdds) || (rows < 2 && cols < 2)) {
        gemm(rows, cols, depth, a.data, a.rs, a.cs, b.data, b.rs, b.cs, c, ldc);
        return;
    }
    const bool byRows = rows >= cols;
    const Index extent = byRows ? rows : cols;
    const Index repacked = std::max<Index>(byRows ? rhs.size() : lhs.size(), 1);
    const Index chunks = std::clamp<Index>(work / (repacked * 1024), 2, 32);
    // Multiples of 96 keep every instruction set's kernel on whole tiles of rows (4 or 6) and the
    // SSE and AVX2 kernels on whole tiles of columns (8 or 16).
    const Index chunk = std::max<Index>(96, ((extent + chunks - 1) / chunks + 95) / 96 * 96);
    chunksOnTwoThreads(extent, chunk, [&](Index begin, Index end) {
        if (byRows)
            gemm(end - begin, cols, depth, a.data + begin * a.rs, a.rs, a.cs, b.data, b.rs, b.cs,
                 c + begin * ldc, ldc);
        else
            gemm(rows, end - begin, depth, a.data, a.rs, a.cs, b.data + begin * b.cs, b.rs, b.cs, c + begin,
                 ldc);
    });
}

// dst = lhs * W^T for a W whose rows are read piece by piece (Parameter::forEachRowBlock() and
// copyRows(): bf16 or f16 words converted as they are read, issue #28), not whole in float32. Each
// element is product()'s dot product in product()'s order, so the same bits; the pieces of W's rows
// are shared by two threads. `lhs` is row-major and contiguous.
template <typename Dst, typename Lhs, typename Rows>
void productWithRowsOf(Dst &&dst, const Lhs &lhs, const Rows &w)
{
    const Index rows = dst.rows(), cols = w.rows(), depth = lhs.cols();
    if (emptyProduct(dst, depth))
        return;
    const Operand a = operand(lhs);
    float *c = dst.data();
    const Index ldc = dst.outerStride();
    const bool dots = rows <= kFewRows && a.cs == 1;
    const auto part = [&](Index begin, Index end) {
        if (dots && w.bfloat16Words()) { // widened in registers as they are read
            simd::kernels().rowDotsBf16(rows, end - begin, depth, a.data, a.rs,
                                        w.bfloat16Words() + begin * depth, depth, c + begin, ldc);
            return;
        }
        if (dots) {
            w.forEachRowBlock(begin, end - begin, [&](const float *piece, Index first, Index n) {
                fewRowsPart(rows, 0, n, depth, a, Operand{piece, 1, depth}, c + first, ldc);
            });
            return;
        }
        FloatStorage piece(static_cast<std::size_t>((end - begin) * depth));
        w.copyRows(begin, end - begin, piece.data());
        simd::kernels().gemm(rows, end - begin, depth, a.data, a.rs, a.cs, piece.data(), 1, depth, c + begin,
                             ldc);
    };
    if (!enabled(rows * cols * depth, kMinMultiplyAdds))
        part(0, cols);
    else
        chunksOnTwoThreads(cols, dots ? 1024 : 192, part);
}

} // namespace embedlab::core::parallel
