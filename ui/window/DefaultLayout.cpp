// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/DefaultLayout.h"

#include "ui/window/PanelRegistry.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QScrollArea>
#include <QStyle>

#include <algorithm>

namespace embedlab::ui {

DefaultLayout::DefaultLayout(QMainWindow *window, const PanelRegistry *registry, QWidget *lookup,
                             QWidget *weights)
    : QObject(window)
    , m_window(window)
    , m_registry(registry)
    , m_lookup(lookup)
    , m_weights(weights)
{}

void DefaultLayout::apply()
{
    QDockWidget *code = m_registry->dock(QStringLiteral("code"));
    QDockWidget *layers = m_registry->dock(QStringLiteral("layer"));
    code->raise();
    layers->raise();
    m_window->resize(1400, 860);
    // Sized once the window has its default size; a saved layout overrides this. The left column
    // holds the widest initialiser's form (kaiming_uniform_, 375 px) whole: at 320 px it cut Apply,
    // the combo boxes and the code line (#16 item 14). It may shrink to the layers' width on a small
    // screen (the initialisers then scroll) and leave the lesson room.
    m_window->resizeDocks({layers}, {kSideColumnWidth}, Qt::Horizontal);
    m_window->resizeDocks({code, m_registry->dock(QStringLiteral("histogram"))}, {660, 460}, Qt::Horizontal);
    // The bottom row keeps enough for the histogram's chart and table; the rest goes to the
    // animation and the heatmaps, which were squeezed at 1400x860 with every dock shown.
    m_window->resizeDocks({code}, {390}, Qt::Vertical);
}

void DefaultLayout::fitShownSize()
{
    // Once the window has the size it is shown at (a screen, --size): queued, after the layout.
    QMetaObject::invokeMethod(this, &DefaultLayout::fitSideColumn, Qt::QueuedConnection);
    QMetaObject::invokeMethod(
        this, [this] { fitBottomRow(2); }, Qt::QueuedConnection);
}

void DefaultLayout::fitSideColumn()
{
    // The default side column (kSideColumnWidth) left the embedding's heatmap 182 px of a plain
    // 1024 x 768 window: the one-hot view keeps the width its labels need, so the column gives way to
    // the weights, down to the layers' minimum (the initialisers behind it then scroll) (#16). Only on
    // a narrow screen: at 1366 px GPT-2's wide one-hot labels would take the column's room too.
    QDockWidget *layers = m_registry->dock(QStringLiteral("layer"));
    const int width = m_window->width();
    if (!layers->isVisible() || layers->isFloating() || width >= kNarrowWindowWidth)
        return;
    const int chrome =
        4 * m_window->style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent) + 24; // margins, handles
    const int room = width - m_lookup->minimumSizeHint().width() - width / 3 - chrome;
    if (room < layers->width())
        m_window->resizeDocks({layers}, {room}, Qt::Horizontal);
}

void DefaultLayout::fitBottomRow(int passes)
{
    // The bottom row keeps its default height (390 px of 860) until the views' area is at its
    // minimum: at 1366 x 768 under LANG=zh_CN.UTF-8 (17 px lines) that left the embedding's heatmap
    // 187 px, less than a quarter of the window. The row gives way to the weights, but only the
    // height the histogram does not need: its chart and statistics table stay whole (#16).
    QDockWidget *histogram = m_registry->dock(QStringLiteral("histogram"));
    auto *area = qobject_cast<QScrollArea *>(histogram->widget());
    if (!area || !area->widget() || !histogram->isVisible() || histogram->isFloating())
        return;
    const int spare = area->viewport()->height() - area->widget()->minimumSizeHint().height();
    const int shrink = std::min(spare, m_window->height() / 4 - m_weights->height());
    if (shrink <= 0)
        return;
    m_window->resizeDocks({histogram}, {histogram->height() - shrink}, Qt::Vertical);
    // The histogram's minimum is its chart's, which is smaller once the chart has its new size
    // (compact, without the axis title): the next pass sees the rest.
    if (passes > 1)
        QMetaObject::invokeMethod(
            this, [this, passes] { fitBottomRow(passes - 1); }, Qt::QueuedConnection);
}

} // namespace embedlab::ui
