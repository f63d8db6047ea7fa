// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/model/Lab.h"

#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace embedlab::ui {

/// Both constructors with PyTorch's argument names and order, the weight shape each produces, the
/// seed, padding_idx, max_norm, bias, tying, the presets and the parameter count. Shows the Lab's
/// state; user edits leave as configEdited() / presetRequested() so the window can make them undoable.
class LayerPanel : public QWidget {
    Q_OBJECT
public:
    explicit LayerPanel(QWidget *parent = nullptr);

    /// Follows `lab` (not owned) from now on.
    void setLab(const Lab *lab);

    /// The colours that pair num_embeddings with out_features and embedding_dim with in_features.
    static QColor numEmbeddingsColor();
    static QColor embeddingDimColor();

Q_SIGNALS:
    void configEdited(const embedlab::ui::Lab::Config &config);
    void presetRequested(embedlab::ui::Lab::Preset preset);
    /// The tie check box was toggled: tie or untie in place (the window asks how to untie).
    void tieRequested(bool tied);

private:
    void showConfig();
    void showModel();
    void emitEdited();

    const Lab *m_lab = nullptr;
    QSpinBox *m_seed = nullptr;
    QSpinBox *m_numEmbeddings = nullptr;
    QSpinBox *m_embeddingDim = nullptr;
    QCheckBox *m_paddingEnabled = nullptr;
    QSpinBox *m_paddingIdx = nullptr;
    QCheckBox *m_maxNormEnabled = nullptr;
    QDoubleSpinBox *m_maxNorm = nullptr;
    QCheckBox *m_bias = nullptr;
    QCheckBox *m_tied = nullptr;
    QLabel *m_embeddingCall = nullptr;
    QLabel *m_embeddingShape = nullptr;
    QLabel *m_linearCall = nullptr;
    QLabel *m_linearShape = nullptr;
    QLabel *m_linearFeatures = nullptr;
    QLabel *m_parameters = nullptr;
};

} // namespace embedlab::ui
