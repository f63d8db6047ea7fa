// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/Trainer.h"

#include "core/format/PythonNumber.h"
#include "core/init/Generator.h"
#include "core/nn/Loss.h"
#include "core/tensor/Retire.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <unordered_set>

namespace embedlab::core {

namespace {

bool sameValue(float a, float b)
{
    return a == b || (std::isnan(a) && std::isnan(b));
}

/// The distinct values of `ids`, in the order they first appear.
std::vector<int> distinctRows(const std::vector<std::int64_t> &ids)
{
    std::vector<int> rows;
    std::unordered_set<std::int64_t> seen;
    for (const std::int64_t id : ids)
        if (seen.insert(id).second)
            rows.push_back(static_cast<int>(id));
    return rows;
}

/// `rows` and `more` together, each row once, ascending. Appended one by one after a linear search,
/// a tied 209715 x 5 model's step (every row has a gradient) took 3.8 s on the UI thread.
std::vector<int> sortedUnion(std::vector<int> rows, const std::vector<int> &more)
{
    rows.insert(rows.end(), more.begin(), more.end());
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    return rows;
}

std::string parameterName(const TiedModel &model, const ParameterPtr &p)
{
    if (p == model.embedding().weight())
        return "embedding.weight";
    if (p == model.lmHead().weight())
        return "lm_head.weight";
    return "lm_head.bias";
}

ParameterPtr gradientCopy(const Parameter &p)
{
    auto out = std::make_shared<Parameter>(p.shape());
    if (p.hasGrad())
        out->value() = p.grad();
    else
        out->value().setZero();
    return out;
}

// The gradient, the change and which rows (entries of a 1-D parameter) have either.
ParameterReport reportFor(const TiedModel &model, const ParameterPtr &p, const Parameter &before)
{
    ParameterReport r;
    r.name = parameterName(model, p);
    r.gradient = gradientCopy(*p);
    r.change = std::make_shared<Parameter>(p->shape());
    const auto after = p->value();
    MatrixMap delta = r.change->value();
    const bool flat = p->dim() == 1;
    const Index rows = flat ? after.size() : after.rows();
    const Index cols = flat ? 1 : after.cols();
    r.rowCount = static_cast<int>(rows);
    // `before` read run by run: bf16 words in place are converted on the way, not copied (#28).
    std::vector<char> changedRows(static_cast<std::size_t>(rows), 0);
    Index at = 0;
    before.forEachRun(0, after.size(), [&](const float *was, Index n) {
        for (Index k = 0; k < n; ++k, ++at) {
            delta.data()[at] = after.data()[at] - was[k];
            if (!sameValue(after.data()[at], was[k]))
                changedRows[static_cast<std::size_t>(at / cols)] = 1;
        }
    });
    const auto grad = r.gradient->value();
    for (Index row = 0; row < rows; ++row) {
        const bool changed = changedRows[static_cast<std::size_t>(row)] != 0;
        bool nonZero = false;
        for (Index c = 0; c < cols; ++c)
            nonZero = nonZero || grad.data()[row * cols + c] != 0.0f;
        if (changed)
            r.changedRows.push_back(static_cast<int>(row));
        if (nonZero)
            r.gradientRows.push_back(static_cast<int>(row));
    }
    return r;
}

// The same forward and backward as TiedModel::trainStep, on copies of the weights before the step,
// with the two uses of the tied weight given separate storage so their gradients stay apart.
void splitTiedGradient(const TiedModel &model, const std::vector<ParameterPtr> &before, const LongTensor &ids,
                       const LongTensor &targets, ParameterReport &shared)
{
    const Index v = model.embedding().numEmbeddings();
    const Index d = model.embedding().embeddingDim();
    const bool bias = model.lmHead().hasBias();
    Generator scratch; // the copies' own initial values are replaced at once
    Embedding embedding(v, d, model.embedding().options(), scratch);
    auto lookupWeight = std::make_shared<Parameter>(Shape{v, d});
    before.front()->copyRows(0, v, lookupWeight->value().data()); // bf16 words: no float32 copy of theirs
    embedding.setWeight(lookupWeight);
    const Tensor hidden = embedding.forward(ids); // max_norm renormalises, as the real forward did

    Linear head(d, v, bias, scratch);
    auto headWeight = std::make_shared<Parameter>(Shape{v, d});
    headWeight->value() = lookupWeight->value();
    head.setWeight(headWeight);
    if (bias)
        before.back()->copyRows(0, 1, head.bias()->value().data());
    const Tensor logits = head.forward(hidden);
    Tensor flat = logits;
    flat.shape = {v == 0 ? 0 : flat.numel() / v, v};
    LongTensor flatTargets = targets;
    flatTargets.shape = {targets.numel()};
    Tensor gradLogits = crossEntropy(flat, flatTargets).gradLogits;
    gradLogits.shape = logits.shape;
    embedding.backward(ids, head.backward(hidden, gradLogits));
    shared.lookupGradient = gradientCopy(*lookupWeight);
    shared.headGradient = gradientCopy(*headWeight);
}

} // namespace

bool OptimizerConfig::operator==(const OptimizerConfig &o) const
{
    if (kind != o.kind)
        return false;
    if (kind == Kind::Sgd)
        return sgd.lr == o.sgd.lr && sgd.momentum == o.sgd.momentum && sgd.dampening == o.sgd.dampening &&
               sgd.weightDecay == o.sgd.weightDecay && sgd.nesterov == o.sgd.nesterov;
    return adam.lr == o.adam.lr && adam.beta1 == o.adam.beta1 && adam.beta2 == o.adam.beta2 &&
           adam.eps == o.adam.eps && adam.weightDecay == o.adam.weightDecay && adam.amsgrad == o.adam.amsgrad;
}

std::unique_ptr<Optimizer> OptimizerConfig::create(std::vector<ParameterPtr> params) const
{
    if (kind == Kind::Sgd)
        return std::make_unique<SGD>(std::move(params), sgd);
    return std::make_unique<Adam>(std::move(params), adam);
}

std::vector<std::string> OptimizerConfig::pythonArguments() const
{
    std::vector<std::string> args;
    if (kind == Kind::Sgd) {
        args.push_back("lr=" + pythonFloat(sgd.lr));
        if (sgd.momentum != 0.0)
            args.push_back("momentum=" + pythonFloat(sgd.momentum));
        if (sgd.dampening != 0.0)
            args.push_back("dampening=" + pythonFloat(sgd.dampening));
        if (sgd.weightDecay != 0.0)
            args.push_back("weight_decay=" + pythonFloat(sgd.weightDecay));
        if (sgd.nesterov)
            args.emplace_back("nesterov=True");
        return args;
    }
    args.push_back("lr=" + pythonFloat(adam.lr));
    if (adam.beta1 != 0.9 || adam.beta2 != 0.999)
        args.push_back("betas=(" + pythonFloat(adam.beta1) + ", " + pythonFloat(adam.beta2) + ")");
    if (adam.eps != 1e-8)
        args.push_back("eps=" + pythonFloat(adam.eps));
    if (adam.weightDecay != 0.0)
        args.push_back("weight_decay=" + pythonFloat(adam.weightDecay));
    if (adam.amsgrad)
        args.emplace_back("amsgrad=True");
    return args;
}

std::string OptimizerConfig::pythonCall(const std::string &params) const
{
    std::string call = std::string(kind == Kind::Sgd ? "torch.optim.SGD(" : "torch.optim.Adam(") + params;
    for (const std::string &arg : pythonArguments())
        call += ", " + arg;
    return call + ")";
}

std::string OptimizerConfig::shortCall() const
{
    std::string call = kind == Kind::Sgd ? "SGD(" : "Adam(";
    const std::vector<std::string> args = pythonArguments();
    for (std::size_t i = 0; i < args.size(); ++i)
        call += (i ? ", " : "") + args[i];
    return call + ")";
}

BatchShapeError::BatchShapeError(Shape idsShape, Shape targetsShape)
    : Error(Kind::ValueError, "targets must have the same shape as ids (ids " + shapeString(idsShape) +
                                  ", targets " + shapeString(targetsShape) + ")")
    , ids(std::move(idsShape))
    , targets(std::move(targetsShape))
{}

const ParameterReport *TrainingReport::find(const std::string &name) const
{
    for (const ParameterReport &p : parameters)
        if (p.name == name)
            return &p;
    if (name == "lm_head.weight" && tied)
        return find("embedding.weight");
    return nullptr;
}

void Trainer::validateBatch(const TiedModel &model, const LongTensor &ids, const LongTensor &targets)
{
    // embedding(ids) raises first, in the words of the kernel PyTorch picks for the weight's shape;
    // then cross_entropy(logits.view(-1, V), targets.view(-1)).
    const Index v = model.embedding().numEmbeddings();
    Embedding::checkIds(ids, v, model.embedding().embeddingDim());
    checkBatchSizes(ids.numel(), targets.numel());
    checkTargets(targets, v);
}

void Trainer::checkSameShape(const LongTensor &ids, const LongTensor &targets)
{
    if (ids.shape != targets.shape)
        throw BatchShapeError(ids.shape, targets.shape);
}

bool Trainer::setOptimizer(const OptimizerConfig &config)
{
    if (config == m_config)
        return false;
    m_config = config;
    return reset();
}

bool Trainer::reset()
{
    const bool hadState = m_optimizer != nullptr || m_stepCount > 0;
    m_optimizer.reset();
    m_stepCount = 0;
    m_rowsWithHistory.clear();
    return hadState;
}

TrainerState Trainer::saveState() const
{
    TrainerState state;
    state.config = m_config;
    if (m_optimizer)
        state.optimizer = m_optimizer->cloneFor(m_optimizer->params());
    state.stepCount = m_stepCount;
    state.rowsWithHistory = m_rowsWithHistory;
    return state;
}

void Trainer::restoreState(const TrainerState &state)
{
    m_config = state.config;
    m_optimizer = state.optimizer ? state.optimizer->cloneFor(state.optimizer->params()) : nullptr;
    m_stepCount = state.stepCount;
    m_rowsWithHistory = state.rowsWithHistory;
}

bool Trainer::isStaleFor(const TiedModel &model) const
{
    return m_optimizer && m_optimizer->params() != model.parameters();
}

void Trainer::prepare(const TiedModel &model)
{
    if (m_optimizer && !isStaleFor(model))
        return;
    reset();
    m_optimizer = m_config.create(model.parameters());
}

TrainingReport Trainer::step(TiedModel &model, const LongTensor &ids, const LongTensor &targets)
{
    validateBatch(model, ids, targets);
    prepare(model);
    return commit(model, *compute(model, ids, targets));
}

std::optional<DetachedStep> Trainer::compute(const TiedModel &model, const LongTensor &ids,
                                             const LongTensor &targets, const Progress &progress) const
{
    assert(m_optimizer && !isStaleFor(model) && "call prepare(model) before compute()");
    const std::vector<ParameterPtr> before = model.parameters();
    const bool split = model.isTied() && before.front()->numel() <= kSplitElements;
    const int total = 2 + static_cast<int>(before.size()) + (split ? 1 : 0);
    int done = 0;
    const auto goOn = [&] { return !progress || progress(++done, total); };

    DetachedStep out;
    out.model = model.copied();
    const std::vector<ParameterPtr> params = out.model->parameters();
    out.optimizer = m_optimizer->cloneFor(params);
    if (!goOn())
        return std::nullopt;
    TrainingReport &r = out.report;
    r.loss = out.model->trainStep(ids, targets, *out.optimizer).loss;
    if (!goOn())
        return std::nullopt;
    r.step = m_stepCount + 1;
    r.tied = model.isTied();
    r.ids = ids;
    r.targets = targets;
    r.embeddingOptions = model.embedding().options();
    r.optimizer = m_config;
    r.lookedUpRows = distinctRows(ids.data);
    r.rowsWithHistory = m_rowsWithHistory;
    for (std::size_t k = 0; k < params.size(); ++k) {
        r.parameters.push_back(reportFor(*out.model, params[k], *before[k]));
        if (!goOn())
            return std::nullopt;
    }
    if (split) {
        splitTiedGradient(model, before, ids, targets, r.parameters.front());
        if (!goOn())
            return std::nullopt;
    }
    out.rowsWithHistory = sortedUnion(m_rowsWithHistory, r.parameters.front().gradientRows);
    return out;
}

TrainingReport Trainer::commit(TiedModel &model, DetachedStep &&step)
{
    assert(m_optimizer && !isStaleFor(model) &&
           "commit() takes a step computed for this model and optimiser");
    const std::vector<ParameterPtr> params = model.parameters();
    const std::vector<ParameterPtr> stepped = step.model->parameters();
    assert(params.size() == stepped.size() && "commit() takes a step computed for this model");
    for (std::size_t k = 0; k < params.size(); ++k) {
        params[k]->replaceValue(std::move(*stepped[k]));
        std::swap(params[k]->grad(), stepped[k]->grad());
        retire(std::move(stepped[k]->grad()));
    }
    step.optimizer->rebind(params);
    m_optimizer = std::move(step.optimizer);
    m_stepCount = step.report.step;
    m_rowsWithHistory = std::move(step.rowsWithHistory);
    return std::move(step.report);
}

} // namespace embedlab::core
