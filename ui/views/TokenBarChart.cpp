// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/TokenBarChart.h"

#include "ui/model/NiceTicks.h"
#include "ui/paint/PaintedViewAccessible.h"
#include "ui/paint/TextColors.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace embedlab::ui {

namespace {

// Okabe-Ito: distinguishable with every common colour-vision deficiency.
const QColor kPositive(0x00, 0x72, 0xb2);
const QColor kNegative(0xd5, 0x5e, 0x00);
const QColor kProbability(0x56, 0xb4, 0xe9);
const QColor kArgmax(0x00, 0x9e, 0x73);
const QColor kSource(0xf0, 0xe4, 0x42);

// The smallest 1, 2 or 5 times a power of ten that is >= value (> 0).
double niceCeil(double value)
{
    const double magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * magnitude >= value)
            return m * magnitude;
    return 10.0 * magnitude;
}

QFont boldOf(QFont font)
{
    font.setBold(true);
    return font;
}

QFont smallOf(QFont font)
{
    font.setPointSizeF(font.pointSizeF() * 0.88);
    return font;
}

QColor withAlpha(QColor color, float alpha)
{
    color.setAlphaF(alpha);
    return color;
}

} // namespace

/// What one paintEvent needs: colours, fonts, the value range and where everything goes.
struct TokenBarChart::Frame {
    explicit Frame(const QWidget &widget)
        : text(widget.palette().color(QPalette::Text))
        , faint(TextColors::secondary(widget.palette()))
        , grid(withAlpha(text, 0.12f))
        , normal(widget.font())
        , bold(boldOf(normal))
        , small(smallOf(normal))
        , fm(normal)
        , fmBold(bold)
        , fmSmall(small)
        , pad(fm.height() / 2)
    {}

    double yOf(double v) const { return bottom - (v - lo) / (hi - lo) * (bottom - top); }

    QColor text;
    QColor faint;
    QColor grid;
    QFont normal;
    QFont bold;
    QFont small;
    QFontMetrics fm;
    QFontMetrics fmBold;
    QFontMetrics fmSmall;
    int pad = 0;
    int header = 0; // the y below the title, the colour key and the note
    double lo = 0.0;
    double hi = 1.0;
    bool hasNegative = false;
    NiceTicks ticks;
    int tickWidth = 0;
    int left = 0;
    int right = 0;
    double slot = 0.0;
    int labelWidth = 0;
    int idWidth = 0;
    bool verticalLabels = false;
    bool verticalIds = false;
    int labelExtent = 0;
    int idExtent = 0;
    int top = 0;
    int bottom = 0;
};

TokenBarChart::TokenBarChart(Scale scale, QWidget *parent)
    : QWidget(parent)
    , m_scale(scale)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    PaintedViewAccessible::mark(this, QAccessible::Chart);
}

void TokenBarChart::setContent(const QString &title, const QString &note, QList<TokenBar> bars,
                               int argmaxToken, int sourceToken, const QString &emptyText)
{
    m_title = title;
    m_note = note;
    m_bars = std::move(bars);
    m_emptyText = emptyText;
    m_argmax = argmaxToken;
    m_source = sourceToken;
    update();
    // For a screen reader: every bar as its id (and token) and its value as PyTorch prints it.
    QStringList lines;
    if (!m_note.isEmpty())
        lines.append(m_note);
    if (m_bars.isEmpty())
        lines.append(m_emptyText);
    for (const TokenBar &bar : std::as_const(m_bars))
        lines.append(tr("%1: %2", "a bar: its token and value").arg(bar.idText(), bar.label));
    PaintedViewAccessible::describe(this, m_title, lines.join(QLatin1Char('\n')));
}

QSize TokenBarChart::sizeHint() const
{
    const QFontMetrics fm(font());
    return {fm.horizontalAdvance(QLatin1Char('0')) * 90, fm.height() * 13};
}

QSize TokenBarChart::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return {fm.horizontalAdvance(QLatin1Char('0')) * 40, fm.height() * 9};
}

void TokenBarChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    p.fillRect(rect(), palette().color(QPalette::Base));
    Frame f(*this);
    f.header = paintHeader(p, f);
    if (m_bars.isEmpty()) {
        p.setPen(f.faint);
        p.setFont(f.normal);
        p.drawText(rect().adjusted(0, f.header, 0, 0), Qt::AlignCenter, m_emptyText);
        return;
    }
    valueRange(f);
    layOut(f);
    if (f.bottom - f.top < 8) {
        p.setPen(f.faint);
        p.drawText(rect(), Qt::AlignCenter, tr("(too small to draw)"));
        return;
    }
    paintTicks(p, f);
    for (int i = 0; i < m_bars.size(); ++i)
        paintBar(p, f, i);
    paintIds(p, f);
}

// Title on the left, colour key on the right, the note (top-k) on a line of its own.
int TokenBarChart::paintHeader(QPainter &p, const Frame &f) const
{
    int y = f.pad / 2;
    p.setPen(f.text);
    p.setFont(f.bold);
    const QRect titleRect(f.pad, y, width() - 2 * f.pad, f.fmBold.height());
    p.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter, m_title);
    p.setFont(f.small);
    int keyX = titleRect.right();
    const auto drawKey = [&](const QColor &color, const QString &label) {
        const int w = f.fmSmall.horizontalAdvance(label);
        keyX -= w;
        p.setPen(f.faint);
        p.drawText(QRect(keyX, y, w, f.fmBold.height()), Qt::AlignVCenter, label);
        const int box = f.fmSmall.ascent() - 2;
        keyX -= box + 4;
        p.fillRect(QRect(keyX, y + (f.fmBold.height() - box) / 2, box, box), color);
        keyX -= f.pad;
    };
    if (m_source >= 0)
        drawKey(kSource, tr("token i of h = W[i]"));
    drawKey(kArgmax, tr("argmax"));
    y += f.fmBold.height();
    if (!m_note.isEmpty()) {
        p.setPen(f.faint);
        p.drawText(QRect(f.pad, y, width() - 2 * f.pad, f.fmSmall.height()), Qt::AlignLeft | Qt::AlignVCenter,
                   m_note);
        y += f.fmSmall.height();
    }
    return y + f.pad / 2;
}

void TokenBarChart::valueRange(Frame &f) const
{
    f.lo = 0.0;
    f.hi = 1.0;
    f.hasNegative = false;
    if (m_scale == Scale::Probability) {
        // [0, 1] while one token dominates; a near-uniform distribution over many tokens gets a
        // zoomed axis (its tick labels say so) instead of invisible bars.
        double top = 0.0;
        for (const TokenBar &bar : m_bars)
            if (std::isfinite(bar.value))
                top = std::max(top, double(bar.value));
        if (top > 0.0 && top < 0.5)
            f.hi = niceCeil(top);
        return;
    }
    f.hi = 0.0;
    for (const TokenBar &bar : m_bars) {
        if (!std::isfinite(bar.value))
            continue;
        f.lo = std::min(f.lo, double(bar.value));
        f.hi = std::max(f.hi, double(bar.value));
    }
    f.hasNegative = f.lo < 0.0;
    if (!(f.hi > f.lo)) // every logit is 0 (an all-zero h): still draw an axis
        f.hi = f.lo + 1.0;
}

// Tick labels on the left; value labels and token ids turn vertical when a slot is too narrow.
void TokenBarChart::layOut(Frame &f) const
{
    f.ticks = niceTicks(f.lo, f.hi, 4);
    f.tickWidth = 0;
    for (double t : f.ticks.values)
        f.tickWidth = std::max(f.tickWidth, f.fmSmall.horizontalAdvance(f.ticks.label(t)));
    f.left = f.pad + f.tickWidth + f.pad / 2;
    f.right = width() - f.pad;
    f.slot = double(f.right - f.left) / double(m_bars.size());

    f.labelWidth = 0;
    f.idWidth = 0;
    for (const TokenBar &bar : m_bars) {
        f.labelWidth = std::max(f.labelWidth, f.fmSmall.horizontalAdvance(bar.label));
        f.idWidth = std::max(f.idWidth, f.fmBold.horizontalAdvance(bar.idText()));
    }
    f.verticalLabels = f.labelWidth > f.slot - 3;
    f.labelExtent = (f.verticalLabels ? f.labelWidth : f.fmSmall.height()) + 3;
    f.verticalIds = f.idWidth > f.slot - 2;
    f.idExtent = (f.verticalIds ? f.idWidth : f.fmBold.height()) + 4;

    f.top = f.header + f.labelExtent;
    f.bottom = height() - f.pad / 2 - f.idExtent - (f.hasNegative ? f.labelExtent : 0);
}

void TokenBarChart::paintTicks(QPainter &p, const Frame &f) const
{
    p.setFont(f.small);
    for (double t : f.ticks.values) {
        const double ty = f.yOf(t);
        p.setPen(QPen(t == 0.0 ? f.faint : f.grid, 1));
        p.drawLine(QPointF(f.left, ty), QPointF(f.right, ty));
        p.setPen(f.faint);
        p.drawText(QRectF(f.pad, ty - f.fmSmall.height() / 2.0, f.tickWidth, f.fmSmall.height()),
                   Qt::AlignRight | Qt::AlignVCenter, f.ticks.label(t));
    }
}

void TokenBarChart::paintBar(QPainter &p, const Frame &f, int index) const
{
    const TokenBar &bar = m_bars[index];
    const double x0 = f.left + index * f.slot;
    const double cx = x0 + f.slot / 2.0;
    if (bar.token == m_source) {
        const QColor band = withAlpha(kSource, 0.35f);
        p.fillRect(QRectF(x0, f.header, f.slot, f.bottom - f.header + (f.hasNegative ? f.labelExtent : 0)),
                   band);
    }
    double v = bar.value;
    if (std::isinf(v))
        v = v > 0 ? f.hi : f.lo;
    if (!std::isnan(v)) {
        const QColor color = bar.token == m_argmax           ? kArgmax
                             : m_scale == Scale::Probability ? kProbability
                             : v >= 0                        ? kPositive
                                                             : kNegative;
        const double zeroY = f.yOf(0.0);
        const double vy = f.yOf(v);
        const double barWidth = std::max(1.0, f.slot * 0.7);
        // A 1-pixel sliver keeps a tiny value visible as "there, but small".
        p.fillRect(
            QRectF(cx - barWidth / 2.0, std::min(vy, zeroY), barWidth, std::max(1.0, std::abs(vy - zeroY))),
            color);
    }
    paintBarLabel(p, f, bar, v, x0);
}

// The value as PyTorch prints it, above a positive bar and below a negative one; NaN in orange at 0.
void TokenBarChart::paintBarLabel(QPainter &p, const Frame &f, const TokenBar &bar, double value,
                                  double x0) const
{
    const bool isNan = std::isnan(value);
    const double cx = x0 + f.slot / 2.0;
    p.setFont(f.small);
    p.setPen(isNan ? TextColors::numEmbeddings() : f.text); // the vermillion of kNegative, darker
    const double anchor = isNan ? f.yOf(0.0) : f.yOf(value);
    const bool below = !isNan && value < 0;
    const double h = f.fmSmall.height();
    if (f.verticalLabels) {
        p.save();
        p.translate(cx, below ? anchor + 3 : anchor - 3);
        p.rotate(-90);
        const QRectF r =
            below ? QRectF(-f.labelWidth, -h / 2.0, f.labelWidth, h) : QRectF(0, -h / 2.0, f.labelWidth, h);
        p.drawText(r, (below ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter, bar.label);
        p.restore();
    } else {
        const QRectF r(x0, below ? anchor + 2 : anchor - 2 - h, f.slot, h);
        p.drawText(r, Qt::AlignHCenter | Qt::AlignVCenter, bar.label);
    }
}

// Token ids under the plot; the argmax's id in bold green.
void TokenBarChart::paintIds(QPainter &p, const Frame &f) const
{
    const int idTop = height() - f.pad / 2 - f.idExtent + 2;
    for (int i = 0; i < m_bars.size(); ++i) {
        const TokenBar &bar = m_bars[i];
        const double cx = f.left + i * f.slot + f.slot / 2.0;
        const QString id = bar.idText();
        p.setFont(bar.token == m_argmax ? f.bold : f.normal);
        p.setPen(bar.token == m_argmax ? TextColors::equal() : f.text);
        if (f.verticalIds) {
            p.save();
            p.translate(cx, idTop);
            p.rotate(-90);
            p.drawText(QRectF(-f.idWidth, -f.fmBold.height() / 2.0, f.idWidth, f.fmBold.height()),
                       Qt::AlignRight | Qt::AlignVCenter, id);
            p.restore();
        } else {
            p.drawText(QRectF(cx - f.slot / 2.0, idTop, f.slot, f.fmBold.height()), Qt::AlignCenter, id);
        }
    }
}

} // namespace embedlab::ui
