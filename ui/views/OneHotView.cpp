// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/OneHotView.h"

#include "ui/heatmap/HeatmapPyramid.h"
#include "ui/model/Lab.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/model/WorkerPool.h"

#include <QFutureWatcher>
#include <QKeyEvent>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

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
    double labelHeight = 0.0;
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

namespace {

// Okabe-Ito colours: distinguishable with every common colour-vision deficiency.
const QColor kOneColor(0xe6, 0x9f, 0x00);    // the 1 of the one-hot vector and its row
const QColor kLookupColor(0x00, 0x9e, 0x73); // the lookup path
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

} // namespace

OneHotView::OneHotView(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setToolTip(tr("Space: play/pause, Right/PageDown: step forward, Left/PageUp: step back, Home: restart"));
}

void OneHotView::setLab(const Lab *lab)
{
    if (m_lab)
        disconnect(m_lab, nullptr, this, nullptr);
    m_lab = lab;
    if (lab) {
        connect(lab, &Lab::weightsChanged, this, &OneHotView::invalidate);
        connect(lab, &Lab::modelRebuilt, this, &OneHotView::invalidate);
        connect(lab, &Lab::pathsChanged, this, qOverload<>(&QWidget::update));
        connect(lab, &Lab::idsChanged, this, qOverload<>(&QWidget::update));
        connect(lab, &Lab::vocabularyChanged, this, qOverload<>(&QWidget::update));
    }
    invalidate();
}

void OneHotView::setAnimation(OneHotAnimation *animation)
{
    if (m_animation)
        disconnect(m_animation, nullptr, this, nullptr);
    m_animation = animation;
    if (animation)
        connect(animation, &OneHotAnimation::changed, this, qOverload<>(&QWidget::update));
    update();
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
    ++m_scanGeneration;
    startLimitScan();
    update();
}

QSize OneHotView::sizeHint() const
{
    return {720, 420};
}
QSize OneHotView::minimumSizeHint() const
{
    return {360, 300};
}

bool OneHotView::isCompressed() const
{
    const Geometry g = geometryFor(size());
    return g.rowsCompressed || g.colsCompressed;
}

float OneHotView::colorLimit() const
{
    if (!m_lab)
        return 0.0f;
    const core::ParameterPtr weight = m_lab->embeddingWeight();
    const core::Matrix &w = weight->value();
    const bool known = m_limit >= 0.0f && m_limitStorage == w.data() && m_limitVersion == weight->version();
    if (!known && w.size() <= kSynchronousLimitCells) {
        m_limit = maxAbsFinite(w.data(), w.size());
        m_limitStorage = w.data();
        m_limitVersion = weight->version();
    }
    return std::max(m_limit, 0.0f);
}

void OneHotView::startLimitScan()
{
    if (!m_lab)
        return;
    const core::ParameterPtr weight = m_lab->embeddingWeight();
    const core::Matrix &w = weight->value();
    const void *storage = w.data();
    const std::uint64_t version = weight->version();
    if (w.size() <= kSynchronousLimitCells || (m_limitStorage == storage && m_limitVersion == version) ||
        (m_scanning && m_scanStorage == storage && m_scanVersion == version))
        return;
    m_scanning = true;
    m_scanStorage = storage;
    m_scanVersion = version;
    const std::uint64_t generation = ++m_scanGeneration;
    // A watcher child rather than QFuture::then(this): see Lab::startJob. The task holds the
    // parameter, so the storage it reads outlives the view.
    auto *watcher = new QFutureWatcher<float>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, storage, version, generation] {
        const float limit = watcher->result();
        watcher->deleteLater();
        if (generation != m_scanGeneration)
            return; // a newer weight is being scanned
        m_scanning = false;
        m_limit = limit;
        m_limitStorage = storage;
        m_limitVersion = version;
        m_sampled = QImage(); // coloured with the stand-in limit
        update();
    });
    watcher->setFuture(QtConcurrent::run(workerPool(), [weight] {
        const core::Matrix &m = weight->value();
        return maxAbsFinite(m.data(), m.size());
    }));
}

const QImage &OneHotView::sampledWeight(QSize size) const
{
    const core::Matrix &w = m_lab->embeddingWeight()->value();
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
            line[x] = lookup(w(row, core::Index(x) * w.cols() / cells.width()));
    }
    m_sampledMap = m_colorMap.name();
    return m_sampled;
}

OneHotView::Geometry OneHotView::geometryFor(QSize size) const
{
    Geometry g;
    if (!m_lab)
        return g;
    const QFontMetricsF fm(font());
    const double margin = std::max(8.0, fm.height() * 0.6);
    const QRectF all = QRectF(QPointF(0, 0), QSizeF(size)).adjusted(margin, margin, -margin, -margin);
    const double captionHeight = fm.height() * 3.6;
    const double countersHeight = fm.height() * 2.3;
    const double lookupLane = fm.height() * 1.5;
    const core::Matrix &weightValues = m_lab->embeddingWeight()->value();
    // A third label line says how a compressed matrix is drawn.
    g.labelHeight =
        fm.height() *
        (weightValues.rows() * 8 > size.height() || weightValues.cols() * 20 > size.width() ? 3.3 : 2.3);
    g.caption = QRectF(all.left(), all.top(), all.width(), captionHeight);
    g.counters = QRectF(all.left(), all.bottom() - countersHeight, all.width(), countersHeight);
    g.diagram = QRectF(all.left(), g.caption.bottom() + g.labelHeight, all.width(),
                       g.counters.top() - lookupLane - g.caption.bottom() - g.labelHeight);

    const core::Matrix &w = m_lab->embeddingWeight()->value();
    const double v = double(w.rows());
    const double d = double(w.cols());
    const double n = std::max<double>(1.0, m_lab->flatIds().size());
    g.gap = std::max(32.0, fm.height() * 2.4);
    const QRectF &a = g.diagram;

    // Cells as large as fit (not necessarily square: a tall cell reads as a row); an axis that does
    // not fit at a readable size is compressed on its own.
    const double oneHotWidth = std::clamp(fm.height() * 2.2, 20.0, 44.0);
    g.colWidth = std::min((a.width() - 3 * g.gap - oneHotWidth) / (3 * d), 72.0);
    g.colsCompressed = g.colWidth < 6.0;
    g.rowHeight =
        std::min({a.height() / std::max(v, n), 64.0, std::max(g.colWidth * 1.6, fm.height() * 1.5)});
    g.rowsCompressed = a.height() / v < 8.0;
    if (g.rowsCompressed)
        g.rowHeight = a.height() / v;
    // embedding_dim = 0: the blocks keep one column's width, drawn empty, so their labels stay legible.
    const double blockWidth = g.colWidth * std::max(d, 1.0);
    const double weightHeight = g.rowHeight * v;
    g.outRowHeight = std::min(
        g.rowsCompressed ? std::clamp(a.height() / n, fm.height() * 1.2, 40.0) : g.rowHeight, a.height() / n);
    const double total = oneHotWidth + 3 * g.gap + 3 * blockWidth;
    const double left = a.left() + std::max(0.0, (a.width() - total) / 2.0);
    g.oneHot = QRectF(left, a.top(), oneHotWidth, weightHeight);
    g.weight = QRectF(g.oneHot.right() + g.gap, a.top(), blockWidth, weightHeight);
    const double sumHeight = g.rowsCompressed ? g.outRowHeight : g.rowHeight;
    g.sum =
        QRectF(g.weight.right() + g.gap, a.top() + (weightHeight - sumHeight) / 2.0, blockWidth, sumHeight);
    g.output = QRectF(g.sum.right() + g.gap, a.top(), blockWidth, g.outRowHeight * n);
    return g;
}

OneHotView::Progress OneHotView::progressCounts() const
{
    Progress p;
    if (!m_lab || !m_animation || !m_lab->idsValid())
        return p;
    const QList<qint64> ids = m_lab->flatIds();
    const qint64 v = m_lab->embeddingWeight()->value().rows();
    const qint64 d = m_lab->embeddingWeight()->value().cols();
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
    if (!m_lab->idsValid())
        return tr("The ids do not fit Embedding(%1, ...): %2")
            .arg(m_lab->config().numEmbeddings)
            .arg(m_lab->idsErrorMessage());
    const QList<qint64> ids = m_lab->flatIds();
    const QLocale locale;
    const qint64 v = m_lab->embeddingWeight()->value().rows();
    const qint64 d = m_lab->embeddingWeight()->value().cols();
    const int k = m_animation->idIndex();
    if (k >= ids.size()) {
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
    switch (m_animation->phase()) {
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

// What every part of a frame needs: the layout, the colours and where the animation is.
struct OneHotView::Frame {
    Frame(const Geometry &geometry, const QPalette &palette, const core::Matrix &weight)
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
    const core::Matrix &w;
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
    double swept = 0.0; // how many rows the sweep has passed for the current id
    const float *idRow = nullptr;
    bool computed = false; // the one-hot product of every id is known
};

void OneHotView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (!m_lab || !m_animation)
        return;
    startLimitScan(); // values may have changed without a signal (the version says so)
    p.setRenderHint(QPainter::Antialiasing);
    const core::ParameterPtr weight = m_lab->embeddingWeight();
    Frame f(geometryFor(size()), palette(), weight->value());
    f.text = f.pal.color(QPalette::Text);
    f.dim = f.pal.color(QPalette::Base);
    f.dim.setAlphaF(0.82);
    f.faint = f.text;
    f.faint.setAlphaF(0.55);
    f.v = f.w.rows();
    f.d = f.w.cols();
    f.ids = m_lab->flatIds();
    f.n = f.ids.size();
    f.k = std::min(m_animation->idIndex(), f.n);
    f.haveId = f.k < f.n;
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
    f.idRow = f.haveId ? f.w.row(f.id).data() : nullptr;
    paintSum(p, f);
    f.computed = m_lab->hasPaths() && m_lab->paths().oneHotMm.numel() == qint64(f.n) * f.d;
    paintOutput(p, f);
    if (f.haveId && f.phase == Phase::Lookup)
        paintLookup(p, f);
    paintCounters(p, f);
}

// Caption: where we are, then what happens.
void OneHotView::paintCaption(QPainter &p, const Frame &f) const
{
    const Geometry &g = f.g;
    QFont titleFont = font();
    titleFont.setPointSizeF(font().pointSizeF() * 1.25);
    titleFont.setBold(true);
    static const char *const phaseNames[] = {QT_TR_NOOP("one-hot vector"),  QT_TR_NOOP("multiply row by row"),
                                             QT_TR_NOOP("sum the rows"),    QT_TR_NOOP("land in the output"),
                                             QT_TR_NOOP("the lookup path"), QT_TR_NOOP("done")};
    const QString title = f.haveId
                              ? tr("Token %1 of %2 (id %3) \u00b7 %4")
                                    .arg(f.k + 1)
                                    .arg(f.n)
                                    .arg(m_lab->vocabulary().idAndToken(f.id))
                                    .arg(tr(phaseNames[int(f.phase)]))
                              : tr("All %1 tokens \u00b7 %2").arg(f.n).arg(tr(phaseNames[int(Phase::Done)]));
    p.setFont(titleFont);
    p.setPen(f.text);
    const QFontMetricsF titleMetrics(titleFont);
    p.drawText(QRectF(g.caption.left(), g.caption.top(), g.caption.width(), titleMetrics.height()),
               Qt::AlignLeft | Qt::AlignVCenter, title);
    p.setFont(font());
    p.drawText(QRectF(g.caption.left(), g.caption.top() + titleMetrics.height() * 1.1, g.caption.width(),
                      g.caption.height() - titleMetrics.height() * 1.1),
               Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, captionText());
}

// Labels above the blocks: name, shape and, for a compressed block, how it is drawn.
void OneHotView::paintLabels(QPainter &p, const Frame &f) const
{
    const Geometry &g = f.g;
    const QFontMetricsF metrics(font());
    auto label = [&](const QRectF &block, const QString &name, const QString &shape, const QString &note) {
        QRectF r(block.left() - g.gap / 2, g.diagram.top() - g.labelHeight, block.width() + g.gap,
                 g.labelHeight);
        if (block == g.oneHot)
            r.setLeft(0.0); // the first block may use the margin
        const double line = metrics.height();
        p.setPen(f.text);
        p.drawText(QRectF(r.left(), r.top(), r.width(), line), Qt::AlignHCenter | Qt::AlignTop,
                   metrics.elidedText(name, Qt::ElideRight, r.width()));
        p.setPen(f.faint);
        p.drawText(QRectF(r.left(), r.top() + line, r.width(), line), Qt::AlignHCenter | Qt::AlignTop,
                   metrics.elidedText(shape, Qt::ElideRight, r.width()));
        if (!note.isEmpty())
            p.drawText(QRectF(r.left(), r.top() + 2 * line, r.width(), line), Qt::AlignHCenter | Qt::AlignTop,
                       metrics.elidedText(note, Qt::ElideRight, r.width()));
    };
    // Shapes and ids as PyTorch writes them: no digit grouping.
    const QString vText = QString::number(f.v);
    const QString dText = QString::number(f.d);
    QString note;
    if (g.rowsCompressed || g.colsCompressed) {
        // Honest about what the picture is: sampled cells, not every weight.
        const qint64 rowStep =
            g.rowsCompressed ? qint64(std::ceil(double(f.v) / std::max(1.0, g.weight.height()))) : 1;
        const qint64 colStep =
            g.colsCompressed ? qint64(std::ceil(double(f.d) / std::max(1.0, g.weight.width()))) : 1;
        note = tr("drawn: 1 in %1 rows, 1 in %2 cols").arg(rowStep).arg(colStep);
    }
    label(g.oneHot, f.haveId ? QStringLiteral("one_hot(%1)").arg(f.id) : QStringLiteral("one_hot"),
          QStringLiteral("[%1]").arg(vText),
          g.rowsCompressed ? tr("%1 zeros, one 1").arg(f.v - 1) : QString());
    label(g.weight, QStringLiteral("embedding.weight"), QStringLiteral("[%1, %2]").arg(vText, dText), note);
    label(g.sum, QStringLiteral("\u03a3 one_hot[i] \u00b7 W[i]"), QStringLiteral("[%1]").arg(dText),
          QString());
    label(g.output, tr("output"), QStringLiteral("[%1, %2]").arg(f.n).arg(dText), QString());
}

// Operators between the blocks.
void OneHotView::paintOperators(QPainter &p, const Frame &f) const
{
    const Geometry &g = f.g;
    QFont opFont = font();
    opFont.setPointSizeF(font().pointSizeF() * 1.6);
    p.setFont(opFont);
    p.setPen(f.faint);
    auto op = [&](double leftEdge, const QString &s) {
        p.drawText(QRectF(leftEdge, g.sum.top() - 40, g.gap, g.sum.height() + 80), Qt::AlignCenter, s);
    };
    op(g.oneHot.right(), QStringLiteral("\u00d7"));
    op(g.weight.right(), QStringLiteral("="));
    op(g.sum.right(), QStringLiteral("\u2192"));
    p.setFont(font());
}

// The one-hot column: every entry when it fits, else a marker at the 1.
void OneHotView::paintOneHot(QPainter &p, const Frame &f) const
{
    const Geometry &g = f.g;
    const double showAlpha = (f.phase == Phase::ShowOneHot) ? ease(std::min(1.0, f.t * 2.0)) : 1.0;
    if (!g.rowsCompressed) {
        QFont small = font();
        small.setPointSizeF(std::clamp(g.rowHeight * 0.32, 6.0, font().pointSizeF()));
        p.setFont(small);
        for (qint64 i = 0; i < f.v; ++i) {
            const QRectF r(g.oneHot.left(), g.oneHot.top() + i * g.rowHeight, g.oneHot.width(), g.rowHeight);
            const bool one = i == f.id;
            QColor fill = one ? kOneColor : f.pal.color(QPalette::AlternateBase);
            fill.setAlphaF(f.haveId ? showAlpha : 0.3);
            p.fillRect(r.adjusted(1, 1, -1, -1), fill);
            p.setPen(f.faint);
            if (f.haveId)
                p.drawText(r, Qt::AlignCenter, one ? QStringLiteral("1") : QStringLiteral("0"));
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
                const QRgb c = f.colorOf(f.w(i, j));
                p.fillRect(r, QColor(c));
                if (showValues) {
                    p.setPen(textColorOn(c));
                    p.drawText(r, Qt::AlignCenter, QString::number(f.w(i, j), 'f', 2));
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
                strip.setPixel(int(j), 0, f.colorOf(f.w(f.id, j)));
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
        p.drawText(
            QRectF(g.weight.left() + 4, g.weight.top(), g.weight.width() - 8, sweepY - g.weight.top() - 2),
            Qt::AlignRight | Qt::AlignBottom, zeros);
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
                p.drawText(cell, Qt::AlignCenter, QString::number(values[j], 'f', 2));
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
        else if (filled)
            paintValueRow(p, f, r, f.w.row(f.ids[row]).data(), 1.0);
    }
    p.setPen(f.faint);
    p.setBrush(Qt::NoBrush);
    p.drawRect(g.output);
    for (int row = 1; row < f.n && g.outRowHeight >= 6.0; ++row)
        p.drawLine(QPointF(g.output.left(), g.outputRow(row).top()),
                   QPointF(g.output.right(), g.outputRow(row).top()));
}

// The lookup path: W[id] straight into output[k], in one step.
void OneHotView::paintLookup(QPainter &p, const Frame &f) const
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
    const double shown = std::min(1.0, 0.15 + ease(f.t) * 1.2);
    const int steps = 60;
    partial.moveTo(path.pointAtPercent(0));
    for (int s = 1; s <= steps * shown; ++s)
        partial.lineTo(path.pointAtPercent(double(s) / steps));
    p.setPen(QPen(kLookupColor, 3, Qt::SolidLine, Qt::RoundCap));
    p.drawPath(partial);
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
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(kLookupColor);
    p.drawText(QRectF(g.weight.left(), laneY - QFontMetricsF(bold).height() - 2,
                      g.output.right() - g.weight.left(), QFontMetricsF(bold).height()),
               Qt::AlignCenter, tr("lookup: W[%1] \u2192 output[%2], one step").arg(f.id).arg(f.k));
    p.setFont(font());
    const core::Index d = f.d;
    if (f.computed && m_lab->paths().call.numel() == qint64(f.n) * d) {
        const bool equal = std::equal(m_lab->paths().call.data.begin() + f.k * d,
                                      m_lab->paths().call.data.begin() + (f.k + 1) * d,
                                      m_lab->paths().oneHotMm.data.begin() + f.k * d);
        p.setPen(equal ? kLookupColor : QColor(Qt::red));
        p.drawText(QRectF(g.output.right() + 6, to.top(), width() - g.output.right() - 6, to.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   equal ? QStringLiteral("= \u2713") : QStringLiteral("\u2260"));
    }
}

// Counters: what each path has cost so far.
void OneHotView::paintCounters(QPainter &p, const Frame &f) const
{
    const Progress c = progressCounts();
    p.setPen(f.text);
    p.drawText(f.g.counters, Qt::AlignLeft | Qt::AlignTop,
               tr("one-hot @ W so far: %1 multiply-adds (%2 by 0)")
                   .arg(f.locale.toString(c.multiplyAdds), f.locale.toString(c.multiplyAddsByZero)));
    p.setPen(kLookupColor);
    p.drawText(
        f.g.counters, Qt::AlignLeft | Qt::AlignBottom,
        tr("lookup W[i] so far: %1 values copied (0 multiply-adds)").arg(f.locale.toString(c.valuesCopied)));
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
