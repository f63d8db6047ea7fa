// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/ProjectorMode.h"

#include "ui/heatmap/HeatmapView.h"
#include "ui/histogram/InitHistogram.h"
#include "ui/model/Settings.h"
#include "ui/views/OneHotView.h"
#include "ui/window/MainWindow.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QStatusBar>

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
    QPalette p;
    const QColor white(Qt::white);
    const QColor black(Qt::black);
    for (const QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        p.setColor(group, QPalette::Window, white);
        p.setColor(group, QPalette::WindowText, black);
        p.setColor(group, QPalette::Base, white);
        p.setColor(group, QPalette::AlternateBase, QColor(0xee, 0xee, 0xee));
        p.setColor(group, QPalette::Text, black);
        p.setColor(group, QPalette::Button, QColor(0xe6, 0xe6, 0xe6));
        p.setColor(group, QPalette::ButtonText, black);
        p.setColor(group, QPalette::BrightText, white);
        p.setColor(group, QPalette::Highlight, QColor(0x00, 0x33, 0x99));
        p.setColor(group, QPalette::HighlightedText, white);
        p.setColor(group, QPalette::ToolTipBase, white);
        p.setColor(group, QPalette::ToolTipText, black);
        p.setColor(group, QPalette::PlaceholderText, QColor(0x40, 0x40, 0x40));
        p.setColor(group, QPalette::Link, QColor(0x00, 0x33, 0x99));
        p.setColor(group, QPalette::Light, white);
        p.setColor(group, QPalette::Mid, QColor(0x60, 0x60, 0x60));
        p.setColor(group, QPalette::Dark, black);
        p.setColor(group, QPalette::Shadow, black);
    }
    p.setColor(QPalette::Disabled, QPalette::Window, white);
    p.setColor(QPalette::Disabled, QPalette::Base, white);
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x55, 0x55, 0x55));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x55, 0x55, 0x55));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x55, 0x55, 0x55));
    return p;
}

QString ProjectorMode::styleSheet()
{
    return QStringLiteral(
               "QLineEdit, QSpinBox, QDoubleSpinBox, QComboBox, QPlainTextEdit, QTextEdit, "
               "QTableView, QListView { border: %1px solid black; background: white; color: black; }"
               " QToolBar { border-bottom: %1px solid black; spacing: 6px; }"
               " QStatusBar { border-top: %1px solid black; }"
               " QDockWidget { border: %1px solid black; }"
               " QPushButton, QToolButton { border: %1px solid black; padding: 3px 8px;"
               " background: #e6e6e6; color: black; }"
               " QPushButton:checked, QToolButton:checked { background: #003399; color: white; }"
               // A disabled button must look disabled on a projector too (Redo with nothing to redo).
               " QPushButton:disabled, QToolButton:disabled { background: white; color: #8c8c8c;"
               " border-style: dashed; }"
               " QToolButton#qt_toolbar_ext_button { background: #e6e6e6; min-width: 16px; }")
        .arg(kLineWidth);
}

void ProjectorMode::applyTo(QWidget *widget, double fontScale)
{
    widget->setPalette(palette());
    widget->setAutoFillBackground(true);
    widget->setFont(scaled(widget->font(), fontScale));
    widget->setStyleSheet(styleSheet());
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

void ProjectorMode::setEnabled(bool on)
{
    if (on == m_enabled)
        return;
    m_enabled = on;
    if (on) {
        m_savedPalette = m_window->palette();
        rememberFonts(); // before the style sheet and the badge change anything
        m_savedStyleSheet = m_window->styleSheet();
        m_savedWindowState = m_window->windowState();
        m_savedLayout = m_window->saveState(kWindowLayoutVersion);
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
        setChartsProjectorStyle(true);
        takeOverZoomKeys(true);
        m_badge->show();
        if (m_fullScreen)
            m_window->setWindowState(m_window->windowState() | Qt::WindowFullScreen);
    } else {
        m_badge->hide();
        takeOverZoomKeys(false);
        setChartsProjectorStyle(false);
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
        m_fontScale = kFontScale;
    }
    Q_EMIT enabledChanged(on);
}

void ProjectorMode::setFontScale(double scale)
{
    scale = std::clamp(scale, kMinFontScale, kMaxFontScale);
    if (!m_enabled || qFuzzyCompare(scale, m_fontScale))
        return;
    m_fontScale = scale;
    applyFonts();
    Q_EMIT fontScaleChanged(scale);
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
