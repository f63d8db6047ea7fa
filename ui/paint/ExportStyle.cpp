// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/paint/ExportStyle.h"

#include <QPaintEngine>
#include <QPainter>

namespace embedlab::ui {

QStringList ExportStyle::backgroundNames()
{
    return {backgroundName(Background::Window), backgroundName(Background::White),
            backgroundName(Background::Transparent)};
}

QString ExportStyle::backgroundName(Background background)
{
    switch (background) {
    case Background::Window:
        return QStringLiteral("window");
    case Background::White:
        return QStringLiteral("white");
    case Background::Transparent:
        return QStringLiteral("transparent");
    }
    return {};
}

std::optional<ExportStyle::Background> ExportStyle::backgroundFromName(const QString &name)
{
    for (const Background b : {Background::Window, Background::White, Background::Transparent})
        if (backgroundName(b) == name)
            return b;
    return std::nullopt;
}

QColor ExportStyle::backgroundColor(const QColor &window) const
{
    switch (background) {
    case Background::Window:
        return window;
    case Background::White:
        return QColor(Qt::white);
    case Background::Transparent:
        return QColor(Qt::transparent);
    }
    return window;
}

bool ExportStyle::isVector(const QPainter &painter)
{
    const QPaintEngine *engine = painter.paintEngine();
    return engine && (engine->type() == QPaintEngine::SVG || engine->type() == QPaintEngine::Pdf);
}

} // namespace embedlab::ui
