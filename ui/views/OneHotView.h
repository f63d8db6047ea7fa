// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/heatmap/ColorMap.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/model/WorkerPool.h"
#include "ui/paint/PaintedText.h"

#include <QImage>
#include <QPointer>
#include <QWidget>

#include <array>
#include <cstdint>
#include <optional>

class QPainter;

namespace embedlab::ui {

class Lab;

/// Paints the one-hot row selection for the animation's current step: the one-hot vector, the
/// product with W sweeping row by row, the sum collapsing to one row, the row landing in the output,
/// and the lookup path W[i] that gets the same row in one step. Large matrices are drawn compressed
/// (sampled rows and columns) with labels that say so. Keys go to the animation.
class OneHotView : public QWidget {
    Q_OBJECT
public:
    explicit OneHotView(QWidget *parent = nullptr);

    /// Neither is owned. The view repaints when either changes.
    void setLab(const Lab *lab);
    void setAnimation(OneHotAnimation *animation);

    /// One of ColorMap::names(), as in the heatmap.
    void setColorMapName(const QString &name);
    QString colorMapName() const { return m_colorMap.name(); }

    /// The sentence under the phase title, e.g. "one_hot(2) @ W: ..." (for tests and accessibility).
    QString captionText() const;
    /// The phase title, e.g. "Token 1 of 3 (id 2) · one-hot vector".
    QString titleText() const;
    /// True when V or D is too large to draw every cell.
    bool isCompressed() const;
    /// Whether at `size` the blocks keep two lines of height under the texts (else they go flat) and
    /// the labels and the one-hot vector's digits 16 px at least.
    bool diagramFits(QSize size) const;

    /// Multiply-adds the one-hot path has done up to the current step and progress, how many of
    /// them by zero, and the values the lookup path has copied so far.
    struct Progress {
        qint64 multiplyAdds = 0;
        qint64 multiplyAddsByZero = 0;
        qint64 valuesCopied = 0;
    };
    Progress progressCounts() const;

    /// Every text the last paint drew, with the room it had (for tests: none is cut or elided).
    const PaintedTexts &paintedTexts() const { return m_painted; }
    /// The lookup path's arrow as the last paint drew it: where the line ends, the output row it
    /// points at, and whether its head was drawn. No value when the last paint drew no arrow.
    struct PaintedArrow {
        QPointF end;
        QRectF target;
        bool head = false;
    };
    const std::optional<PaintedArrow> &paintedArrow() const { return m_arrow; }

    QSize sizeHint() const override;
    /// Room for every label whole, at the widths the layout gives them.
    QSize minimumSizeHint() const override;
    /// Projected, beside a panel that needs the width (the lesson at 1024 px, #25): the least width
    /// is that of the block names wrapped at 16 px rather than on one line; the least height stays.
    void setNarrowWhenProjected(bool on);

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    /// The view's name and narration for a screen reader (issue #25), after each step.
    void describeForReaders();
    struct Geometry;
    struct Frame;
    struct Labels;
    /// How one block's label wraps: not at all, its name on two lines, its notes on three, or both.
    enum class LabelWrap { None, Name, Notes, Both };
    using LabelWraps = std::array<LabelWrap, 4>;
    /// How far the labels may wrap before they shrink: not at all, each block's name or its notes
    /// (whichever leaves its label narrower: one line less than both), or names and notes.
    enum class Wrapping { Never, EachSlot, Everything };
    Geometry geometryFor(QSize size) const;
    /// The caption, the counters and the lookup lane, each as tall as its wrapped text at `all`'s width;
    /// the caption as tall as every phase's of the current id, or with `everyPhase` false this one's.
    void layoutText(Geometry &g, const QRectF &all, bool everyPhase = true) const;
    /// The labels as `wrapping` allows and the blocks under the caption; false when those labels do
    /// not fit (never with Never: those shrink to shrunkLabelPointSize(), cut where they must).
    bool layoutDiagram(Geometry &g, const QRectF &all, Wrapping wrapping) const;
    /// The blocks side by side, each in a slot as wide as its label needs.
    void layoutBlocks(Geometry &g, const Labels &labels) const;
    /// The label of each block; with `notes`, how a compressed block is drawn (widest case if
    /// `rowStep` or `colStep` is 0), on two lines. Each block's `wraps` puts its name on two lines
    /// or its notes on three, narrower.
    Labels labelsFor(const Geometry &g, bool notes, qint64 rowStep, qint64 colStep,
                     const LabelWraps &wraps) const;
    /// How each block's label wraps under `wrapping`, its lines measured with `fm`.
    LabelWraps wrapsFor(Wrapping wrapping, const Geometry &g, bool notes, const QFontMetricsF &fm) const;
    /// The largest labels for `room`'s width and at most its height: on one line in the view's font
    /// or a smaller one, then wrapped as `wrapping` allows, neither below legibleLabelPointSize()
    /// (with Never, on one line down to shrunkLabelPointSize()). Sets g.labelFont and g.labelWraps;
    /// no value when nothing fits.
    std::optional<Labels> fitLabels(Geometry &g, bool notes, QSizeF room, Wrapping wrapping) const;
    /// The one-hot vector's digits: as large as a row holds them, up to the view's font.
    double digitPointSize(const Geometry &g) const;
    /// The least the labels shrink to: towards the application's font, never below it.
    double shrunkLabelPointSize() const;
    /// The least projected labels shrink to before they wrap: 16 px.
    double legibleLabelPointSize() const;
    /// Projected (the view's font enlarged), labels wrap rather than shrink below 16 px.
    bool labelsMayWrap() const;
    /// The width of each block's slot beside the others, for its label's `need` and `cellWidth` px a
    /// column.
    std::array<double, 4> slotWidths(const std::array<double, 4> &need, double cellWidth) const;
    /// The width of the blocks side by side with their labels, `cellWidth` px a column, and the
    /// mark after the output.
    double rowWidth(const std::array<double, 4> &need, double cellWidth) const;
    /// With setNarrowWhenProjected() and projected, the width of the names wrapped at 16 px and
    /// `margin` each side; infinity otherwise.
    double narrowestWidth(double margin, bool notes) const;
    QString titleFor(int k, OneHotAnimation::Phase phase) const;
    QString captionFor(int k, OneHotAnimation::Phase phase) const;
    /// The two "so far" lines for `counts`.
    QStringList counterTexts(const Progress &counts) const;
    QFont titleFont() const;
    QFont boldFont() const;
    QString lookupText(qint64 id, int k) const;
    void paintCaption(QPainter &p, const Frame &f) const;
    void paintLabels(QPainter &p, const Frame &f) const;
    void paintOperators(QPainter &p, const Frame &f) const;
    void paintOneHot(QPainter &p, const Frame &f) const;
    void paintWeight(QPainter &p, const Frame &f) const;
    void paintSweptRows(QPainter &p, const Frame &f) const;
    void paintSweepLine(QPainter &p, const Frame &f) const;
    void paintValueRow(QPainter &p, const Frame &f, const QRectF &r, const float *values, double alpha) const;
    void paintSum(QPainter &p, const Frame &f) const;
    void paintOutput(QPainter &p, const Frame &f) const;
    void paintLookup(QPainter &p, const Frame &f);
    void paintCounters(QPainter &p, const Frame &f) const;
    /// The weight sampled to at most `size` cells, cached on the parameter's version.
    const QImage &sampledWeight(QSize size) const;
    /// max |finite w| of the current weight; a big weight's arrives from startLimitScan(), and the
    /// last known limit stands in until then.
    float colorLimit() const;
    /// Scans a big weight for its colour limit off the UI thread, unless known or under way.
    void startLimitScan();
    void invalidate();

    QPointer<const Lab> m_lab;
    QPointer<OneHotAnimation> m_animation;
    ColorMap m_colorMap;
    PaintedTexts m_painted;
    std::optional<PaintedArrow> m_arrow;

    mutable QImage m_sampled;
    mutable const void *m_sampledStorage = nullptr;
    mutable std::uint64_t m_sampledVersion = ~std::uint64_t(0);
    mutable QSize m_sampledSize;
    mutable QString m_sampledMap;
    mutable float m_limit = -1.0f;
    mutable const void *m_limitStorage = nullptr;
    mutable std::uint64_t m_limitVersion = ~std::uint64_t(0);
    // The weight (storage, version) whose limit is being scanned off the UI thread; only the newest
    // scan's result is taken.
    bool m_scanning = false;
    bool m_narrowWhenProjected = false;
    const void *m_scanStorage = nullptr;
    std::uint64_t m_scanVersion = ~std::uint64_t(0);
    BackgroundJobs m_scans;
};

} // namespace embedlab::ui
