// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QSplitter>

namespace embedlab::ui {

class Document;
class HeatmapView;

/// embedding.weight above lm_head.weight, each a heatmap: their titles (shape, tie, the file they
/// came from), the document's selected row marked on both (tied or not), the animation's rows
/// emphasised, the tokenizer's labels and the colour map.
class WeightHeatmaps : public QSplitter {
    Q_OBJECT
public:
    explicit WeightHeatmaps(Document *document, QWidget *parent = nullptr);

    HeatmapView *embedding() const { return m_embedding; }
    HeatmapView *lmHead() const { return m_lmHead; }

    void zoomIn();
    void zoomOut();
    void resetZoom();

Q_SIGNALS:
    /// A row was clicked on either heatmap (after it was selected): for the status bar.
    void rowChosen(int row);

private:
    void showModel();
    void showTie();
    void updateTitles();
    void showMarks();

    Document *m_document;
    HeatmapView *m_embedding;
    HeatmapView *m_lmHead;
};

} // namespace embedlab::ui
