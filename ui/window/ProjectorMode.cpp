// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/ProjectorMode.h"

#include "ui/heatmap/HeatmapView.h"
#include "ui/histogram/InitHistogram.h"
#include "ui/model/Settings.h"
#include "ui/paint/Theme.h"
#include "ui/views/OneHotView.h"
#include "ui/window/MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDockWidget>
#include <QFontMetrics>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QScopedValueRollback>
#include <QSplitter>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>

namespace embedlab::ui {

namespace {

QFont scaled(QFont font, double factor)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * factor);
    else if (font.pixelSize() > 0)
        font.setPixelSize(qRound(font.pixelSize() * factor));
    font.setWeight(QFont::DemiBold);
    return font;
}

} // namespace

ProjectorMode::ProjectorMode(MainWindow *window, const QList<QAction *> &windowZoomActions, bool fullScreen)
    : QObject(window)
    , m_window(window)
    , m_windowZoomActions(windowZoomActions)
    , m_fullScreen(fullScreen)
{
    m_badge = new QLabel(tr("PROJECTOR"));
    m_badge->setObjectName(QStringLiteral("projectorBadge"));
    m_badge->setStyleSheet(QStringLiteral("QLabel { background: black; color: white; font-weight: bold;"
                                          " padding: 2px 10px; border: none; }"));
    m_badge->setToolTip(tr("Projector mode is on (F5 switches it off)"));
    m_badge->hide();
    window->statusBar()->addPermanentWidget(m_badge);

    // Ctrl +/-/0 resize the text while projecting; the heatmaps keep their own zoom otherwise.
    const auto make = [this](const QString &name, void (ProjectorMode::*slot)()) {
        auto *action = new QAction(m_window);
        action->setObjectName(name);
        action->setEnabled(false);
        connect(action, &QAction::triggered, this, slot);
        m_window->addAction(action);
        m_zoomActions.append(action);
        return action;
    };
    make(QStringLiteral("projectorZoomIn"), &ProjectorMode::zoomIn);
    make(QStringLiteral("projectorZoomOut"), &ProjectorMode::zoomOut);
    make(QStringLiteral("projectorZoomReset"), &ProjectorMode::resetZoom);
}

QPalette ProjectorMode::palette()
{
    return Theme::projectorPalette(QApplication::palette());
}

QString ProjectorMode::styleSheet(double fontScale)
{
    // A style sheet's "em" is the application font's, not the scaled one: the size is given in px,
    // 0.8 of the scaled text's line.
    const int indicator = qRound(0.8 * QFontMetrics(scaled(QApplication::font(), fontScale)).height());
    return Theme::projectorStyleSheet(QApplication::palette(), kLineWidth, indicator);
}

void ProjectorMode::applyTo(QWidget *widget, double fontScale)
{
    widget->setPalette(palette());
    widget->setAutoFillBackground(true);
    widget->setFont(scaled(widget->font(), fontScale));
    widget->setStyleSheet(styleSheet(fontScale));
    for (QWidget *child : widget->findChildren<QWidget *>()) {
        if (child->testAttribute(Qt::WA_SetFont))
            child->setFont(scaled(child->font(), fontScale));
    }
    for (auto *view : widget->findChildren<HeatmapView *>())
        view->setColorMapName(QString::fromLatin1(kColorMap));
    for (auto *view : widget->findChildren<OneHotView *>())
        view->setColorMapName(QString::fromLatin1(kColorMap));
    if (auto *view = qobject_cast<HeatmapView *>(widget))
        view->setColorMapName(QString::fromLatin1(kColorMap));
    if (auto *view = qobject_cast<OneHotView *>(widget))
        view->setColorMapName(QString::fromLatin1(kColorMap));
    for (auto *histogram : widget->findChildren<InitHistogram *>())
        histogram->setProjectorStyle(true);
    if (auto *histogram = qobject_cast<InitHistogram *>(widget))
        histogram->setProjectorStyle(true);
}

void ProjectorMode::applyToDialog(QWidget *dialog, double fontScale)
{
    static constexpr const char *kApplied = "embedlabProjectorFontScale";
    if (dialog->property(kApplied).isValid())
        return;
    dialog->setProperty(kApplied, fontScale);
    QList<std::pair<QPointer<QWidget>, QFont>> fonts;
    for (QWidget *child : dialog->findChildren<QWidget *>())
        fonts.append({child, child->font()});
    applyTo(dialog, fontScale);
    for (const auto &[child, font] : std::as_const(fonts)) {
        if (child)
            child->setFont(scaled(font, fontScale));
    }
    if (dialog->testAttribute(Qt::WA_Resized))
        dialog->resize(dialog->size().expandedTo(dialog->sizeHint()));
    else
        dialog->adjustSize();
}

bool ProjectorMode::eventFilter(QObject *watched, QEvent *event)
{
    // Polish comes before a window's first show computes its size.
    if (event->type() == QEvent::Polish) {
        auto *dialog = qobject_cast<QDialog *>(watched);
        if (dialog && dialog->isWindow() && dialog->parentWidget() &&
            dialog->parentWidget()->window() == m_window)
            applyToDialog(dialog, m_fontScale);
    }
    return QObject::eventFilter(watched, event);
}

void ProjectorMode::setEnabled(bool on)
{
    if (on == m_enabled)
        return;
    const QScopedValueRollback switching(m_switching, true);
    m_enabled = on;
    if (on) {
        m_savedPalette = m_window->palette();
        rememberFonts(); // before the style sheet and the badge change anything
        m_savedStyleSheet = m_window->styleSheet();
        m_savedWindowState = m_window->windowState();
        m_savedLayout = m_window->saveState(kWindowLayoutVersion);
        m_savedSplit = m_mainSplitter ? m_mainSplitter->sizes() : QList<int>{};
        m_savedDocks.clear();
        for (QDockWidget *dock : m_window->findChildren<QDockWidget *>()) {
            m_savedDocks.append({dock, dock->isVisible() || !dock->isHidden()});
            // The lesson stays: it is what the class reads.
            if (dock != m_keptDock)
                dock->hide();
        }
        m_window->setPalette(palette());
        m_window->setStyleSheet(styleSheet());
        m_fontScale = kFontScale;
        applyFonts();
        watchMenus(true);
        setChartsProjectorStyle(true);
        takeOverZoomKeys(true);
        m_badge->show();
        qApp->installEventFilter(this);
        if (m_fullScreen)
            m_window->setWindowState(m_window->windowState() | Qt::WindowFullScreen);
        // Once the fonts have grown and the window has its size.
        QTimer::singleShot(0, this, &ProjectorMode::widenLastColumn);
    } else {
        setFeaturedDock(nullptr);
        m_badge->hide();
        qApp->removeEventFilter(this);
        takeOverZoomKeys(false);
        setChartsProjectorStyle(false);
        watchMenus(false);
        m_fontScale = 1.0;
        applyFonts();
        m_window->setStyleSheet(m_savedStyleSheet);
        m_window->setPalette(m_savedPalette);
        // Shown again one by one, tabbed docks came back with the last one in front (Initialisers
        // and Unembedding instead of Layers and the code) and the bottom row re-split: the saved
        // layout puts back places, sizes and front tabs. Both are needed: the layout alone, on
        // docks still hidden, left the Layers dock sized wrong (tst_projectormode).
        for (const auto &[dock, visible] : std::as_const(m_savedDocks)) {
            if (dock)
                dock->setVisible(visible);
        }
        m_window->restoreState(m_savedLayout, kWindowLayoutVersion);
        m_savedDocks.clear();
        if (m_fullScreen)
            m_window->setWindowState(m_savedWindowState);
        if (m_mainSplitter && m_savedSplit.size() == m_mainSplitter->count())
            m_mainSplitter->setSizes(m_savedSplit);
        m_fontScale = kFontScale;
    }
    Q_EMIT enabledChanged(on);
}

void ProjectorMode::setFeaturedDock(QDockWidget *dock)
{
    if (!m_enabled)
        dock = nullptr;
    if (dock == m_featured)
        return;
    const QPointer<QDockWidget> before = m_featured;
    m_featured = dock;
    if (before) {
        disconnect(before->toggleViewAction(), nullptr, this, nullptr);
        before->hide();
    }
    // A hidden central widget leaves its room to the docks; the featured one takes most of it (the
    // lesson's text above it needs a few lines), once the layout has placed it.
    if (QWidget *central = m_window->centralWidget())
        central->setVisible(dock == nullptr);
    if (!dock)
        return;
    dock->show();
    dock->raise();
    QMetaObject::invokeMethod(this, &ProjectorMode::sizeFeaturedDock, Qt::QueuedConnection);
    // Closed by the user (its close button, View): the main pane comes back, not an empty window.
    connect(dock->toggleViewAction(), &QAction::toggled, this, [this, dock](bool shown) {
        // Not the window closing with every dock in it.
        if (!shown && dock == m_featured && m_window->isVisible())
            setFeaturedDock(nullptr);
    });
}

void ProjectorMode::sizeFeaturedDock()
{
    if (!m_featured)
        return;
    // The lesson above keeps the height of its text at its new width (the whole window's); the
    // featured panel takes the rest.
    const QWidget *lesson = m_keptDock && m_keptDock->isVisible() ? m_keptDock->widget() : nullptr;
    if (!lesson || !lesson->hasHeightForWidth()) {
        m_window->resizeDocks({m_featured.data()}, {m_window->height() * 2 / 3}, Qt::Vertical);
        return;
    }
    const int lessonHeight =
        lesson->heightForWidth(lesson->width()) + m_keptDock->height() - lesson->height();
    const int both = m_keptDock->height() + m_featured->height();
    m_window->resizeDocks({m_keptDock.data(), m_featured.data()}, {lessonHeight, both - lessonHeight},
                          Qt::Vertical);
}

void ProjectorMode::setFontScale(double scale)
{
    scale = std::clamp(scale, kMinFontScale, kMaxFontScale);
    if (!m_enabled || qFuzzyCompare(scale, m_fontScale))
        return;
    m_fontScale = scale;
    m_window->setStyleSheet(styleSheet(scale));
    applyFonts();
    QTimer::singleShot(0, this, &ProjectorMode::widenLastColumn);
    Q_EMIT fontScaleChanged(scale);
}

void ProjectorMode::widenLastColumn()
{
    // Focus mode takes one of the columns out of the splitter meanwhile.
    if (!m_enabled || !m_mainSplitter || m_mainSplitter->count() != 2 || !m_firstColumnWidth)
        return;
    const QList<int> sizes = m_mainSplitter->sizes();
    const int total = sizes.value(0) + sizes.value(1);
    const int first = m_firstColumnWidth(total, m_mainSplitter->height());
    if (first > 0 && first < total)
        m_mainSplitter->setSizes({first, total - first});
}

void ProjectorMode::watchMenus(bool on)
{
    for (const QMetaObject::Connection &connection : std::as_const(m_menuFits))
        disconnect(connection);
    m_menuFits.clear();
    if (!on)
        return;
    for (QMenu *menu : m_window->findChildren<QMenu *>())
        m_menuFits.append(connect(menu, &QMenu::aboutToShow, this, [this, menu] { fitMenu(menu); }));
}

void ProjectorMode::fitMenu(QMenu *menu)
{
    QList<QAction *> items;
    for (QAction *action : menu->actions()) {
        if (action->isVisible() && !action->isSeparator())
            items.append(action);
    }
    if (items.size() < 2)
        return;
    // From the projected font each time (Ctrl +/- may have changed it since).
    const auto saved = std::find_if(m_savedFonts.cbegin(), m_savedFonts.cend(),
                                    [menu](const SavedFont &s) { return s.widget == menu; });
    QFont font = saved != m_savedFonts.cend() ? scaled(saved->font, m_fontScale) : menu->font();
    menu->setFont(font);
    const double least = Theme::legiblePointSize(*menu);
    const auto columns = [&] {
        return menu->actionGeometry(items.front()).left() != menu->actionGeometry(items.back()).left();
    };
    while (font.pointSizeF() > least && columns()) {
        font.setPointSizeF(std::max(least, font.pointSizeF() * 0.92));
        menu->setFont(font);
    }
}

void ProjectorMode::rememberFonts()
{
    m_savedFont = m_window->font();
    m_savedFonts.clear();
    // Parents come before their children, so that putting a widget back to its inherited font
    // (restoring) finds its parent already restored.
    for (QWidget *child : m_window->findChildren<QWidget *>())
        m_savedFonts.append({child, child->font(), child->testAttribute(Qt::WA_SetFont)});
}

void ProjectorMode::applyFonts()
{
    // Under a style sheet a font change stops one level down: QStyleSheetStyle resolves each
    // styled child against its parent but does not pass the change on to the child's children, so
    // the window's larger font alone never reached the docks' labels, buttons and tables. Every
    // widget gets its scaled font set directly instead, from the font it had before projector mode
    // (widgets made while projecting inherit theirs from a parent that already has one).
    const bool restore = !m_enabled || qFuzzyCompare(m_fontScale, 1.0);
    m_window->setFont(restore ? m_savedFont : scaled(m_savedFont, m_fontScale));
    for (const SavedFont &saved : std::as_const(m_savedFonts)) {
        if (!saved.widget)
            continue;
        if (!restore)
            saved.widget->setFont(scaled(saved.font, m_fontScale));
        else if (saved.own)
            saved.widget->setFont(saved.font);
        else
            saved.widget->setFont(QFont()); // inherits from its parent again, as before
    }
    if (!m_enabled)
        m_savedFonts.clear();
}

void ProjectorMode::setChartsProjectorStyle(bool on)
{
    for (auto *histogram : m_window->findChildren<InitHistogram *>())
        histogram->setProjectorStyle(on);
}

void ProjectorMode::takeOverZoomKeys(bool on)
{
    static const QList<QKeySequence> ours[] = {
        {QKeySequence(QStringLiteral("Ctrl++")), QKeySequence(QStringLiteral("Ctrl+="))},
        {QKeySequence(QStringLiteral("Ctrl+-"))},
        {QKeySequence(QStringLiteral("Ctrl+0"))}};
    for (int i = 0; i < 3; ++i) {
        if (QAction *theirs = m_windowZoomActions.value(i)) {
            if (on) {
                m_savedZoomKeys.insert(theirs, theirs->shortcuts());
                theirs->setShortcuts({});
            } else {
                theirs->setShortcuts(m_savedZoomKeys.value(theirs));
            }
        }
        m_zoomActions[i]->setShortcuts(on ? ours[i] : QList<QKeySequence>());
        m_zoomActions[i]->setEnabled(on);
    }
    if (!on)
        m_savedZoomKeys.clear();
}

} // namespace embedlab::ui
