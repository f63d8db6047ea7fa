// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QWidget>

class QPainter;

namespace embedlab::ui {

/// One bar of a TokenBarChart.
struct TokenBar {
    int token = 0;
    float value = 0.0f;
    QString label; // as PyTorch prints it
    QString text;  // the token's text, "" when no tokenizer is known
    /// What is written under the bar: the id, and the token when known ("15496 Hello").
    QString idText() const
    {
        return text.isEmpty() ? QString::number(token) : QStringLiteral("%1 %2").arg(token).arg(text);
    }
};

/// V bars (or the top k) with token ids underneath, value labels as PyTorch prints them, the argmax
/// in green and the token h was copied from on a yellow band. Signed scale for logits; [0, 1] for
/// probabilities unless they are all below 0.5.
class TokenBarChart : public QWidget {
    Q_DECLARE_TR_FUNCTIONS(embedlab::ui::TokenBarChart)
public:
    enum class Scale { Signed, Probability };

    explicit TokenBarChart(Scale scale, QWidget *parent = nullptr);

    /// `emptyText` is shown instead of bars when there are none.
    void setContent(const QString &title, const QString &note, QList<TokenBar> bars, int argmaxToken,
                    int sourceToken, const QString &emptyText);
    const QList<TokenBar> &bars() const { return m_bars; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    struct Frame;

    int paintHeader(QPainter &p, const Frame &f) const;
    void valueRange(Frame &f) const;
    void layOut(Frame &f) const;
    void paintTicks(QPainter &p, const Frame &f) const;
    void paintBar(QPainter &p, const Frame &f, int index) const;
    void paintBarLabel(QPainter &p, const Frame &f, const TokenBar &bar, double value, double x0) const;
    void paintIds(QPainter &p, const Frame &f) const;

    Scale m_scale = Scale::Signed;
    QString m_title;
    QString m_note;
    QString m_emptyText;
    QList<TokenBar> m_bars;
    int m_argmax = -1;
    int m_source = -1;
};

} // namespace embedlab::ui
