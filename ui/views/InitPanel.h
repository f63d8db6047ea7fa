// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/init/InitSpec.h"
#include "ui/model/ViewState.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <cstdint>
#include <optional>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;

namespace embedlab::ui {

/// Chooses a torch.nn.init initialiser, its keyword arguments, an optional torch.manual_seed and
/// the parameter to apply it to, and shows the Python call that does the same. Editors are
/// generated from core::InitSpec::keywords(): numbers as text fields (any Python float: "1e-3",
/// "inf") with a slider, `mode` and `nonlinearity` as combo boxes of the values PyTorch accepts.
///
/// The panel is passive: it never changes a parameter itself but asks through initRequested().
/// Invalid input shows PyTorch's error message in red and requests nothing.
class InitPanel : public QWidget {
    Q_OBJECT
public:
    /// Live edits are requested this long after the last change, so a drag is not 60 requests.
    static constexpr int kDebounceMs = 150;

    explicit InitPanel(QWidget *parent = nullptr);

    /// The parameters offered as targets; defaults to embedding.weight and lm_head.weight.
    void setTargets(const QStringList &targets);
    QStringList targets() const;
    void setTarget(const QString &target);
    QString target() const;

    /// Shows `spec` in the editors without requesting anything (undo/redo, session restore).
    void setSpec(const core::InitSpec &spec);
    /// The spec the editors describe, or nullopt while they are invalid (see errorText()).
    std::optional<core::InitSpec> spec() const { return m_spec; }
    /// core::InitSpec::toString() of spec(): only the keywords that differ from the defaults,
    /// e.g. "normal:std=0.02". Empty while invalid.
    QString specText() const;
    /// "ValueError: could not convert string to float: 'abc'" while invalid, else empty.
    QString errorText() const { return m_error; }
    /// The Python shown: `torch.manual_seed(...)` when seeded, then the torch.nn.init call.
    QString pythonCode() const;

    /// torch.manual_seed(seed) before the initialiser runs; nullopt continues the generator.
    void setSeed(std::optional<std::uint64_t> seed);
    std::optional<std::uint64_t> seed() const;

    /// When live (the default), every valid change is requested once the edit pauses for
    /// kDebounceMs; the requests of one decision (an initialiser, then its mode) replace each other
    /// until Apply, another tensor or another command ends it. Otherwise only Apply requests.
    void setLive(bool live);
    bool isLive() const;

    /// Sets the editor of `keyword` to `text` as if typed (combo boxes select the value), and
    /// ends the edit as leaving the field does. For tests and scripted demos.
    void editKeyword(const QString &keyword, const QString &text);
    /// Selects the initialiser `name` as the user would (its editors show the defaults).
    void chooseInitializer(const QString &name);
    /// What the editors describe (the document's initialiser draft), valid or not.
    InitDraft draft() const;
    /// Shows `draft` without requesting anything (undo, a session, a language switch).
    void setDraft(const InitDraft &draft);
    /// The values offered for a string keyword ("mode", "nonlinearity"); empty for numbers.
    static QStringList choices(const QString &keyword);

public Q_SLOTS:
    /// Requests the current spec now (the Apply button), then ends the edit.
    void apply();

Q_SIGNALS:
    /// Please run `spec` on the parameter named `target` (after torch.manual_seed(seed()) when a
    /// seed is set). Emitted kDebounceMs after live edits, immediately by Apply.
    void initRequested(const QString &target, const embedlab::core::InitSpec &spec);
    /// The decision that produced the preceding initRequested() signals has ended (Apply, another
    /// tensor): they are one undo step. Emitted only after at least one request, and after the
    /// pending request has been flushed.
    void editFinished();
    /// The user changed what the editors describe (draft()).
    void draftEdited();

private:
    struct Editor {
        QString keyword;
        QString defaultValue; // unquoted Python default
        QLineEdit *text = nullptr;
        QSlider *slider = nullptr;
        QComboBox *choice = nullptr;
        double sliderMin = 0.0;
        double sliderMax = 1.0;
    };

    void rebuildEditors(const QString &name);
    // A text field and a slider for a numeric keyword, in one row widget.
    QWidget *addNumberEditor(Editor &editor);
    // Editors -> spec text -> core::InitSpec, checked by running it on a scratch tensor.
    void revalidate();
    // Called on every user change: revalidates and (re)starts the live timer when valid.
    void onEdited();
    // Runs a pending live request now (a field left, a slider released).
    void flushPending();
    // Flushes and closes the decision with editFinished().
    void endGesture();
    void emitRequest();
    void showState();
    QString buildSpecText() const;
    Editor *editorFor(const QString &keyword);
    static void sliderRange(const QString &name, const QString &keyword, double &min, double &max);

    QComboBox *m_name = nullptr;
    QComboBox *m_target = nullptr;
    QFormLayout *m_form = nullptr;
    int m_editorRows = 0; // keyword rows currently in m_form
    QCheckBox *m_seedEnabled = nullptr;
    QLineEdit *m_seed = nullptr;
    QCheckBox *m_live = nullptr;
    QPushButton *m_apply = nullptr;
    QLabel *m_python = nullptr;
    QLabel *m_errorLabel = nullptr;
    QList<Editor> m_editors;
    QString m_editorsName; // the initialiser m_editors were built for

    std::optional<core::InitSpec> m_spec;
    QString m_error;
    QTimer m_debounce;
    bool m_syncing = false;     // editors being set by code, not by the user
    bool m_gestureOpen = false; // a request was emitted and editFinished() is still owed
};

} // namespace embedlab::ui
