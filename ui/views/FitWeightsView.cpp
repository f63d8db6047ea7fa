// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/FitWeightsView.h"

#include "ui/heatmap/HeatmapView.h"
#include "ui/model/FitSession.h"

#include "core/tensor/Parameter.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLayout>
#include <QListWidget>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

namespace embedlab::ui {

FitWeightsView::FitWeightsView(QWidget *parent)
    : QWidget(parent)
    , m_embedding(new HeatmapView(this))
    , m_head(new HeatmapView(this))
    , m_why(new QLabel(this))
    , m_query(new QComboBox(this))
    , m_neighbours(new QListWidget(this))
{
    m_embedding->setObjectName(QStringLiteral("fitEmbeddingHeatmap"));
    m_head->setObjectName(QStringLiteral("fitHeadHeatmap"));
    keepMinimumHeight();
    m_why->setWordWrap(true);
    m_why->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_query->setAccessibleName(tr("Neighbours of"));
    m_query->setToolTip(
        tr("The token whose nearest rows of emb.weight, by cosine, are listed beside the heatmaps; "
           "clicking a row of a heatmap chooses it too"));
    auto *queryLabel = new QLabel(tr("&Neighbours of:"), this);
    queryLabel->setBuddy(m_query);
    m_neighbours->setAccessibleName(tr("Nearest tokens by cosine"));
    m_neighbours->setSelectionMode(QAbstractItemView::NoSelection);
    // A narrow list puts the cosine under its token rather than scrolling sideways.
    m_neighbours->setWordWrap(true);
    m_neighbours->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // The sentence and the question on one line, the heatmaps and the answer under them.
    auto *top = new QHBoxLayout;
    top->addWidget(m_why, 1);
    top->addWidget(queryLabel);
    top->addWidget(m_query);
    auto *maps = new QHBoxLayout;
    maps->addWidget(m_embedding, 2);
    maps->addWidget(m_head, 2);
    maps->addWidget(m_neighbours, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addLayout(maps, 1);

    const auto rowLabel = [this](Index row, Index) {
        return m_session ? tr("token %1 (id %2)").arg(m_session->rowLabel(row)).arg(m_session->rowId(row))
                         : QString();
    };
    m_embedding->setCellDetail(rowLabel);
    m_head->setCellDetail(rowLabel);
    connect(m_embedding, &HeatmapView::rowClicked, this, &FitWeightsView::ask);
    connect(m_head, &HeatmapView::rowClicked, this, &FitWeightsView::ask);
    connect(m_query, &QComboBox::currentIndexChanged, this, &FitWeightsView::showNeighbours);
}

void FitWeightsView::keepMinimumHeight()
{
    // The list as short as four lines (it scrolls); the heatmaps keep their own least height, below
    // which their colour bars' labels overlap. Projector mode sets each widget's font on its own.
    m_neighbours->setMinimumHeight(m_neighbours->fontMetrics().lineSpacing() * 4);
}

void FitWeightsView::fitListWidth()
{
    // Projected at 1024 x 768 a fifth of the row read "␣capit" (#27): as wide as the longest token
    // of the vocabulary (up to twelve characters, whatever the run's text), the cosine wrapping
    // under it where the line does not fit. The labels stay while the run learns, and so does the
    // width: it is measured for a new run and a new font, not every frame.
    const QFontMetrics fm(m_neighbours->font());
    int widest = 0;
    for (qint64 row = 0; m_session && row < m_session->vocabSize(); ++row)
        widest = std::max(widest, fm.horizontalAdvance(m_session->rowLabel(row)));
    widest = std::min(widest, fm.averageCharWidth() * 12);
    const int chrome = 2 * m_neighbours->frameWidth() +
                       m_neighbours->verticalScrollBar()->sizeHint().width() + fm.averageCharWidth() * 2;
    m_neighbours->setMinimumWidth(widest > 0 ? widest + chrome : 0);
}

int FitWeightsView::heightForWidth(int width) const
{
    // A stack asks every page, hidden or not, for its height (QStackedLayout::heightForWidth): a
    // hidden page asks none, a shown one its least (the list's preferred 192 px made the panel scroll).
    return isHidden() ? -1 : layout()->totalMinimumHeightForWidth(width);
}

void FitWeightsView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        keepMinimumHeight();
        fitListWidth();
    }
    QWidget::changeEvent(event);
}

void FitWeightsView::setSession(const FitSession *session)
{
    m_session = session;
    refresh();
}

void FitWeightsView::refresh()
{
    if (!m_session)
        return;
    keepMinimumHeight();
    showWeights();
    fillQueries();
    m_why->setText(changeSentence(*m_session));
    showNeighbours();
}

void FitWeightsView::showWeights()
{
    const auto show = [](HeatmapView *view, const core::ParameterPtr &weight, std::uint64_t &shown) {
        if (view->matrix() != weight)
            view->setMatrix(weight);
        else if (weight && weight->version() != shown)
            view->notifyChanged();
        shown = weight ? weight->version() : 0;
    };
    const core::ParameterPtr &embedding = m_session->embeddingWeight();
    const core::ParameterPtr &head = m_session->headWeight();
    show(m_embedding, embedding, m_embeddingVersion);
    show(m_head, head, m_headVersion);
    const QString shape =
        embedding ? QStringLiteral("  [%1, %2]").arg(embedding->rows()).arg(embedding->cols()) : QString();
    m_embedding->setTitle(QStringLiteral("emb.weight") + shape);
    // Tied, the script's own line says it: one storage under two names.
    m_head->setTitle(m_session->tied() ? QStringLiteral("head.weight = emb.weight")
                                       : QStringLiteral("head.weight") + shape);
    QList<int> changed;
    if (const auto &report = m_session->lastStep())
        for (const std::int32_t row : report->changedRows)
            changed.append(row);
    m_embedding->setHighlightedRows(changed);
    // Untied, the head's rows all move (cross_entropy's gradient reaches every logit).
    m_head->setHighlightedRows(m_session->tied() ? changed : QList<int>{});
}

void FitWeightsView::fillQueries()
{
    if (m_session->mapRows() == m_queriesFor)
        return;
    m_queriesFor = m_session->mapRows();
    fitListWidth(); // another run: other tokens
    const QSignalBlocker block(m_query);
    m_query->clear();
    for (const std::int64_t row : m_queriesFor)
        m_query->addItem(m_session->rowLabel(row), qlonglong(row));
}

void FitWeightsView::ask(int row)
{
    if (!m_session || m_session->rowId(row) < 0)
        return;
    int index = m_query->findData(qlonglong(row));
    if (index < 0) {
        m_query->addItem(m_session->rowLabel(row), qlonglong(row));
        index = m_query->count() - 1;
    }
    m_query->setCurrentIndex(index);
}

void FitWeightsView::showNeighbours()
{
    const qlonglong row = m_query->currentIndex() >= 0 ? m_query->currentData().toLongLong() : -1;
    m_embedding->setSelectedRow(int(row));
    QStringList lines;
    if (m_session && row >= 0)
        for (const core::Neighbour &n : m_session->neighbours(row, kNeighbours))
            lines.append(QStringLiteral("%1  %2").arg(m_session->rowLabel(n.id)).arg(n.cosine, 0, 'f', 4));
    // The items are rewritten in place every frame: a screen reader on the list keeps its place.
    if (m_neighbours->count() != lines.size()) {
        m_neighbours->clear();
        m_neighbours->addItems(lines);
        return;
    }
    for (int i = 0; i < lines.size(); ++i)
        if (m_neighbours->item(i)->text() != lines[i])
            m_neighbours->item(i)->setText(lines[i]);
}

QString FitWeightsView::changeSentence(const FitSession &session)
{
    const auto &report = session.lastStep();
    if (!report)
        return session.hasRun() ? tr("Step 0: the rows as nn.Embedding drew them.") : QString();
    QStringList why;
    if (report->reasons == core::kChangedByLookup)
        why << tr("only the rows looked up have a gradient (sparse)");
    if (report->reasons & core::kChangedByTying)
        why << tr("tied: the head's gradient reaches every row");
    if (report->reasons & core::kChangedByMomentum)
        why << tr("Adam's moments move rows seen before");
    if (report->reasons & core::kChangedByWeightDecay)
        why << tr("weight_decay pulls every row");
    return tr("Step %1 changed %2 of %3 rows (bright): %4.")
        .arg(report->step)
        .arg(qint64(report->changedRows.size()))
        .arg(session.vocabSize())
        .arg(why.join(tr("; ", "between the reasons rows changed")));
}

} // namespace embedlab::ui
