// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <QSplitter>

class QAction;

namespace embedlab::ui {

class Document;
class HeatmapView;
class Lab;

/// embedding.weight above lm_head.weight, each a heatmap: their titles (shape, tie, the file they
/// came from and how it stores them, or the initialiser of untrained weights), the document's
/// selected row marked on both (tied or not), the animation's rows emphasised, the tokenizer's
/// labels, the colour map, and for a quantised tensor as loaded its block grid and the tooltip that
/// takes an element apart (issue #30).
class WeightHeatmaps : public QSplitter {
    Q_OBJECT
public:
    /// `blockGrid` is View > Quantisation Blocks: the document's block grid option.
    WeightHeatmaps(Document *document, QAction *blockGrid, QWidget *parent = nullptr);

    /// The heading of `target`'s heatmap: "embedding.weight  [557, 256]  from model-Q4_K_M.gguf:
    /// token_embd.weight  (Q4_K, 4.5 bits per weight)", or "... untrained: seeded normal_" for the
    /// rows of a tokenizer that no training has moved (issue #26).
    static QString titleFor(const Lab &lab, const QString &target);
    /// The tooltip's lines for element (row, column) of `target`'s values as its quantised file
    /// stores them: its block, the group sharing its scale (and minimum), its level; "" when the
    /// document does not hold the file or the values are no longer the file's.
    static QString quantDetail(const Document &document, const QString &target, core::Index row,
                               core::Index column);

    HeatmapView *embedding() const { return m_embedding; }
    HeatmapView *lmHead() const { return m_lmHead; }

    void zoomIn();
    void zoomOut();
    void resetZoom();

Q_SIGNALS:
    /// A row was clicked on either heatmap (after it was selected): for the status bar.
    void rowChosen(int row);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    /// lm_head's few rows each keep their number when the embedding can spare the height (#25: the
    /// projected reference example's lm_head read rows "0 2"): the handle moves, the window stays.
    void lendRowsTheirHeight();
    void showModel();
    void showTie();
    void updateTitles();
    void showMarks();
    void showBlockGrids();

    Document *m_document;
    QAction *m_blockGrid;
    HeatmapView *m_embedding;
    HeatmapView *m_lmHead;
    /// The height lendRowsTheirHeight() moved to lm_head, given back when its matrix grows.
    int m_lent = 0;
};

} // namespace embedlab::ui
