// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/TiedModel.h"

#include "core/nn/Loss.h"
#include "core/tensor/Error.h"

namespace embedlab::core {

TiedModel::TiedModel(Index numEmbeddings, Index embeddingDim, const EmbeddingOptions &options,
                     bool lmHeadBias, Generator &gen)
    : m_embedding(std::make_unique<Embedding>(numEmbeddings, embeddingDim, options, gen))
    , m_lmHead(std::make_unique<Linear>(embeddingDim, numEmbeddings, lmHeadBias, gen))
{}

TiedModel::TiedModel(std::unique_ptr<Embedding> embedding, std::unique_ptr<Linear> lmHead)
    : m_embedding(std::move(embedding))
    , m_lmHead(std::move(lmHead))
{}

std::unique_ptr<TiedModel> TiedModel::build(Index numEmbeddings, Index embeddingDim,
                                            const EmbeddingOptions &options, bool lmHeadBias, bool tied,
                                            Generator &gen)
{
    if (!tied || numEmbeddings <= 0 || embeddingDim <= 0)
        return std::unique_ptr<TiedModel>(
            new TiedModel(numEmbeddings, embeddingDim, options, lmHeadBias, gen));
    auto embedding = std::make_unique<Embedding>(numEmbeddings, embeddingDim, options, gen);
    // kaiming_uniform_ draws one value per element of the Linear's weight.
    gen.discard(static_cast<std::uint64_t>(numEmbeddings) * static_cast<std::uint64_t>(embeddingDim));
    auto lmHead = std::make_unique<Linear>(embedding->weight(), lmHeadBias, gen);
    return std::unique_ptr<TiedModel>(new TiedModel(std::move(embedding), std::move(lmHead)));
}

std::unique_ptr<TiedModel> TiedModel::withEmbedding(ParameterPtr weight, const EmbeddingOptions &options,
                                                    bool lmHeadBias, bool tied, Generator &gen)
{
    const Index v = weight->shape().at(0), d = weight->shape().at(1);
    const auto n = static_cast<std::uint64_t>(weight->numel());
    if (n < 16) {
        // normal_ on fewer than 16 elements keeps a Box-Muller sample in the generator: draw for real.
        std::unique_ptr<TiedModel> model(new TiedModel(v, d, options, lmHeadBias, gen));
        weight->bumpVersion();
        model->m_embedding->setWeight(std::move(weight));
        if (tied)
            model->tie();
        return model;
    }
    // normal_(0, 1) draws one value per element, and 16 more when the count is not a multiple of 16
    // (core/init/Init.cpp); kaiming_uniform_ draws one per element.
    gen.discard(n + (n % 16 != 0 ? 16 : 0));
    auto embedding = std::make_unique<Embedding>(weight, options);
    std::unique_ptr<Linear> lmHead;
    if (tied) {
        gen.discard(n);
        lmHead = std::make_unique<Linear>(std::move(weight), lmHeadBias, gen);
    } else {
        lmHead = std::make_unique<Linear>(d, v, lmHeadBias, gen);
    }
    return std::unique_ptr<TiedModel>(new TiedModel(std::move(embedding), std::move(lmHead)));
}

std::unique_ptr<TiedModel> TiedModel::withEmbeddingAndHead(ParameterPtr embedding, ParameterPtr head,
                                                           const EmbeddingOptions &options, bool lmHeadBias,
                                                           Generator &gen)
{
    const auto n = static_cast<std::uint64_t>(embedding->numel());
    if (n < 16) {
        // withEmbedding() draws such a small model for real; the head then replaces the Linear's.
        std::unique_ptr<TiedModel> model =
            withEmbedding(std::move(embedding), options, lmHeadBias, false, gen);
        model->m_lmHead->setWeight(std::move(head));
        return model;
    }
    // normal_ as withEmbedding() skips it, then kaiming_uniform_'s one draw per element.
    gen.discard(n + (n % 16 != 0 ? 16 : 0) + n);
    auto layer = std::make_unique<Embedding>(std::move(embedding), options);
    auto lmHead = std::make_unique<Linear>(std::move(head), lmHeadBias, gen);
    return std::unique_ptr<TiedModel>(new TiedModel(std::move(layer), std::move(lmHead)));
}

std::unique_ptr<TiedModel> TiedModel::withLmHead(ParameterPtr weight, const EmbeddingOptions &options,
                                                 bool lmHeadBias, Generator &gen)
{
    const Index v = weight->shape().at(0), d = weight->shape().at(1);
    if (weight->numel() == 0) {
        // Nothing to skip; the Linear's zero-element initialisation stays PyTorch's own path.
        std::unique_ptr<TiedModel> model(new TiedModel(v, d, options, lmHeadBias, gen));
        model->m_lmHead->setWeight(std::move(weight));
        return model;
    }
    auto embedding = std::make_unique<Embedding>(v, d, options, gen);
    // kaiming_uniform_ draws one value per element of the Linear's weight.
    gen.discard(static_cast<std::uint64_t>(weight->numel()));
    auto lmHead = std::make_unique<Linear>(std::move(weight), lmHeadBias, gen);
    return std::unique_ptr<TiedModel>(new TiedModel(std::move(embedding), std::move(lmHead)));
}

ParameterPtr TiedModel::tie()
{
    const ParameterPtr &shared = m_embedding->weight();
    if (m_lmHead->inFeatures() != m_embedding->embeddingDim() ||
        m_lmHead->outFeatures() != m_embedding->numEmbeddings())
        throw Error(Error::Kind::RuntimeError,
                    "cannot tie lm_head.weight of shape " + shapeString(m_lmHead->weight()->shape()) +
                        " to embedding.weight of shape " + shapeString(shared->shape()) +
                        ": lm_head must be Linear(" + std::to_string(m_embedding->embeddingDim()) + ", " +
                        std::to_string(m_embedding->numEmbeddings()) + ")");
    ParameterPtr previous = m_lmHead->weight();
    m_lmHead->setWeight(shared);
    return previous;
}

void TiedModel::untie(UntieMode mode, Generator &gen)
{
    if (mode == UntieMode::Clone) {
        m_lmHead->setWeight(m_lmHead->weight()->clone());
        return;
    }
    // lm_head.weight = nn.Parameter(torch.empty(V, D)); lm_head.reset_parameters() - which also
    // redraws the bias, as PyTorch's reset_parameters does.
    m_lmHead->setWeight(std::make_shared<Parameter>(m_lmHead->weight()->shape()));
    m_lmHead->resetParameters(gen);
}

Index TiedModel::parameterCount() const
{
    Index count = 0;
    for (const ParameterPtr &p : parameters())
        count += p->numel();
    return count;
}

std::uint64_t TiedModel::parameterBytes() const
{
    return static_cast<std::uint64_t>(parameterCount()) * sizeof(float);
}

std::vector<ParameterPtr> TiedModel::parameters() const
{
    std::vector<ParameterPtr> params{m_embedding->weight()};
    if (!isTied())
        params.push_back(m_lmHead->weight());
    if (m_lmHead->bias())
        params.push_back(m_lmHead->bias());
    return params;
}

Tensor TiedModel::forward(const LongTensor &ids)
{
    return m_lmHead->forward(m_embedding->forward(ids));
}

std::unique_ptr<TiedModel> TiedModel::copied() const
{
    // copyRows(): bf16 or f16 words in place are converted into the copy, not first into their own.
    const auto copyOf = [](const Parameter &p) {
        auto out = std::make_shared<Parameter>(p.shape());
        p.copyRows(0, p.rows(), out->value().data());
        return out;
    };
    const ParameterPtr weight = copyOf(*m_embedding->weight());
    auto embedding = std::make_unique<Embedding>(weight, m_embedding->options());
    Generator unused; // Linear draws its bias, which the copy then replaces
    auto lmHead = std::make_unique<Linear>(isTied() ? weight : copyOf(*m_lmHead->weight()),
                                           m_lmHead->hasBias(), unused);
    if (m_lmHead->hasBias())
        m_lmHead->bias()->copyRows(0, 1, lmHead->bias()->value().data());
    return std::unique_ptr<TiedModel>(new TiedModel(std::move(embedding), std::move(lmHead)));
}

TiedModel::StepResult TiedModel::trainStep(const LongTensor &ids, const LongTensor &targets,
                                           Optimizer &optimizer)
{
    optimizer.zeroGrad();
    const Tensor hidden = m_embedding->forward(ids);
    StepResult result;
    result.logits = m_lmHead->forward(hidden);

    // logits.view(-1, V) and targets.view(-1) are views: the [N, V] logits are reshaped in place
    // rather than copied (with GPT-2's vocabulary they are 200 MB a step).
    const Index v = m_embedding->numEmbeddings();
    const Shape logitsShape = result.logits.shape;
    result.logits.shape = {v == 0 ? 0 : result.logits.numel() / v, v};
    LongTensor flatTargets = targets;
    flatTargets.shape = {targets.numel()};
    CrossEntropy ce = crossEntropy(result.logits, flatTargets);
    result.logits.shape = logitsShape;
    result.loss = ce.loss;

    // Autograd reaches the lm_head first; with tying, the weight's gradient is the sum of both
    // contributions (a + b, so the order of the two does not change a bit).
    ce.gradLogits.shape = logitsShape;
    const Tensor gradHidden = m_lmHead->backward(hidden, ce.gradLogits);
    m_embedding->backward(ids, gradHidden);
    optimizer.step();
    return result;
}

std::string TiedModel::repr() const
{
    return "TiedModel(\n  (embedding): " + m_embedding->repr() + "\n  (lm_head): " + m_lmHead->repr() + "\n)";
}

} // namespace embedlab::core
