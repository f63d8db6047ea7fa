// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/WeightHeatmaps.h"

#include "ui/heatmap/HeatmapView.h"
#include "ui/model/Document.h"
#include "ui/model/Lab.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/model/WeightOrigin.h"

#include <QAction>
#include <QFileInfo>
#include <QLocale>

#include <algorithm>

namespace embedlab::ui {

namespace {

QString weightTitle(const QString &name, const Lab::Config &c)
{
    return QStringLiteral("%1  [%2, %3]").arg(name).arg(c.numEmbeddings).arg(c.embeddingDim);
}

} // namespace

WeightHeatmaps::WeightHeatmaps(Document *document, QAction *blockGrid, QWidget *parent)
    : QSplitter(Qt::Vertical, parent)
    , m_document(document)
    , m_blockGrid(blockGrid)
    , m_embedding(new HeatmapView(this))
    , m_lmHead(new HeatmapView(this))
{
    m_embedding->setObjectName(QStringLiteral("embeddingHeatmap"));
    m_lmHead->setObjectName(QStringLiteral("lmHeadHeatmap"));
    addWidget(m_embedding);
    addWidget(m_lmHead);
    // The embedding (the weight the lesson looks up) takes most of the column (#16 item 15).
    setStretchFactor(0, 2);
    setStretchFactor(1, 1);
    connect(m_lmHead, &HeatmapView::viewChanged, this, &WeightHeatmaps::lendRowsTheirHeight);

    Lab *lab = document->lab();
    connect(lab, &Lab::modelRebuilt, this, &WeightHeatmaps::showModel);
    // With max_norm the code's embedding(ids) renormalises rows: shown as the code leaves them.
    connect(lab, &Lab::pathsChanged, this, &WeightHeatmaps::showModel);
    connect(lab, &Lab::tiedChanged, this, &WeightHeatmaps::showTie);
    connect(lab, &Lab::weightsChanged, this, [this] {
        // Tied: one storage, so a write through either name shows in both.
        m_embedding->notifyChanged();
        m_lmHead->notifyChanged();
    });
    connect(lab, &Lab::historyChanged, this, &WeightHeatmaps::updateTitles);
    connect(lab, &Lab::historyChanged, this, &WeightHeatmaps::showBlockGrids);
    connect(lab, &Lab::vocabularyChanged, this, [this] {
        m_embedding->setVocabulary(m_document->lab()->vocabulary());
        m_lmHead->setVocabulary(m_document->lab()->vocabulary());
        updateTitles(); // random rows say so once they are tokens
    });
    connect(lab, &Lab::rowSelected, this, &WeightHeatmaps::showMarks);
    connect(lab, &Lab::idsChanged, this, &WeightHeatmaps::showMarks);
    connect(document->animation(), &OneHotAnimation::changed, this, &WeightHeatmaps::showMarks);
    for (HeatmapView *view : {m_embedding, m_lmHead}) {
        connect(view, &HeatmapView::rowClicked, this, [this](int row) {
            m_document->lab()->selectRow(row);
            Q_EMIT rowChosen(row);
        });
    }
    connect(document, &Document::changed, this, [this](ViewState::Field field) {
        if (field == ViewState::Field::ColorMap) {
            m_embedding->setColorMapName(m_document->displayColorMap());
            m_lmHead->setColorMapName(m_document->displayColorMap());
        } else if (field == ViewState::Field::BlockGrid) {
            showBlockGrids();
        }
    });
    // The block grid: View > Quantisation Blocks and each heatmap's context menu, one option.
    connect(m_blockGrid, &QAction::toggled, document, &Document::setBlockGrid);
    for (const auto &[view, target] : {std::pair(m_embedding, QStringLiteral("embedding.weight")),
                                       std::pair(m_lmHead, QStringLiteral("lm_head.weight"))}) {
        view->setContextActions({m_blockGrid});
        view->setCellDetail([this, target](core::Index row, core::Index column) {
            return quantDetail(*m_document, target, row, column);
        });
    }
    m_embedding->setColorMapName(document->displayColorMap());
    m_lmHead->setColorMapName(document->displayColorMap());
    m_embedding->setVocabulary(lab->vocabulary());
    m_lmHead->setVocabulary(lab->vocabulary());
    showModel();
}

QString WeightHeatmaps::titleFor(const Lab &lab, const QString &target)
{
    const Lab::Config &c = lab.modelConfig();
    QString title = weightTitle(target, c) + (lab.isTied() ? tr("  (tied)") : QString());
    for (const Lab::Operation &op : lab.history()) {
        // A bias restored from a session is neither weight matrix, tied or not.
        if (op.kind != Lab::Operation::Kind::Load || op.target == QStringLiteral("lm_head.bias") ||
            (op.target != target && !lab.isTied()))
            continue;
        title += tr("  from %1")
                     .arg(QFileInfo(op.spec.section(QLatin1Char(':'), 0, -2)).fileName() + QLatin1Char(':') +
                          op.spec.section(QLatin1Char(':'), -1));
        // How the file stores the values: Q4_K, 4.5 bits per weight (issue #30).
        if (const std::optional<core::ElementType> e = core::elementTypeNamed(op.element.toStdString()))
            title += tr("  (%1, %2 bits per weight)")
                         .arg(op.element, QLocale().toString(core::bitsPerWeight(*e), 'g', 6));
    }
    // max_norm: the rows the code's embedding(ids) renormalised in place (issue #24 item 9).
    const QList<int> renormalised = lab.renormalisedRows();
    if (!renormalised.isEmpty() && (target == QStringLiteral("embedding.weight") || lab.isTied())) {
        QStringList rows;
        for (int row : renormalised.mid(0, 8))
            rows << QString::number(row);
        if (renormalised.size() > 8)
            rows << QStringLiteral("\u2026");
        title += tr("  max_norm renormalised rows %1").arg(rows.join(QStringLiteral(", ")));
    }
    // Rows that are tokens look like findings: random ones say they are random (issue #26). A tied
    // lm_head is embedding.weight, which says so above it: said twice, the two titles wrapped onto
    // a second line each, and projected at 1024 x 768 in Chinese the window grew past the screen
    // (issue #29).
    const QString init = WeightOrigin::of(lab, target).untrainedInit;
    const bool sameAsAbove = lab.isTied() && target == QStringLiteral("lm_head.weight");
    if (!init.isEmpty() && lab.vocabulary().isKnown() && !sameAsAbove)
        title += tr("  untrained: seeded %1").arg(init);
    return title;
}

QString WeightHeatmaps::quantDetail(const Document &document, const QString &target, core::Index row,
                                    core::Index column)
{
    const Lab &lab = *document.lab();
    const std::optional<core::QuantElement> q = document.quantElement(target, row, column);
    if (!q)
        return {};
    const core::ParameterPtr values = lab.parameter(target);
    const QString type = WeightOrigin::of(lab, target).load.value_or(Lab::Operation{}).element;
    const auto columns = std::size_t(values->cols());
    const core::Index groupColumn = core::Index(q->groupFirst % columns);
    const QString shared = q->minimum ? tr("%1 block %2: W[%3, %4:%5] share the scale %6 and the minimum %7")
                                            .arg(type)
                                            .arg(q->block)
                                            .arg(row)
                                            .arg(groupColumn)
                                            .arg(groupColumn + core::Index(q->groupElements))
                                            .arg(formatWeight(q->scale), formatWeight(*q->minimum))
                                      : tr("%1 block %2: W[%3, %4:%5] share the scale %6")
                                            .arg(type)
                                            .arg(q->block)
                                            .arg(row)
                                            .arg(groupColumn)
                                            .arg(groupColumn + core::Index(q->groupElements))
                                            .arg(formatWeight(q->scale));
    const QString level =
        q->minimum ? tr("level %1: %2 + %3 \u00d7 %1 = %4")
                         .arg(q->quant)
                         .arg(formatWeight(*q->minimum), formatWeight(q->scale), formatWeight(q->value))
                   : tr("level %1: %2 \u00d7 %1 = %3")
                         .arg(q->quant)
                         .arg(formatWeight(q->scale), formatWeight(q->value));
    return shared + QLatin1Char('\n') + level;
}

void WeightHeatmaps::zoomIn()
{
    m_embedding->zoomIn();
    m_lmHead->zoomIn();
}

void WeightHeatmaps::zoomOut()
{
    m_embedding->zoomOut();
    m_lmHead->zoomOut();
}

void WeightHeatmaps::resetZoom()
{
    m_embedding->resetZoom();
    m_lmHead->resetZoom();
}

void WeightHeatmaps::showModel()
{
    const core::ParameterPtr embedding = m_document->lab()->displayedEmbedding();
    if (m_embedding->matrix() != embedding)
        m_embedding->setMatrix(embedding);
    showTie();
}

void WeightHeatmaps::showTie()
{
    // Untying gives lm_head a new storage object; tying makes it the embedding's (as the code
    // leaves it: renormalised by max_norm, one storage).
    const Lab *lab = m_document->lab();
    const core::ParameterPtr lmHead = lab->isTied() ? lab->displayedEmbedding() : lab->lmHeadWeight();
    if (m_lmHead->matrix() != lmHead)
        m_lmHead->setMatrix(lmHead);
    updateTitles();
    showBlockGrids();
    showMarks();
}

void WeightHeatmaps::updateTitles()
{
    const Lab &lab = *m_document->lab();
    m_embedding->setTitle(titleFor(lab, QStringLiteral("embedding.weight")));
    m_lmHead->setTitle(titleFor(lab, QStringLiteral("lm_head.weight")));
}

void WeightHeatmaps::showBlockGrids()
{
    {
        const QSignalBlocker quiet(m_blockGrid);
        m_blockGrid->setChecked(m_document->blockGrid());
    }
    const Lab &lab = *m_document->lab();
    for (const auto &[view, target] : {std::pair(m_embedding, QStringLiteral("embedding.weight")),
                                       std::pair(m_lmHead, QStringLiteral("lm_head.weight"))}) {
        const std::optional<core::ElementType> e = WeightOrigin::of(lab, target).quantisedAsLoaded();
        view->setBlockGrid(m_document->blockGrid() && e ? std::optional(core::storageBlock(*e))
                                                        : std::nullopt);
    }
}

void WeightHeatmaps::showMarks()
{
    const Lab *lab = m_document->lab();
    const OneHotAnimation *animation = m_document->animation();
    const QList<qint64> ids = lab->flatIds();
    const int k = animation->idIndex();
    QList<int> emphasised;
    if (k < ids.size()) {
        if (animation->phase() != OneHotAnimation::Phase::ShowOneHot)
            emphasised.append(int(ids[k]));
    } else {
        for (qint64 id : ids)
            emphasised.append(int(id));
    }
    // One selection (issue #24 item 4): both heatmaps mark the document's row, tied or not (row r
    // of lm_head.weight scores token r). The animation's emphasis is the embedding's lookup; tied,
    // the two heatmaps show one storage and look the same.
    const int row = lab->selectedRow();
    m_embedding->setSelectedRow(row);
    m_lmHead->setSelectedRow(row);
    m_embedding->setHighlightedRows(emphasised);
    m_lmHead->setHighlightedRows(lab->isTied() ? emphasised : QList<int>{});
}

void WeightHeatmaps::resizeEvent(QResizeEvent *event)
{
    QSplitter::resizeEvent(event);
    lendRowsTheirHeight();
}

void WeightHeatmaps::lendRowsTheirHeight()
{
    const QList<int> heights = sizes();
    if (heights.size() != 2 || m_lmHead->isHidden())
        return;
    const int need = m_lmHead->heightForEveryRow();
    if (need == 0) {
        // A larger matrix now (a file, a preset): the height lent goes back to the embedding.
        const int back = std::min(m_lent, heights[1] - m_lmHead->minimumSizeHint().height());
        if (back > 0)
            setSizes({heights[0] + back, heights[1] - back});
        m_lent = 0;
        return;
    }
    // The embedding stays the taller of the two: it is the weight the lesson looks up.
    const int spare =
        std::min(heights[0] - m_embedding->minimumSizeHint().height(), (heights[0] - heights[1]) / 2 - 1);
    const int lent = std::min(need - heights[1], spare);
    if (lent <= 0)
        return;
    setSizes({heights[0] - lent, heights[1] + lent});
    m_lent += lent;
}

} // namespace embedlab::ui
