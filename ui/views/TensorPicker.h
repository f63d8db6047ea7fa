// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/WeightFile.h"
#include "ui/model/Lab.h"

#include <QDialog>
#include <QString>
#include <QStringList>

#include <memory>

class QCheckBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace embedlab::ui {

/// Lists the tensors of an opened weight file (name, dtype, bits per weight, shape, size), the tied
/// pairs and a head left out because it is tied, and lets the user view one 2-D tensor as
/// embedding.weight or as lm_head.weight. A quantised tensor selected says what its type keeps and
/// loses (issue #30). Passive: the choice leaves through tensorChosen().
class TensorPicker : public QDialog {
    Q_OBJECT
public:
    explicit TensorPicker(std::shared_ptr<const core::WeightFile> file, QWidget *parent = nullptr);

    QStringList tensorNames() const;
    /// The table's text at (row, column): columns name, dtype, bits per weight, shape, size.
    QString cellText(int row, int column) const;
    /// What a quantised type keeps and loses ("What is Q4_K? ..."), "" for a plain type.
    static QString quantisationNote(core::ElementType type);
    /// The note shown under the table for the selected tensor ("" when hidden).
    QString shownQuantisationNote() const;
    /// Selects `name`; false when there is no such tensor.
    bool selectTensor(const QString &name);
    QString selectedTensor() const;
    /// Empty when `info` can be a weight (2-D, convertible), else why not.
    static QString whyNotLoadable(const core::TensorInfo &info);
    /// The tied pairs and the absent-head note, as shown under the table.
    QString notesText() const;
    /// Whether the lm_head is tied to a loaded embedding (defaults to the file's own tie).
    bool tieToEmbedding() const;

    /// Emits tensorChosen() for the selected tensor as the buttons do, and accepts the dialog.
    bool choose(Lab::LoadRole role);

Q_SIGNALS:
    void tensorChosen(const QString &name, embedlab::ui::Lab::LoadRole role, bool tied);

private:
    void onSelectionChanged();

    std::shared_ptr<const core::WeightFile> m_file;
    QTableWidget *m_table = nullptr;
    QLabel *m_notes = nullptr;
    QLabel *m_quantNote = nullptr;
    QLabel *m_why = nullptr;
    QCheckBox *m_tie = nullptr;
    QPushButton *m_asEmbedding = nullptr;
    QPushButton *m_asLinear = nullptr;
};

} // namespace embedlab::ui
