// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The workloads of embedlab-bench on GPT-2 small's 50257 x 768 float32 matrix (--quick: 2000 x 64).
#include "BenchRunner.h"

#include "core/init/Generator.h"
#include "core/init/Init.h"
#include "core/nn/Embedding.h"
#include "core/nn/Linear.h"
#include "core/nn/OneHot.h"
#include "core/nn/TiedModel.h"
#include "core/tensor/Stats.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapPyramid.h"
#include "ui/heatmap/HeatmapRenderer.h"
#include "ui/model/Vocabulary.h"
#include "ui/views/TokenChips.h"

#include <QFont>
#include <QImage>

#include <cmath>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace embedlab::bench {

namespace {

using core::Index;

struct Sizes {
    Index vocab = 50257;
    Index dim = 768;
    Index batch = 32;
    Index seq = 512;
    Index onehotIds = 64;
    Index unembedRows = 512;
    Index stepBatch = 8;
    Index stepSeq = 128;
    QSize image{1920, 1080};
};

std::string describeMismatch(Index at, double got, double want)
{
    return "element " + std::to_string(at) + " is " + std::to_string(got) + ", reference " +
           std::to_string(want);
}

// Deterministic ids spread over the vocabulary (a plain LCG: the bench must not depend on core's RNG).
core::LongTensor spreadIds(Index rows, Index cols, Index vocab, std::uint64_t salt)
{
    core::LongTensor ids;
    ids.shape = rows > 0 ? core::Shape{rows, cols} : core::Shape{cols};
    std::uint64_t x = 0x9E3779B97F4A7C15ull ^ salt;
    for (Index i = 0; i < (rows > 0 ? rows : 1) * cols; ++i) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        ids.data.push_back(static_cast<std::int64_t>((x >> 33) % static_cast<std::uint64_t>(vocab)));
    }
    return ids;
}

} // namespace

// init_normal and init_kaiming_uniform; leaves `weight` at manual_seed(0); normal_(W, 0, 1).
static void addInitWorkloads(BenchRunner &runner, const Sizes &s, const std::shared_ptr<core::Generator> &gen,
                             const core::ParameterPtr &weight)
{
    // init_normal: manual_seed(0); normal_(0, 1) on the whole matrix.
    runner.add({"init_normal", "manual_seed(0); normal_(W, 0, 1)",
                [=] {
                    gen->manualSeed(0);
                    core::init::normal_(weight->span(), 0.0, 1.0, *gen);
                },
                [=]() -> std::string {
                    // The plain path: the same draws through the lane-by-lane scalar emulation of
                    // PyTorch's AVX2 kernel instead of the AVX2/FMA units.
                    core::Generator reference(0);
                    core::Tensor plain(weight->shape());
                    const bool simd = core::init::hardwareSimd();
                    core::init::setHardwareSimd(false);
                    core::init::normal_(plain.span(), 0.0, 1.0, reference);
                    core::init::setHardwareSimd(simd);
                    const float *w = weight->value().data();
                    for (Index i = 0; i < plain.numel(); ++i) {
                        if (std::memcmp(&w[i], &plain.data[static_cast<std::size_t>(i)], 4) != 0)
                            return describeMismatch(i, w[i], plain.data[static_cast<std::size_t>(i)]);
                    }
                    return {};
                }});

    // init_kaiming_uniform: Linear(768, 50257) default init, weight and bias.
    auto linear = std::make_shared<std::unique_ptr<core::Linear>>();
    runner.add({"init_kaiming_uniform", "Linear(768, 50257).reset_parameters()",
                [=] {
                    gen->manualSeed(0);
                    if (!*linear)
                        *linear = std::make_unique<core::Linear>(s.dim, s.vocab, true, *gen);
                    else
                        (*linear)->resetParameters(*gen);
                },
                [=]() -> std::string {
                    // Plain path: uniform_ written out from the 24-bit draws, float fma, as PyTorch.
                    core::Generator reference(0);
                    const float bound = static_cast<float>(1.0 / std::sqrt(static_cast<double>(s.dim)));
                    const float *w = (*linear)->weight()->value().data();
                    for (Index i = 0; i < s.vocab * s.dim; ++i) {
                        const float x = static_cast<float>(reference.random() & ((1u << 24) - 1)) * 0x1p-24f;
                        const float want = std::fma(x, bound - -bound, -bound);
                        if (std::memcmp(&w[i], &want, 4) != 0)
                            return "weight " + describeMismatch(i, w[i], want);
                    }
                    return {};
                }});

    // Restore the N(0, 1) matrix for the rest.
    gen->manualSeed(0);
    core::init::normal_(weight->span(), 0.0, 1.0, *gen);
}

static void addStatsWorkloads(BenchRunner &runner, const core::ParameterPtr &weight)
{
    auto counts = std::make_shared<std::vector<float>>();
    runner.add({"histc", "torch.histc(W, bins=100) between min and max",
                [=] { *counts = core::histc(weight->value().data(), weight->numel(), 100, 0.0, 0.0); },
                [=]() -> std::string {
                    const float *w = weight->value().data();
                    const core::HistRange r = core::histcRange(w, weight->numel(), 0.0, 0.0);
                    std::vector<float> plain(100, 0.0f);
                    for (Index i = 0; i < weight->numel(); ++i) {
                        if (!(w[i] >= r.low && w[i] <= r.high))
                            continue;
                        auto pos = static_cast<Index>((w[i] - r.low) * 100.0f / (r.high - r.low));
                        plain[static_cast<std::size_t>(pos == 100 ? 99 : pos)] += 1.0f;
                    }
                    return plain == *counts ? std::string() : std::string("bin counts differ");
                }});

    auto summary = std::make_shared<core::Summary>();
    runner.add({"stats", "mean and unbiased std",
                [=] { *summary = core::summarize(weight->value().data(), weight->numel()); },
                [=]() -> std::string {
                    const float *w = weight->value().data();
                    long double sum = 0, sq = 0;
                    for (Index i = 0; i < weight->numel(); ++i)
                        sum += w[i];
                    const long double mean = sum / weight->numel();
                    for (Index i = 0; i < weight->numel(); ++i)
                        sq += (w[i] - mean) * (w[i] - mean);
                    const double std = static_cast<double>(std::sqrt(sq / (weight->numel() - 1)));
                    if (std::abs(summary->mean - static_cast<double>(mean)) > 1e-9 ||
                        std::abs(summary->std - std) > 1e-9)
                        return "mean/std differ from the long double reference beyond 1e-9";
                    return {};
                }});
}

static void addLayerWorkloads(BenchRunner &runner, const Sizes &s,
                              const std::shared_ptr<core::Generator> &gen,
                              const std::shared_ptr<core::Embedding> &embedding)
{
    const core::ParameterPtr weight = embedding->weight();
    const core::LongTensor batchIds = spreadIds(s.batch, s.seq, s.vocab, 1);
    auto rows = std::make_shared<core::Tensor>();
    runner.add({"lookup_32x512", "embedding(ids) for a 32 x 512 batch",
                [=] { *rows = embedding->forward(batchIds); },
                [=]() -> std::string {
                    const float *w = weight->value().data();
                    for (Index i = 0; i < batchIds.numel(); ++i) {
                        if (std::memcmp(rows->data.data() + i * s.dim,
                                        w + batchIds.data[static_cast<std::size_t>(i)] * s.dim,
                                        static_cast<std::size_t>(s.dim) * 4) != 0)
                            return "row " + std::to_string(i) + " is not W[id]";
                    }
                    return {};
                }});

    const core::LongTensor onehotIds = spreadIds(0, s.onehotIds, s.vocab, 2);
    auto product = std::make_shared<core::Tensor>();
    runner.add({"onehot_64", "one_hot(64 ids).float() @ W",
                [=] {
                    const core::Tensor x = core::toFloat(core::oneHot(onehotIds, s.vocab));
                    *product = core::oneHotMatmul(x, weight->value());
                },
                [=]() -> std::string {
                    // With finite weights every product is exactly the looked-up row.
                    const float *w = weight->value().data();
                    for (Index i = 0; i < s.onehotIds; ++i) {
                        if (std::memcmp(product->data.data() + i * s.dim,
                                        w + onehotIds.data[static_cast<std::size_t>(i)] * s.dim,
                                        static_cast<std::size_t>(s.dim) * 4) != 0)
                            return "row " + std::to_string(i) + " is not W[id]";
                    }
                    return {};
                }});

    // unembed_512: [512, 768] @ W.T through a Linear(768, 50257, bias=False) sharing W.
    auto lmHead = std::make_shared<core::Linear>(s.dim, s.vocab, false, *gen);
    lmHead->setWeight(weight);
    auto hidden = std::make_shared<core::Tensor>(core::Shape{s.unembedRows, s.dim});
    for (std::size_t i = 0; i < hidden->data.size(); ++i)
        hidden->data[i] = static_cast<float>(std::sin(0.001 * static_cast<double>(i)));
    auto logits = std::make_shared<core::Tensor>();
    runner.add(
        {"unembed_512", "[512, 768] @ W.T -> [512, 50257]", [=] { *logits = lmHead->forward(*hidden); },
         [=]() -> std::string {
             const float *w = weight->value().data();
             for (Index r = 0; r < s.unembedRows; r += 97) {
                 for (Index c = 0; c < s.vocab; c += 331) {
                     double dot = 0;
                     for (Index k = 0; k < s.dim; ++k)
                         dot += static_cast<double>(hidden->data[static_cast<std::size_t>(r * s.dim + k)]) *
                                w[c * s.dim + k];
                     const double got = logits->data[static_cast<std::size_t>(r * s.vocab + c)];
                     if (std::abs(got - dot) > 1e-4 * std::max(1.0, std::abs(dot)))
                         return describeMismatch(r * s.vocab + c, got, dot);
                 }
             }
             return {};
         }});

    // sgd_step_tied: forward, cross-entropy, backward, SGD step on 8 x 128 ids, tied weights.
    auto model = std::make_shared<core::TiedModel>(s.vocab, s.dim, core::EmbeddingOptions{}, false, *gen);
    model->tie();
    auto sgd = std::make_shared<core::SGD>(model->parameters(), core::SGDOptions{0.1, 0.0, 0.0, 0.0, false});
    const core::LongTensor stepIds = spreadIds(s.stepBatch, s.stepSeq, s.vocab, 3);
    const core::LongTensor targets = spreadIds(s.stepBatch, s.stepSeq, s.vocab, 4);
    auto loss = std::make_shared<float>(0.0f);
    runner.add({"sgd_step_tied", "forward, cross-entropy, backward, SGD step (tied) on 8 x 128 ids",
                [=] { *loss = model->trainStep(stepIds, targets, *sgd).loss; },
                [=]() -> std::string {
                    if (!model->isTied())
                        return "the model is no longer tied";
                    return std::isfinite(*loss) ? std::string() : "loss is not finite";
                }});
}

static void addHeatmapWorkloads(BenchRunner &runner, const Sizes &s, const core::ParameterPtr &weight)
{
    // heatmap_cold: the whole matrix into a 1920 x 1080 image, nothing cached.
    auto image = std::make_shared<QImage>();
    const ui::ColorMap colorMap = ui::ColorMap::fromName(QStringLiteral("RdBu"));
    runner.add({"heatmap_cold", "50257 x 768 -> 1920 x 1080 image, nothing cached",
                [=] {
                    *image = ui::renderCold(weight->value().data(), s.vocab, s.dim, s.image, colorMap,
                                            ui::Aggregation::MaxAbs);
                },
                [=]() -> std::string {
                    // Reference: the same frame through the two documented steps, reduce then colour.
                    const ui::HeatmapMapping mapping =
                        ui::HeatmapMapping::fit(s.vocab, s.dim, QSizeF(s.image.width(), s.image.height()));
                    const ui::ReducedFrame frame = ui::reduceFrame(weight->value().data(), s.vocab, s.dim, 1,
                                                                   1, mapping, ui::Aggregation::MaxAbs);
                    const QImage plain = ui::colorizeFrame(frame, colorMap.lookup(frame.limit));
                    if (plain.size() != image->size())
                        return "image size differs";
                    return plain == *image ? std::string() : std::string("pixels differ");
                }});

    // heatmap_frame: one pan/zoom frame from the cached pyramid.
    auto pyramid = std::make_shared<ui::HeatmapPyramid>(
        ui::HeatmapPyramid::build(weight->value().data(), s.vocab, s.dim, ui::Aggregation::MaxAbs, nullptr));
    auto renderer = std::make_shared<ui::HeatmapRenderer>();
    renderer->setPyramid(pyramid);
    renderer->setColorMap(colorMap);
    auto mapping = std::make_shared<ui::HeatmapMapping>(
        ui::HeatmapMapping::fit(s.vocab, s.dim, QSizeF(s.image.width(), s.image.height()))
            .zoomedAt(QPointF(960, 540), 3.0));
    auto frame = std::make_shared<QImage>();
    runner.add({"heatmap_frame", "one pan step at 3x zoom from the cached pyramid",
                [=] {
                    *mapping = mapping->pannedBy(QPointF(0, 37));
                    *frame = renderer->renderFrame(*mapping);
                },
                [=]() -> std::string {
                    return frame->size() == s.image ? std::string() : std::string("frame has the wrong size");
                }});
}

// Issue #14: typing text into the ids field re-tokenizes it and lays out one chip per token; for
// 200 tokens both must fit in a 16 ms frame.
static void addTextWorkloads(BenchRunner &runner)
{
    QString text;
    for (int i = 0; i < 20; ++i)
        text += QStringLiteral("The quick brown fox jumps over the lazy dog. ");
    text.chop(1); // 20 x 10 tokens, no lone space at the end
    const ui::Vocabulary vocabulary = ui::Vocabulary::gpt2();
    constexpr int kWidth = 1300;
    auto rects = std::make_shared<QList<QRect>>();
    runner.add({"text_chips_200", "GPT-2 BPE of 200 tokens typed + their chips laid out (target < 16 ms)",
                [=] {
                    QList<ui::TokenChip> chips;
                    for (qint64 id : vocabulary.encode(text))
                        chips.append({id, vocabulary.label(id)});
                    *rects = ui::TokenChips::arrange(chips, QFont(), kWidth);
                },
                [=]() -> std::string {
                    if (rects->size() != 200)
                        return "expected 200 chips, got " + std::to_string(rects->size());
                    for (const QRect &r : *rects)
                        if (r.left() < 0 || (r.right() >= kWidth && r.left() > 0))
                            return "a chip lies outside the row";
                    return {};
                }});
}

static void addWorkloads(BenchRunner &runner, const Sizes &s)
{
    // Shared state lives as long as the runner's workloads (captured by shared_ptr).
    auto gen = std::make_shared<core::Generator>();
    auto embedding = std::make_shared<core::Embedding>(s.vocab, s.dim, core::EmbeddingOptions{}, *gen);
    const core::ParameterPtr weight = embedding->weight();
    addInitWorkloads(runner, s, gen, weight);
    addStatsWorkloads(runner, weight);
    addLayerWorkloads(runner, s, gen, embedding);
    addHeatmapWorkloads(runner, s, weight);
    addTextWorkloads(runner);
}

int runBench(int argc, char **argv)
{
    bool json = false, quick = false;
    // --only NAME (repeatable) times just those workloads: a quiet way to compare one change.
    std::vector<std::string> only;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--json")
            json = true;
        else if (a == "--quick")
            quick = true;
        else if (a == "--only" && i + 1 < argc)
            only.emplace_back(argv[++i]);
        else {
            std::cerr << "usage: embedlab-bench [--json] [--quick] [--only NAME]...\n";
            return 2;
        }
    }
    Sizes sizes;
    if (quick)
        sizes = Sizes{2000, 64, 4, 64, 16, 32, 2, 16, QSize(640, 360)};
    BenchRunner runner(quick ? 3 : 7, json);
    addWorkloads(runner, sizes);
    if (const std::vector<std::string> unknown = runner.keepOnly(only); !unknown.empty()) {
        std::cerr << "embedlab-bench: no workload named '" << unknown.front() << "'\n";
        return 2;
    }
    std::cerr << "embedlab-bench: " << sizes.vocab << " x " << sizes.dim << " float32"
              << (quick ? " (quick)" : "") << "\n";
    return runner.runAll(std::cout, std::cerr);
}

} // namespace embedlab::bench
