// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/OneHotView.h"

#include "ui/heatmap/HeatmapPyramid.h"
#include "ui/model/Lab.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/model/WorkerPool.h"
#include "ui/paint/PaintedViewAccessible.h"
#include "ui/paint/TextColors.h"
#include "ui/paint/Theme.h"

#include <QApplication>
#include <QKeyEvent>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace embedlab::ui {

using Phase = OneHotAnimation::Phase;

namespace {
// Colour limits of weights bigger than this are scanned off the UI thread: GPT-2's 38.6 million
// values take tens of milliseconds, more on a loaded machine.
constexpr core::Index kSynchronousLimitCells = core::Index(1) << 20;
} // namespace

struct OneHotView::Geometry {
    QRectF caption;
    QRectF diagram;
    QRectF oneHot;
    QRectF weight;
    QRectF sum;
    QRectF output;
    QRectF counters;
    QRectF lane;                 // under the diagram: the lookup path and its label
    std::array<QRectF, 4> slots; // the labels' rooms above one_hot, W, the sum and the output
    double margin = 0.0;
    double titleHeight = 0.0;
    QFont titleFont;           // larger than the view's, unless that wraps where the view's does not
    double counterSplit = 0.0; // the first counter's height
    double labelHeight = 0.0;
    double labelLine = 0.0;    // one line of a label
    QFont labelFont;           // the view's, or smaller where the labels would not fit
    LabelWraps labelWraps{};   // how each block's label wraps (labelsFor)
    double rowHeight = 0.0;    // of W and the one-hot column
    double colWidth = 0.0;     // of W, the sum and the output
    double outRowHeight = 0.0; // of the output
    bool rowsCompressed = false;
    bool colsCompressed = false;
    double gap = 0.0;

    QRectF weightRow(qint64 row) const
    {
        const double h = std::max(rowHeight, 3.0);
        const double y = weight.top() + row * rowHeight + rowHeight / 2.0 - h / 2.0;
        return {weight.left(), y, weight.width(), h};
    }
    QRectF outputRow(int row) const
    {
        return {output.left(), output.top() + row * outRowHeight, output.width(), outRowHeight};
    }
};

struct OneHotView::Labels {
    // one_hot, W, the sum, the output. A name is one line, or two where labels wrap rather than
    // shrink (projected, #25 item 4); each block's lines stand under one another.
    std::array<QStringList, 4> name;
    std::array<QString, 4> shape;
    // How a compressed block is drawn. Notes take two lines or more, so a compressed GPT-2 block's
    // note leaves the heatmaps their third of the window (one line made the view 613 px wide at
    // least, #16).
    std::array<QStringList, 4> note;

    static int rows(const std::array<QStringList, 4> &texts)
    {
        int most = 0;
        for (const QStringList &lines : texts)
            most = std::max(most, int(lines.size()));
        return most;
    }
    int nameLines() const { return std::max(rows(name), 1); }
    bool hasNotes() const { return rows(note) > 0; }
    /// The tallest block's lines.
    int lines() const
    {
        int most = nameLines() + 1;
        for (std::size_t i = 0; i < name.size(); ++i)
            most = std::max(most, int(name[i].size() + 1 + note[i].size()));
        return most;
    }
    /// Where slot `i`'s shape stands: in line with the others' under the longest name, or right
    /// under its own name where its notes need the lines below (a name on one line over notes on
    /// three, beside names on two).
    int shapeRow(std::size_t i) const { return std::min(nameLines(), lines() - 1 - int(note[i].size())); }
    /// Every line and a little air under them.
    double height(const QFontMetricsF &fm) const { return lineHeight(fm) * (lines() + 0.3); }
    /// Slot `i`'s lines, top to bottom.
    QStringList slot(std::size_t i) const { return name[i] + QStringList{shape[i]} + note[i]; }
    /// The tallest label line: a fallback font (Chinese in a Latin UI font) is taller than fm.height().
    double lineHeight(const QFontMetricsF &fm) const
    {
        double height = fm.height();
        for (std::size_t i = 0; i < name.size(); ++i)
            for (const QString &text : slot(i))
                height = std::max(height, fm.boundingRect(QRectF(0, 0, 1e6, 1e6), 0, text).height());
        return height;
    }
    /// The width of each block's slot: its widest label line and a little air.
    std::array<double, 4> needs(const QFontMetricsF &fm) const
    {
        std::array<double, 4> need{};
        for (std::size_t i = 0; i < need.size(); ++i) {
            double widest = 0.0;
            for (const QString &text : slot(i))
                widest = std::max(widest, fm.horizontalAdvance(text));
            need[i] = std::ceil(widest) + fm.height() * 0.5;
        }
        return need;
    }
};

namespace {

// Okabe-Ito colours: distinguishable with every common colour-vision deficiency.
const QColor kOneColor(0xe6, 0x9f, 0x00);    // the 1 of the one-hot vector and its row
const QColor kLookupColor(0x00, 0x9e, 0x73); // the lookup path (its labels: TextColors::equal())
const QColor kSweepColor(0xcc, 0x79, 0xa7);  // the sweep line

double ease(double t)
{
    return t * t * (3.0 - 2.0 * t);
}

QRectF lerp(const QRectF &a, const QRectF &b, double t)
{
    return {a.left() + (b.left() - a.left()) * t, a.top() + (b.top() - a.top()) * t,
            a.width() + (b.width() - a.width()) * t, a.height() + (b.height() - a.height()) * t};
}

QColor textColorOn(QRgb background)
{
    return qGray(background) < 128 ? QColor(Qt::white) : QColor(Qt::black);
}

// Room between blocks for the operators drawn at 1.6 times the font.
double gapFor(const QFontMetricsF &fm)
{
    return std::max(32.0, fm.height() * 2.0);
}

double oneHotWidthFor(const QFontMetricsF &fm)
{
    return std::clamp(fm.height() * 2.2, 20.0, 44.0);
}

// Room right of the output for the "= ✓" that says the two paths agree.
double trailingFor(const QFontMetricsF &fm)
{
    // The bounding box, not the advance: the tick comes from a fallback font.
    return std::ceil(fm.boundingRect(QRectF(0, 0, 1e6, 1e6), 0, QStringLiteral("= \u2713")).width()) + 8.0;
}

// The widest column (at most 72 px) with which three blocks of `d` columns fit into `room`, each
// in a slot as wide as the block and `gap`, or as its label (`need`) when that is wider.
double columnWidth(double room, double d, double gap, const std::array<double, 3> &need)
{
    std::array<bool, 3> byLabel{};
    double width = 72.0;
    for (int pass = 0; pass < 4; ++pass) {
        double fixed = 0.0;
        int free = 0;
        for (std::size_t i = 0; i < need.size(); ++i) {
            if (byLabel[i])
                fixed += need[i];
            else
                ++free;
        }
        if (free == 0)
            break;
        width = std::min(72.0, (room - fixed - free * gap) / (free * d));
        bool changed = false;
        for (std::size_t i = 0; i < need.size(); ++i) {
            if (!byLabel[i] && d * width + gap < need[i])
                byLabel[i] = changed = true;
        }
        if (!changed)
            break;
    }
    return std::max(width, 1.0 / d);
}

} // namespace

OneHotView::OneHotView(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setToolTip(tr("Space: play/pause, Right/PageDown: step forward, Left/PageUp: step back, Home: restart"));
    PaintedViewAccessible::mark(this, QAccessible::Animation);
    describeForReaders();
}

void OneHotView::describeForReaders()
{
    // The narration a screen reader reads after each step: the phase's title and its sentence.
    const QString title = titleText();
    const QString caption = captionText();
    PaintedViewAccessible::describe(this, tr("One-hot lookup animation"),
                                    title.isEmpty() ? tr("No ids to look up")
                                                    : title + QLatin1Char('\n') + caption);
}

void OneHotView::setLab(const Lab *lab)
{
    if (m_lab)
        disconnect(m_lab, nullptr, this, nullptr);
    m_lab = lab;
    if (lab) {
        connect(lab, &Lab::weightsChanged, this, &OneHotView::invalidate);
        connect(lab, &Lab::modelRebuilt, this, &OneHotView::invalidate);
        // New shapes, ids or tokens change the labels and captions the minimum size holds.
        for (const auto signal : {&Lab::modelRebuilt, &Lab::idsChanged, &Lab::vocabularyChanged})
            connect(lab, signal, this, &QWidget::updateGeometry);
        connect(lab, &Lab::pathsChanged, this, qOverload<>(&QWidget::update));
        connect(lab, &Lab::idsChanged, this, qOverload<>(&QWidget::update));
        connect(lab, &Lab::vocabularyChanged, this, qOverload<>(&QWidget::update));
        connect(lab, &Lab::rowSelected, this, qOverload<>(&QWidget::update)); // the title names it
        for (const auto signal : {&Lab::modelRebuilt, &Lab::idsChanged, &Lab::vocabularyChanged})
            connect(lab, signal, this, &OneHotView::describeForReaders);
        connect(lab, &Lab::rowSelected, this, &OneHotView::describeForReaders);
    }
    invalidate();
}

void OneHotView::setAnimation(OneHotAnimation *animation)
{
    if (m_animation)
        disconnect(m_animation, nullptr, this, nullptr);
    m_animation = animation;
    if (animation) {
        connect(animation, &OneHotAnimation::changed, this, qOverload<>(&QWidget::update));
        connect(animation, &OneHotAnimation::changed, this, &OneHotView::describeForReaders);
    }
    update();
    describeForReaders();
}

void OneHotView::setColorMapName(const QString &name)
{
    m_colorMap = ColorMap::fromName(name);
    m_sampled = QImage();
    update();
}

void OneHotView::invalidate()
{
    m_sampled = QImage();
    // A new weight can reuse the old one's address and version number: forget which the limit was
    // for (its value stands in until the new one is known) and drop a scan under way.
    m_limitStorage = nullptr;
    m_scanning = false;
    m_scans.invalidate();
    startLimitScan();
    update();
}

QSize OneHotView::sizeHint() const
{
    return {720, 420};
}
QSize OneHotView::minimumSizeHint() const
{
    const QSize floor(360, 300);
    if (!m_lab)
        return floor;
    // Every label whole beside blocks of a few columns; the caption and counters wrap to that width.
    const QFontMetricsF fm(font());
    // Notes count when the view shows them at its preferred size (a matrix too big for its cells).
    const Geometry preferred = geometryFor(sizeHint());
    const bool notes = preferred.rowsCompressed || preferred.colsCompressed;
    const Labels labels = labelsFor(Geometry{}, notes, 0, 0, LabelWraps{});
    QFont smallest = font();
    if (smallest.pointSizeF() > 0)
        smallest.setPointSizeF(shrunkLabelPointSize());
    const double margin = std::max(8.0, fm.height() * 0.6);
    // One-line labels shrunk: the layout every size falls back to (projected, wrapped labels need
    // more height, which the view gives up before its blocks go flat).
    const double width = 2 * margin + rowWidth(labels.needs(QFontMetricsF(smallest)), 10.0);
    Geometry g;
    layoutText(g, QRectF(0, 0, std::max<double>(width, floor.width()) - 2 * margin, 1e5));
    // The height stays that of the one-line labels': narrower, the caption gives up lines
    // (geometryFor) rather than making the window taller.
    const double least = narrowestWidth(margin, notes);
    // The blocks keep three lines of height, room for the reference example's four rows of digits; a
    // compressed matrix's (labelled with notes) has no digits and keeps two. Four and three left a
    // projected 768 px window under a Chinese desktop's taller font too short (#16).
    const double blocks = fm.height() * (labels.hasNotes() ? 2 : 3);
    const double height = 2 * margin + g.caption.height() +
                          labels.lineHeight(QFontMetricsF(smallest)) * (labels.lines() + 0.3) + blocks +
                          g.lane.height() + g.counters.height();
    return {std::max(floor.width(), int(std::ceil(std::min(width, least)))),
            std::max(floor.height(), int(std::ceil(height)))};
}

double OneHotView::narrowestWidth(double margin, bool notes) const
{
    if (!m_narrowWhenProjected || !labelsMayWrap())
        return std::numeric_limits<double>::infinity();
    QFont legible = font();
    legible.setPointSizeF(legibleLabelPointSize());
    const LabelWrap both = LabelWrap::Both;
    const Labels wrapped = labelsFor(Geometry{}, notes, 0, 0, {both, both, both, both});
    return 2 * margin + rowWidth(wrapped.needs(QFontMetricsF(legible)), 10.0);
}

void OneHotView::setNarrowWhenProjected(bool on)
{
    if (m_narrowWhenProjected == on)
        return;
    m_narrowWhenProjected = on;
    updateGeometry();
}

void OneHotView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // The labels' widths and the captions' lines change with the font and the language.
    if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange)
        updateGeometry();
}

bool OneHotView::isCompressed() const
{
    const Geometry g = geometryFor(size());
    return g.rowsCompressed || g.colsCompressed;
}

bool OneHotView::diagramFits(QSize size) const
{
    const Geometry g = geometryFor(size);
    const double legible = legibleLabelPointSize() - 0.01;
    const double labels = g.labelFont.pointSizeF();
    return (labels <= 0 || labels >= legible) && (g.rowsCompressed || digitPointSize(g) >= legible) &&
           g.diagram.height() >= 2.0 * QFontMetricsF(font()).height();
}

double OneHotView::digitPointSize(const Geometry &g) const
{
    return std::clamp(g.rowHeight * 0.4, 6.0, std::max(font().pointSizeF(), 6.0));
}

float OneHotView::colorLimit() const
{
    if (!m_lab)
        return 0.0f;
    const core::ParameterPtr weight = m_lab->embeddingWeight();
    const bool known =
        m_limit >= 0.0f && m_limitStorage == weight->storage() && m_limitVersion == weight->version();
    if (!known && weight->numel() <= kSynchronousLimitCells) {
        m_limit = maxAbsFinite(*weight);
        m_limitStorage = weight->storage();
        m_limitVersion = weight->version();
    }
    return std::max(m_limit, 0.0f);
}

void OneHotView::startLimitScan()
{
    if (!m_lab)
        return;
    const core::ParameterPtr weight = m_lab->embeddingWeight();
    const void *storage = weight->storage();
    const std::uint64_t version = weight->version();
    if (weight->numel() <= kSynchronousLimitCells ||
        (m_limitStorage == storage && m_limitVersion == version) ||
        (m_scanning && m_scanStorage == storage && m_scanVersion == version))
        return;
    m_scanning = true;
    m_scanStorage = storage;
    m_scanVersion = version;
    // The task holds the parameter, so the storage it reads outlives the view.
    m_scans.start(
        this, [weight] { return maxAbsFinite(*weight); },
        [this, storage, version](float limit) {
            m_scanning = false;
            m_limit = limit;
            m_limitStorage = storage;
            m_limitVersion = version;
            m_sampled = QImage(); // coloured with the stand-in limit
            update();
        });
}

const QImage &OneHotView::sampledWeight(QSize size) const
{
    const core::Parameter &w = *m_lab->embeddingWeight();
    const QSize cells(int(std::min<core::Index>(w.cols(), std::max(1, size.width()))),
                      int(std::min<core::Index>(w.rows(), std::max(1, size.height()))));
    if (m_sampled.size() == cells && m_sampledMap == m_colorMap.name())
        return m_sampled;
    // Nearest samples, not averages: every drawn pixel is a real weight, as the label says.
    const ColorLookup lookup = m_colorMap.lookup(colorLimit());
    m_sampled = QImage(cells, QImage::Format_RGB32);
    for (int y = 0; y < cells.height(); ++y) {
        const core::Index row = core::Index(y) * w.rows() / cells.height();
        auto *line = reinterpret_cast<QRgb *>(m_sampled.scanLine(y));
        for (int x = 0; x < cells.width(); ++x)
            line[x] = lookup(w.at(row, core::Index(x) * w.cols() / cells.width()));
    }
    m_sampledMap = m_colorMap.name();
    return m_sampled;
}

OneHotView::Labels OneHotView::labelsFor(const Geometry &g, bool notes, qint64 rowStep, qint64 colStep,
                                         const LabelWraps &wraps) const
{
    const core::Parameter &w = *m_lab->embeddingWeight();
    const qint64 v = w.rows();
    const int n = int(m_lab->flatIds().size());
    const int k = m_animation ? std::min<int>(m_animation->idIndex(), n) : n;
    // Shapes and ids as PyTorch writes them: no digit grouping.
    const QString vText = QString::number(v);
    const QString dText = QString::number(w.cols());
    Labels l;
    // The widest id measures the layout, so the blocks stay put while the ids go by.
    const bool measuring = rowStep == 0 || colStep == 0;
    const qint64 id = measuring ? std::max<qint64>(v - 1, 0) : (k < n ? m_lab->flatIds()[k] : -1);
    const QString idText = id >= 0 ? QStringLiteral("(%1)").arg(id) : QString();
    const auto wrapsName = [&wraps](std::size_t i) {
        return wraps[i] == LabelWrap::Name || wraps[i] == LabelWrap::Both;
    };
    const auto wrapsNotes = [&wraps](std::size_t i) {
        return wraps[i] == LabelWrap::Notes || wraps[i] == LabelWrap::Both;
    };
    // A name on one line (its parts joined by `space`), or wrapped before its second part.
    const auto named = [&wrapsName](std::size_t i, const QString &first, const QString &second,
                                    const QString &space = QString()) {
        return wrapsName(i) ? QStringList{first, second} : QStringList{first + space + second};
    };
    l.name = {
        named(0, QStringLiteral("one_hot"), idText),
        named(1, QStringLiteral("embedding"), QStringLiteral(".weight")),
        named(2, QStringLiteral("\u03a3 one_hot[i]"), QStringLiteral("\u00b7 W[i]"), QStringLiteral(" ")),
        {tr("output")}};
    l.shape = {QStringLiteral("[%1]").arg(vText), QStringLiteral("[%1, %2]").arg(vText, dText),
               QStringLiteral("[%1]").arg(dText), QStringLiteral("[%1, %2]").arg(n).arg(dText)};
    if (notes) {
        // Honest about what the picture is: sampled cells, not every weight.
        const qint64 rows = measuring ? v : rowStep;
        const QString cols = tr("1 in %1 cols").arg(measuring ? qint64(w.cols()) : colStep);
        const qint64 zeros = std::max<qint64>(v - 1, 0);
        l.note[1] = wrapsNotes(1) ? QStringList{tr("drawn: 1 in"), tr("%1 rows,").arg(rows), cols}
                                  : QStringList{tr("drawn: 1 in %1 rows,").arg(rows), cols};
        if (g.rowsCompressed || measuring)
            l.note[0] = wrapsNotes(0) ? QStringList{QString::number(zeros), tr("zeros,"), tr("one 1")}
                                      : QStringList{tr("%1 zeros,").arg(zeros), tr("one 1")};
    }
    return l;
}

OneHotView::Geometry OneHotView::geometryFor(QSize size) const
{
    Geometry g;
    if (!m_lab)
        return g;
    const QFontMetricsF fm(font());
    g.margin = std::max(8.0, fm.height() * 0.6);
    const QRectF all = QRectF(QPointF(0, 0), QSizeF(size)).adjusted(g.margin, g.margin, -g.margin, -g.margin);
    // Below its minimum (the wrapped counters under the view ask the splitter for no height) the
    // caption keeps only this phase's lines rather than the longest phase's, so that the diagram
    // keeps two lines instead of going flat (GPT-2 projected under a Chinese desktop, #16). Labels
    // that wrap rather than shrink below 16 px wrap fewer lines for that, then give way to smaller
    // ones.
    for (const Wrapping wrapping : {Wrapping::Everything, Wrapping::EachSlot, Wrapping::Never}) {
        if (wrapping != Wrapping::Never && !labelsMayWrap())
            continue;
        for (const bool everyPhase : {true, false}) {
            layoutText(g, all, everyPhase);
            if (layoutDiagram(g, all, wrapping) && (g.diagram.height() >= 2.0 * fm.height() || !m_animation))
                return g;
        }
    }
    return g;
}

bool OneHotView::layoutDiagram(Geometry &g, const QRectF &all, Wrapping wrapping) const
{
    const double room = g.lane.top() - g.caption.bottom();
    // Each block wrapping its name or its notes takes a line less than all wrapping both, and more
    // width: the arrangement for a view too short for that (GPT-2 projected under a Chinese font,
    // whose lines are taller, #25 item 4), as large as leaves the blocks their two lines. The others
    // are as large as the width allows; geometryFor gives up caption lines for height.
    const double height = wrapping == Wrapping::EachSlot ? room - 2.0 * QFontMetricsF(font()).height()
                                                         : std::numeric_limits<double>::infinity();
    // Laid out without notes first; a compressed matrix gets a third label line that says how it is
    // drawn, which leaves less room and so stays compressed.
    for (const bool notes : {false, true}) {
        const std::optional<Labels> fitted = fitLabels(g, notes, QSizeF(all.width(), height), wrapping);
        if (!fitted && wrapping != Wrapping::Never)
            return false;
        // Nothing fits: one line each, as small as labels get (cut where they must).
        const Labels labels = fitted ? *fitted : labelsFor(g, notes, 0, 0, g.labelWraps);
        g.labelLine = labels.lineHeight(QFontMetricsF(g.labelFont));
        g.labelHeight = labels.height(QFontMetricsF(g.labelFont));
        g.diagram = QRectF(all.left(), g.caption.bottom() + g.labelHeight, all.width(), room - g.labelHeight);
        layoutBlocks(g, labels);
        if (!g.rowsCompressed && !g.colsCompressed)
            break;
    }
    return true;
}

std::array<double, 4> OneHotView::slotWidths(const std::array<double, 4> &need, double cellWidth) const
{
    const QFontMetricsF fm(font());
    const double gap = gapFor(fm);
    // A compressed block needs no more than 60 px.
    const double block = std::min(std::max(double(m_lab->embeddingWeight()->cols()), 1.0) * cellWidth, 60.0);
    std::array<double, 4> widths{std::max(oneHotWidthFor(fm) + gap, need[0])};
    for (std::size_t i = 1; i < need.size(); ++i)
        widths[i] = std::max(block + gap, need[i]);
    return widths;
}

double OneHotView::rowWidth(const std::array<double, 4> &need, double cellWidth) const
{
    const std::array<double, 4> widths = slotWidths(need, cellWidth);
    return trailingFor(QFontMetricsF(font())) + std::accumulate(widths.cbegin(), widths.cend(), 0.0);
}

double OneHotView::shrunkLabelPointSize() const
{
    // Projector mode enlarges the view's font; its labels may shrink back towards the application's
    // font before they are cut (a projector at 1024 x 768), never below it.
    const double size = font().pointSizeF();
    return std::min(size, std::max(QApplication::font().pointSizeF(), size * 0.7));
}

double OneHotView::legibleLabelPointSize() const
{
    // 16 px, the least a room reads, unless the view's own font is smaller.
    return std::min(font().pointSizeF(), std::max(shrunkLabelPointSize(), Theme::legiblePointSize(*this)));
}

bool OneHotView::labelsMayWrap() const
{
    return font().pointSizeF() > QApplication::font().pointSizeF();
}

OneHotView::LabelWraps OneHotView::wrapsFor(Wrapping wrapping, const Geometry &g, bool notes,
                                            const QFontMetricsF &fm) const
{
    if (wrapping != Wrapping::EachSlot) {
        const LabelWrap wrap = wrapping == Wrapping::Everything ? LabelWrap::Both : LabelWrap::None;
        return {wrap, wrap, wrap, wrap};
    }
    // Each block's narrowest slot (cells of 6 px, as fitLabels measures), on one line where wrapping
    // would not make it narrower.
    LabelWraps wraps{};
    std::array<double, 4> narrowest{};
    narrowest.fill(std::numeric_limits<double>::infinity());
    for (const LabelWrap wrap : {LabelWrap::None, LabelWrap::Name, LabelWrap::Notes}) {
        const std::array<double, 4> widths =
            slotWidths(labelsFor(g, notes, 0, 0, {wrap, wrap, wrap, wrap}).needs(fm), 6.0);
        for (std::size_t i = 0; i < widths.size(); ++i) {
            if (widths[i] < narrowest[i]) {
                narrowest[i] = widths[i];
                wraps[i] = wrap;
            }
        }
    }
    return wraps;
}

std::optional<OneHotView::Labels> OneHotView::fitLabels(Geometry &g, bool notes, QSizeF room,
                                                        Wrapping wrapping) const
{
    g.labelFont = font();
    g.labelWraps = {};
    if (g.labelFont.pointSizeF() <= 0)
        return labelsFor(g, notes, 0, 0, g.labelWraps);
    // Each size from the view's down to the smallest on one line, then wrapped: projected, the names
    // wrap before they shrink below 16 px or the heatmaps lose their width (#25 item 4).
    const double smallest = wrapping != Wrapping::Never ? legibleLabelPointSize() : shrunkLabelPointSize();
    for (const Wrapping tried : {Wrapping::Never, wrapping}) {
        for (double size = font().pointSizeF();; size = std::max(size * 0.95, smallest)) {
            g.labelFont.setPointSizeF(size);
            const QFontMetricsF fm(g.labelFont);
            g.labelWraps = wrapsFor(tried, g, notes, fm);
            const Labels labels = labelsFor(g, notes, 0, 0, g.labelWraps);
            // Cells of 6 px, the narrowest drawn uncompressed.
            if (rowWidth(labels.needs(fm), 6.0) <= room.width() && labels.height(fm) <= room.height())
                return labels;
            if (size <= smallest)
                break;
        }
        if (tried == wrapping)
            break;
    }
    return std::nullopt;
}

void OneHotView::layoutText(Geometry &g, const QRectF &all, bool everyPhase) const
{
    const auto wrapped = [&all](const QFont &font, const QString &text) {
        return QFontMetricsF(font)
            .boundingRect(QRectF(0, 0, all.width(), 1e6), Qt::TextWordWrap, text)
            .height();
    };
    const double line = QFontMetricsF(font()).height();
    // As tall as the tallest title and caption this id goes through, so the diagram does not jump.
    const int k = m_animation ? m_animation->idIndex() : 0;
    const int now = m_animation ? int(m_animation->phase()) : 0;
    double title = 0.0;
    double titleSmall = 0.0; // in the view's font, bold
    double caption = 2.0 * line;
    for (int phase = everyPhase ? 0 : now; phase <= (everyPhase ? int(Phase::Done) : now); ++phase) {
        title = std::max(title, wrapped(titleFont(), titleFor(k, Phase(phase))));
        titleSmall = std::max(titleSmall, wrapped(boldFont(), titleFor(k, Phase(phase))));
        caption = std::max(caption, wrapped(font(), captionFor(k, Phase(phase))));
    }
    // The larger title as long as it takes no more lines than the view's font would: projected at
    // 1024 x 768 it wrapped to two lines that a Chinese desktop's window could not spare (#16).
    const double titleLine = QFontMetricsF(titleFont()).height();
    const bool large = std::round(title / titleLine) <= std::round(titleSmall / line);
    g.titleFont = large ? titleFont() : boldFont();
    g.titleHeight = large ? title : titleSmall;
    g.caption = QRectF(all.left(), all.top(), all.width(), g.titleHeight + line * 0.2 + caption);
    // Measured at the totals of the last id, so the lines never outgrow their room.
    const qint64 v = m_lab->embeddingWeight()->rows();
    const qint64 d = m_lab->embeddingWeight()->cols();
    const int n = int(m_lab->flatIds().size());
    const QStringList counters = counterTexts({n * v * d, n * std::max<qint64>(v - 1, 0) * d, n * d});
    g.counterSplit = wrapped(font(), counters.value(0));
    const double countersHeight = g.counterSplit + line * 0.2 + wrapped(font(), counters.value(1));
    g.counters = QRectF(all.left(), all.bottom() - countersHeight, all.width(), countersHeight);
    // The lane under the diagram holds the lookup path's label, for the widest ids.
    const double lookup = wrapped(boldFont(), lookupText(std::max<qint64>(v - 1, 0), std::max(n - 1, 0)));
    g.lane = QRectF(all.left(), g.counters.top() - lookup - line * 0.6, all.width(), lookup + line * 0.6);
}

void OneHotView::layoutBlocks(Geometry &g, const Labels &labels) const
{
    const QFontMetricsF fm(font());
    const core::Parameter &w = *m_lab->embeddingWeight();
    const double v = double(w.rows());
    // embedding_dim = 0: the blocks keep one column's width, drawn empty, so their labels stay legible.
    const double d = std::max(double(w.cols()), 1.0);
    const double n = std::max<double>(1.0, m_lab->flatIds().size());
    g.gap = gapFor(fm);
    const QRectF &a = g.diagram;
    const double oneHotWidth = oneHotWidthFor(fm);
    // Each block sits in the middle of a slot as wide as the block and a gap, or as its label.
    const std::array<double, 4> need = labels.needs(QFontMetricsF(g.labelFont));
    const double trailing = trailingFor(fm);
    const double slot0 = std::max(oneHotWidth + g.gap, need[0]);
    g.colWidth = columnWidth(a.width() - trailing - slot0, d, g.gap, {need[1], need[2], need[3]});
    g.colsCompressed = g.colWidth < 6.0;
    // Cells as large as fit (not necessarily square: a tall cell reads as a row); an axis that does
    // not fit at a readable size is compressed on its own.
    g.rowHeight =
        std::min({a.height() / std::max(v, n), 64.0, std::max(g.colWidth * 1.6, fm.height() * 1.5)});
    g.rowsCompressed = a.height() / v < 8.0;
    if (g.rowsCompressed)
        g.rowHeight = a.height() / v;
    const double blockWidth = g.colWidth * d;
    const double weightHeight = g.rowHeight * v;
    g.outRowHeight = std::min(
        g.rowsCompressed ? std::clamp(a.height() / n, fm.height() * 1.2, 40.0) : g.rowHeight, a.height() / n);
    const std::array<double, 4> widths{oneHotWidth, blockWidth, blockWidth, blockWidth};
    double total = trailing;
    for (std::size_t i = 0; i < 4; ++i)
        total += std::max(widths[i] + g.gap, need[i]);
    double x = a.left() + std::max(0.0, (a.width() - total) / 2.0);
    for (std::size_t i = 0; i < 4; ++i) {
        const double slot = std::max(widths[i] + g.gap, need[i]);
        g.slots[i] = QRectF(x, a.top() - g.labelHeight, slot, g.labelHeight);
        x += slot;
    }
    const auto centred = [&](std::size_t i, double top, double height) {
        return QRectF(g.slots[i].center().x() - widths[i] / 2.0, top, widths[i], height);
    };
    g.oneHot = centred(0, a.top(), weightHeight);
    g.weight = centred(1, a.top(), weightHeight);
    const double sumHeight = g.rowsCompressed ? g.outRowHeight : g.rowHeight;
    g.sum = centred(2, a.top() + (weightHeight - sumHeight) / 2.0, sumHeight);
    g.output = centred(3, a.top(), g.outRowHeight * n);
}

OneHotView::Progress OneHotView::progressCounts() const
{
    Progress p;
    if (!m_lab || !m_animation || !m_lab->idsValid())
        return p;
    const QList<qint64> ids = m_lab->flatIds();
    const qint64 v = m_lab->embeddingWeight()->rows();
    const qint64 d = m_lab->embeddingWeight()->cols();
    const int k = std::min<int>(m_animation->idIndex(), ids.size());
    p.multiplyAdds = k * v * d;
    p.multiplyAddsByZero = k * (v - 1) * d;
    p.valuesCopied = k * d;
    if (k >= ids.size())
        return p;
    const Phase phase = m_animation->phase();
    qint64 rowsDone = 0;
    if (phase == Phase::Sweep)
        rowsDone = qint64(std::floor(m_animation->progress() * double(v)));
    else if (phase != Phase::ShowOneHot)
        rowsDone = v;
    p.multiplyAdds += rowsDone * d;
    p.multiplyAddsByZero += (rowsDone - (ids[k] < rowsDone ? 1 : 0)) * d;
    if (phase == Phase::Lookup)
        p.valuesCopied += d;
    return p;
}

QString OneHotView::captionText() const
{
    if (!m_lab || !m_animation)
        return {};
    return captionFor(m_animation->idIndex(), m_animation->phase());
}

QString OneHotView::titleText() const
{
    if (!m_lab || !m_animation)
        return {};
    return titleFor(m_animation->idIndex(), m_animation->phase());
}

QString OneHotView::captionFor(int k, Phase phase) const
{
    if (!m_lab || !m_animation)
        return {};
    if (!m_lab->idsValid())
        return tr("The ids do not fit Embedding(%1, ...): %2")
            .arg(m_lab->config().numEmbeddings)
            .arg(m_lab->idsErrorMessage());
    const QList<qint64> ids = m_lab->flatIds();
    const QLocale locale;
    const qint64 v = m_lab->embeddingWeight()->rows();
    const qint64 d = m_lab->embeddingWeight()->cols();
    if (k >= ids.size() || phase == Phase::Done) {
        if (!m_lab->hasPaths())
            return tr("Computing both paths ...");
        const bool equal = m_lab->paths().allEqual();
        return equal ? tr("Both paths produced the same %1 rows, bit for bit (computed, not assumed): "
                          "the one-hot product did %2 multiply-adds, the lookup none.")
                           .arg(ids.size())
                           .arg(locale.toString(qint64(ids.size()) * v * d))
                     : tr("The paths differ (computed bitwise): a NaN or Inf in the weight never equals "
                          "itself.");
    }
    const QString id = QString::number(ids[k]);
    switch (phase) {
    case Phase::ShowOneHot:
        return tr("one_hot(%1): %2 entries, all 0 except a single 1 at position %1.")
            .arg(id, locale.toString(v));
    case Phase::Sweep:
        return tr("one_hot(%1) @ W: entry i multiplies row i of W. %2 rows are multiplied by 0 and fade; "
                  "only row %1 is multiplied by 1.")
            .arg(id, locale.toString(v - 1));
    case Phase::Collapse:
        return tr("Summing the products over the rows: the zero rows add nothing, the sum is exactly row %1 "
                  "of W.")
            .arg(id);
    case Phase::Land:
        return tr("The sum lands in output[%1]: the embedding of token %2.")
            .arg(k)
            .arg(m_lab->vocabulary().idAndToken(ids[k]));
    case Phase::Lookup:
        return tr("embedding(ids) reads W[%1] directly: %2 values copied, no multiplication at all.")
            .arg(id, locale.toString(d));
    case Phase::Done:
        break;
    }
    return {};
}

QString OneHotView::titleFor(int k, Phase phase) const
{
    static const char *const phaseNames[] = {QT_TR_NOOP("one-hot vector"),  QT_TR_NOOP("multiply row by row"),
                                             QT_TR_NOOP("sum the rows"),    QT_TR_NOOP("land in the output"),
                                             QT_TR_NOOP("the lookup path"), QT_TR_NOOP("done")};
    const QList<qint64> ids = m_lab->flatIds();
    const int n = int(ids.size());
    // One selection (issue #24 item 4): a row chosen elsewhere that no id looks up is named here,
    // so the title never contradicts the heatmaps' mark.
    const int selected = m_lab->selectedRow();
    const QString outside = selected >= 0 && !ids.contains(qint64(selected))
                                ? tr(" \u00b7 row %1 selected, not among the ids").arg(selected)
                                : QString();
    if (k >= n || phase == Phase::Done)
        return tr("All %1 tokens \u00b7 %2").arg(n).arg(tr(phaseNames[int(Phase::Done)])) + outside;
    return tr("Token %1 of %2 (id %3) \u00b7 %4")
               .arg(k + 1)
               .arg(n)
               .arg(m_lab->vocabulary().idAndToken(ids[k]))
               .arg(tr(phaseNames[int(phase)])) +
           outside;
}

QStringList OneHotView::counterTexts(const Progress &c) const
{
    const QLocale locale;
    return {
        // Sentences a student reads aloud: "(0 by 0)" said nothing (issue #29 item 5).
        tr("one-hot @ W so far: %1 multiply-adds, %2 of them multiplications by zero")
            .arg(locale.toString(c.multiplyAdds), locale.toString(c.multiplyAddsByZero)),
        tr("lookup W[i] so far: %1 values copied, no multiplication").arg(locale.toString(c.valuesCopied))};
}

QString OneHotView::lookupText(qint64 id, int k) const
{
    return tr("lookup: W[%1] \u2192 output[%2], one step").arg(id).arg(k);
}

QFont OneHotView::titleFont() const
{
    QFont title = font();
    title.setPointSizeF(font().pointSizeF() * 1.25);
    title.setBold(true);
    return title;
}

QFont OneHotView::boldFont() const
{
    QFont bold = font();
    bold.setBold(true);
    return bold;
}

// What every part of a frame needs: the layout, the colours and where the animation is.
struct OneHotView::Frame {
    Frame(const Geometry &geometry, const QPalette &palette, const core::Parameter &weight)
        : g(geometry)
        , pal(palette)
        , w(weight)
    {}

    Geometry g;
    QLocale locale;
    QPalette pal;
    QColor text;
    QColor dim;
    QColor faint;
    const core::Parameter &w;
    qint64 v = 0;
    qint64 d = 0;
    QList<qint64> ids;
    int n = 0;
    int k = 0;
    bool haveId = false;
    qint64 id = -1;
    Phase phase = Phase::Done;
    double t = 0.0;
    ColorLookup colorOf;
    double swept = 0.0;           // how many rows the sweep has passed for the current id
    const float *idRow = nullptr; // W[id], from idRowValues
    std::vector<float> idRowValues;
    bool computed = false;         // the one-hot product of every id is known
    PaintedTexts *texts = nullptr; // what was drawn, for paintedTexts()
};

void OneHotView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    m_painted.clear();
    m_arrow.reset();
    p.fillRect(rect(), palette().base());
    if (!m_lab || !m_animation)
        return;
    startLimitScan(); // values may have changed without a signal (the version says so)
    p.setRenderHint(QPainter::Antialiasing);
    const core::ParameterPtr weight = m_lab->embeddingWeight();
    Frame f(geometryFor(size()), palette(), *weight);
    f.texts = &m_painted;
    f.text = f.pal.color(QPalette::Text);
    f.dim = f.pal.color(QPalette::Base);
    f.dim.setAlphaF(0.82);
    f.faint = TextColors::secondary(f.pal);
    f.v = f.w.rows();
    f.d = f.w.cols();
    f.ids = m_lab->flatIds();
    f.n = f.ids.size();
    f.k = std::min(m_animation->idIndex(), f.n);
    // An id past W's rows (ids of a model being replaced) has no row to draw.
    f.haveId = f.k < f.n && f.ids[f.k] >= 0 && f.ids[f.k] < f.v;
    f.id = f.haveId ? f.ids[f.k] : -1;
    f.phase = f.haveId ? m_animation->phase() : Phase::Done;
    f.t = m_animation->progress();
    f.colorOf = m_colorMap.lookup(colorLimit());

    paintCaption(p, f);
    if (!m_lab->idsValid())
        return;
    paintLabels(p, f);
    paintOperators(p, f);
    if (f.phase == Phase::Sweep)
        f.swept = f.t * double(f.v);
    else if (f.haveId && f.phase != Phase::ShowOneHot)
        f.swept = double(f.v);
    paintOneHot(p, f);
    paintWeight(p, f);
    if (f.haveId) {
        f.idRowValues.resize(std::size_t(f.d));
        f.w.copyRows(f.id, 1, f.idRowValues.data());
    }
    f.idRow = f.haveId ? f.idRowValues.data() : nullptr;
    paintSum(p, f);
    f.computed = m_lab->hasPaths() && m_lab->paths().oneHotMm.numel() == qint64(f.n) * f.d;
    paintOutput(p, f);
    if (f.haveId && f.phase == Phase::Lookup)
        paintLookup(p, f);
    paintCounters(p, f);
}

// Caption: where we are, then what happens; both wrap to the lines the layout measured.
void OneHotView::paintCaption(QPainter &p, const Frame &f) const
{
    const Geometry &g = f.g;
    p.setFont(g.titleFont);
    p.setPen(f.text);
    constexpr int flags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;
    drawRecordedText(p, QRectF(g.caption.left(), g.caption.top(), g.caption.width(), g.titleHeight), flags,
                     titleFor(f.k, f.phase), f.texts);
    p.setFont(font());
    const double top = g.titleHeight + QFontMetricsF(font()).height() * 0.2;
    drawRecordedText(
        p, QRectF(g.caption.left(), g.caption.top() + top, g.caption.width(), g.caption.height() - top),
        flags, captionText(), f.texts);
}

// Labels above the blocks: name, shape and, for a compressed block, how it is drawn. Each slot is
// as wide as its label (layoutBlocks), so nothing is elided unless the view is below its minimum.
void OneHotView::paintLabels(QPainter &p, const Frame &f) const
{
    const Geometry &g = f.g;
    const bool compressed = g.rowsCompressed || g.colsCompressed;
    const qint64 rowStep =
        g.rowsCompressed ? qint64(std::ceil(double(f.v) / std::max(1.0, g.weight.height()))) : 1;
    const qint64 colStep =
        g.colsCompressed ? qint64(std::ceil(double(f.d) / std::max(1.0, g.weight.width()))) : 1;
    const Labels labels = labelsFor(g, compressed, rowStep, colStep, g.labelWraps);
    const double line = g.labelLine;
    p.setFont(g.labelFont);
    for (std::size_t i = 0; i < labels.name.size(); ++i) {
        const QRectF &slot = g.slots[i];
        const auto draw = [&](int row, const QString &text) {
            if (!text.isEmpty())
                drawRecordedText(p, QRectF(slot.left(), slot.top() + row * line, slot.width(), line),
                                 Qt::AlignHCenter | Qt::AlignTop, text, f.texts, Qt::ElideRight);
        };
        // The names in the text colour; the shape and the notes fainter, under the longest name
        // where the notes leave room (Labels::shapeRow).
        const QStringList lines = labels.slot(i);
        for (int row = 0; row < lines.size(); ++row) {
            const int nameRows = int(labels.name[i].size());
            p.setPen(row < nameRows ? f.text : f.faint);
            draw(row < nameRows ? row : row - nameRows + labels.shapeRow(i), lines[row]);
        }
    }
    p.setFont(font());
}

// Operators between the blocks.
void OneHotView::paintOperators(QPainter &p, const Frame &f) const
{
    const Geometry &g = f.g;
    QFont opFont = font();
    opFont.setPointSizeF(font().pointSizeF() * 1.6);
    p.setFont(opFont);
    p.setPen(f.faint);
    auto op = [&](const QRectF &left, const QRectF &right, const QString &s) {
        drawRecordedText(
            p, QRectF(left.right(), g.sum.top() - 40, right.left() - left.right(), g.sum.height() + 80),
            Qt::AlignCenter, s, f.texts);
    };
    op(g.oneHot, g.weight, QStringLiteral("\u00d7"));
    op(g.weight, g.sum, QStringLiteral("="));
    op(g.sum, g.output, QStringLiteral("\u2192"));
    p.setFont(font());
}

// The one-hot column: every entry when it fits, else a marker at the 1.
void OneHotView::paintOneHot(QPainter &p, const Frame &f) const
{
    const Geometry &g = f.g;
    const double showAlpha = (f.phase == Phase::ShowOneHot) ? ease(std::min(1.0, f.t * 2.0)) : 1.0;
    if (!g.rowsCompressed) {
        // As large as a row holds them: 17.6 px in a projected 33 px row (#25 item 4).
        QFont small = font();
        small.setPointSizeF(digitPointSize(g));
        p.setFont(small);
        // The digits where a row holds them whole: the layout can squeeze the view below its minimum
        // (the wrapped counters under it ask a splitter for no height), and the 1 keeps its colour.
        const bool digits = f.haveId && QFontMetricsF(small).height() <= g.rowHeight + 1.0;
        for (qint64 i = 0; i < f.v; ++i) {
            const QRectF r(g.oneHot.left(), g.oneHot.top() + i * g.rowHeight, g.oneHot.width(), g.rowHeight);
            const bool one = i == f.id;
            QColor fill = one ? kOneColor : f.pal.color(QPalette::AlternateBase);
            fill.setAlphaF(f.haveId ? showAlpha : 0.3);
            p.fillRect(r.adjusted(1, 1, -1, -1), fill);
            p.setPen(one ? TextColors::oneOnOrange() : f.faint); // dark on the orange in any theme
            if (digits)
                drawRecordedText(p, r, Qt::AlignCenter, one ? QStringLiteral("1") : QStringLiteral("0"),
                                 f.texts);
        }
        p.setFont(font());
    } else {
        p.fillRect(g.oneHot, f.pal.color(QPalette::AlternateBase));
        if (f.haveId) {
            const QRectF r = g.weightRow(f.id);
            QColor c = kOneColor;
            c.setAlphaF(showAlpha);
            p.fillRect(QRectF(g.oneHot.left() - 4, r.center().y() - 2, g.oneHot.width() + 8, 4), c);
            QPainterPath marker;
            marker.moveTo(g.oneHot.left() - 4, r.center().y());
            marker.lineTo(g.oneHot.left() - 12, r.center().y() - 6);
            marker.lineTo(g.oneHot.left() - 12, r.center().y() + 6);
            marker.closeSubpath();
            p.fillPath(marker, c);
        }
    }
    p.setPen(f.faint);
    p.setBrush(Qt::NoBrush);
    p.drawRect(g.oneHot);
}

// W, with the rows already multiplied by 0 faded, the row multiplied by 1 framed and the sweep line.
void OneHotView::paintWeight(QPainter &p, const Frame &f) const
{
    const Geometry &g = f.g;
    if (!g.rowsCompressed && !g.colsCompressed) {
        QFont small = font();
        small.setPointSizeF(std::clamp(g.colWidth * 0.2, 6.0, font().pointSizeF()));
        p.setFont(small);
        const bool showValues = g.colWidth >= 40.0 && g.rowHeight >= 18.0;
        for (qint64 i = 0; i < f.v; ++i) {
            for (qint64 j = 0; j < f.d; ++j) {
                const QRectF r(g.weight.left() + j * g.colWidth, g.weight.top() + i * g.rowHeight, g.colWidth,
                               g.rowHeight);
                const QRgb c = f.colorOf(f.w.at(i, j));
                p.fillRect(r, QColor(c));
                if (showValues) {
                    p.setPen(textColorOn(c));
                    drawRecordedText(p, r, Qt::AlignCenter, QString::number(f.w.at(i, j), 'f', 2), f.texts);
                }
            }
        }
        p.setFont(font());
    } else {
        p.drawImage(g.weight, sampledWeight(g.weight.size().toSize()));
    }
    paintSweptRows(p, f);
    p.setPen(f.faint);
    p.setBrush(Qt::NoBrush);
    p.drawRect(g.weight);

    // The row multiplied by 1, once the sweep has reached it.
    if (f.haveId && f.swept > double(f.id)) {
        const QRectF r = g.weightRow(f.id);
        if (g.rowsCompressed) {
            // A compressed W may not show this row at all: draw the real row on top.
            QImage strip(int(f.d), 1, QImage::Format_RGB32);
            for (qint64 j = 0; j < f.d; ++j)
                strip.setPixel(int(j), 0, f.colorOf(f.w.at(f.id, j)));
            p.drawImage(r.adjusted(0, -1, 0, 1), strip);
        }
        p.setPen(QPen(kOneColor, 3));
        p.drawRect(r.adjusted(-2, -2, 2, 2));
    }
    if (f.phase == Phase::Sweep)
        paintSweepLine(p, f);
}

// The rows of W (and of the one-hot column) the sweep has multiplied by 0, faded.
void OneHotView::paintSweptRows(QPainter &p, const Frame &f) const
{
    const Geometry &g = f.g;
    if (!f.haveId || f.swept <= 0.0)
        return;
    if (g.rowsCompressed) {
        const double sweepY = g.weight.top() + f.swept * g.rowHeight;
        p.fillRect(QRectF(g.weight.left(), g.weight.top(), g.weight.width(), sweepY - g.weight.top()), f.dim);
        p.fillRect(QRectF(g.oneHot.left(), g.oneHot.top(), g.oneHot.width(), sweepY - g.oneHot.top()), f.dim);
        return;
    }
    for (qint64 i = 0; i < f.v && i < f.swept; ++i) {
        if (i == f.id)
            continue;
        const double part = std::min(1.0, f.swept - double(i));
        QRectF r = g.weightRow(i);
        r.setWidth(r.width() * part);
        p.fillRect(r, f.dim);
    }
}

void OneHotView::paintSweepLine(QPainter &p, const Frame &f) const
{
    const Geometry &g = f.g;
    const double sweepY = g.weight.top() + f.swept * g.rowHeight;
    p.setPen(QPen(kSweepColor, 2));
    p.drawLine(QPointF(g.oneHot.left() - 6, sweepY), QPointF(g.weight.right() + 6, sweepY));
    const QString zeros =
        tr("%1 rows \u00d7 0").arg(f.locale.toString(qint64(f.swept) - (f.swept > double(f.id) ? 1 : 0)));
    if (g.rowsCompressed && f.swept > 1.0 &&
        QFontMetricsF(font()).horizontalAdvance(zeros) < g.weight.width() - 8) {
        p.setPen(f.text);
        drawRecordedText(
            p, QRectF(g.weight.left() + 4, g.weight.top(), g.weight.width() - 8, sweepY - g.weight.top() - 2),
            Qt::AlignRight | Qt::AlignBottom, zeros, f.texts);
    }
}

// Draws one row of values into a rectangle (cells when they are wide enough).
void OneHotView::paintValueRow(QPainter &p, const Frame &f, const QRectF &r, const float *values,
                               double alpha) const
{
    const Geometry &g = f.g;
    p.save();
    p.setOpacity(alpha);
    if (!g.colsCompressed) {
        const bool showValues = g.colWidth >= 40.0 && r.height() >= 18.0;
        QFont small = font();
        small.setPointSizeF(std::clamp(g.colWidth * 0.2, 6.0, font().pointSizeF()));
        p.setFont(small);
        for (qint64 j = 0; j < f.d; ++j) {
            const QRectF cell(r.left() + j * g.colWidth, r.top(), g.colWidth, r.height());
            const QRgb c = f.colorOf(values[j]);
            p.fillRect(cell, QColor(c));
            if (showValues) {
                p.setPen(textColorOn(c));
                drawRecordedText(p, cell, Qt::AlignCenter, QString::number(values[j], 'f', 2), f.texts);
            }
        }
    } else {
        QImage strip(int(f.d), 1, QImage::Format_RGB32);
        for (qint64 j = 0; j < f.d; ++j)
            strip.setPixel(int(j), 0, f.colorOf(values[j]));
        p.drawImage(r, strip);
    }
    p.restore();
}

// The sum: the products travel from W and collapse onto the one row that was multiplied by 1.
void OneHotView::paintSum(QPainter &p, const Frame &f) const
{
    const Geometry &g = f.g;
    p.setPen(f.faint);
    p.drawRect(g.sum);
    if (f.haveId && f.phase == Phase::Collapse) {
        const double e = ease(f.t);
        if (!g.rowsCompressed) {
            for (qint64 i = 0; i < f.v; ++i) {
                if (i == f.id)
                    continue;
                QColor zero = f.pal.color(QPalette::AlternateBase);
                zero.setAlphaF(0.9 * (1.0 - e));
                p.fillRect(lerp(g.weightRow(i), g.sum, e), zero);
            }
        } else {
            QColor zero = f.pal.color(QPalette::AlternateBase);
            zero.setAlphaF(0.8 * (1.0 - e));
            p.fillRect(lerp(g.weight, g.sum, e), zero);
        }
        paintValueRow(p, f, lerp(g.weightRow(f.id), g.sum, e), f.idRow, 1.0);
    } else if (f.haveId && (f.phase == Phase::Land || f.phase == Phase::Lookup)) {
        const QRectF target = g.outputRow(f.k);
        const QRectF r = f.phase == Phase::Land ? lerp(g.sum, target, ease(f.t)) : g.sum;
        paintValueRow(p, f, g.sum, f.idRow, f.phase == Phase::Land ? 0.35 : 1.0);
        if (f.phase == Phase::Land)
            paintValueRow(p, f, r, f.idRow, 1.0);
    }
}

// The output: rows of ids already done (from the computed one-hot product), the current one empty.
void OneHotView::paintOutput(QPainter &p, const Frame &f) const
{
    const Geometry &g = f.g;
    for (int row = 0; row < f.n; ++row) {
        const QRectF r = g.outputRow(row);
        const bool filled = row < f.k || (row == f.k && f.phase == Phase::Lookup);
        if (filled && f.computed)
            paintValueRow(p, f, r, m_lab->paths().oneHotMm.data.data() + row * f.d, 1.0);
        else if (filled && f.ids[row] >= 0 && f.ids[row] < f.v) {
            std::vector<float> values(std::size_t(f.d));
            f.w.copyRows(f.ids[row], 1, values.data());
            paintValueRow(p, f, r, values.data(), 1.0);
        }
    }
    p.setPen(f.faint);
    p.setBrush(Qt::NoBrush);
    p.drawRect(g.output);
    for (int row = 1; row < f.n && g.outRowHeight >= 6.0; ++row)
        p.drawLine(QPointF(g.output.left(), g.outputRow(row).top()),
                   QPointF(g.output.right(), g.outputRow(row).top()));
}

// The lookup path: W[id] straight into output[k], in one step.
void OneHotView::paintLookup(QPainter &p, const Frame &f)
{
    const Geometry &g = f.g;
    const QRectF from = g.weightRow(f.id);
    const QRectF to = g.outputRow(f.k);
    p.setPen(QPen(kLookupColor, 3));
    p.drawRect(from.adjusted(-3, -3, 3, 3));
    p.drawRect(to.adjusted(-2, -2, 2, 2));
    const QPointF a(g.weight.center().x(), g.weight.bottom() + 4);
    const QPointF b(g.output.center().x(), g.output.bottom() + 4);
    const double laneY = g.counters.top() - 6;
    QPainterPath path(from.center() + QPointF(from.width() / 2 - 8, 0));
    path.cubicTo(QPointF(a.x() + g.weight.width() / 2 + g.gap, laneY),
                 QPointF(b.x() - g.output.width(), laneY), to.center() - QPointF(to.width() / 2 - 8, 0));
    QPainterPath partial;
    // The arrow grows while the animation plays; a step shown at rest (stepped by hand with
    // PageDown, or paused) has it whole: at progress 0 it stopped under W's row (issue #29 item 3).
    const double shown = m_animation->isPlaying() ? std::min(1.0, 0.15 + ease(f.t) * 1.2) : 1.0;
    const int steps = 60;
    partial.moveTo(path.pointAtPercent(0));
    for (int s = 1; s <= steps * shown; ++s)
        partial.lineTo(path.pointAtPercent(double(s) / steps));
    p.setPen(QPen(kLookupColor, 3, Qt::SolidLine, Qt::RoundCap));
    p.drawPath(partial);
    m_arrow = PaintedArrow{partial.currentPosition(), to, shown >= 1.0};
    if (shown >= 1.0) {
        const QPointF tip = path.pointAtPercent(1.0);
        const double angle = path.angleAtPercent(0.99) * M_PI / 180.0;
        const QPointF dir(std::cos(angle), -std::sin(angle));
        const QPointF normal(-dir.y(), dir.x());
        QPainterPath head;
        head.moveTo(tip);
        head.lineTo(tip - dir * 12 + normal * 6);
        head.lineTo(tip - dir * 12 - normal * 6);
        head.closeSubpath();
        p.fillPath(head, kLookupColor);
    }
    p.setFont(boldFont());
    p.setPen(TextColors::equal());
    const double line = QFontMetricsF(font()).height();
    drawRecordedText(p, QRectF(g.lane.left(), g.lane.top(), g.lane.width(), g.lane.height() - line * 0.6),
                     Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, lookupText(f.id, f.k), f.texts);
    p.setFont(font());
    const core::Index d = f.d;
    if (f.computed && m_lab->paths().call.numel() == qint64(f.n) * d) {
        const bool equal = std::equal(m_lab->paths().call.data.begin() + f.k * d,
                                      m_lab->paths().call.data.begin() + (f.k + 1) * d,
                                      m_lab->paths().oneHotMm.data.begin() + f.k * d);
        p.setPen(equal ? TextColors::equal() : TextColors::error());
        const double height = std::max(to.height(), line);
        drawRecordedText(p,
                         QRectF(g.output.right() + 6, to.center().y() - height / 2.0,
                                width() - g.output.right() - 6, height),
                         Qt::AlignLeft | Qt::AlignVCenter,
                         equal ? QStringLiteral("= \u2713") : QStringLiteral("\u2260"), f.texts);
    }
}

// Counters: what each path has cost so far, each wrapped to the lines the layout measured.
void OneHotView::paintCounters(QPainter &p, const Frame &f) const
{
    const QRectF &c = f.g.counters;
    const QStringList texts = counterTexts(progressCounts());
    constexpr int flags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;
    p.setPen(f.text);
    drawRecordedText(p, QRectF(c.left(), c.top(), c.width(), f.g.counterSplit), flags, texts.value(0),
                     f.texts);
    const double second = f.g.counterSplit + QFontMetricsF(font()).height() * 0.2;
    p.setPen(TextColors::equal());
    drawRecordedText(p, QRectF(c.left(), c.top() + second, c.width(), c.height() - second), flags,
                     texts.value(1), f.texts);
}

void OneHotView::keyPressEvent(QKeyEvent *event)
{
    if (m_animation && event->modifiers() == Qt::NoModifier && m_animation->handleKey(event->key())) {
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

void OneHotView::mousePressEvent(QMouseEvent *event)
{
    setFocus(Qt::MouseFocusReason);
    QWidget::mousePressEvent(event);
}

} // namespace embedlab::ui
