// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The workloads of embedlab-bench on GPT-2 small's 50257 x 768 float32 matrix (--quick: 2000 x 64).
#include "BenchRunner.h"
#include "FitFramesWorkload.h"
#include "RegisterTile.h"
#include "UndoWorkload.h"

#include "core/analysis/Neighbours.h"
#include "core/init/Generator.h"
#include "core/init/Init.h"
#include "core/io/GgufQuant.h"
#include "core/io/WeightFile.h"
#include "core/nn/Embedding.h"
#include "core/nn/Linear.h"
#include "core/nn/OneHot.h"
#include "core/nn/TextFit.h"
#include "core/nn/TiedModel.h"
#include "core/simd/Isa.h"
#include "core/tensor/DistinctValues.h"
#include "core/tensor/Error.h"
#include "core/tensor/Stats.h"
#include "core/text/Tokenizer.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapPyramid.h"
#include "ui/heatmap/HeatmapRenderer.h"
#include "ui/model/Vocabulary.h"
#include "ui/views/TokenChips.h"

#include <QFile>
#include <QFont>
#include <QImage>
#include <QTemporaryDir>

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
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

// The bench's mixed text: sentences in several scripts, numbers, code and whitespace picked by the
// same LCG as spreadIds, until `bytes` is reached. tests/bench/compare.py builds the same bytes for
// npm tiktoken (keep the two lists identical).
std::string mixedText(std::size_t bytes)
{
    static const char *const kFragments[] = {
        "", // a number
        "The quick brown fox jumps over the lazy dog.",
        "Embeddings map token ids to vectors, and the lookup is a row copy.",
        "It's what they've said: we're sure you'll see it.",
        "Xin chào thế giới, tiếng Việt có dấu.",
        "Hà Nội là thủ đô của Việt Nam.",
        "机器学习和深度学习",
        "嵌入层把词元映射成向量。",
        "日本語のテキストです",
        "مرحبا بالعالم",
        "नमस्ते दुनिया",
        "Привет, мир!",
        "👍🏽 thumbs up 👨‍👩‍👧‍👦 family 🎉",
        "for (int i = 0; i < n; ++i) { sum += a[i]; }",
        "def f(x):\n    return x * 2\n",
        "https://example.org/path?query=1&x=y#frag",
        "    indented line with trailing spaces   ",
        "ALL CAPS SHOUTING TEXT!!!",
        "naïve café résumé façade, Zürich and Kraków",
        "$100 €50 £20 100% (parentheses) [brackets]",
    };
    static const char *const kSeparators[] = {" ", " ", "\n", ", ", "  ", "\t", ". ", "\n\n"};
    constexpr std::uint64_t fragments = std::size(kFragments), separators = std::size(kSeparators);
    std::string text;
    text.reserve(bytes + 128);
    std::uint64_t x = 0x9E3779B97F4A7C15ull ^ 5;
    while (text.size() < bytes) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        const std::uint64_t r = x >> 33;
        const std::uint64_t pick = r % fragments;
        text += pick == 0 ? std::to_string((r >> 8) % 1000003) : std::string(kFragments[pick]);
        text += kSeparators[(r / fragments) % separators];
    }
    return text;
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

// Issue #27: `steps` steps of the fit loop (core::TextFit) - Embedding(V, D), Linear(D, V) untied,
// context 4, Adam - on 100,000 tokens over all V ids (the bench's LCG; compare.py makes the same
// text and runs the same loop in PyTorch). The check computes the next step's loss in double from
// the weights as they are and compares the step's loss.
static void addFitWorkload(BenchRunner &runner, const std::string &name, Index vocab, Index dim, Index batch,
                           int steps)
{
    auto fit = std::make_shared<std::unique_ptr<core::TextFit>>();
    const auto make = [=] {
        core::LongTensor ids = spreadIds(0, 100000, vocab, 6);
        for (Index i = 0; i < vocab; ++i)
            ids.data[static_cast<std::size_t>(i)] = i;
        core::FitConfig config;
        config.dim = dim;
        config.batch = batch;
        config.tied = false;
        return std::make_unique<core::TextFit>(std::make_shared<const core::FitCorpus>(std::move(ids.data)),
                                               config);
    };
    runner.add(
        {name,
         std::to_string(steps) + " Adam steps of head(emb(x).mean(dim=1)), V=" + std::to_string(vocab) +
             ", D=" + std::to_string(dim) + ", C=4, B=" + std::to_string(batch),
         [=] {
             if (!*fit)
                 *fit = make();
             for (int k = 0; k < steps; ++k)
                 (*fit)->step();
         },
         [=]() -> std::string {
             core::TextFit &f = **fit;
             const core::Matrix &e = f.embedding();
             const core::Matrix &w = f.head();
             const std::vector<std::int32_t> &rows = f.corpus().rows();
             const Index first = f.firstExampleOf(f.stepCount() + 1);
             const Index context = f.config().context;
             double total = 0.0;
             for (Index j = 0; j < batch; ++j) {
                 const Index example = (first + j) % f.exampleCount();
                 Eigen::VectorXd h = Eigen::VectorXd::Zero(dim);
                 for (Index k = 0; k < context; ++k)
                     h += e.row(rows[static_cast<std::size_t>(example + k)]).cast<double>().transpose();
                 h /= static_cast<double>(context);
                 const Eigen::VectorXd logits = w.cast<double>() * h;
                 const double top = logits.maxCoeff();
                 const double lse = top + std::log((logits.array() - top).exp().sum());
                 total += lse - logits(rows[static_cast<std::size_t>(example + context)]);
             }
             const double want = total / static_cast<double>(batch);
             const double got = f.step();
             if (!(std::abs(got - want) <= 1e-4 * std::max(1.0, std::abs(want))))
                 return "loss " + std::to_string(got) + ", double-precision reference " +
                        std::to_string(want);
             return {};
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

// tokenize: GPT-2's BPE on 1 MB of mixed text (--quick: 64 KB), the tokenizer read from
// resources/tokenizers/gpt2 (EMBEDLAB_GPT2_DIR names another folder with vocab.json and merges.txt).
static void addTokenizeWorkload(BenchRunner &runner, bool quick)
{
    const char *env = std::getenv("EMBEDLAB_GPT2_DIR");
    const std::string dir = env && *env ? env : EMBEDLAB_GPT2_DIR;
    auto tokenizer = std::make_shared<std::optional<core::Tokenizer>>();
    auto problem = std::make_shared<std::string>();
    try {
        tokenizer->emplace(core::Tokenizer::fromFile(dir + "/vocab.json"));
    } catch (const core::Error &e) {
        *problem = std::string("no GPT-2 tokenizer: ") + e.what();
    }
    auto text = std::make_shared<const std::string>(mixedText(quick ? (64u << 10) : (1u << 20)));
    auto ids = std::make_shared<std::vector<std::int64_t>>();
    runner.add({"tokenize", "GPT-2 BPE encode of " + std::to_string(text->size()) + " bytes of mixed text",
                [=] {
                    if (*tokenizer)
                        *ids = (*tokenizer)->encode(*text);
                },
                [=]() -> std::string {
                    if (!problem->empty())
                        return *problem;
                    // The reference: the exact bytes back, at about 4 bytes a token or fewer.
                    if ((*tokenizer)->decode(*ids) != *text)
                        return "decode(encode(text)) differs from the text";
                    if (ids->size() < text->size() / 8)
                        return "only " + std::to_string(ids->size()) + " tokens for " +
                               std::to_string(text->size()) + " bytes";
                    return {};
                }});
}

// The text the Llama 3 workloads tokenize: the file EMBEDLAB_BENCH_TEXT names (compare.py writes 1 MB
// of real text in fifteen languages there, from Debian's translation catalogues), else 1 MB of the
// mixed fragments above (--quick: 64 KB of either).
static std::string benchText(bool quick, std::string &what)
{
    const std::size_t size = quick ? (64u << 10) : (1u << 20);
    if (const char *file = std::getenv("EMBEDLAB_BENCH_TEXT"); file && *file) {
        std::ifstream in(file, std::ios::binary);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (text.size() > size) {
            std::size_t end = size; // cut at a character boundary
            while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
                --end;
            text.resize(end);
        }
        what = std::to_string(text.size()) + " bytes of real text (" + file + ")";
        return text;
    }
    what = std::to_string(size) + " bytes of mixed fragments";
    return mixedText(size);
}

// Issue #26: Llama 3's tokenizer (tests/golden/tokenizer/models/llama3.tokenizer.json.qz, written out
// to a temporary file): llama3_load reads it as a user opens it, llama3_tokenize encodes benchText().
static void addLlama3Workloads(BenchRunner &runner, bool quick)
{
    auto dir = std::make_shared<QTemporaryDir>();
    auto path = std::make_shared<std::string>(dir->filePath(QStringLiteral("tokenizer.json")).toStdString());
    auto problem = std::make_shared<std::string>();
    auto tokenizer = std::make_shared<std::optional<core::Tokenizer>>();
    {
        QFile packed(QStringLiteral(EMBEDLAB_GOLDEN_DIR "/tokenizer/models/llama3.tokenizer.json.qz"));
        QFile out(QString::fromStdString(*path));
        const QByteArray json =
            packed.open(QIODevice::ReadOnly) ? qUncompress(packed.readAll()) : QByteArray();
        if (json.isEmpty() || !out.open(QIODevice::WriteOnly) || out.write(json) != json.size())
            *problem = "cannot write Llama 3's tokenizer.json from " + packed.fileName().toStdString();
    }
    // The lambdas hold `dir`: the file lives as long as the workloads.
    runner.add({"llama3_load", "Tokenizer::fromFile of Llama 3's tokenizer.json (8.7 MB)",
                [=] {
                    (void)dir;
                    if (problem->empty())
                        tokenizer->emplace(core::Tokenizer::fromFile(*path));
                },
                [=]() -> std::string {
                    if (!problem->empty())
                        return *problem;
                    return (*tokenizer)->vocabSize() == 128256 ? std::string() : "not 128256 tokens";
                }});
    std::string what;
    auto text = std::make_shared<const std::string>(benchText(quick, what));
    auto ids = std::make_shared<std::vector<std::int64_t>>();
    auto loaded = std::make_shared<std::optional<core::Tokenizer>>();
    runner.add({"llama3_tokenize", "Llama 3 encode of " + what,
                [=] {
                    (void)dir;
                    if (!problem->empty())
                        return;
                    if (!*loaded) // the first (untimed) run reads the tokenizer
                        loaded->emplace(core::Tokenizer::fromFile(*path));
                    *ids = (*loaded)->encode(*text);
                },
                [=]() -> std::string {
                    if (!problem->empty())
                        return *problem;
                    if ((*loaded)->decode(*ids) != *text)
                        return "decode(encode(text)) differs from the text";
                    if (ids->size() < text->size() / 12)
                        return "only " + std::to_string(ids->size()) + " tokens for " +
                               std::to_string(text->size()) + " bytes";
                    return {};
                }});
}

// neighbours_gpt2: top-10 rows by cosine to one row, the norms cached by the warm-up run (issue #14).
static void addNeighbourWorkload(BenchRunner &runner, const core::ParameterPtr &weight)
{
    constexpr std::int64_t kRow = 1234, kK = 10;
    auto neighbours = std::make_shared<std::unique_ptr<core::RowNeighbours>>();
    auto nearest = std::make_shared<std::vector<core::Neighbour>>();
    runner.add(
        {"neighbours_gpt2", "top-10 cosine neighbours of one row, norms cached",
         [=] {
             if (!*neighbours)
                 *neighbours = std::make_unique<core::RowNeighbours>(weight->span());
             *nearest = (*neighbours)->nearest(kRow, kK);
         },
         [=]() -> std::string {
             // Plain path: every cosine in long double, a full sort.
             const float *w = weight->value().data();
             const Index rows = weight->shape()[0], dim = weight->shape()[1];
             auto dot = [&](Index a, Index b) {
                 long double sum = 0;
                 for (Index j = 0; j < dim; ++j)
                     sum += static_cast<long double>(w[a * dim + j]) * w[b * dim + j];
                 return sum;
             };
             std::vector<std::pair<float, Index>> plain;
             for (Index i = 0; i < rows; ++i)
                 if (i != kRow)
                     plain.emplace_back(
                         -static_cast<float>(dot(i, kRow) / std::sqrt(dot(i, i) * dot(kRow, kRow))), i);
             std::sort(plain.begin(), plain.end());
             if (nearest->size() != static_cast<std::size_t>(kK))
                 return "got " + std::to_string(nearest->size()) + " neighbours";
             for (std::size_t i = 0; i < nearest->size(); ++i)
                 if ((*nearest)[i].id != plain[i].second ||
                     std::abs((*nearest)[i].cosine + plain[i].first) > 1e-6f)
                     return "neighbour " + std::to_string(i) + " is row " + std::to_string((*nearest)[i].id) +
                            ", reference row " + std::to_string(plain[i].second);
             return {};
         }});
}

// pca_gpt2: the principal plane of every row (6 passes of the randomized power method).
static void addPlaneWorkload(BenchRunner &runner, const core::ParameterPtr &weight)
{
    auto plane = std::make_shared<core::Projection2d>();
    runner.add({"pca_gpt2", "first two principal axes of the centred rows, every row",
                [=] { *plane = core::principalPlane(weight->span()); },
                [=]() -> std::string {
                    // The plane must be orthonormal and hold nearly as much variance as a 24-pass run's: on
                    // this i.i.d. N(0, 1) matrix the spectrum has no gap (the power method's worst case), and
                    // six passes hold about 93% of it.
                    const core::Projection2d reference = core::principalPlane(weight->span(), 24);
                    auto variance = [&](const core::Projection2d &p, int axis) {
                        double sum = 0;
                        for (Index i = 0; i < weight->shape()[0]; ++i) {
                            const double x = p.project(weight->span(), i)[static_cast<std::size_t>(axis)];
                            sum += x * x;
                        }
                        return sum;
                    };
                    double unit0 = 0, unit1 = 0, cross = 0;
                    for (std::size_t j = 0; j < plane->mean.size(); ++j) {
                        unit0 += double(plane->axes[0][j]) * plane->axes[0][j];
                        unit1 += double(plane->axes[1][j]) * plane->axes[1][j];
                        cross += double(plane->axes[0][j]) * plane->axes[1][j];
                    }
                    if (std::abs(unit0 - 1) > 1e-5 || std::abs(unit1 - 1) > 1e-5 || std::abs(cross) > 1e-5)
                        return "the axes are not orthonormal";
                    const double got = variance(*plane, 0) + variance(*plane, 1);
                    const double want = variance(reference, 0) + variance(reference, 1);
                    if (got < 0.9 * want)
                        return "the plane holds " + std::to_string(got) + " of the variance, 24 passes " +
                               std::to_string(want);
                    return {};
                }});
}

// A generated file removed with the last workload that uses it.
struct TemporaryFile {
    std::string path;
    bool written = false;
    ~TemporaryFile() { std::remove(path.c_str()); }
};

// Writes a [rows, cols] bf16 .safetensors of deterministic finite values (an LCG, as spreadIds) to
// file.path, once: on the workload's first (untimed) run, so that a bench without it writes no 1 GB.
void writeBf16Safetensors(TemporaryFile &file, Index rows, Index cols)
{
    if (file.written)
        return;
    file.written = true;
    std::string header = "{\"model.embed_tokens.weight\":{\"dtype\":\"BF16\",\"shape\":[" +
                         std::to_string(rows) + "," + std::to_string(cols) + "],\"data_offsets\":[0," +
                         std::to_string(rows * cols * 2) + "]}}";
    header.append((8 - header.size() % 8) % 8, ' ');
    std::ofstream out(file.path, std::ios::binary);
    const std::uint64_t length = header.size();
    out.write(reinterpret_cast<const char *>(&length), 8);
    out << header;
    std::vector<std::uint16_t> row(static_cast<std::size_t>(cols));
    std::uint64_t x = 0x9E3779B97F4A7C15ull;
    for (Index r = 0; r < rows; ++r) {
        for (auto &v : row) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            const float value = static_cast<float>(static_cast<int>((x >> 40) % 2001) - 1000) * 1e-4f;
            v = static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(value) >> 16);
        }
        out.write(reinterpret_cast<const char *>(row.data()), static_cast<std::streamsize>(row.size() * 2));
    }
}

// Issue #15: a big vocabulary (Llama 3's 128256 x 4096 bf16, 1 GB) opened the way File > Open and
// --weights do (map, decode straight into the Parameter in parallel blocks), with the statistics the
// histogram shows.
static void addOpenWorkload(BenchRunner &runner, const std::string &name, Index rows, Index cols)
{
    auto file = std::make_shared<TemporaryFile>();
    file->path = (std::filesystem::temp_directory_path() /
                  ("embedlab-bench-" + std::to_string(::getpid()) + "-" + name + ".safetensors"))
                     .string();
    auto weight = std::make_shared<core::ParameterPtr>();
    auto summary = std::make_shared<core::Summary>();
    runner.add({"open_" + name,
                "open a " + std::to_string(rows) + " x " + std::to_string(cols) +
                    " bf16 .safetensors to float32 + mean/std",
                [=] {
                    writeBf16Safetensors(*file, rows, cols);
                    weight->reset(); // the previous run's 2 GB go before the next are allocated
                    const core::WeightFile w = core::WeightFile::open(file->path);
                    *weight = w.toParameter("model.embed_tokens.weight");
                    *summary = (*weight)->summary(); // taken during the decode (#15)
                },
                [=]() -> std::string {
                    const core::WeightFile w = core::WeightFile::open(file->path);
                    const auto raw = w.rawBytes(w.tensor("model.embed_tokens.weight"));
                    const float *got = (*weight)->value().data();
                    double sum = 0;
                    for (Index i = 0; i < rows * cols; ++i) {
                        std::uint16_t bits;
                        std::memcpy(&bits, raw.data() + 2 * i, 2);
                        const float want = std::bit_cast<float>(std::uint32_t(bits) << 16);
                        if (i % 997 == 0 && std::memcmp(&got[i], &want, 4) != 0)
                            return describeMismatch(i, got[i], want);
                        sum += want;
                    }
                    const double mean = sum / static_cast<double>(rows * cols);
                    if (std::abs(summary->mean - mean) > 1e-6)
                        return "mean " + std::to_string(summary->mean) + ", reference " +
                               std::to_string(mean);
                    return {};
                }});
}

// Issue #15, "a pyramid and statistics in one pass": the open as the window makes it, up to the
// heatmap's pyramid. The decode takes the statistics and the pyramid's first level on the way; the
// coarser levels are made from that level, so the 2.1 GB matrix is read once.
static void addOpenHeatmapWorkload(BenchRunner &runner, const std::string &name, Index rows, Index cols)
{
    auto file = std::make_shared<TemporaryFile>();
    file->path = (std::filesystem::temp_directory_path() /
                  ("embedlab-bench-" + std::to_string(::getpid()) + "-" + name + "-heatmap.safetensors"))
                     .string();
    auto weight = std::make_shared<core::ParameterPtr>();
    auto pyramid = std::make_shared<std::shared_ptr<const ui::HeatmapPyramid>>();
    runner.add({"open_" + name + "_heatmap",
                "open a " + std::to_string(rows) + " x " + std::to_string(cols) +
                    " bf16 .safetensors (in place) + mean/std + the heatmap's pyramid",
                [=] {
                    writeBf16Safetensors(*file, rows, cols);
                    pyramid->reset();
                    weight->reset();
                    const core::WeightFile w = core::WeightFile::open(file->path);
                    *weight = w.toParameter("model.embed_tokens.weight");
                    (void)(*weight)->summary();
                    *pyramid = ui::HeatmapPyramid::shared(*weight, ui::Aggregation::MaxAbs);
                },
                [=]() -> std::string {
                    const auto m = (*weight)->value();
                    const ui::HeatmapPyramid built =
                        ui::HeatmapPyramid::build(m.data(), m.rows(), m.cols(), ui::Aggregation::MaxAbs);
                    const ui::HeatmapPyramid &got = **pyramid;
                    if (got.levelCount() != built.levelCount() || got.limit() != built.limit())
                        return "the pyramid's levels or colour limit differ from HeatmapPyramid::build's";
                    for (int i = 1; i < built.levelCount(); ++i) {
                        // A bf16 matrix in place keeps its levels as bf16 words: compare them widened.
                        const core::LevelCells &cells = *got.levelCells(i);
                        std::vector<float> values(static_cast<std::size_t>(cells.size()));
                        cells.copy(0, cells.size(), values.data());
                        if (std::memcmp(values.data(), built.levelData(i), values.size() * sizeof(float)) !=
                            0)
                            return "level " + std::to_string(i) + " differs from HeatmapPyramid::build's";
                    }
                    return {};
                }});
}

// Issue #30: the same Llama 3 token_embd.weight as GGUF Q4_K (random blocks, 295 MB) and bf16
// (1.05 GB), opened as the window opens it (decode + statistics + overview in one pass) one after
// the other in each run, so both see the same load on the machine; the report gives the medians of
// each open's wall and CPU time, of its peak resident memory, and of the Q4_K / bf16 ratios of the
// runs, labelled with the CPU.
struct QuantOpenRecord {
    int runs = 0; // the runner's warm-up (which writes the files, cold caches) is not recorded
    std::vector<double> ms[2], cpuMs[2], peakMb[2], timeRatio, cpuRatio, memoryRatio;
};

static std::string cpuName()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    int cores = 0;
    std::string model = "unknown CPU";
    while (std::getline(in, line)) {
        if (line.rfind("processor", 0) == 0)
            ++cores;
        else if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos)
            model = line.substr(line.find(':') + 2);
    }
    const std::string flags = [] {
        std::ifstream f("/proc/cpuinfo");
        std::string l;
        while (std::getline(f, l))
            if (l.rfind("flags", 0) == 0)
                return l;
        return std::string();
    }();
    const bool avx2 = flags.find(" avx2") != std::string::npos,
               avx512 = flags.find(" avx512f") != std::string::npos;
    return model + ", " + std::to_string(cores) + " logical cores" +
           (avx512 ? ", AVX-512"
            : avx2 ? ", AVX2"
                   : "");
}

// kB of a /proc/self/status line ("VmRSS:", "VmHWM:").
static double statusKb(const std::string &key)
{
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(key, 0) == 0)
            return std::atof(line.c_str() + key.size());
    return 0;
}

static double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// A GGUF file of one [rows, cols] tensor token_embd.weight: Q4_K blocks with random bytes and finite
// f16 scales in [2^-12, 2^-8) (so values of the size of real embeddings), or bf16 values as
// writeBf16Safetensors makes them. Written once, on the first (untimed) run.
static void writeGgufEmbedding(TemporaryFile &file, Index rows, Index cols, bool q4k)
{
    if (file.written)
        return;
    file.written = true;
    std::string header = "GGUF";
    auto put = [&header](const void *p, std::size_t n) { header.append(static_cast<const char *>(p), n); };
    const std::uint32_t version = 3, dims = 2, type = q4k ? 12 : 30;
    const std::uint64_t tensors = 1, kvs = 0, nameLength = 17,
                        ne[2] = {std::uint64_t(cols), std::uint64_t(rows)}, offset = 0;
    put(&version, 4);
    put(&tensors, 8);
    put(&kvs, 8);
    put(&nameLength, 8);
    header += "token_embd.weight";
    put(&dims, 4);
    put(ne, 16);
    put(&type, 4);
    put(&offset, 8);
    header.append((32 - header.size() % 32) % 32, '\0');
    std::ofstream out(file.path, std::ios::binary);
    out << header;
    std::uint64_t x = 0x9E3779B97F4A7C15ull;
    auto next = [&x] {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        return x >> 11;
    };
    std::vector<std::uint8_t> row;
    for (Index r = 0; r < rows; ++r) {
        row.clear();
        if (q4k) {
            for (Index b = 0; b < cols / 256; ++b) {
                const std::size_t at = row.size();
                row.resize(at + 144);
                for (std::size_t k = 0; k < 144; k += 8) {
                    const std::uint64_t bits = next();
                    std::memcpy(row.data() + at + k, &bits, 8);
                }
                for (int h = 0; h < 2; ++h) { // d and dmin: exponents 3..6 (2^-12 .. 2^-9), any mantissa
                    const auto half = static_cast<std::uint16_t>(((3 + next() % 4) << 10) | (next() & 0x3ff));
                    std::memcpy(row.data() + at + 2 * h, &half, 2);
                }
            }
        } else {
            for (Index c = 0; c < cols; ++c) {
                const float value = static_cast<float>(static_cast<int>(next() % 2001) - 1000) * 1e-4f;
                const auto bits = static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(value) >> 16);
                row.push_back(std::uint8_t(bits & 0xff));
                row.push_back(std::uint8_t(bits >> 8));
            }
        }
        out.write(reinterpret_cast<const char *>(row.data()), static_cast<std::streamsize>(row.size()));
    }
}

static double cpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

static std::string checkDecodedRows(const core::WeightFile &file, const core::Parameter &weight, bool q4k)
{
    // The decode against the block decoder (or the bf16 shift) on whole rows, at spread rows.
    const Index rows = weight.value().rows(), cols = weight.value().cols();
    const auto raw = file.rawBytes(file.tensor("token_embd.weight"));
    const std::size_t rowBytes = raw.size() / std::size_t(rows);
    std::vector<float> want(static_cast<std::size_t>(cols));
    for (Index r = 0; r < rows; r += rows / 97 + 1) {
        const std::uint8_t *src = raw.data() + std::size_t(r) * rowBytes;
        if (q4k) {
            core::dequantiseBlocks(core::ElementType::Q4_K, src, std::size_t(cols) / 256, want.data());
        } else {
            for (Index c = 0; c < cols; ++c) {
                std::uint16_t bits;
                std::memcpy(&bits, src + 2 * c, 2);
                want[std::size_t(c)] = std::bit_cast<float>(std::uint32_t(bits) << 16);
            }
        }
        if (std::memcmp(want.data(), weight.value().row(r).data(), want.size() * 4) != 0)
            return std::string(q4k ? "Q4_K" : "bf16") + " row " + std::to_string(r) +
                   " differs from the reference decode";
    }
    if (!weight.overview())
        return "no heatmap overview was made during the decode";
    return {};
}

static void addQuantOpenWorkloads(BenchRunner &runner, Index rows, Index cols)
{
    auto records = std::make_shared<QuantOpenRecord>();
    std::shared_ptr<TemporaryFile> files[2];
    for (const bool q4k : {false, true}) {
        files[q4k] = std::make_shared<TemporaryFile>();
        files[q4k]->path =
            (std::filesystem::temp_directory_path() /
             ("embedlab-bench-" + std::to_string(::getpid()) + (q4k ? "-q4k.gguf" : "-bf16.gguf")))
                .string();
    }
    auto weight = std::make_shared<core::ParameterPtr>();
    const std::string shape = std::to_string(rows) + " x " + std::to_string(cols);
    runner.add(
        {"open_llama3_q4_k",
         "open a " + shape +
             " bf16 GGUF token_embd.weight, then the same shape as Q4_K (float32 + statistics + "
             "overview), peak memory of each",
         [=] {
             double ms[2], cpu[2], peak[2];
             for (const bool q4k : {false, true}) {
                 writeGgufEmbedding(*files[q4k], rows, cols, q4k);
                 weight->reset(); // the previous open's 2 GB go first
                 // Peak resident memory of this open alone: the high-water mark is reset first.
                 std::ofstream("/proc/self/clear_refs") << "5";
                 const double before = statusKb("VmRSS:"), cpuStart = cpuMs();
                 const auto start = std::chrono::steady_clock::now();
                 const core::WeightFile file = core::WeightFile::open(files[q4k]->path);
                 *weight = file.toParameter("token_embd.weight");
                 ms[q4k] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                               .count();
                 cpu[q4k] = cpuMs() - cpuStart;
                 peak[q4k] = (statusKb("VmHWM:") - before) / 1024.0;
             }
             if (records->runs++ == 0)
                 return;
             for (int k = 0; k < 2; ++k) {
                 records->ms[k].push_back(ms[k]);
                 records->cpuMs[k].push_back(cpu[k]);
                 records->peakMb[k].push_back(peak[k]);
             }
             records->timeRatio.push_back(ms[1] / ms[0]);
             records->cpuRatio.push_back(cpu[1] / cpu[0]);
             records->memoryRatio.push_back(peak[1] / peak[0]);
         },
         [=]() -> std::string {
             const std::string q4k = checkDecodedRows(core::WeightFile::open(files[1]->path), **weight, true);
             if (!q4k.empty())
                 return q4k;
             *weight = core::WeightFile::open(files[0]->path).toParameter("token_embd.weight");
             return checkDecodedRows(core::WeightFile::open(files[0]->path), **weight, false);
         },
         [records] {
             const QuantOpenRecord &r = *records;
             char text[640];
             std::snprintf(
                 text, sizeof text,
                 "on %s, medians of %zu runs: bf16 %.0f ms (CPU %.0f ms, peak +%.0f MB), Q4_K %.0f "
                 "ms (CPU %.0f ms, peak +%.0f MB); Q4_K / bf16: time %.2f, CPU time %.2f, peak memory "
                 "%.2f",
                 cpuName().c_str(), r.timeRatio.size(), median(r.ms[0]), median(r.cpuMs[0]),
                 median(r.peakMb[0]), median(r.ms[1]), median(r.cpuMs[1]), median(r.peakMb[1]),
                 median(r.timeRatio), median(r.cpuRatio), median(r.memoryRatio));
             return std::string(text);
         }});
    // The statistics table's count of distinct values, on the decoded Q4_K matrix (issue #30).
    auto distinct = std::make_shared<Index>(0);
    auto quantised = std::make_shared<core::ParameterPtr>();
    runner.add({"distinct_llama3_q4_k", "count the distinct values of the decoded " + shape + " Q4_K matrix",
                [=] {
                    if (!*quantised) { // decoded once, in the untimed warm-up
                        writeGgufEmbedding(*files[1], rows, cols, true);
                        weight->reset();
                        *quantised = core::WeightFile::open(files[1]->path).toParameter("token_embd.weight");
                    }
                    *distinct =
                        core::countDistinctValues((*quantised)->value().data(), (*quantised)->numel());
                },
                [=]() -> std::string {
                    // Sorted and made unique, the first 2^20 values count as countDistinctValues says.
                    const float *w = (*quantised)->value().data();
                    std::vector<float> head(w, w + std::min<Index>((*quantised)->numel(), Index(1) << 20));
                    std::sort(head.begin(), head.end());
                    const auto unique = std::unique(head.begin(), head.end()) - head.begin();
                    if (unique != core::countDistinctValues(w, Index(head.size())))
                        return "the first 2^20 values: " + std::to_string(unique) + " by sorting";
                    if (*distinct < unique || *distinct > (*quantised)->numel())
                        return "count " + std::to_string(*distinct) + " out of range";
                    quantised->reset();
                    return {};
                },
                [distinct] { return std::to_string(*distinct) + " distinct values"; }});
}

// Gemma's 256000 x 2304 (1.2 GB of bf16) only in full runs: the README's figures for it are measured.
// Issue #28: lm_head(h) for one h over Llama 3's bf16 head (128256 x 4096, 1 GB), used where it lies
// in the file: its 16-bit words are converted as the product reads them, no float32 copy (target
// 60 ms). The file is written and opened in the untimed warm-up run; the check compares the logits
// bit for bit with the same product over the decoded float32 copy.
static void addLmHeadInPlaceWorkload(BenchRunner &runner, const std::string &name, Index rows, Index cols)
{
    auto file = std::make_shared<TemporaryFile>();
    file->path = (std::filesystem::temp_directory_path() /
                  ("embedlab-bench-" + std::to_string(::getpid()) + "-" + name + "-head.safetensors"))
                     .string();
    auto head = std::make_shared<std::unique_ptr<core::Linear>>();
    auto hidden = std::make_shared<core::Tensor>(), logits = std::make_shared<core::Tensor>();
    const auto headOf = [](const core::ParameterPtr &weight) {
        core::Generator gen;
        return std::make_unique<core::Linear>(weight, false, gen);
    };
    runner.add(
        {"lmhead_" + name + "_bf16",
         "lm_head(h) for one h over a " + std::to_string(rows) + " x " + std::to_string(cols) +
             " bf16 head in place (target 60 ms)",
         [=] {
             if (!*head) {
                 writeBf16Safetensors(*file, rows, cols);
                 const core::WeightFile w = core::WeightFile::open(file->path);
                 const core::ParameterPtr weight =
                     w.toParameter("model.embed_tokens.weight", {}, core::WeightFile::Placement::InPlace);
                 *hidden = core::Tensor({1, cols}, core::uninitialized);
                 weight->copyRows(7, 1, hidden->data.data());
                 *head = headOf(weight);
             }
             *logits = (*head)->forward(*hidden);
         },
         [=]() -> std::string {
             if (!(*head)->weight()->halfType())
                 return "the head was converted to float32";
             const core::WeightFile w = core::WeightFile::open(file->path);
             const auto copy =
                 headOf(w.toParameter("model.embed_tokens.weight", {}, core::WeightFile::Placement::Copy));
             const core::Tensor want = copy->forward(*hidden);
             for (Index i = 0; i < rows; ++i)
                 if (std::memcmp(&logits->data[std::size_t(i)], &want.data[std::size_t(i)], 4) != 0)
                     return describeMismatch(i, logits->data[std::size_t(i)], want.data[std::size_t(i)]);
             return {};
         }});
}

// Issue #28: heatmap frames of Llama 3's bf16 embedding used where it lies, whose pyramid levels
// are bf16 words too: at 3x zoom a frame converts the level-1 cells it shows (16 matrix rows each),
// at 15x and 40x the matrix's own. The pyramid is made in the untimed warm-up run.
static void addWordsFrameWorkloads(BenchRunner &runner, Index rows, Index cols)
{
    auto file = std::make_shared<TemporaryFile>();
    file->path = (std::filesystem::temp_directory_path() /
                  ("embedlab-bench-" + std::to_string(::getpid()) + "-frames.safetensors"))
                     .string();
    auto renderer = std::make_shared<ui::HeatmapRenderer>();
    auto weight = std::make_shared<core::ParameterPtr>();
    for (const double zoom : {3.0, 15.0, 40.0}) {
        auto mapping = std::make_shared<ui::HeatmapMapping>();
        const std::string name = "llama3_bf16_frame_pan_" + std::to_string(int(zoom)) + "x";
        runner.add(
            {name,
             "heatmap pan step at " + std::to_string(int(zoom)) + "x zoom over a " + std::to_string(rows) +
                 " x " + std::to_string(cols) + " bf16 matrix in place (target < 10 ms)",
             [=] {
                 if (!*weight) {
                     writeBf16Safetensors(*file, rows, cols);
                     *weight = core::WeightFile::open(file->path)
                                   .toParameter("model.embed_tokens.weight", {},
                                                core::WeightFile::Placement::InPlace);
                     renderer->setPyramid(ui::HeatmapPyramid::shared(*weight, ui::Aggregation::MaxAbs));
                     renderer->setColorMap(ui::ColorMap::fromName(QStringLiteral("RdBu")));
                 }
                 if (mapping->isEmpty())
                     *mapping = ui::HeatmapMapping::fit(rows, cols, QSizeF(1200, 700))
                                    .zoomedAt(QPointF(600, 350), zoom);
                 *mapping = mapping->pannedBy(QPointF(0, 37));
                 renderer->renderFrame(*mapping);
             },
             [=]() -> std::string {
                 return (*weight)->halfType() ? std::string() : "the matrix was converted to float32";
             }});
    }
}

static void addOpenWorkloads(BenchRunner &runner, bool quick)
{
    addLmHeadInPlaceWorkload(runner, "llama3", quick ? 4096 : 128256, quick ? 256 : 4096);
    addWordsFrameWorkloads(runner, quick ? 4096 : 128256, quick ? 256 : 4096);
    addOpenWorkload(runner, "llama3_vocab", quick ? 4096 : 128256, quick ? 256 : 4096);
    addOpenHeatmapWorkload(runner, "llama3_vocab", quick ? 4096 : 128256, quick ? 256 : 4096);
    if (!quick)
        addOpenWorkload(runner, "gemma_vocab", 256000, 2304);
    addQuantOpenWorkloads(runner, quick ? 4096 : 128256, quick ? 256 : 4096);
}

// Issue #15: the views stay interactive on a Llama 3 vocabulary (128256 x 4096 float32, 2.1 GB;
// --quick: 4096 x 256). The matrix and its pyramid are made in the untimed warm-up run, so a bench
// that skips these workloads (--only) never allocates them.
struct BigModel {
    Index rows = 0, cols = 0;
    std::shared_ptr<core::TiedModel> model;
    std::shared_ptr<ui::HeatmapRenderer> renderer;
    ui::HeatmapMapping mapping;
    void prepare()
    {
        if (model)
            return;
        core::Generator gen;
        auto weight = std::make_shared<core::Parameter>(core::Shape{rows, cols});
        float *w = weight->value().data();
        std::uint64_t x = 0x9E3779B97F4A7C15ull;
        for (Index i = 0; i < rows * cols; ++i) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            w[i] = static_cast<float>(static_cast<int>((x >> 40) % 2001) - 1000) * 1e-5f;
        }
        model = std::shared_ptr<core::TiedModel>(
            core::TiedModel::withEmbedding(weight, core::EmbeddingOptions{}, false, true, gen));
        renderer = std::make_shared<ui::HeatmapRenderer>();
        renderer->setPyramid(std::make_shared<ui::HeatmapPyramid>(
            ui::HeatmapPyramid::build(w, rows, cols, ui::Aggregation::MaxAbs, nullptr)));
        renderer->setColorMap(ui::ColorMap::fromName(QStringLiteral("RdBu")));
        mapping = ui::HeatmapMapping::fit(rows, cols, QSizeF(1200, 700));
    }
};

static void addBigVocabularyViewWorkloads(BenchRunner &runner, bool quick)
{
    auto big = std::make_shared<BigModel>();
    big->rows = quick ? 4096 : 128256;
    big->cols = quick ? 256 : 4096;
    const std::string shape = std::to_string(big->rows) + " x " + std::to_string(big->cols);
    auto frame = std::make_shared<QImage>();
    const auto frameIsWhole = [=]() -> std::string {
        return frame->size() == QSize(1200, 700) ? std::string() : std::string("frame has the wrong size");
    };
    // Panning at 40x zoom (rows of single tokens visible), then zooming in and out around a point.
    runner.add({"llama3_frame_pan", "heatmap pan step at 40x zoom, " + shape + " (target < 10 ms)",
                [=] {
                    big->prepare();
                    if (big->mapping.isFit())
                        big->mapping = big->mapping.zoomedAt(QPointF(600, 350), 40.0);
                    big->mapping = big->mapping.pannedBy(QPointF(0, 37));
                    *frame = big->renderer->renderFrame(big->mapping);
                },
                frameIsWhole});
    auto zoomIn = std::make_shared<bool>(true);
    runner.add({"llama3_frame_zoom", "heatmap zoom step (x1.25 in or out), " + shape + " (target < 10 ms)",
                [=] {
                    big->prepare();
                    big->mapping = big->mapping.zoomedAt(QPointF(300, 200), *zoomIn ? 1.25 : 0.8);
                    *zoomIn = !*zoomIn;
                    *frame = big->renderer->renderFrame(big->mapping);
                },
                frameIsWhole});
    // What the Lab recomputes when the ids change (the one-hot animation's rows and products).
    const core::LongTensor ids = spreadIds(0, 3, big->rows, 5);
    auto paths = std::make_shared<core::LookupPaths>();
    runner.add(
        {"llama3_lookup_3",
         "embedding(ids), W[ids], one_hot(ids) @ W and F.linear for 3 ids, " + shape + " (target < 100 ms)",
         [=] {
             big->prepare();
             core::Embedding embedding = big->model->embedding();
             *paths = core::computeLookupPaths(embedding, ids);
         },
         [=]() -> std::string {
             const float *w = big->model->embedding().weight()->value().data();
             for (std::size_t i = 0; i < ids.data.size(); ++i) {
                 const float *row = w + ids.data[i] * big->cols;
                 const auto at = static_cast<Index>(i) * big->cols;
                 if (!std::equal(row, row + big->cols, paths->linear.data.begin() + at) ||
                     !std::equal(row, row + big->cols, paths->oneHotMm.data.begin() + at))
                     return "a product row of id " + std::to_string(ids.data[i]) + " is not W[id]";
             }
             return paths->allEqual() ? std::string() : std::string("the four paths differ");
         }});
    // The Unembedding view's lm_head(h) for one h = W[id].
    auto logits = std::make_shared<core::Tensor>();
    runner.add({"llama3_unembed_1", "lm_head(h) for one h (tied), " + shape + " (target < 100 ms)",
                [=] {
                    big->prepare();
                    const auto row = big->model->embedding().weight()->value().row(ids.data[0]);
                    core::Tensor h({big->cols});
                    std::copy(row.data(), row.data() + big->cols, h.data.begin());
                    *logits = big->model->lmHead().forward(h);
                },
                [=]() -> std::string {
                    const auto w = big->model->embedding().weight()->value();
                    for (Index c = 0; c < big->rows; c += 4999) {
                        double dot = 0;
                        for (Index k = 0; k < big->cols; ++k)
                            dot += static_cast<double>(w(ids.data[0], k)) * w(c, k);
                        if (std::abs(logits->data[static_cast<std::size_t>(c)] - dot) >
                            1e-4 * std::max(1.0, std::abs(dot)))
                            return describeMismatch(c, logits->data[static_cast<std::size_t>(c)], dot);
                    }
                    return {};
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
    addNeighbourWorkload(runner, weight);
    addPlaneWorkload(runner, weight);
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
    runner.addInfo("isa", core::simd::isaName(core::simd::activeIsa()));
    addWorkloads(runner, sizes);
    addTokenizeWorkload(runner, quick);
    addLlama3Workloads(runner, quick);
    addOpenWorkloads(runner, quick);
    addBigVocabularyViewWorkloads(runner, quick);
    addRegisterTileWorkloads(runner, quick);
    addFitWorkload(runner, "fit_adam_2000", quick ? 500 : 2000, quick ? 16 : 32, quick ? 64 : 256, 10);
    addFitWorkload(runner, "fit_adam_8192", quick ? 1000 : 8192, quick ? 16 : 64, quick ? 64 : 512, 4);
    addUndoWorkload(runner, quick);
    addFitFramesWorkload(runner, quick);
    if (const std::vector<std::string> unknown = runner.keepOnly(only); !unknown.empty()) {
        std::cerr << "embedlab-bench: no workload named '" << unknown.front() << "'\n";
        return 2;
    }
    std::cerr << "embedlab-bench: " << sizes.vocab << " x " << sizes.dim << " float32"
              << (quick ? " (quick)" : "") << "\n";
    return runner.runAll(std::cout, std::cerr);
}

} // namespace embedlab::bench
