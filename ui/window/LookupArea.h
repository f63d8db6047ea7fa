// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;

namespace embedlab::ui {

class Document;
class OneHotView;

/// The lookup column: the one-hot animation, the badge that says whether the four paths gave
/// bitwise equal results, and the counters of multiply-adds against copies for the ids (or a
/// training batch of 32 x 512).
class LookupArea : public QWidget {
    Q_OBJECT
public:
    explicit LookupArea(Document *document, QWidget *parent = nullptr);

    OneHotView *oneHotView() const { return m_oneHotView; }
    QLabel *badge() const { return m_badge; }
    QLabel *counters() const { return m_counters; }
    QCheckBox *batchCounters() const { return m_batchCounters; }

    void updateBadge();
    void updateCounters();

    /// The narrowest width from `least` up to `most` at which the column, `height` tall, keeps the
    /// diagram's blocks visible under the wrapped texts and its labels 16 px (OneHotView::
    /// diagramFits()); 0 when none does.
    int narrowestFitting(int height, int least, int most) const;

private:
    Document *m_document;
    OneHotView *m_oneHotView = nullptr;
    QLabel *m_badge = nullptr;
    QLabel *m_counters = nullptr;
    QCheckBox *m_batchCounters = nullptr;
};

} // namespace embedlab::ui
