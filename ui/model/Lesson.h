// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/model/Lab.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

namespace embedlab::ui {

/// The guided lesson: about ten steps following the reference documents, each with the state the
/// views should show and one to three sentences. It holds the current step (remembered in
/// QSettings, so a lesson can be left and resumed) and paints nothing; LessonController applies a
/// step to the window and LessonPanel shows its text.
class Lesson : public QObject {
    Q_OBJECT
public:
    /// Where the one-hot animation stands when a step begins.
    enum class AnimationAt { Start, Lookup, End };
    /// The window's side panels a step shows (the others are hidden).
    enum class Panel {
        Layers = 1,
        Code = 2,
        Init = 4,
        Histogram = 8,
        Unembedding = 16,
        Training = 32,
        Fit = 64
    };
    Q_DECLARE_FLAGS(Panels, Panel)
    struct Step {
        const char *key;   ///< stable name, e.g. "onehot"
        const char *title; ///< untranslated; title(i) translates
        const char *text;
        Lab::Preset preset = Lab::Preset::Reference;
        const char *ids = "2, 3, 1";
        bool tied = false;
        AnimationAt animation = AnimationAt::End;
        Panels panels;
    };

    explicit Lesson(QObject *parent = nullptr);

    static const QList<Step> &steps();
    int count() const { return static_cast<int>(steps().size()); }
    /// -1 when the lesson is not running.
    int current() const { return m_current; }
    bool isRunning() const { return m_current >= 0; }
    const Step &step(int index) const { return steps().at(index); }
    /// Translated title and text of step `index`.
    static QString title(int index);
    static QString text(int index);

    /// Starts at the remembered step (or the first).
    void start();
    void stop();
    void setCurrent(int index);
    /// Return whether the step changed (false at either end).
    bool next();
    bool previous();
    /// The step saved in QSettings("EmbedLab", "EmbedLab") under lesson/step (-1: none).
    static int savedStep();

Q_SIGNALS:
    /// The step changed (or -1: the lesson stopped).
    void currentChanged(int index);

private:
    int m_current = -1;
};

Q_DECLARE_OPERATORS_FOR_FLAGS(Lesson::Panels)

} // namespace embedlab::ui
