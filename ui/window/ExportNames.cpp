// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/ExportNames.h"

#include "ui/model/FitSession.h"
#include "ui/model/Lab.h"

#include <QFileInfo>
#include <QRegularExpression>

namespace embedlab::ui::ExportNames {

namespace {

/// A file name part any file system and any slide tool takes: other characters become '-'.
QString safe(QString text)
{
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]+"));
    text.replace(unsafe, QStringLiteral("-"));
    while (text.startsWith(QLatin1Char('-')) || text.startsWith(QLatin1Char('.')))
        text.remove(0, 1);
    return text;
}

} // namespace

QString modelName(const Lab &lab)
{
    // Lab::loadedFrom() is "FILE:TENSOR"; the file's own name may hold ':' too, the tensor's part is last.
    const QString loaded = lab.loadedFrom();
    if (!loaded.isEmpty()) {
        const qsizetype colon = loaded.lastIndexOf(QLatin1Char(':'));
        const QString name = safe(QFileInfo(colon > 0 ? loaded.left(colon) : loaded).completeBaseName());
        if (!name.isEmpty())
            return name;
    }
    const Lab::Config &config = lab.modelConfig();
    const Lab::Config gpt2 = Lab::presetConfig(Lab::Preset::Gpt2Small);
    if (config.numEmbeddings == gpt2.numEmbeddings && config.embeddingDim == gpt2.embeddingDim)
        return QStringLiteral("gpt2-small");
    return QStringLiteral("embedding-%1x%2").arg(config.numEmbeddings).arg(config.embeddingDim);
}

QString viewName(ExportController::View view)
{
    using View = ExportController::View;
    switch (view) {
    case View::Heatmap:
        return QStringLiteral("embedding-heatmap");
    case View::LmHeadHeatmap:
        return QStringLiteral("lm-head-heatmap");
    case View::OneHot:
        return QStringLiteral("one-hot");
    case View::Histogram:
        return QStringLiteral("histogram"); // of embedding.weight, lm_head.weight or both
    case View::Unembedding:
        return QStringLiteral("unembedding");
    case View::Neighbours:
        return QStringLiteral("neighbours");
    case View::LossCurve:
        return QStringLiteral("loss-curve");
    case View::TokenMap:
        return QStringLiteral("token-map");
    case View::Window:
        return QStringLiteral("window");
    }
    return QStringLiteral("embedlab");
}

QString suggested(ExportController::View view, const Lab &lab, const QString &suffix)
{
    return viewName(view) + QLatin1Char('-') + modelName(lab) + QLatin1Char('.') + suffix;
}

QString suggested(ExportController::View view, const FitSession &fit, const QString &suffix)
{
    const QString text = fit.textCode().isEmpty() ? QStringLiteral("none") : safe(fit.textCode());
    return QStringLiteral("%1-fit-%2%3-step%4.%5")
        .arg(viewName(view), text, fit.tied() ? QStringLiteral("-tied") : QString())
        .arg(fit.current())
        .arg(suffix);
}

} // namespace embedlab::ui::ExportNames
