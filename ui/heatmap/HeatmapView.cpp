// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Included by the name beside this file, as in every other ui/ source: lupdate runs without
// include paths, and when it cannot open the header it does not know the class lives in
// embedlab::ui, so its strings land in a context ("HeatmapView") that tr() never asks for.
#include "ui/heatmap/HeatmapView.h"

#include "ui/heatmap/HeatmapAccessible.h"
#include "ui/heatmap/HeatmapRenderer.h"
#include "ui/model/NiceTicks.h"
#include "ui/model/TextWidth.h"
#include "ui/model/WorkerPool.h"
#include "ui/paint/PaintedViewAccessible.h"
#include "ui/paint/TextColors.h"

#include <QActionGroup>
#include <QApplication>
#include <QContextMenuEvent>
#include <QFocusEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QTextLayout>
#include <QToolTip>
#include <QWheelEvent>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

namespace embedlab::ui {

namespace {

/// The natural width of the last line of `text` wrapped at `width`.
int lastLineWidth(const QFont &font, const QString &text, int width)
{
    QTextLayout layout(text, font);
    layout.beginLayout();
    qreal last = 0.0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        last = line.naturalTextWidth();
    }
    layout.endLayout();
    return int(std::ceil(last));
}

} // namespace

namespace {

// Below this many cells a frame straight from the matrix costs a few ms, so a view whose overview
// is not built yet still paints at once instead of showing the busy text.
constexpr Index DirectRenderMaxCells = Index(1) << 22;
constexpr double ZoomStep = 1.25;
constexpr int BusyDelayMs = 200;

// Tokens beside the row numbers get about eight characters; longer ones are elided.
int tokenLabelWidth(const QFontMetrics &fm)
{
    return fm.averageCharWidth() * 8;
}

QString withMinusSign(QString text)
{
    return text.replace(QLatin1Char('-'), QChar(0x2212));
}

/// The colours the scale cannot show and their names, as the legend lists them.
struct LegendEntry {
    QRgb color;
    QString text;
};

/// The width a legend label takes when drawn: its drawn box, which is wider than its advance ("+Inf").
int legendLabelWidth(const QFont &font, const QString &text)
{
    const QRectF drawn = QFontMetricsF(font).boundingRect(QRectF(0, 0, 1e6, 1e6), 0, text);
    return std::max(textWidth(font, text), int(std::ceil(drawn.width())));
}

std::vector<LegendEntry> legendEntries(const ColorMap &map)
{
    std::vector<LegendEntry> entries{{map.nanColor(), QStringLiteral("NaN")}};
    if (map.posInfColor() == map.negInfColor()) {
        entries.push_back({map.posInfColor(), QStringLiteral("\u00b1Inf")});
    } else {
        entries.push_back({map.posInfColor(), QStringLiteral("+Inf")});
        entries.push_back({map.negInfColor(), withMinusSign(QStringLiteral("-Inf"))});
    }
    return entries;
}

/// The colour bar's thickness, which the legend's swatches share.
int barThickness(const QFont &font)
{
    return std::max(10, textHeight(font));
}

/// The width of the legend as one row: each swatch (`swatchWidth`) with its label, `gap` apart.
int legendRowWidth(const std::vector<LegendEntry> &entries, const QFont &font, int swatchWidth, int gap)
{
    int width = gap * int(entries.size() - 1);
    for (const LegendEntry &e : entries)
        width += swatchWidth + 5 + legendLabelWidth(font, e.text);
    return width;
}

} // namespace

struct HeatmapView::Layout {
    QRect title;
    QRect plot;
    QRect colorBar;
    QRect legend;
    int rowLabelWidth = 0;
    int statusLine = 0;       // the height of a line of its own under the title for the aggregation
    bool tokens = false;      // the row labels have room for a token beside the number
    bool legendBelow = false; // the legend is one row under the plot, not a column under the bar
    bool barAcross = false;   // the colour bar is a row under the plot (low values at the left)
};

HeatmapView::HeatmapView(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::WheelFocus);
    setMouseTracking(true);
    PaintedViewAccessible::installFor<HeatmapView, HeatmapAccessible>(); // a table of its elements
    describeForReaders();
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    m_busyTimer.setSingleShot(true);
    connect(&m_busyTimer, &QTimer::timeout, this, [this] {
        m_busyVisible = m_rebuildRunning;
        update();
    });
}

HeatmapView::~HeatmapView()
{
    // The worker owns what it reads (it holds the ParameterPtr and the cancel flag), so the view
    // need not wait for it: waiting here could deadlock behind other pool tasks, and Qt 6.4's
    // QFuture::then(context) can run its continuation after the context is gone. runInBackground()'s
    // watcher is a child, so its finished() connection dies with the view.
    if (m_cancel)
        m_cancel->store(true);
}

void HeatmapView::setMatrix(core::ParameterPtr weight)
{
    const bool sameShape =
        weight && m_weight && weight->rows() == m_weight->rows() && weight->cols() == m_weight->cols();
    if (weight != m_weight)
        m_valuesChangedAt = 0; // another matrix: any build of its current version will do
    m_weight = std::move(weight);
    // The old pyramid reads the old storage: never paint it for another matrix.
    m_pyramid.reset();
    m_pyramidWeight.reset();
    m_framePyramid = nullptr;
    if (!sameShape)
        m_mappingValid = false;
    if (m_selectedRow >= 0 && (!m_weight || m_selectedRow >= m_weight->rows()))
        m_selectedRow = -1;
    setCursorCell(m_cursor.isValid() ? m_cursor : CellIndex{0, 0});
    startRebuild();
    update();
    describeForReaders();
    if (!sameShape) {
        HeatmapAccessible::announceReset(this);
        updateGeometry(); // an aggregated matrix's heading may need another line
        Q_EMIT viewChanged();
    }
}

void HeatmapView::notifyChanged()
{
    // The values may have been written without a new version: the shared overview is stale.
    m_valuesChangedAt = HeatmapPyramid::stamp();
    startRebuild();
    update();
}

core::ParameterPtr HeatmapView::matrix() const
{
    return m_weight;
}

void HeatmapView::setVocabulary(const Vocabulary &vocabulary)
{
    if (vocabulary == m_vocabulary)
        return;
    m_vocabulary = vocabulary;
    update();
}

QString HeatmapView::rowLabel(Index row) const
{
    return rowLabel(row, mapping(), layoutFor(size()).tokens);
}

QString HeatmapView::rowLabel(Index row, const HeatmapMapping &m, bool tokens) const
{
    const QString number = QString::number(row);
    const QFontMetrics fm(font());
    if (!m_vocabulary.isKnown() || m.isEmpty() || niceIndexStep((fm.height() + 2) / m.cellHeight) != 1 ||
        !tokens)
        return number;
    return fm.elidedText(m_vocabulary.label(row), Qt::ElideRight, tokenLabelWidth(fm)) + QLatin1Char(' ') +
           number;
}

void HeatmapView::setTitle(const QString &title)
{
    if (m_title == title)
        return;
    m_title = title;
    updateGeometry(); // a longer title may wrap or push the aggregation onto its own line
    update();
    describeForReaders();
}

QString HeatmapView::title() const
{
    return m_title;
}

void HeatmapView::setSelectedRow(int row)
{
    if (row < -1 || (m_weight && row >= m_weight->rows()))
        row = -1;
    if (m_selectedRow == row)
        return;
    m_selectedRow = row;
    update();
    describeForReaders();
    HeatmapAccessible::announceSelection(this);
}

int HeatmapView::selectedRow() const
{
    return m_selectedRow;
}

void HeatmapView::setHighlightedRows(const QList<int> &rows)
{
    if (m_highlightedRows == rows)
        return;
    m_highlightedRows = rows;
    update();
}

QList<int> HeatmapView::highlightedRows() const
{
    return m_highlightedRows;
}

void HeatmapView::setBlockGrid(std::optional<core::StorageBlock> block)
{
    if (block && (block->elements < 1 || block->scaleGroup < 1))
        block.reset();
    if (block == m_blockGrid)
        return;
    m_blockGrid = block;
    update();
}

void HeatmapView::setCellDetail(std::function<QString(Index, Index)> detail)
{
    m_cellDetail = std::move(detail);
}

HeatmapView::BlockGridLines HeatmapView::blockGridLines(const HeatmapMapping &map, const QRect &plot) const
{
    BlockGridLines lines;
    if (!m_blockGrid || map.isEmpty())
        return lines;
    // A line every few pixels would only grey the cells: each kind is drawn once it is that far apart.
    constexpr double minimumGap = 6.0;
    const auto every = [&](Index step, QList<qreal> &out) {
        if (step < 1 || map.cellWidth * double(step) < minimumGap)
            return;
        for (Index c = (map.firstVisibleColumn() + step - 1) / step * step; c <= map.lastVisibleColumn() + 1;
             c += step) {
            const qreal x = plot.left() + map.cellToPixel(0, double(c)).x();
            if (x >= plot.left() && x <= plot.right() + 1)
                out.append(x);
        }
    };
    const auto group = Index(m_blockGrid->scaleGroup);
    const auto block = Index(m_blockGrid->elements);
    every(block, lines.blocks);
    if (group < block)
        every(group, lines.groups);
    // Blocks never cross rows (a row is whole blocks), so each row edge is a block edge too.
    if (map.cellWidth * double(block) >= minimumGap && map.cellHeight >= minimumGap) {
        for (Index r = map.firstVisibleRow(); r <= map.lastVisibleRow() + 1; ++r) {
            const qreal y = plot.top() + map.cellToPixel(double(r), 0).y();
            if (y >= plot.top() && y <= plot.bottom() + 1)
                lines.rows.append(y);
        }
    }
    // Group lines that fall on a block line are drawn as block lines.
    lines.groups.removeIf([&](qreal x) { return lines.blocks.contains(x); });
    return lines;
}

void HeatmapView::setColorMapName(const QString &name)
{
    const ColorMap map = ColorMap::fromName(name);
    if (map == m_colorMap)
        return;
    m_colorMap = map;
    update();
    describeForReaders();
}

QString HeatmapView::colorMapName() const
{
    return m_colorMap.name();
}

void HeatmapView::setAggregation(Aggregation aggregation)
{
    if (m_aggregation == aggregation)
        return;
    m_aggregation = aggregation;
    startRebuild();
    update();
}

Aggregation HeatmapView::aggregation() const
{
    return m_aggregation;
}

void HeatmapView::zoomIn()
{
    zoomAround(plotRect().center(), ZoomStep);
}
void HeatmapView::zoomOut()
{
    zoomAround(plotRect().center(), 1.0 / ZoomStep);
}

void HeatmapView::resetZoom()
{
    if (!m_weight)
        return;
    setMappingState(fitted(QSizeF(plotRect().size())));
}

void HeatmapView::setCursorCell(CellIndex cell)
{
    CellIndex clamped;
    if (m_weight && m_weight->numel() > 0)
        clamped = {std::clamp<Index>(cell.row, 0, m_weight->rows() - 1),
                   std::clamp<Index>(cell.column, 0, m_weight->cols() - 1)};
    if (clamped == m_cursor)
        return;
    m_cursor = clamped;
    if (m_cursor.isValid() && m_mappingValid)
        keepCursorInView();
    update();
    HeatmapAccessible::announceCursor(this);
    Q_EMIT cursorMoved(static_cast<int>(m_cursor.row), static_cast<int>(m_cursor.column));
}

bool HeatmapView::readsKey(const QKeyEvent &key)
{
    // Shift is allowed: + is Shift+= on many layouts.
    if (key.modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return false;
    switch (key.key()) {
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Plus:
    case Qt::Key_Equal:
    case Qt::Key_Minus:
    case Qt::Key_Home:
        return true;
    default:
        return false;
    }
}

void HeatmapView::keepCursorInView()
{
    const HeatmapMapping map = mapping();
    if (map.isEmpty() || !m_cursor.isValid())
        return;
    const QRectF cell = map.cellRect(m_cursor.row, m_cursor.column);
    // The least pan along each axis; a cell wider than the view shows its leading edge.
    const auto shift = [](double low, double high, double size) {
        if (high - low > size || low < 0.0)
            return -low;
        return high > size ? size - high : 0.0;
    };
    const QPointF delta(shift(cell.left(), cell.right(), map.viewport.width()),
                        shift(cell.top(), cell.bottom(), map.viewport.height()));
    if (!delta.isNull())
        setMappingState(map.pannedBy(delta));
}

void HeatmapView::zoomAtCursor(double factor)
{
    if (!m_weight)
        return;
    const QRect plot = plotRect();
    QPointF at = plot.center();
    if (m_cursor.isValid()) {
        const QPointF centre = mapping().cellRect(m_cursor.row, m_cursor.column).center() + plot.topLeft();
        if (plot.contains(centre.toPoint()))
            at = centre;
    }
    zoomAround(at, factor);
    keepCursorInView();
}

void HeatmapView::moveCursorBy(Index rows, Index columns)
{
    if (!m_cursor.isValid())
        return;
    const CellIndex before = m_cursor;
    setCursorCell({m_cursor.row + rows, m_cursor.column + columns});
    if (m_cursor == before)
        keepCursorInView(); // at the edge already: still bring it back into view
}

HeatmapMapping HeatmapView::mapping() const
{
    return mappingFor(size());
}

QRect HeatmapView::plotRect() const
{
    return layoutFor(size()).plot;
}

float HeatmapView::colorLimit() const
{
    if (!m_weight)
        return 0.0f;
    if (pyramidIsCurrent())
        return m_pyramid->limit();
    return maxAbsFinite(*m_weight);
}

void HeatmapView::describeForReaders()
{
    // The heading as the name; the shape, the selected row and the colour scale as the text. The
    // limit only once the overview has it (scanning a large matrix here would stall the window).
    QString text;
    if (!m_weight) {
        text = tr("No matrix");
    } else {
        text = tr("%1 rows \u00d7 %2 columns").arg(m_weight->rows()).arg(m_weight->cols());
        text += m_selectedRow >= 0 ? tr(", row %1 selected").arg(m_selectedRow) : tr(", no row selected");
        if (pyramidIsCurrent()) {
            const QString limit = QLocale().toString(double(m_pyramid->limit()), 'g', 4);
            text += tr("; colour map %1 from -%2 (low) through 0 to %2 (high)").arg(m_colorMap.name(), limit);
        }
    }
    PaintedViewAccessible::describe(this, m_title.isEmpty() ? tr("Weight heatmap") : m_title, text);
}

bool HeatmapView::isRebuilding() const
{
    return m_rebuildRunning;
}

QSize HeatmapView::sizeHint() const
{
    return {480, 320};
}

QSize HeatmapView::minimumSizeHint() const
{
    const int h = textHeight(font());
    // The row numbers (and tokens) at the left, the colour bar and its labels at the right and a plot
    // two lines wide between them: GPT-2's ("50256" beside a token) left a projected view a 1 px plot
    // and cut the bar's labels at its edge (#16).
    constexpr int wide = 1 << 16;
    const Layout across = layoutFor(QSize(wide, 0));
    const int labels = across.plot.left() - (across.tokens ? tokenRoom() : 0); // tokens only with room
    const int minimumWidth = std::max(h * 12, labels + (wide - 1 - across.plot.right()) + 2 * h);
    // At the width the view has: its title wraps into as many lines as it shows, and the aggregation
    // takes a line of its own when it cannot share the title's (on a short lm_head at 768 px high it
    // was elided to "1 px = 3..." beside the title, #16). Below them and the column numbers: a colour
    // bar a line tall, its end label and the NaN/Inf legend, which a shorter view cut off ("-Inf").
    const QSize at(std::max(minimumWidth, width()), height());
    const Layout l = layoutFor(QSize(at.width(), 0));
    const int height = l.plot.top() + statusLineHeight(at) + belowPlot(l);
    return {minimumWidth, std::max(h * 8, height)};
}

int HeatmapView::heightForEveryRow() const
{
    const Index rows = m_weight ? m_weight->rows() : 0;
    if (rows <= 0 || rows > kEveryRowLabelled)
        return 0;
    // A line and a gap a row (the row numbers' step, paintAxisLabels()), then what lies under the
    // plot: its legend row when it has one.
    const int h = textHeight(font());
    const QSize at(width(), 0);
    const Layout l = layoutFor(at);
    const int under = l.legendBelow ? std::max(4, h / 2) + h / 2 + l.legend.height() : std::max(4, h / 2);
    return std::max(minimumSizeHint().height(),
                    l.plot.top() + statusLineHeight(at) + int(rows) * (h + 2) + under);
}

QFont HeatmapView::titleFont() const
{
    QFont bold = font();
    bold.setBold(true);
    return bold;
}

QString HeatmapView::aggregationText() const
{
    if (!m_weight)
        return {};
    const HeatmapMapping m = mapping();
    if (m.isEmpty())
        return {};
    return aggregationDescription(m.rowsPerPixel(), m.columnsPerPixel(), aggregationName(m_aggregation));
}

QString HeatmapView::toolTipTextAt(QPoint pos) const
{
    if (!m_weight)
        return {};
    const QRect plot = plotRect();
    const HeatmapMapping m = mapping();
    const QPointF local = QPointF(pos) - QPointF(plot.topLeft());
    const CellIndex cell = m.cellAt(local);
    if (!cell.isValid())
        return {};
    QString text = cellToolTip(cell.row, cell.column, m_weight->at(cell.row, cell.column));
    if (m_vocabulary.isKnown() && !m_vocabulary.token(cell.row).isEmpty())
        text += QLatin1Char('\n') + tr("token %1").arg(m_vocabulary.idAndToken(cell.row));
    if (m_cellDetail)
        if (const QString detail = m_cellDetail(cell.row, cell.column); !detail.isEmpty())
            text += QLatin1Char('\n') + detail;
    if (m.rowsPerPixel() <= 1.0 && m.columnsPerPixel() <= 1.0)
        return text;
    // Zoomed out the pixel shows a whole block: say which one and what it aggregates to, in
    // PyTorch's slice notation, so an outlier's colour can be traced to its value.
    const QPointF px(std::floor(local.x()), std::floor(local.y()));
    const auto range = [](double first, double cellSize, double p, Index n) {
        const double a = first + p / cellSize;
        const double b = first + (p + 1.0) / cellSize;
        const Index lo = std::clamp<Index>(static_cast<Index>(std::floor(a)), 0, n - 1);
        const Index hi = std::clamp<Index>(static_cast<Index>(std::ceil(b)) - 1, lo, n - 1);
        return std::pair<Index, Index>(lo, hi);
    };
    const auto [r0, r1] = range(m.firstRow, m.cellHeight, px.y(), m.rows);
    const auto [c0, c1] = range(m.firstColumn, m.cellWidth, px.x(), m.columns);
    std::vector<float> block;
    block.reserve(static_cast<std::size_t>((r1 - r0 + 1) * (c1 - c0 + 1)));
    const Index stride = m_weight->cols();
    m_weight->forEachRowBlock(r0, r1 - r0 + 1, [&](const float *rows, Index, Index count) {
        for (Index r = 0; r < count; ++r)
            block.insert(block.end(), rows + r * stride + c0, rows + r * stride + c1 + 1);
    });
    const float v = aggregate(block.data(), static_cast<Index>(block.size()), m_aggregation);
    text += QStringLiteral("\nW[%1:%2, %3:%4] %5 = %6")
                .arg(r0)
                .arg(r1 + 1)
                .arg(c0)
                .arg(c1 + 1)
                .arg(aggregationName(m_aggregation), formatWeight(v));
    return text;
}

HeatmapView::Layout HeatmapView::layoutFor(QSize size) const
{
    const QFontMetrics fm(font());
    const int line = textHeight(font());
    const int pad = std::max(4, line / 2);
    Layout l;
    // The title wraps rather than being elided ("embedding.weight  [4, ..." in a projector's dock).
    const int headingWidth = std::max(0, size.width() - 2 * pad);
    const int titleHeight = QFontMetrics(titleFont())
                                .boundingRect(QRect(0, 0, headingWidth, 1 << 20), Qt::TextWordWrap, m_title)
                                .height();
    l.statusLine = statusLineHeight(size);
    const int barWidth = barThickness(font());
    // The legend is a column under the colour bar. A view too short for that (two heatmaps on a
    // projected 768 px window) gets it as one row under the plot, when the row fits its width.
    const std::vector<LegendEntry> entries = legendEntries(m_colorMap);
    const int legendRow = legendRowWidth(entries, font(), barWidth, pad);
    const int above = pad / 2 + std::max(line, titleHeight) + pad / 2 + line + pad / 2; // plot.top()
    l.legend.setHeight(int(entries.size()) * (line + 2));
    l.legendBelow = legendRow <= headingWidth && size.height() - above - l.statusLine < belowPlot(l);
    if (l.legendBelow)
        l.legend.setHeight(line + 2);
    // Not at the cost of the colour bar and its legend: a view below its minimum height (which
    // counts this line) shares the title's line.
    if (size.height() - above - l.statusLine < belowPlot(l))
        l.statusLine = 0;
    l.title = QRect(pad, pad / 2, headingWidth, std::max(line, titleHeight) + pad / 2 + l.statusLine);

    const int barLabels = fm.horizontalAdvance(withMinusSign(QStringLiteral("-0.0000"))) + pad;
    const int right = pad + barWidth + pad / 2 + barLabels;
    const Index rows = m_weight ? m_weight->rows() : 0;
    l.rowLabelWidth = fm.horizontalAdvance(QString::number(std::max<Index>(rows - 1, 0))) + pad;
    // Room for the tokens, labelled when zoomed in far enough, unless it would leave the plot less
    // than a dozen lines: GPT-2's projected heatmap kept a 55 px plot beside it (the tokens are
    // in the tooltip too).
    l.tokens =
        m_vocabulary.isKnown() && size.width() - (pad + l.rowLabelWidth + tokenRoom()) - right >= 12 * line;
    if (l.tokens)
        l.rowLabelWidth += tokenRoom();
    const int left = pad + l.rowLabelWidth;
    const int top = l.title.bottom() + 1 + line + pad / 2;
    // Under the plot: the bottom margin and, for a legend row, half a line for the last row number
    // and the bar's end label, then the row.
    const int bottom = pad + (l.legendBelow ? line / 2 + l.legend.height() : 0);
    l.plot =
        QRect(left, top, std::max(1, size.width() - left - right), std::max(1, size.height() - top - bottom));

    // The bar starts with the plot: its caption ("w" or "|w|") sits in the column numbers' row, so
    // that a short lm_head's bar is not squeezed under overlapping end labels. Half a line below the
    // bar for its end label, then the legend (beside the plot's bottom, or a row under the plot).
    const int barHeight =
        l.legendBelow ? l.plot.height() : std::max(line, l.plot.height() - l.legend.height() - line);
    l.colorBar = QRect(l.plot.right() + 1 + pad, l.plot.top(), barWidth, barHeight);
    if (l.legendBelow)
        l.legend = QRect(std::max(pad, std::min(left, size.width() - pad - legendRow)),
                         l.plot.bottom() + 1 + line / 2, legendRow, l.legend.height());
    else
        l.legend = QRect(l.colorBar.left(), l.colorBar.bottom() + 1 + line, barWidth + pad / 2 + barLabels,
                         l.legend.height());
    if (legendRow <= headingWidth) {
        Layout across = layoutAcross(size, l, legendRow);
        if (prefersAcross(size, l, across))
            return across;
    }
    return l;
}

HeatmapView::Layout HeatmapView::layoutAcross(QSize size, const Layout &beside, int legendRow) const
{
    const int line = textHeight(font());
    const int pad = std::max(4, line / 2);
    Layout l = beside;
    l.barAcross = true;
    l.legendBelow = true;
    const int barHeight = std::max(8, line * 2 / 3);
    // Under the plot: half a line for the last row number, then the bar, with the caption ("w")
    // a line tall at its left clear of that number, its ticks and labels, the legend.
    const int gap = line - barHeight / 2 + 1;
    const int below = gap + barHeight + 4 + line + pad / 2 + (line + 2) + pad;
    const int left = beside.plot.left(), top = beside.plot.top();
    l.plot =
        QRect(left, top, std::max(1, size.width() - left - pad), std::max(1, size.height() - top - below));
    l.colorBar = QRect(left, l.plot.bottom() + gap, l.plot.width(), barHeight);
    l.legend = QRect(std::max(pad, std::min(left, size.width() - pad - legendRow)),
                     l.colorBar.bottom() + 1 + 4 + line + pad / 2, legendRow, line + 2);
    return l;
}

bool HeatmapView::prefersAcross(QSize size, const Layout &beside, const Layout &across) const
{
    // Only a matrix too big to label every row, whose plot beside the bar keeps under half of
    // the view (GPT-2's projected embedding: 155 of 390 px), and only when the plot stays four lines
    // tall and gains area (a short projected lm_head keeps the bar beside it).
    const Index rows = m_weight ? m_weight->rows() : 0;
    const auto area = [](const QRect &r) { return qint64(r.width()) * r.height(); };
    if (rows > kEveryRowLabelled)
        return beside.plot.width() * 2 < size.width() && across.plot.height() >= 4 * textHeight(font()) &&
               area(across.plot) > area(beside.plot);
    // A small matrix whose rows each get a number: only when the bar beside leaves its cells too
    // short for them and under the plot lets them have it (the reference example's lm_head beside
    // the projected lesson read rows "0 2", columns "0 2 4", #25).
    const Index columns = m_weight ? m_weight->cols() : 0;
    const auto rowHeight = [rows, columns](const QRect &plot) {
        return HeatmapMapping::fit(rows, columns, QSizeF(plot.size())).cellHeight;
    };
    const int labelled = textHeight(font()) + 2; // paintAxisLabels()' step of one row
    return rows > 0 && rowHeight(beside.plot) < labelled && rowHeight(across.plot) >= labelled;
}

int HeatmapView::tokenRoom() const
{
    const QFontMetrics fm(font());
    return tokenLabelWidth(fm) + fm.horizontalAdvance(QLatin1Char(' '));
}

int HeatmapView::belowPlot(const Layout &l) const
{
    const int line = textHeight(font());
    // A bar two lines tall and half a line for its end label; beside the bar the legend and a line
    // between them, or under the plot its row.
    if (l.legendBelow)
        return 2 * line + line / 2 + l.legend.height() + std::max(4, line / 2);
    return l.legend.height() + 3 * line + std::max(4, line / 2);
}

int HeatmapView::statusLineHeight(QSize size) const
{
    // A matrix with more rows or columns than the view has pixels is drawn aggregated and the heading
    // says how ("1 px = 37 x 7.5 cells, max |w|"): beside the title when both fit, else on a line (or
    // two) of its own, measured at its widest, so that zooming does not move the plot.
    const Index rowCount = m_weight ? m_weight->rows() : 0;
    const Index columnCount = m_weight ? m_weight->cols() : 0;
    if (rowCount <= size.height() && columnCount <= size.width())
        return 0;
    const QFontMetrics fm(font());
    const int line = textHeight(font());
    const int headingWidth = std::max(0, size.width() - 2 * std::max(4, line / 2));
    const QString widest =
        aggregationDescription(double(rowCount), double(columnCount), aggregationName(m_aggregation));
    const int gap = fm.horizontalAdvance(QStringLiteral("  "));
    if (drawnTextWidth(titleFont(), m_title) + gap + textWidth(font(), widest) <= headingWidth)
        return 0;
    return std::max(line,
                    fm.boundingRect(QRect(0, 0, headingWidth, 1 << 20), Qt::TextWordWrap, widest).height());
}

HeatmapView::HeadingWidths HeatmapView::headingWidths(int width, int titleWanted, int statusWanted, int gap)
{
    width = std::max(0, width);
    titleWanted = std::max(0, titleWanted);
    if (statusWanted <= 0)
        return {std::min(titleWanted, width), 0};
    const int shared = std::max(0, width - gap);
    if (titleWanted + statusWanted <= shared)
        return {titleWanted, statusWanted};
    // The title names the matrix and matters more: the aggregation text is elided first, down to a
    // third of the line, and only then the title as well.
    const int title = std::min(titleWanted, std::max(shared - statusWanted, shared - shared / 3));
    return {title, std::min(statusWanted, shared - title)};
}

HeatmapMapping HeatmapView::mappingFor(QSize widgetSize) const
{
    if (!m_weight)
        return {};
    const QSizeF viewport(layoutFor(widgetSize).plot.size());
    if (m_mappingValid)
        return m_mapping.resized(viewport);
    return fitted(viewport);
}

HeatmapMapping HeatmapView::fitted(QSizeF viewport) const
{
    return HeatmapMapping::fit(m_weight->rows(), m_weight->cols(), viewport, leastRowHeight());
}

double HeatmapView::leastRowHeight() const
{
    // paintAxisLabels()' step of one row, for a matrix whose every row is numbered.
    return m_weight && m_weight->rows() <= kEveryRowLabelled ? textHeight(font()) + 2 : 0.0;
}

void HeatmapView::setMappingState(const HeatmapMapping &mapping)
{
    const HeatmapMapping before = this->mapping();
    m_mapping = mapping;
    m_mappingValid = true;
    if (before == m_mapping)
        return;
    update();
    Q_EMIT viewChanged();
}

void HeatmapView::zoomAround(QPointF widgetPos, double factor)
{
    if (!m_weight)
        return;
    const QPointF anchor = widgetPos - QPointF(plotRect().topLeft());
    setMappingState(mapping().zoomedAt(anchor, factor));
}

bool HeatmapView::pyramidIsCurrent() const
{
    return m_pyramid && m_pyramidWeight == m_weight && m_builtGeneration == m_generation;
}

void HeatmapView::startRebuild()
{
    ++m_generation;
    if (!m_weight)
        return;
    if (m_rebuildRunning) {
        // Coalesce: the running build is stale now; one more build follows when it returns.
        m_rebuildPending = true;
        if (m_cancel)
            m_cancel->store(true);
        return;
    }
    m_rebuildRunning = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    if (!m_busyTimer.isActive() && !m_busyVisible)
        m_busyTimer.start(BusyDelayMs);

    const std::uint64_t generation = m_generation;
    const core::ParameterPtr weight = m_weight;
    const Aggregation aggregation = m_aggregation;
    const std::shared_ptr<std::atomic<bool>> cancel = m_cancel;
    const std::uint64_t changedAt = m_valuesChangedAt;
    runInBackground(
        this,
        [weight, aggregation, cancel, changedAt] {
            return HeatmapPyramid::shared(weight, aggregation, cancel.get(), changedAt);
        },
        [this, generation, weight, cancel](std::shared_ptr<const HeatmapPyramid> pyramid) {
            m_rebuildRunning = false;
            const bool current = generation == m_generation && weight == m_weight && !cancel->load();
            if (current) {
                m_pyramid = std::move(pyramid);
                m_pyramidWeight = weight;
                m_builtGeneration = generation;
            }
            if (m_rebuildPending) {
                m_rebuildPending = false;
                --m_generation; // startRebuild() counts a new generation; this one is the same values
                startRebuild();
            }
            if (!m_rebuildRunning) {
                m_busyTimer.stop();
                m_busyVisible = false;
            }
            update();
            describeForReaders(); // the colour scale's limit is known now
            if (current)
                Q_EMIT rebuilt();
        });
}

QImage HeatmapView::frameImage(const HeatmapMapping &device, bool exporting) const
{
    // A pyramid read from the parameter's words stays good when something converts them (the same
    // values, in float32 now); one holding a raw level 0 needs the storage it was built from.
    const bool sameStorage = m_pyramid && (m_pyramid->wordsSource() == m_weight.get() ||
                                           m_pyramid->storage() == m_weight->storage());
    const bool usePyramid =
        m_pyramid && m_pyramidWeight == m_weight && sameStorage && (!exporting || pyramidIsCurrent());
    if (usePyramid) {
        if (!exporting && m_framePyramid == m_pyramid.get() && m_frameMapping == device &&
            m_frameColorMap == m_colorMap.name() && !m_frame.isNull())
            return m_frame;
        HeatmapRenderer renderer;
        renderer.setPyramid(m_pyramid);
        renderer.setColorMap(m_colorMap);
        QImage image = renderer.renderFrame(device);
        if (!exporting) {
            m_frame = image;
            m_framePyramid = m_pyramid.get();
            m_frameMapping = device;
            m_frameColorMap = m_colorMap.name();
        }
        return image;
    }
    if (!exporting && m_weight->numel() > DirectRenderMaxCells)
        return {}; // the busy text shows until the overview arrives
    // No (current) overview: reduce straight from the matrix, exact but reading every visible cell.
    const auto w = m_weight->value();
    const ReducedFrame frame = reduceFrame(w.data(), w.rows(), w.cols(), 1, 1, device, m_aggregation);
    return colorizeFrame(frame, m_colorMap.lookup(maxAbsFinite(w.data(), w.size())));
}

QImage HeatmapView::renderToImage(QSize size) const
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(palette().color(QPalette::Window));
    QPainter painter(&image);
    paintAll(painter, size, mappingFor(size), 1.0, true);
    return image;
}

void HeatmapView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paintAll(painter, size(), mapping(), devicePixelRatioF(), false);
}

void HeatmapView::paintForExport(QPainter &painter, const ExportStyle &style, qreal scale) const
{
    paintAll(painter, size(), mapping(), scale, true, &style);
}

void HeatmapView::paintAll(QPainter &painter, QSize size, const HeatmapMapping &map, qreal dpr,
                           bool exporting, const ExportStyle *style) const
{
    const Layout l = layoutFor(size);
    const QPalette pal = palette();
    m_painted.clear();
    const QColor background =
        style ? style->backgroundColor(pal.color(QPalette::Window)) : pal.color(QPalette::Window);
    if (background.alpha() > 0)
        painter.fillRect(QRect(QPoint(0, 0), size), background);
    painter.setPen(pal.color(QPalette::WindowText));
    const bool busy = m_busyVisible && !exporting;
    paintHeading(painter, l, map, busy, !(style && ExportStyle::isVector(painter)));

    if (!m_weight || map.isEmpty()) {
        // Embedding(0, 5) is a valid module: say that its weight has no cells to draw.
        const bool emptyMatrix = m_weight && m_weight->numel() == 0;
        painter.setPen(pal.color(QPalette::PlaceholderText));
        drawRecordedText(painter, l.plot, Qt::AlignCenter | Qt::TextWordWrap,
                         emptyMatrix ? tr("empty matrix: %1 x %2").arg(m_weight->rows()).arg(m_weight->cols())
                                     : tr("No matrix"),
                         &m_painted);
        return;
    }
    paintCells(painter, l, map, dpr, exporting, style);
    paintBlockGrid(painter, l, map);
    const bool focused = hasFocus() && !exporting;
    if (focused)
        paintCursor(painter, l, map);
    paintAxisLabels(painter, l, map);
    paintColorBar(painter, l, size, dpr, exporting);
    paintLegend(painter, l, size);
    if (busy)
        paintBusy(painter, l);
    if (focused)
        paintFocusFrame(painter, size);
}

// The cursor cell: a black ring around a white one, so one of the two stands out on every colour a
// map paints (one of black and white is at least 4.58:1 against any colour). Never smaller than a
// few pixels: a row of GPT-2's matrix is a fraction of one.
void HeatmapView::paintCursor(QPainter &painter, const Layout &l, const HeatmapMapping &map) const
{
    if (!m_cursor.isValid() || m_cursor.row >= map.rows || m_cursor.column >= map.columns)
        return;
    QRectF r = map.cellRect(m_cursor.row, m_cursor.column).translated(l.plot.topLeft());
    const double least = 8.0;
    if (r.width() < least)
        r.adjust(-(least - r.width()) / 2, 0, (least - r.width()) / 2, 0);
    if (r.height() < least)
        r.adjust(0, -(least - r.height()) / 2, 0, (least - r.height()) / 2);
    painter.save();
    painter.setClipRect(l.plot);
    painter.setBrush(Qt::NoBrush);
    QPen outer(Qt::black, 2.0);
    outer.setJoinStyle(Qt::MiterJoin);
    painter.setPen(outer);
    painter.drawRect(r.adjusted(-1, -1, 1, 1));
    painter.setPen(QPen(Qt::white, 1.0));
    painter.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
    painter.restore();
}

void HeatmapView::paintFocusFrame(QPainter &painter, QSize size) const
{
    QPen pen(TextColors::focusFrame(), 2.0);
    pen.setJoinStyle(Qt::MiterJoin);
    painter.save();
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(QRectF(1, 1, size.width() - 2, size.height() - 2));
    painter.restore();
}

// Title on the left, the aggregation (or the busy text) on the right of its last line or, when the
// layout kept one, on a line of its own.
void HeatmapView::paintHeading(QPainter &painter, const Layout &l, const HeatmapMapping &map, bool busy,
                               bool aggregated) const
{
    const QPalette pal = palette();
    const QFontMetrics fm(font());
    const bool emptyMatrix = m_weight && m_weight->numel() == 0;
    QString status = m_weight && !emptyMatrix && aggregated
                         ? aggregationDescription(map.rowsPerPixel(), map.columnsPerPixel(),
                                                  aggregationName(m_aggregation))
                         : QString();
    if (busy)
        status = tr("Building overview\u2026");
    const int line = textHeight(font());
    const int gap = fm.horizontalAdvance(QStringLiteral("  "));
    const QRect titleRect(l.title.left(), l.title.top(), l.title.width(), l.title.height() - l.statusLine);
    const int titleWidth = drawnTextWidth(titleFont(), m_title);
    const int statusWidth = status.isEmpty() ? 0 : textWidth(font(), status);
    painter.setFont(titleFont());
    const auto drawStatus = [&](const QRect &room, int flags, Qt::TextElideMode elide) {
        if (status.isEmpty() || room.width() <= 0)
            return;
        painter.setFont(font());
        painter.setPen(busy ? pal.color(QPalette::Highlight) : pal.color(QPalette::PlaceholderText));
        drawRecordedText(painter, room, flags, status, &m_painted, elide);
        painter.setPen(pal.color(QPalette::WindowText));
    };
    if (l.statusLine > 0 && !(titleWidth + gap + statusWidth <= titleRect.width())) {
        // The title (wrapped if need be), then the status on the lines the layout kept for it.
        drawRecordedText(painter, titleRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, m_title,
                         &m_painted);
        drawStatus(QRect(titleRect.left(), titleRect.bottom() + 1, titleRect.width(), l.statusLine),
                   Qt::AlignRight | Qt::AlignTop | Qt::TextWordWrap, Qt::ElideNone);
    } else if (titleWidth <= titleRect.width()) {
        // One line, shared with the status: the status gives way first.
        const HeadingWidths heading = headingWidths(titleRect.width(), titleWidth, statusWidth, gap);
        drawRecordedText(painter, QRect(titleRect.left(), titleRect.top(), heading.title, titleRect.height()),
                         Qt::AlignLeft | Qt::AlignVCenter, m_title, &m_painted, Qt::ElideRight);
        drawStatus(QRect(titleRect.right() + 1 - heading.status, titleRect.top(), heading.status,
                         titleRect.height()),
                   Qt::AlignRight | Qt::AlignVCenter, Qt::ElideRight);
    } else {
        // Wrapped over the lines the layout kept; the status beside the last line.
        drawRecordedText(painter, titleRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, m_title,
                         &m_painted);
        const int bottom = m_painted.last().rect.toAlignedRect().bottom();
        const int room =
            std::max(0, titleRect.width() - lastLineWidth(titleFont(), m_title, titleRect.width()) - gap);
        drawStatus(QRect(titleRect.right() + 1 - room, bottom + 1 - line, room, line),
                   Qt::AlignRight | Qt::AlignVCenter, Qt::ElideRight);
    }
    painter.setFont(font());
}

// The cells, their frame, the dimmed rows of the one-hot emphasis and the selected row.
void HeatmapView::paintCells(QPainter &painter, const Layout &l, const HeatmapMapping &map, qreal dpr,
                             bool exporting, const ExportStyle *style) const
{
    const QPalette pal = palette();
    const QRectF matrixRect = map.matrixRect().translated(l.plot.topLeft()).intersected(QRectF(l.plot));
    const bool vector = style && ExportStyle::isVector(painter);
    // A vector figure is drawn from the cells themselves, not from the screen's reduced pixels.
    QImage frame = vector ? QImage() : frameImage(map.scaled(dpr), exporting);
    if (vector) {
        paintVectorCells(painter, l, map);
    } else if (!frame.isNull()) {
        frame.setDevicePixelRatio(dpr);
        painter.drawImage(l.plot.topLeft(), frame);
    } else {
        painter.fillRect(matrixRect, pal.color(QPalette::Mid));
    }
    // A hairline frame, so near-white cells (0 in RdBu) stay distinct from the background.
    painter.setPen(QPen(pal.color(QPalette::Mid), 0));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(matrixRect.adjusted(-0.5, -0.5, 0.5, 0.5));
    if (style && !style->marks)
        return; // a figure of the weights alone

    painter.save();
    painter.setClipRect(l.plot);
    // One-hot emphasis: dim everything but the highlighted rows.
    if (!m_highlightedRows.isEmpty()) {
        QRegion dim(matrixRect.toAlignedRect());
        for (const int row : m_highlightedRows) {
            if (row < 0 || row >= map.rows)
                continue;
            QRectF r = map.rowRect(row).translated(l.plot.topLeft());
            r.setHeight(std::max(r.height(), 3.0));
            dim -= QRegion(r.toAlignedRect());
        }
        QColor veil = pal.color(QPalette::Window);
        veil.setAlpha(170);
        for (const QRect &r : dim)
            painter.fillRect(r, veil);
    }
    if (m_selectedRow >= 0 && m_selectedRow < map.rows) {
        QRectF r = map.rowRect(m_selectedRow).translated(l.plot.topLeft());
        // A sub-pixel row of a big matrix still gets a visible outline.
        const double minHeight = 4.0;
        if (r.height() < minHeight)
            r.adjust(0, -(minHeight - r.height()) / 2, 0, (minHeight - r.height()) / 2);
        QPen pen(pal.color(QPalette::Highlight), 2.0);
        pen.setJoinStyle(Qt::MiterJoin);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(r.adjusted(1, 1, -1, -1));
        painter.setPen(QPen(pal.color(QPalette::HighlightedText), 1.0));
        painter.drawRect(r.adjusted(2.5, 2.5, -2.5, -2.5));
    }
    painter.restore();
}

void HeatmapView::paintVectorCells(QPainter &painter, const Layout &l, const HeatmapMapping &map) const
{
    const Index r0 = std::max<Index>(0, map.firstVisibleRow());
    const Index r1 = std::min<Index>(m_weight->rows() - 1, map.lastVisibleRow());
    const Index c0 = std::max<Index>(0, map.firstVisibleColumn());
    const Index c1 = std::min<Index>(m_weight->cols() - 1, map.lastVisibleColumn());
    if (r1 < r0 || c1 < c0)
        return;
    const ColorLookup lookup = m_colorMap.lookup(colorLimit());
    const Index columns = m_weight->cols();
    // The visible rows where they lie (bf16 or f16 words converted a block at a time, not the matrix).
    const auto forEachVisibleRow = [&](const auto &paintRow) {
        m_weight->forEachRowBlock(r0, r1 - r0 + 1, [&](const float *rows, Index first, Index count) {
            for (Index k = 0; k < count; ++k)
                paintRow(first + k, rows + k * columns);
        });
    };
    painter.save();
    painter.setClipRect(l.plot);
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    const QPointF origin = l.plot.topLeft();
    if ((r1 - r0 + 1) * (c1 - c0 + 1) <= VectorCellLimit) {
        forEachVisibleRow([&](Index r, const float *row) {
            for (Index c = c0; c <= c1; ++c)
                painter.fillRect(map.cellRect(r, c).translated(origin), QColor::fromRgba(lookup(row[c])));
        });
    } else {
        // Too many shapes for a viewer: one pixel per cell, stretched over the cells' rectangle. The
        // colours are opaque: RGB32 makes the embedded PNG a quarter smaller (GPT-2: 38.6 M cells).
        QImage image(static_cast<int>(c1 - c0 + 1), static_cast<int>(r1 - r0 + 1), QImage::Format_RGB32);
        forEachVisibleRow([&](Index r, const float *row) {
            auto *line = reinterpret_cast<QRgb *>(image.scanLine(static_cast<int>(r - r0)));
            for (Index c = c0; c <= c1; ++c)
                line[c - c0] = lookup(row[c]);
        });
        const QRectF target(map.cellToPixel(static_cast<double>(r0), static_cast<double>(c0)) + origin,
                            map.cellToPixel(static_cast<double>(r1 + 1), static_cast<double>(c1 + 1)) +
                                origin);
        painter.drawImage(target, image);
    }
    painter.restore();
}

// The storage blocks and scale groups of a quantised tensor: groups thin, blocks (and rows) bolder,
// dark over light cells and light over dark ones alike.
void HeatmapView::paintBlockGrid(QPainter &painter, const Layout &l, const HeatmapMapping &map) const
{
    const BlockGridLines lines = blockGridLines(map, l.plot);
    if (lines.blocks.isEmpty() && lines.groups.isEmpty())
        return;
    painter.save();
    painter.setClipRect(QRectF(map.matrixRect().translated(l.plot.topLeft())).intersected(QRectF(l.plot)));
    painter.setRenderHint(QPainter::Antialiasing, false);
    const qreal top = l.plot.top();
    const qreal bottom = std::min<qreal>(l.plot.bottom() + 1, top + map.matrixRect().bottom());
    const qreal left = l.plot.left();
    const qreal right = std::min<qreal>(l.plot.right() + 1, left + map.matrixRect().right());
    const auto draw = [&](const QList<qreal> &xs, const QList<qreal> &ys, const QColor &colour, qreal width) {
        QPen pen(colour, width);
        pen.setCosmetic(true);
        painter.setPen(pen);
        for (const qreal x : xs)
            painter.drawLine(QPointF(x, top), QPointF(x, bottom));
        for (const qreal y : ys)
            painter.drawLine(QPointF(left, y), QPointF(right, y));
    };
    draw(lines.groups, {}, QColor(0x20, 0x20, 0x20, 110), 1.0);
    draw(lines.blocks, lines.rows, QColor(0x10, 0x10, 0x10, 200), 2.0);
    painter.restore();
}

// Row labels (token ids) at the left, column labels (dimensions) on top, every nice step.
void HeatmapView::paintAxisLabels(QPainter &painter, const Layout &l, const HeatmapMapping &map) const
{
    const QPalette pal = palette();
    const QFontMetrics fm(font());
    painter.setPen(pal.color(QPalette::WindowText));
    const int line = textHeight(font());
    const Index rowStep = niceIndexStep((line + 2) / map.cellHeight);
    const Index firstRowLabel = (map.firstVisibleRow() + rowStep - 1) / rowStep * rowStep;
    for (Index r = firstRowLabel; r <= map.lastVisibleRow(); r += rowStep) {
        const double y = l.plot.top() + map.cellToPixel(static_cast<double>(r) + 0.5, 0).y();
        if (y < l.plot.top() || y > l.plot.bottom() + 1)
            continue;
        const QRectF box(0, y - line / 2.0, l.plot.left() - 4, line);
        drawRecordedText(painter, box, Qt::AlignRight | Qt::AlignVCenter,
                         rowStep == 1 ? rowLabel(r, map, l.tokens) : QString::number(r), &m_painted);
    }
    const int columnLabelWidth = fm.horizontalAdvance(QString::number(std::max<Index>(map.columns - 1, 0)));
    // A space between numbers: two characters, then one, left the projected reference example's
    // five columns reading "0 2 4" (beside the lesson, #25).
    const Index columnStep =
        niceIndexStep((columnLabelWidth + fm.horizontalAdvance(QLatin1Char(' '))) / map.cellWidth);
    const Index firstColumnLabel = (map.firstVisibleColumn() + columnStep - 1) / columnStep * columnStep;
    double previousRight = -std::numeric_limits<double>::infinity();
    for (Index c = firstColumnLabel; c <= map.lastVisibleColumn(); c += columnStep) {
        const double x = l.plot.left() + map.cellToPixel(0, static_cast<double>(c) + 0.5).x();
        if (x < l.plot.left() || x > l.plot.right() + 1)
            continue;
        // Centred on its column, but not past the plot's ends: the first column's "0" met the first
        // row's "0" at the plot's corner, and the last column's number the colour bar's caption.
        const QString text = QString::number(c);
        const double half = fm.horizontalAdvance(text) / 2.0;
        const double centre = std::max(l.plot.left() + half, std::min(x, l.plot.right() + 1 - half));
        // A label pushed in from the plot's end must not meet the one before: Llama 3's 4096
        // columns read "35004000" at 1366 px (#25).
        if (centre - half < previousRight + fm.averageCharWidth())
            continue;
        previousRight = centre + half;
        const QRectF box(centre - columnLabelWidth, l.plot.top() - line - 2, 2.0 * columnLabelWidth, line);
        drawRecordedText(painter, box, Qt::AlignHCenter | Qt::AlignBottom, text, &m_painted);
    }
}

// Colour bar: symmetric (-m, m) for diverging maps, (0, m) for magnitudes; ticks at nice values.
void HeatmapView::paintColorBar(QPainter &painter, const Layout &l, QSize size, qreal dpr,
                                bool exporting) const
{
    const QPalette pal = palette();
    const int line = textHeight(font());
    // m comes with the overview, built off the UI thread. A matrix too big to reduce while painting
    // (the plot shows the busy text until its overview arrives) is too big to scan for m here too
    // (GPT-2: 38.6 million values), so its scale is drawn when the overview brings m.
    std::optional<float> knownLimit;
    if (m_pyramid && m_pyramidWeight == m_weight && (!exporting || pyramidIsCurrent()))
        knownLimit = m_pyramid->limit();
    else if (exporting || m_weight->numel() <= DirectRenderMaxCells)
        knownLimit = colorLimit();
    const float limit = knownLimit.value_or(0.0f);
    const QRect bar = l.colorBar;
    const float lo = m_colorMap.rangeMin(limit);
    const float hi = m_colorMap.rangeMax(limit);
    // One pixel across the bar, its length along it: high values at the top, or at the right.
    const int length = std::max(1, static_cast<int>((l.barAcross ? bar.width() : bar.height()) * dpr));
    QImage barImage(l.barAcross ? length : 1, l.barAcross ? 1 : length, QImage::Format_RGB32);
    const ColorLookup lookup = m_colorMap.lookup(limit);
    for (int i = 0; i < length; ++i) {
        const double t = (i + 0.5) / length;
        const auto v = static_cast<float>(lo + (l.barAcross ? t : 1.0 - t) * (hi - lo));
        const QRgb rgb = limit > 0.0f ? lookup(v) : m_colorMap.colorAt(m_colorMap.isDiverging() ? 0.5 : 0.0);
        barImage.setPixel(l.barAcross ? i : 0, l.barAcross ? 0 : i, rgb);
    }
    if (knownLimit)
        painter.drawImage(bar, barImage);
    painter.setPen(pal.color(QPalette::Mid));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(QRectF(bar).adjusted(-0.5, -0.5, 0.5, 0.5));
    painter.setPen(pal.color(QPalette::WindowText));
    const QString caption = m_colorMap.isDiverging() ? QStringLiteral("w") : QStringLiteral("|w|");
    // The caption heads the bar: above it, or at its left in the row numbers' column.
    const QRect captionRect =
        l.barAcross ? QRect(0, bar.center().y() - line / 2, bar.left() - 5, line)
                    : QRect(bar.left() - line, bar.top() - line - 2, bar.width() + 2 * line, line);
    drawRecordedText(painter, captionRect,
                     l.barAcross ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignHCenter | Qt::AlignBottom,
                     caption, &m_painted);
    if (!knownLimit)
        return; // no scale yet: an empty bar rather than a wrong one
    paintColorBarTicks(painter, l, size, lo, hi);
}

// The bar's labels: its ends labelled with m itself, nice ticks between where they do not collide.
void HeatmapView::paintColorBarTicks(QPainter &painter, const Layout &l, QSize size, float lo, float hi) const
{
    const int line = textHeight(font());
    const QRect bar = l.colorBar;
    const auto at = [&](double v) {
        const double f = hi > lo ? (v - lo) / (hi - lo) : 0.5;
        return l.barAcross ? bar.left() + f * bar.width() : bar.top() + (1.0 - f) * bar.height();
    };
    const auto labelWidth = [&](const QString &text) { return double(textWidth(font(), text)); };
    const auto drawTick = [&](double v, const QString &text) {
        const double p = at(v);
        if (!l.barAcross) {
            painter.drawLine(QPointF(bar.right() + 1, p), QPointF(bar.right() + 4, p));
            const int labelLeft = bar.right() + 5;
            drawRecordedText(painter, QRectF(labelLeft, p - line / 2.0, size.width() - labelLeft, line),
                             Qt::AlignLeft | Qt::AlignVCenter, text, &m_painted);
            return;
        }
        painter.drawLine(QPointF(p, bar.bottom() + 1), QPointF(p, bar.bottom() + 4));
        // Centred under its tick, kept inside the view: the ends' labels stand under the bar's ends.
        const double w = labelWidth(text) + 2;
        const double x = std::clamp(p - w / 2.0, 0.0, std::max(0.0, size.width() - w));
        drawRecordedText(painter, QRectF(x, bar.bottom() + 5, w, line), Qt::AlignCenter, text, &m_painted);
    };
    if (!(hi > lo)) {
        drawTick(lo, QStringLiteral("0")); // constant matrix: m = 0
        return;
    }
    const QString hiText = withMinusSign(formatWeight(hi));
    const QString loText = withMinusSign(lo == 0.0f ? QStringLiteral("0") : formatWeight(lo));
    const bool loLabelled = lo != 0.0f || !m_colorMap.isDiverging();
    // Across, a label keeps a label's width (and a space) from the ends' labels; down, a line and a
    // quarter: labels a bare line apart touched ("0.4237 0 -0.4237").
    const double endRoom = l.barAcross ? labelWidth(hiText) + labelWidth(QStringLiteral(" ")) : line * 1.25;
    const int maxTicks =
        std::clamp(int((l.barAcross ? bar.width() / endRoom : bar.height() / (line * 2.0))), 2, 9);
    const NiceTicks ticks = niceTicks(lo, hi, maxTicks);
    drawTick(hi, hiText);
    if (loLabelled)
        drawTick(lo, loText);
    for (const double t : ticks.values) {
        if (std::abs(at(t) - at(hi)) < endRoom || std::abs(at(t) - at(lo)) < endRoom)
            continue;
        drawTick(t, withMinusSign(ticks.label(t)));
    }
}

// Legend for the values the colour scale cannot show: a column under the colour bar, or a row.
void HeatmapView::paintLegend(QPainter &painter, const Layout &l, QSize size) const
{
    const QPalette pal = palette();
    const int line = textHeight(font());
    const int pad = std::max(4, line / 2);
    QPoint at = l.legend.topLeft();
    for (const LegendEntry &e : legendEntries(m_colorMap)) {
        const QRect swatch(at.x(), at.y() + 2, barThickness(font()), line - 4);
        painter.fillRect(swatch, QColor::fromRgb(e.color));
        // Outlined in the text's colour: PuOr's black +Inf on a dark theme's black, viridis' magenta
        // NaN on anything, each swatch keeps an edge that contrasts with the page (#25).
        painter.setPen(pal.color(QPalette::WindowText));
        painter.drawRect(QRectF(swatch).adjusted(-0.5, -0.5, 0.5, 0.5));
        painter.setPen(pal.color(QPalette::WindowText));
        const int labelLeft = swatch.right() + 5;
        const int labelWidth = l.legendBelow ? legendLabelWidth(font(), e.text) : size.width() - labelLeft;
        drawRecordedText(painter, QRect(labelLeft, at.y(), labelWidth, line),
                         Qt::AlignLeft | Qt::AlignVCenter, e.text, &m_painted);
        if (l.legendBelow)
            at.rx() = labelLeft + labelWidth + pad;
        else
            at.ry() += line + 2;
    }
}

void HeatmapView::paintBusy(QPainter &painter, const Layout &l) const
{
    const QPalette pal = palette();
    const QFontMetrics fm(font());
    const int line = textHeight(font());
    const QString text = tr("Building overview\u2026");
    QRect box = fm.boundingRect(text).adjusted(-line, -line / 2, line, line / 2);
    box.moveCenter(l.plot.center());
    QColor back = pal.color(QPalette::ToolTipBase);
    back.setAlpha(220);
    painter.setPen(pal.color(QPalette::Mid));
    painter.setBrush(back);
    painter.drawRoundedRect(box, line / 3.0, line / 3.0);
    painter.setPen(pal.color(QPalette::ToolTipText));
    drawRecordedText(painter, box, Qt::AlignCenter, text, &m_painted);
}

bool HeatmapView::event(QEvent *event)
{
    if (event->type() == QEvent::ShortcutOverride && m_weight && readsKey(*static_cast<QKeyEvent *>(event))) {
        event->accept(); // delivered as a key press instead of the window's shortcut
        return true;
    }
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipTextAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

void HeatmapView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_mappingValid)
        m_mapping = m_mapping.resized(QSizeF(plotRect().size()));
    // A new width may wrap the title into more or fewer lines, or move the aggregation onto a line
    // of its own: the minimum height counts them.
    if (const int minimum = minimumSizeHint().height(); minimum != m_minimumHeight) {
        m_minimumHeight = minimum;
        updateGeometry();
    }
}

void HeatmapView::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0 || !m_weight) {
        event->ignore();
        return;
    }
    zoomAround(event->position(), std::pow(ZoomStep, steps));
    event->accept();
}

void HeatmapView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    m_pressPos = event->position().toPoint();
    m_lastDragPos = m_pressPos;
    m_dragging = false;
    event->accept();
}

void HeatmapView::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    if (event->buttons() & Qt::LeftButton) {
        if (!m_dragging && (pos - m_pressPos).manhattanLength() >= QApplication::startDragDistance()) {
            m_dragging = true;
            setCursor(Qt::ClosedHandCursor);
        }
        if (m_dragging) {
            setMappingState(mapping().pannedBy(QPointF(pos - m_lastDragPos)));
            m_lastDragPos = pos;
        }
        return;
    }
    if (!m_weight)
        return;
    const CellIndex cell = mapping().cellAt(QPointF(pos - plotRect().topLeft()));
    if (!cell.isValid())
        return;
    Q_EMIT cellHovered(static_cast<int>(cell.row), static_cast<int>(cell.column),
                       m_weight->at(cell.row, cell.column));
    if (QToolTip::isVisible())
        QToolTip::showText(event->globalPosition().toPoint(), toolTipTextAt(pos), this);
}

void HeatmapView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mouseReleaseEvent(event);
        return;
    }
    if (m_dragging) {
        m_dragging = false;
        unsetCursor();
        return;
    }
    if (!m_weight)
        return;
    const CellIndex cell = mapping().cellAt(QPointF(event->position() - QPointF(plotRect().topLeft())));
    if (!cell.isValid())
        return;
    setCursorCell(cell);
    setSelectedRow(static_cast<int>(cell.row));
    Q_EMIT rowClicked(static_cast<int>(cell.row));
}

void HeatmapView::keyPressEvent(QKeyEvent *event)
{
    const bool plain = readsKey(*event);
    const int key = event->key();
    if (event->matches(QKeySequence::ZoomIn) || (plain && (key == Qt::Key_Plus || key == Qt::Key_Equal)) ||
        (event->modifiers() & Qt::ControlModifier && key == Qt::Key_Equal)) {
        zoomAtCursor(ZoomStep);
    } else if (event->matches(QKeySequence::ZoomOut) || (plain && key == Qt::Key_Minus) ||
               (event->modifiers() & Qt::ControlModifier && key == Qt::Key_Minus)) {
        zoomAtCursor(1.0 / ZoomStep);
    } else if ((plain && key == Qt::Key_Home) ||
               (event->modifiers() & Qt::ControlModifier && key == Qt::Key_0)) {
        resetZoom();
    } else if (plain && (key == Qt::Key_Return || key == Qt::Key_Enter) && m_cursor.isValid()) {
        // As a click on the row: the owner selects it in the document.
        setSelectedRow(static_cast<int>(m_cursor.row));
        Q_EMIT rowClicked(static_cast<int>(m_cursor.row));
    } else if (plain && (key == Qt::Key_Left || key == Qt::Key_Right)) {
        moveCursorBy(0, key == Qt::Key_Left ? -1 : 1);
    } else if (plain && (key == Qt::Key_Up || key == Qt::Key_Down)) {
        moveCursorBy(key == Qt::Key_Up ? -1 : 1, 0);
    } else {
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void HeatmapView::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    // A cursor left outside the part zoomed to comes to its first visible cell: panning here would
    // move the cells under a click that is giving the focus.
    const HeatmapMapping map = mapping();
    if (m_cursor.isValid() && !map.isEmpty() &&
        (m_cursor.row < map.firstVisibleRow() || m_cursor.row > map.lastVisibleRow() ||
         m_cursor.column < map.firstVisibleColumn() || m_cursor.column > map.lastVisibleColumn()))
        setCursorCell({map.firstVisibleRow(), map.firstVisibleColumn()});
    update(); // the focus frame and the cursor
    // After the Focus event QWidget::setFocus() sends for the view itself: then its cell.
    QMetaObject::invokeMethod(
        this, [this] { HeatmapAccessible::announceCursor(this); }, Qt::QueuedConnection);
}

void HeatmapView::focusOutEvent(QFocusEvent *event)
{
    QWidget::focusOutEvent(event);
    update();
}

void HeatmapView::leaveEvent(QEvent *event)
{
    QWidget::leaveEvent(event);
    QToolTip::hideText();
}

void HeatmapView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    QMenu *maps = menu.addMenu(tr("Colour map"));
    auto *mapGroup = new QActionGroup(maps);
    for (const QString &name : ColorMap::names()) {
        QAction *a = maps->addAction(name);
        a->setCheckable(true);
        a->setChecked(name == m_colorMap.name());
        mapGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, name] { setColorMapName(name); });
    }
    QMenu *blocks = menu.addMenu(tr("Zoomed-out pixels show"));
    auto *blockGroup = new QActionGroup(blocks);
    for (const Aggregation a : {Aggregation::MaxAbs, Aggregation::Mean}) {
        QAction *action = blocks->addAction(tr("%1 per block").arg(aggregationName(a)));
        action->setCheckable(true);
        action->setChecked(a == m_aggregation);
        blockGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, a] { setAggregation(a); });
    }
    menu.addSeparator();
    menu.addAction(tr("Zoom in"), QKeySequence(Qt::CTRL | Qt::Key_Equal), this, &HeatmapView::zoomIn);
    menu.addAction(tr("Zoom out"), QKeySequence(Qt::CTRL | Qt::Key_Minus), this, &HeatmapView::zoomOut);
    menu.addAction(tr("Whole matrix"), QKeySequence(Qt::CTRL | Qt::Key_0), this, &HeatmapView::resetZoom);
    if (!m_contextActions.isEmpty()) {
        menu.addSeparator();
        menu.addActions(m_contextActions);
    }
    menu.exec(event->globalPos());
}

void HeatmapView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        if (m_mappingValid) {
            // The rows' least height is a line of the new font (projector mode): the whole matrix
            // is fitted again, a zoomed one keeps its zoom within the new limits.
            const bool whole = m_mapping.isFit();
            m_mapping.leastRowHeight = leastRowHeight();
            const QSizeF plot(plotRect().size());
            m_mapping = whole && m_weight ? fitted(plot) : m_mapping.resized(plot).clamped();
        }
        update();
    }
}

} // namespace embedlab::ui
