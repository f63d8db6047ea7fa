// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QColor>
#include <QString>
#include <QStringList>

#include <optional>

class QPainter;

namespace embedlab::ui {

/// How an exported figure looks on a slide (issue #25 item 5): its background and whether the marks
/// of the moment (a heatmap's selected row and the one-hot animation's emphasis) are drawn in.
struct ExportStyle {
    enum class Background { Window, White, Transparent };
    Background background = Background::Window;
    /// The selection and emphasis marks; off, the figure shows the weights alone.
    bool marks = false;

    /// "window", "white", "transparent": the command line's and the settings' words.
    static QStringList backgroundNames();
    static QString backgroundName(Background background);
    /// The background called `name`, none for an unknown word.
    static std::optional<Background> backgroundFromName(const QString &name);

    /// The colour the background is filled with; transparent for Transparent, `window` for Window.
    QColor backgroundColor(const QColor &window) const;
    /// True when `painter` draws into a vector format (SVG, PDF), where cells can be shapes.
    static bool isVector(const QPainter &painter);
};

} // namespace embedlab::ui
