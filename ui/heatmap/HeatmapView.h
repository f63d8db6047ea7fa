// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/ElementType.h"
#include "core/tensor/Parameter.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapMapping.h"
#include "ui/heatmap/HeatmapPyramid.h"
#include "ui/model/Vocabulary.h"
#include "ui/paint/ExportStyle.h"
#include "ui/paint/PaintedText.h"

#include <QFuture>
#include <QImage>
#include <QList>
#include <QString>
#include <QTimer>
#include <QWidget>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

class QAction;
class QKeyEvent;

namespace embedlab::ui {

/// Paints a weight matrix as a heatmap with a colour bar, row/column labels, a hover tooltip
/// (`W[i, j] = value`), row selection, zoom and pan. Scales to GPT-2's 50257 x 768 through a
/// level-of-detail pyramid that is rebuilt off the UI thread.
class HeatmapView : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapView(QWidget *parent = nullptr);
    ~HeatmapView() override;

    /// Shows `weight->value()`. The view keeps the parameter alive and reads its storage in place.
    void setMatrix(core::ParameterPtr weight);
    /// The matrix values changed: rebuilds the overview off the UI thread (stale builds are dropped).
    void notifyChanged();
    core::ParameterPtr matrix() const;

    /// Heading above the map, e.g. "embedding.weight  [4, 5]" or "lm_head.weight  [4, 5]  (tied)".
    void setTitle(const QString &title);
    QString title() const;

    /// The tokenizer the rows belong to: their tokens appear in the tooltip and, zoomed in to one
    /// label a row, beside the row numbers. None (default): rows are shown by id only.
    void setVocabulary(const Vocabulary &vocabulary);
    const Vocabulary &vocabulary() const { return m_vocabulary; }
    /// The label of row `row` at the left: "15496" or, zoomed in with a known tokenizer, "Hello 15496".
    QString rowLabel(Index row) const;

    /// Outlines one row; -1 clears the selection.
    void setSelectedRow(int row);
    int selectedRow() const;
    /// Rows to emphasise (the one-hot animation); the others are dimmed.
    void setHighlightedRows(const QList<int> &rows);
    QList<int> highlightedRows() const;

    /// How the file stores the matrix when it is a quantised tensor whose values are as loaded: its
    /// blocks (along each row) and the groups sharing one scale, outlined while zoomed in far enough
    /// to tell them apart (issue #30). std::nullopt (default): no grid.
    void setBlockGrid(std::optional<core::StorageBlock> block);
    std::optional<core::StorageBlock> blockGrid() const { return m_blockGrid; }
    /// The lines the grid draws at `map` in a plot at `plot` (widget coordinates): the x of every
    /// visible group and block boundary, the y of every row boundary; empty where they would be
    /// closer than a few pixels.
    struct BlockGridLines {
        QList<qreal> groups;
        QList<qreal> blocks;
        QList<qreal> rows;
    };
    BlockGridLines blockGridLines(const HeatmapMapping &map, const QRect &plot) const;
    /// More lines for the tooltip of cell (row, column), after `W[i, j] = value` (a quantised
    /// element's block scale and minimum); "" adds none.
    void setCellDetail(std::function<QString(Index row, Index column)> detail);
    /// Actions the context menu offers after its own (View > Quantisation Blocks).
    void setContextActions(const QList<QAction *> &actions) { m_contextActions = actions; }

    /// One of ColorMap::names(): "RdBu" (default), "PuOr", "viridis", "cividis".
    void setColorMapName(const QString &name);
    QString colorMapName() const;
    /// How a block of cells becomes one pixel when zoomed out; MaxAbs (default) keeps outliers visible.
    void setAggregation(Aggregation aggregation);
    Aggregation aggregation() const;

    void zoomIn();
    void zoomOut();
    /// Back to the whole matrix.
    void resetZoom();
    /// The keyboard's cell cursor (issue #25): arrows move it, Enter selects its row, + and - zoom
    /// around it, Home shows the whole matrix again. Drawn while the view has the focus and kept in
    /// view; (0, 0) for a new matrix, invalid without cells.
    CellIndex cursorCell() const { return m_cursor; }
    /// Moves the cursor to `cell` (clamped into the matrix) and pans it into view.
    void setCursorCell(CellIndex cell);
    /// The keys the view reads itself while it has the focus (arrows, Enter, +, -, Home), claimed
    /// through QEvent::ShortcutOverride so the window's single-key shortcuts wait.
    static bool readsKey(const QKeyEvent &key);

    /// The current cell <-> pixel mapping of the plot area (widget coordinates minus plotRect()).
    HeatmapMapping mapping() const;
    /// Where the cells are painted, in widget coordinates.
    QRect plotRect() const;

    /// What paintEvent shows, at `size` logical pixels: for export and tests. Always up to date:
    /// renders from the matrix directly when the overview is still being rebuilt.
    QImage renderToImage(QSize size) const;
    /// The view at its size for an exported figure (issue #25 item 5), in logical pixels on `painter`
    /// (scaled by the caller; `scale` is the device pixels per logical pixel for the raster parts).
    /// On an SVG or PDF painter the cells are rectangles up to VectorCellLimit shown cells and one
    /// pixel per cell beyond; on an image they are the screen's pixels at `scale`. The background
    /// and the marks are `style`'s.
    void paintForExport(QPainter &painter, const ExportStyle &style, qreal scale = 1.0) const;
    /// The most cells an SVG or PDF export draws as rectangles.
    static constexpr Index VectorCellLimit = 200000;
    /// A matrix of at most this many rows asks for the height to label every row.
    static constexpr Index kEveryRowLabelled = 8;
    /// The height at which each row of a matrix of at most kEveryRowLabelled rows gets its number, at
    /// the view's width; 0 for a larger matrix. Not a minimum: the window is never made taller for
    /// it (WeightHeatmaps lends it from the other view).
    int heightForEveryRow() const;
    /// "1 px = 26 x 1 cells, max |w|" when zoomed out past one cell per pixel, "" otherwise.
    QString aggregationText() const;

    /// The widths the heading line gives the title (left) and the aggregation or busy text (right)
    /// out of `width` pixels, `gap` apart. Both fit whole when they can; otherwise the text on the
    /// right gives way first, down to a third of the line, and then both are elided. Never overlapping:
    /// title + gap + status <= width whenever there is a status.
    struct HeadingWidths {
        int title = 0;
        int status = 0;
    };
    static HeadingWidths headingWidths(int width, int titleWanted, int statusWanted, int gap);
    /// The tooltip for a widget position: "W[i, j] = 0.3374", or "" outside the cells.
    QString toolTipTextAt(QPoint pos) const;
    /// The colour limit m: diverging maps show [-m, m] (m = max |finite w|, 0 for a constant matrix).
    float colorLimit() const;
    /// True while an overview rebuild runs in the background.
    bool isRebuilding() const;

    /// Every text the last paint drew, with the room it had (for tests: none is cut or elided).
    const PaintedTexts &paintedTexts() const { return m_painted; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    /// A row was clicked, or Enter pressed on the cursor's row (the view has selected it already).
    void rowClicked(int row);
    /// The keyboard cursor moved to (row, column), or the matrix changed under it.
    void cursorMoved(int row, int column);
    void cellHovered(int row, int column, float value);
    /// Zoom or pan changed.
    void viewChanged();
    /// A background rebuild finished and the view shows the current values.
    void rebuilt();

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Layout;
    Layout layoutFor(QSize size) const;
    /// `beside` (the colour bar beside the plot) with the bar and the legend (`legendRow` wide) as
    /// rows under the plot.
    Layout layoutAcross(QSize size, const Layout &beside, int legendRow) const;
    /// Whether `across` gives a narrow view's plot more room than `beside`.
    bool prefersAcross(QSize size, const Layout &beside, const Layout &across) const;
    /// The height the aggregation text needs on lines of its own at `size`, 0 when it is not drawn or
    /// fits beside the title.
    int statusLineHeight(QSize size) const;
    /// The height under the plot's top that `l`'s colour bar and legend need: two lines of bar (its
    /// caption sits above the plot's top), half a line for its end label, the NaN/Inf legend (beside
    /// the plot or a row under it) and a margin.
    int belowPlot(const Layout &l) const;
    /// The width a token takes beside a row number.
    int tokenRoom() const;
    QFont titleFont() const;
    HeatmapMapping mappingFor(QSize widgetSize) const;
    /// The whole matrix in `viewport`, a small matrix's rows each a label line tall where the height
    /// allows (square cells in a narrow view left the projected lesson's lm_head rows "0 2", #25).
    HeatmapMapping fitted(QSizeF viewport) const;
    /// A label line (and its gap) for a matrix of at most kEveryRowLabelled rows, 0 otherwise.
    double leastRowHeight() const;
    void paintAll(QPainter &painter, QSize size, const HeatmapMapping &map, qreal dpr, bool exporting,
                  const ExportStyle *style = nullptr) const;
    /// `aggregated` false: the cells are drawn one by one (a vector export), no "1 px = ..." text.
    void paintHeading(QPainter &painter, const Layout &l, const HeatmapMapping &map, bool busy,
                      bool aggregated = true) const;
    void paintCells(QPainter &painter, const Layout &l, const HeatmapMapping &map, qreal dpr, bool exporting,
                    const ExportStyle *style) const;
    /// The shown cells at full resolution for a vector device: rectangles, or an unsmoothed image
    /// of one pixel per cell beyond VectorCellLimit.
    void paintVectorCells(QPainter &painter, const Layout &l, const HeatmapMapping &map) const;
    void paintBlockGrid(QPainter &painter, const Layout &l, const HeatmapMapping &map) const;
    QString rowLabel(Index row, const HeatmapMapping &map, bool tokens) const;
    void paintAxisLabels(QPainter &painter, const Layout &l, const HeatmapMapping &map) const;
    void paintColorBar(QPainter &painter, const Layout &l, QSize size, qreal dpr, bool exporting) const;
    void paintColorBarTicks(QPainter &painter, const Layout &l, QSize size, float lo, float hi) const;
    void paintLegend(QPainter &painter, const Layout &l, QSize size) const;
    void paintBusy(QPainter &painter, const Layout &l) const;
    QImage frameImage(const HeatmapMapping &device, bool exporting) const;
    bool pyramidIsCurrent() const;
    /// The view's name and text for a screen reader (issue #25): what it paints, in words.
    void describeForReaders();
    void startRebuild();
    void setMappingState(const HeatmapMapping &mapping);
    void zoomAround(QPointF widgetPos, double factor);
    /// Pans the least that shows the whole cursor cell (or as much of it as fits).
    void keepCursorInView();
    /// Zooms around the cursor cell when it is in view, else around the plot's centre.
    void zoomAtCursor(double factor);
    /// Moves the cursor by (rows, columns), clamped, and keeps it in view.
    void moveCursorBy(Index rows, Index columns);
    void paintCursor(QPainter &painter, const Layout &l, const HeatmapMapping &map) const;
    void paintFocusFrame(QPainter &painter, QSize size) const;

    core::ParameterPtr m_weight;
    QString m_title;
    mutable PaintedTexts m_painted; // filled by paintAll()
    Vocabulary m_vocabulary;
    int m_selectedRow = -1;
    QList<int> m_highlightedRows;
    ColorMap m_colorMap;
    Aggregation m_aggregation = Aggregation::MaxAbs;
    std::optional<core::StorageBlock> m_blockGrid;
    std::function<QString(Index, Index)> m_cellDetail;
    QList<QAction *> m_contextActions;

    // The pyramid of the last finished rebuild; m_builtGeneration says which values it shows.
    std::shared_ptr<const HeatmapPyramid> m_pyramid;
    // notifyChanged()'s HeatmapPyramid::stamp(): builds must not reuse a shared overview begun before.
    std::uint64_t m_valuesChangedAt = 0;
    std::uint64_t m_generation = 0;
    std::uint64_t m_builtGeneration = 0;
    bool m_rebuildRunning = false;
    bool m_rebuildPending = false;
    bool m_busyVisible = false;
    QTimer m_busyTimer;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    core::ParameterPtr m_pyramidWeight; // keeps the storage m_pyramid reads alive

    int m_minimumHeight = 0; // minimumSizeHint().height() at the last resize
    HeatmapMapping m_mapping;
    bool m_mappingValid = false; // false until the first layout: then the whole matrix is shown
    CellIndex m_cursor;
    QPoint m_pressPos;
    QPoint m_lastDragPos;
    bool m_dragging = false;

    // The plot pixels of the last frame; repainted only when this key changes.
    mutable QImage m_frame;
    mutable HeatmapMapping m_frameMapping;
    mutable const HeatmapPyramid *m_framePyramid = nullptr;
    mutable QString m_frameColorMap;
};

} // namespace embedlab::ui
