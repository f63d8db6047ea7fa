// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QObject>
#include <QString>

namespace embedlab::ui {

class PanelRegistry;
class SidePanels;
struct WindowActions;

/// Edit > Copy Python Code and Copy Output (issue #29 items 6 and 7): the code of the panel in front
/// as a script that runs as pasted, and what that script prints. The code panel's script stands
/// alone; the Unembedding panel's statements and the Training panel's snippet continue it, so
/// their copies are that script followed by them (no `>>>` prompts). The Fit a Text panel's run is
/// a script of its own (issue #27 item 5), printing the losses the panel shows.
class CodeClipboard : public QObject {
    Q_OBJECT
public:
    enum class Source { Code, Unembedding, Training, Fit };

    CodeClipboard(const PanelRegistry *registry, const SidePanels *panels, const WindowActions &actions,
                  QObject *parent);

    /// The panel whose code the actions copy: the one holding the keyboard focus, else the
    /// Unembedding, Training or Fit a Text panel when its tab is in front of the code panel's, else
    /// the code panel.
    Source front() const;
    /// What Copy Python Code puts on the clipboard for `source`.
    QString code(Source source) const;
    /// What the code of `source` prints, as far as it is known: the Output pane, followed by the
    /// Unembedding panel's values (a training snippet's next loss is not known before its step); a
    /// fit's losses to the step shown.
    QString output(Source source) const;

private:
    const PanelRegistry *m_registry;
    const SidePanels *m_panels;
};

} // namespace embedlab::ui
