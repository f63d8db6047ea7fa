// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/WeightOrigin.h"

#include "core/tensor/Error.h"

namespace embedlab::ui {

namespace {

const QString kEmbedding = QStringLiteral("embedding.weight");
const QString kLmHead = QStringLiteral("lm_head.weight");

QString initName(const Lab::Operation &op)
{
    try {
        return QString::fromStdString(core::InitSpec::parse(op.spec.toStdString()).name()) + QLatin1Char('_');
    } catch (const core::Error &) {
        return {};
    }
}

} // namespace

std::optional<core::ElementType> WeightOrigin::element() const
{
    if (!load || load->element.isEmpty())
        return std::nullopt;
    return core::elementTypeNamed(load->element.toStdString());
}

std::optional<core::ElementType> WeightOrigin::quantisedAsLoaded() const
{
    const std::optional<core::ElementType> e = element();
    if (!asLoaded || !e || !core::isBlockQuantised(*e))
        return std::nullopt;
    return e;
}

WeightOrigin WeightOrigin::of(const Lab &lab, const QString &target)
{
    // Backwards through the history, following the storage `target` names: tied, an operation on
    // either weight writes both; before a tie, lm_head had values of its own; before an untie, it
    // was the embedding's.
    WeightOrigin origin;
    QString storage = target;
    bool tied = lab.isTied();
    bool trained = false;
    const QList<Lab::Operation> &history = lab.history();
    for (auto it = history.crbegin(); it != history.crend(); ++it) {
        const Lab::Operation &op = *it;
        const bool weights =
            storage != QStringLiteral("lm_head.bias") && op.target != QStringLiteral("lm_head.bias");
        const bool writes = op.target == storage || (tied && weights);
        switch (op.kind) {
        case Lab::Operation::Kind::Step:
            trained = true; // a step writes every parameter
            break;
        case Lab::Operation::Kind::Init:
            if (writes) {
                if (!trained)
                    origin.untrainedInit = initName(op);
                return origin;
            }
            break;
        case Lab::Operation::Kind::Load:
            if (writes) {
                origin.load = op;
                origin.asLoaded = !trained;
                return origin;
            }
            break;
        case Lab::Operation::Kind::Untie:
            if (storage == kLmHead && op.spec == QStringLiteral("reinitialize")) {
                if (!trained)
                    origin.untrainedInit = QStringLiteral("kaiming_uniform_"); // reset_parameters()
                return origin;
            }
            // A clone: lm_head's values were the embedding's, one storage before the untie.
            if (storage == kLmHead)
                storage = kEmbedding;
            tied = true;
            break;
        case Lab::Operation::Kind::Tie:
            // After the tie lm_head is the embedding; before it, each had its own.
            if (storage == kLmHead)
                storage = kEmbedding;
            tied = false;
            break;
        }
    }
    // The constructors: Embedding's normal_, Linear's kaiming_uniform_ (and a uniform_ bias).
    if (!trained) {
        if (storage == kEmbedding || (storage == kLmHead && tied))
            origin.untrainedInit = QStringLiteral("normal_");
        else if (storage == kLmHead)
            origin.untrainedInit = QStringLiteral("kaiming_uniform_");
        else
            origin.untrainedInit = QStringLiteral("uniform_");
    }
    return origin;
}

} // namespace embedlab::ui
