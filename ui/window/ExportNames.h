// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/window/ExportController.h"

#include <QString>

namespace embedlab::ui {

class FitSession;
class Lab;

/// The one home of the file names File > Export suggests (issue #25 item 5): what the figure shows
/// and of which model, e.g. "embedding-heatmap-gpt2-small.png".
namespace ExportNames {

/// The model's part of a name: the file its weights were loaded from without folder and suffix
/// ("gpt2-wte" for gpt2-wte.npy), "gpt2-small" for GPT-2 small's sizes, else "embedding-VxD"
/// ("embedding-4x5" for the reference example). Only letters, digits, '.', '_' and '-'.
QString modelName(const Lab &lab);

/// The view's part: "embedding-heatmap", "lm-head-heatmap", "one-hot", "histogram",
/// "unembedding", "neighbours", "loss-curve", "token-map", "window".
QString viewName(ExportController::View view);

/// viewName-modelName.suffix, e.g. "lm-head-heatmap-embedding-4x5.svg".
QString suggested(ExportController::View view, const Lab &lab, const QString &suffix = QStringLiteral("png"));
/// A view of the Fit a Text run (LossCurve, TokenMap): viewName-fit-TEXT[-tied]-stepK.suffix, e.g.
/// "loss-curve-fit-en-tied-step300.png" (TEXT: en, vi, zh or own).
QString suggested(ExportController::View view, const FitSession &fit,
                  const QString &suffix = QStringLiteral("png"));

} // namespace ExportNames

} // namespace embedlab::ui
