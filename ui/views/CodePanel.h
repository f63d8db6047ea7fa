// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/model/Lab.h"
#include "ui/model/WorkerPool.h"

#include <QFuture>
#include <QString>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSplitter;

namespace embedlab::ui {

/// The PyTorch code for the Lab's current state and what PyTorch prints for it: pasted into Python,
/// the code prints the same numbers. Big tensors are formatted (summarised) off the UI thread.
class CodePanel : public QWidget {
    Q_OBJECT
public:
    explicit CodePanel(QWidget *parent = nullptr);
    ~CodePanel() override;

    /// Follows `lab` (not owned) from now on.
    void setLab(const Lab *lab);

    QString codeText() const;
    QString outputText() const;
    /// True while the output for the Lab's current state is still being formatted off the UI
    /// thread (outputText() shows an older state until outputUpdated()).
    bool isFormatting() const { return m_formatting; }

Q_SIGNALS:
    /// The output text is up to date with the Lab (after an off-thread format).
    void outputUpdated();

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    static void holdTwoLines(QPlainTextEdit *pane);
    struct Inputs;
    static QString renderOutput(const Inputs &inputs);
    void refresh();
    /// The width at which the code and the output show their longest lines side by side.
    int sideBySideWidth() const;
    void updateOrientation();
    /// The equality sentence under the Output when it fits one line, else the verdict alone beside
    /// the Output's title with the sentence as its tooltip.
    void showBadge();

    const Lab *m_lab = nullptr;
    QPlainTextEdit *m_code = nullptr;
    QPlainTextEdit *m_output = nullptr;
    QPushButton *m_copy = nullptr;
    QLabel *m_outputTitle = nullptr;
    QLabel *m_badge = nullptr;
    QLabel *m_verdict = nullptr;
    QString m_badgeShort;
    QString m_badgeSentence;
    QSplitter *m_splitter = nullptr;
    QFuture<QString> m_format;   // waited for when the panel goes
    BackgroundJobs m_formatJobs; // only the newest state's output is shown
    bool m_formatting = false;
};

} // namespace embedlab::ui
