// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/LookupArea.h"

#include "core/nn/OneHot.h"
#include "ui/model/Document.h"
#include "ui/model/Lab.h"
#include "ui/paint/TextColors.h"
#include "ui/views/OneHotView.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace embedlab::ui {

LookupArea::LookupArea(Document *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_oneHotView = new OneHotView(this);
    m_oneHotView->setObjectName(QStringLiteral("oneHotView"));
    m_oneHotView->setLab(document->lab());
    m_oneHotView->setAnimation(document->animation());
    layout->addWidget(m_oneHotView, 1);

    // The badge and the counters for a whole forward pass.
    auto *badgeRow = new QHBoxLayout;
    m_badge = new QLabel(this);
    m_badge->setObjectName(QStringLiteral("equalityBadge"));
    m_badge->setTextFormat(Qt::RichText);
    m_counters = new QLabel(this);
    m_counters->setObjectName(QStringLiteral("counters"));
    m_counters->setWordWrap(true);
    m_counters->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_batchCounters = new QCheckBox(tr("batch 32 \u00d7 512"), this);
    m_batchCounters->setObjectName(QStringLiteral("batchCounters"));
    m_batchCounters->setToolTip(
        tr("Count a training batch of 32 sequences of 512 tokens instead of the ids"));
    badgeRow->addWidget(m_badge);
    badgeRow->addStretch(1);
    badgeRow->addWidget(m_batchCounters);
    layout->addLayout(badgeRow);
    // The counters take the column's whole width: between the badge and the check box, projected
    // text wrapped to a dozen lines and lost the last ones at 1024 x 768.
    layout->addWidget(m_counters);

    const Lab *lab = document->lab();
    connect(m_batchCounters, &QCheckBox::toggled, this, &LookupArea::updateCounters);
    connect(lab, &Lab::pathsChanged, this, &LookupArea::updateBadge);
    connect(lab, &Lab::idsError, this, &LookupArea::updateBadge);
    connect(lab, &Lab::idsChanged, this, &LookupArea::updateBadge);
    connect(lab, &Lab::idsChanged, this, &LookupArea::updateCounters);
    connect(lab, &Lab::modelRebuilt, this, &LookupArea::updateCounters);
    connect(document, &Document::changed, this, [this](ViewState::Field field) {
        if (field == ViewState::Field::IdsEntry)
            updateBadge();
        else if (field == ViewState::Field::ColorMap)
            m_oneHotView->setColorMapName(m_document->displayColorMap());
    });
    m_oneHotView->setColorMapName(document->displayColorMap());
    updateBadge();
    updateCounters();
}

int LookupArea::narrowestFitting(int height, int least, int most) const
{
    const int spacing = layout()->spacing();
    const int badgeRow = std::max(m_badge->sizeHint().height(), m_batchCounters->sizeHint().height());
    for (int width = least; width < most; width += 8) {
        const int counters = m_counters->heightForWidth(width);
        if (m_oneHotView->diagramFits(QSize(width, height - badgeRow - counters - 2 * spacing)))
            return width;
    }
    return 0;
}

void LookupArea::updateBadge()
{
    const Lab *lab = m_document->lab();
    if (lab->idsValid() && (!lab->idsErrorMessage().isEmpty() || m_document->idsEntryRefused())) {
        // The entry is not valid: the views still show the last valid ids, and say so.
        m_badge->setText(
            tr("<span style=\"background:%1;color:black;\">&nbsp;\u26a0 out of date&nbsp;</span>")
                .arg(TextColors::outOfDateBadge().name()));
        m_badge->setToolTip(
            tr("The views still show ids = %1: correct the entry to update them.").arg(lab->idsText()));
        return;
    }
    if (!lab->idsValid() || !lab->hasPaths()) {
        m_badge->setText(QString());
        m_badge->setToolTip(QString());
        return;
    }
    // Computed from the results, never assumed.
    const bool equal = lab->paths().allEqual();
    m_badge->setText((equal
                          ? tr("<span style=\"background:%1;color:white;\">&nbsp;\u2713 equal&nbsp;</span>")
                          : tr("<span style=\"background:%1;color:white;\">&nbsp;\u2717 differ&nbsp;</span>"))
                         .arg((equal ? TextColors::equalBadge() : TextColors::errorBadge()).name()));
    m_badge->setToolTip(
        equal ? tr("embedding(ids), embedding.weight[ids], one_hot(ids).float() @ embedding.weight and "
                   "the Linear on one_hot(ids) gave bitwise identical results")
              : tr("The four paths did not give bitwise identical results (a NaN never equals itself)"));
}

void LookupArea::updateCounters()
{
    const QLocale locale;
    const Lab *lab = m_document->lab();
    const Lab::Config &c = lab->modelConfig();
    const bool batch = m_batchCounters->isChecked();
    const core::Index numIds = batch ? 32 * 512 : (lab->idsValid() ? lab->ids().numel() : 0);
    const core::PathCost oneHot = core::oneHotMatmulCost(numIds, c.numEmbeddings, c.embeddingDim);
    const core::PathCost lookup = core::lookupCost(numIds, c.numEmbeddings, c.embeddingDim);
    const double zeroShare = oneHot.multiplyAdds > 0
                                 ? 100.0 * double(oneHot.multiplyAddsByZero) / double(oneHot.multiplyAdds)
                                 : 0.0;
    // Sentences, as the one-hot view's counters (issue #29 item 5).
    m_counters->setText(
        tr("<b>%1 id(s)</b>: the one-hot path does <b>%2</b> multiply-adds, %3 of them multiplications by "
           "zero (%4 %) &nbsp;\u00b7&nbsp; the lookup copies <b>%5</b> values (%6 bytes read) and "
           "multiplies nothing",
           nullptr, int(std::min<core::Index>(numIds, std::numeric_limits<int>::max())))
            .arg(batch ? tr("32 \u00d7 512 = %1").arg(locale.toString(qint64(numIds)))
                       : locale.toString(qint64(numIds)),
                 locale.toString(qint64(oneHot.multiplyAdds)),
                 locale.toString(qint64(oneHot.multiplyAddsByZero)),
                 locale.toString(zeroShare, 'f', zeroShare > 99.9 && zeroShare < 100.0 ? 4 : 1),
                 locale.toString(qint64(numIds * c.embeddingDim)))
            .arg(locale.toString(qint64(lookup.bytesRead))));
}

} // namespace embedlab::ui
