// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/TextFit.h"

#include "core/init/Generator.h"
#include "core/nn/FitGemm.h"
#include "core/nn/FitKernels.h"
#include "core/tensor/Error.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>

namespace embedlab::core {

namespace {

void checkSize(const char *what, Index value)
{
    if (value < 1)
        throw Error(Error::Kind::ValueError,
                    std::string(what) + " must be at least 1, got " + std::to_string(value));
}

bool rowEqual(const float *a, const float *b, Index n)
{
    // Bits, so a NaN that stays NaN and -0.0 -> +0.0 count as they are stored.
    return std::memcmp(a, b, static_cast<std::size_t>(n) * sizeof(float)) == 0;
}

} // namespace

OptimizerConfig FitConfig::defaultOptimizer()
{
    OptimizerConfig c;
    c.kind = OptimizerConfig::Kind::Adam;
    c.adam.lr = 0.01;
    c.sgd.lr = 0.1; // `train`'s default lr when SGD is chosen without one
    return c;
}

TextFit::TextFit(std::shared_ptr<const FitCorpus> corpus, const FitConfig &config)
    : m_corpus(std::move(corpus))
    , m_config(config)
{
    checkSize("the embedding dimension", config.dim);
    checkSize("the batch size", config.batch);
    m_corpus->checkContext(config.context);
    m_examples = m_corpus->exampleCount(config.context);
    // The step's buffers are refused with the allocator's words before any is allocated, as torch
    // would refuse the [B, V] logits.
    checkShapeAllocatable({config.batch, vocabSize()});
    checkShapeAllocatable({config.batch, config.dim});
    Generator gen(config.seed);
    m_model = TiedModel::build(vocabSize(), config.dim, EmbeddingOptions{}, config.bias, config.tied, gen);
    m_parameters = m_model->parameters();
    m_optimizer = config.optimizer.create(m_parameters);
    // The gradients are written whole by every step (zero_grad() then backward()), so they are
    // allocated once.
    for (const ParameterPtr &p : m_parameters)
        p->grad().resize(p->rows(), p->cols());
    m_targets.resize(static_cast<std::size_t>(config.batch));
    m_hidden.resize(config.batch, config.dim);
    // The logits' rows are padded when V floats make a multiple of 4 KiB: rows that far apart share
    // the same cache sets, and the gradient products read down the rows.
    m_logitsStride = (vocabSize() + 15) / 16 * 16;
    if ((m_logitsStride * 4) % 4096 == 0)
        m_logitsStride += 16;
    m_logits.resize(config.batch, m_logitsStride);
    m_gradHidden.resize(config.batch, config.dim);
    m_contextIds.shape = {config.batch, config.context};
    m_contextIds.data.resize(static_cast<std::size_t>(config.batch * config.context));
    m_gradContext = Tensor({config.batch, config.context, config.dim}, uninitialized);
}

double TextFit::uniformLoss() const
{
    return std::log(static_cast<double>(vocabSize()));
}

Index TextFit::firstExampleOf(std::int64_t step) const
{
    // ((k - 1) * B) % n without overflow: both factors are reduced first, each below n < 2^31.
    const Index n = m_examples;
    return ((static_cast<Index>(step - 1) % n) * (m_config.batch % n)) % n;
}

void TextFit::forward(Index first)
{
    const Index b = m_config.batch, c = m_config.context, d = m_config.dim;
    const std::int32_t *rows = m_corpus->rows().data();
    const float *e = embedding().data();
    const auto count = static_cast<float>(c);
    for (Index j = 0; j < b; ++j) {
        const Index example = (first + j) % m_examples;
        m_targets[static_cast<std::size_t>(j)] = rows[example + c];
        for (Index k = 0; k < c; ++k)
            m_contextIds.data[static_cast<std::size_t>(j * c + k)] = rows[example + k];
        // emb(x).mean(dim=1): torch.sum over the context, then div_ by C.
        float *h = m_hidden.row(j).data();
        fit::outerSum(
            c, d, [&](Index k) { return e + Index{rows[example + k]} * d; }, h);
        for (Index k = 0; k < d; ++k)
            h[k] = h[k] / count;
    }
    // head(h): addmm(bias, h, W.t()) - the product, then the bias added once.
    fit::gemmFma(b, vocabSize(), d, {m_hidden.data(), d, 1}, {head().data(), 1, d}, m_logits.data(),
                 m_logitsStride);
    if (m_config.bias) {
        const float *bias = m_model->lmHead().bias()->value().data();
        for (Index j = 0; j < b; ++j) {
            float *row = m_logits.row(j).data();
            for (Index v = 0; v < vocabSize(); ++v)
                row[v] = row[v] + bias[v];
        }
    }
}

void TextFit::backward()
{
    const Index b = m_config.batch, c = m_config.context, d = m_config.dim, v = vocabSize();
    Parameter &emb = *m_model->embedding().weight();
    Parameter &headWeight = *m_model->lmHead().weight();
    // m_logits holds d loss / d logits. mm's backward: W.grad = G^T h, h.grad = G W (W before the
    // step); addmm's bias gradient is torch.sum(G, dim=0).
    fit::gemmFma(v, d, b, {m_logits.data(), 1, m_logitsStride}, {m_hidden.data(), d, 1},
                 headWeight.grad().data(), d);
    if (m_config.bias)
        fit::outerSum(
            b, v, [&](Index j) { return m_logits.row(j).data(); }, m_model->lmHead().bias()->grad().data());
    fit::gemmFma(b, d, v, {m_logits.data(), m_logitsStride, 1}, {headWeight.value().data(), d, 1},
                 m_gradHidden.data(), d);
    // mean's backward: h's gradient expanded over the context and divided by C; then
    // embedding_dense_backward (core::Embedding), which adds to the head's gradient when tied.
    const auto count = static_cast<float>(c);
    for (Index j = 0; j < b; ++j)
        for (Index k = 0; k < c; ++k)
            for (Index e = 0; e < d; ++e)
                m_gradContext.data[static_cast<std::size_t>((j * c + k) * d + e)] =
                    m_gradHidden(j, e) / count;
    if (!m_config.tied)
        emb.zeroGrad(); // a fresh dense gradient, zero outside the looked-up rows
    m_model->embedding().backward(m_contextIds, m_gradContext);
}

float TextFit::step(FitStepReport *report)
{
    const std::int64_t k = m_step + 1;
    const Index first = firstExampleOf(k);
    forward(first);
    const float loss = fit::crossEntropyInPlace(m_logits.data(), m_logitsStride, m_targets.data(),
                                                m_config.batch, vocabSize());
    backward();

    // Which rows can move: the looked-up ones always; every row once the optimiser remembers earlier
    // steps, the head's gradient reaches the shared weight or weight decay pulls it.
    const OptimizerConfig &opt = m_config.optimizer;
    unsigned reasons = kChangedByLookup;
    if (m_config.tied)
        reasons |= kChangedByTying;
    if (opt.remembers() && k > 1)
        reasons |= kChangedByMomentum;
    if (opt.weightDecay() != 0.0)
        reasons |= kChangedByWeightDecay;
    std::vector<std::int32_t> lookedUp;
    if (report) {
        const std::int32_t *rows = m_corpus->rows().data();
        for (Index j = 0; j < m_config.batch; ++j) {
            const Index example = (first + j) % m_examples;
            lookedUp.insert(lookedUp.end(), rows + example, rows + example + m_config.context);
        }
        std::sort(lookedUp.begin(), lookedUp.end());
        lookedUp.erase(std::unique(lookedUp.begin(), lookedUp.end()), lookedUp.end());
        m_before = embedding();
    }

    m_optimizer->step();
    m_step = k;
    if (!report)
        return loss;

    report->step = k;
    report->loss = loss;
    report->reasons = reasons;
    report->changedRows.clear();
    const Index d = m_config.dim;
    const ConstMatrixMap after = embedding();
    const auto changed = [&](Index row) {
        return !rowEqual(after.row(row).data(), m_before.row(row).data(), d);
    };
    if (reasons == kChangedByLookup) {
        for (std::int32_t row : lookedUp)
            if (changed(row))
                report->changedRows.push_back(row);
    } else {
        for (Index row = 0; row < vocabSize(); ++row)
            if (changed(row))
                report->changedRows.push_back(static_cast<std::int32_t>(row));
    }
    report->lookedUpRows = std::move(lookedUp);
    return loss;
}

std::size_t TextFit::snapshotBytes() const
{
    std::size_t params = 0;
    for (const ParameterPtr &p : m_parameters)
        params += p->bytes();
    const OptimizerConfig &opt = m_config.optimizer;
    std::size_t copies = 1; // the values
    if (opt.kind == OptimizerConfig::Kind::Adam)
        copies += opt.adam.amsgrad ? 3 : 2;
    else if (opt.sgd.momentum != 0.0)
        copies += 1;
    return params * copies;
}

FitSnapshot TextFit::snapshot() const
{
    FitSnapshot s;
    s.step = m_step;
    for (const ParameterPtr &p : m_parameters) {
        auto copy = std::make_shared<Parameter>(p->shape());
        copy->value() = p->value();
        s.parameters.push_back(std::move(copy));
    }
    s.optimizer = m_optimizer->cloneFor(s.parameters);
    s.bytes = snapshotBytes();
    return s;
}

void TextFit::restore(const FitSnapshot &snapshot)
{
    assert(snapshot.parameters.size() == m_parameters.size() && snapshot.optimizer &&
           "restore() takes a snapshot of this fit");
    for (std::size_t k = 0; k < m_parameters.size(); ++k) {
        m_parameters[k]->value() = snapshot.parameters[k]->value();
        m_parameters[k]->bumpVersion();
    }
    m_optimizer = snapshot.optimizer->cloneFor(m_parameters);
    m_step = snapshot.step;
}

} // namespace embedlab::core
