// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/CodeClipboard.h"

#include "ui/model/FitSession.h"
#include "ui/model/PythonCode.h"
#include "ui/views/CodePanel.h"
#include "ui/views/TrainingPanel.h"
#include "ui/views/UnembeddingView.h"
#include "ui/window/PanelRegistry.h"
#include "ui/window/SidePanels.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>

namespace embedlab::ui {

namespace {

/// Shown and not behind another tab (a tabified dock behind the current one is parked outside the
/// window, where nothing of it is visible).
bool inFront(const QDockWidget *dock)
{
    return dock && dock->isVisible() && (dock->isFloating() || !dock->visibleRegion().isEmpty());
}

bool holdsFocus(const QDockWidget *dock)
{
    const QWidget *focus = QApplication::focusWidget();
    return dock && focus && dock->isAncestorOf(focus);
}

} // namespace

CodeClipboard::CodeClipboard(const PanelRegistry *registry, const SidePanels *panels,
                             const WindowActions &actions, QObject *parent)
    : QObject(parent)
    , m_registry(registry)
    , m_panels(panels)
{
    connect(actions.copyCode, &QAction::triggered, this,
            [this] { QApplication::clipboard()->setText(code(front())); });
    connect(actions.copyOutput, &QAction::triggered, this,
            [this] { QApplication::clipboard()->setText(output(front())); });
    connect(panels->unembeddingView(), &UnembeddingView::copyCodeRequested, this,
            [this] { QApplication::clipboard()->setText(code(Source::Unembedding)); });
}

CodeClipboard::Source CodeClipboard::front() const
{
    const QDockWidget *codeDock = m_registry->dock(QStringLiteral("code"));
    const QDockWidget *unembedding = m_registry->dock(QStringLiteral("unembedding"));
    const QDockWidget *training = m_registry->dock(QStringLiteral("training"));
    const QDockWidget *fit = m_registry->dock(QStringLiteral("fit"));
    if (holdsFocus(unembedding))
        return Source::Unembedding;
    if (holdsFocus(training))
        return Source::Training;
    if (holdsFocus(fit))
        return Source::Fit;
    if (holdsFocus(codeDock) || inFront(codeDock))
        return Source::Code;
    if (inFront(unembedding))
        return Source::Unembedding;
    if (inFront(training))
        return Source::Training;
    if (inFront(fit))
        return Source::Fit;
    return Source::Code;
}

QString CodeClipboard::code(Source source) const
{
    if (source == Source::Fit)
        return m_panels->fitSession()->scriptText();
    const QString script = m_panels->codePanel()->codeText();
    switch (source) {
    case Source::Unembedding:
        return PythonCode::unembeddingScript(script, m_panels->unembeddingView()->scriptText());
    case Source::Training:
        return PythonCode::trainingScript(script, m_panels->trainingPanel()->codeText());
    case Source::Code:
    case Source::Fit:
        break;
    }
    return script;
}

QString CodeClipboard::output(Source source) const
{
    if (source == Source::Fit)
        return m_panels->fitSession()->printedLosses();
    const QString printed = m_panels->codePanel()->outputText();
    if (source != Source::Unembedding)
        return printed;
    return printed + m_panels->unembeddingView()->echoedText();
}

} // namespace embedlab::ui
