// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/IdsEntry.h"

#include "ui/model/Document.h"
#include "ui/model/Lab.h"
#include "ui/paint/TextColors.h"
#include "ui/views/TokenChips.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

namespace embedlab::ui {

namespace {

/// The token chips' area: two rows of chips high in its font, projector mode's larger one too (at
/// the window's font it showed one projected row); more rows scroll. Fixed, not a maximum: the
/// ids row gave it QScrollArea's minimum height instead, 68 px for two projected rows of 72 under
/// LANG=zh_CN.UTF-8 (#16).
class ChipsScrollArea : public QScrollArea {
public:
    using QScrollArea::QScrollArea;
    void fitTwoRows() { setFixedHeight(TokenChips::rowsHeight(font(), 2) + 2 * frameWidth()); }

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::FontChange)
            fitTwoRows();
        QScrollArea::changeEvent(event);
    }
};

} // namespace

IdsEntry::IdsEntry(Document *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_textMode = new QToolButton(this);
    m_textMode->setObjectName(QStringLiteral("textMode"));
    m_textMode->setText(tr("Text"));
    m_textMode->setCheckable(true);
    m_textModeTip = tr("Type text instead of ids: the model's tokenizer turns it into token ids. "
                       "Text in double quotes (\"Hello world\") is read as text in either mode.");
    m_textMode->setToolTip(m_textModeTip);
    m_prefix = new QLabel(this);
    m_prefix->setFont(mono);
    m_edit = new QLineEdit(this);
    m_edit->setObjectName(QStringLiteral("ids"));
    m_edit->setFont(mono);
    m_edit->setToolTip(tr("Token ids: a list (2, 3, 1) or a 2-D batch ([[2, 3], [1, 0]]). Each id picks one "
                          "row of embedding.weight."));
    m_prefix->setBuddy(m_edit);
    m_pause = new QTimer(this);
    m_pause->setSingleShot(true);
    m_pause->setInterval(kTypingPause);
    m_suffix = new QLabel(QStringLiteral(")"), this);
    m_suffix->setFont(mono);
    m_tokenIds = new QLineEdit(this);
    m_tokenIds->setObjectName(QStringLiteral("tokenIds"));
    m_tokenIds->setFont(mono);
    m_tokenIds->setReadOnly(true);
    fitTokenIdsWidth();
    m_tokenIds->installEventFilter(this);
    // At most two rows of chips: a long text scrolls rather than pushing the views down.
    auto *chipsArea = new ChipsScrollArea(this);
    chipsArea->setObjectName(QStringLiteral("tokenChipsArea"));
    m_chips = new TokenChips;
    m_chips->setObjectName(QStringLiteral("tokenChips"));
    chipsArea->setWidget(m_chips);
    chipsArea->setWidgetResizable(true);
    chipsArea->setFrameShape(QFrame::NoFrame);
    chipsArea->setFocusPolicy(Qt::NoFocus); // the chips take the focus, not an empty stop around them
    connect(m_chips, &TokenChips::currentChipChanged, chipsArea, [this, chipsArea](int index) {
        const QRect chip = m_chips->chipRect(index);
        if (!chip.isEmpty())
            chipsArea->ensureVisible(chip.center().x(), chip.center().y(), chip.width() / 2 + 2,
                                     chip.height() / 2 + 2);
    });
    chipsArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    chipsArea->fitTwoRows();
    chipsArea->setMinimumWidth(fontMetrics().averageCharWidth() * 8);
    chipsArea->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_chipsArea = chipsArea;
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("idsError"));
    m_error->setStyleSheet(QStringLiteral("color: %1; font-weight: bold").arg(TextColors::error().name()));
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setWordWrap(true);
    layout->addWidget(m_textMode);
    layout->addWidget(m_prefix);
    layout->addWidget(m_edit);
    layout->addWidget(m_suffix);
    layout->addWidget(m_tokenIds);
    layout->addWidget(m_chipsArea, 3);
    layout->addSpacing(12);
    layout->addWidget(m_error, 1);

    Lab *lab = document->lab();
    connect(m_edit, &QLineEdit::textEdited, this, &IdsEntry::onTyped);
    connect(m_edit, &QLineEdit::returnPressed, this, &IdsEntry::commit);
    connect(m_edit, &QLineEdit::editingFinished, this, [this] {
        if (m_pause->isActive())
            commit();
    });
    connect(m_pause, &QTimer::timeout, this, &IdsEntry::commit);
    connect(m_textMode, &QToolButton::toggled, document, &Document::setTextMode);
    connect(m_chips, &TokenChips::chipClicked, lab, [lab](qint64 id) { lab->selectRow(int(id)); });
    connect(document, &Document::changed, this, [this](ViewState::Field field) {
        if (field == ViewState::Field::TextMode)
            showTextMode();
        else if (field == ViewState::Field::IdsEntry)
            showEntry();
    });
    // New ids in effect (undo, a preset, a lesson step): the field shows them.
    connect(lab, &Lab::idsChanged, this, &IdsEntry::showEntry);
    connect(lab, &Lab::idsError, this, &IdsEntry::showEntry);
    connect(lab, &Lab::vocabularyChanged, this, &IdsEntry::showTextMode);
    showTextMode();
}

IdsEntry::~IdsEntry()
{
    // The field finishes its editing when the closing window takes its focus away: nothing may
    // commit into the document from a half-destroyed row.
    m_edit->disconnect(this);
    m_pause->stop();
}

bool IdsEntry::isTyping() const
{
    return m_pause->isActive();
}

void IdsEntry::stopTyping()
{
    m_pause->stop();
}

void IdsEntry::onTyped(const QString &text)
{
    // A paste (or any edit that adds several characters at once) is a whole entry: apply it now.
    // Key by key, wait for a pause: the prefix "2" of "2, 9" is not what the user means.
    const bool wholeEntry = text.size() > m_typedLength + 1;
    m_typedLength = int(text.size());
    if (wholeEntry)
        commit();
    else
        m_pause->start();
}

void IdsEntry::commit()
{
    m_pause->stop();
    m_committing = true;
    m_document->commitIdsEntry(m_edit->text());
    m_committing = false;
    showError();
}

void IdsEntry::showEntry()
{
    // Not while the user's own text is being committed: the cursor stays where it is.
    if (!m_committing && m_edit->text() != m_document->idsEntry()) {
        m_pause->stop();
        m_edit->setText(m_document->idsEntry());
    }
    m_typedLength = int(m_edit->text().size());
    showTokens();
    showError();
}

void IdsEntry::showTextMode()
{
    const Vocabulary &vocabulary = m_document->lab()->vocabulary();
    const bool on = m_document->textMode();
    // Shown only with a tokenizer: the reference example's ids row stays as narrow as before. A
    // vocabulary whose encoding was refused labels the rows but takes no text: the button says why.
    m_textMode->setVisible(vocabulary.isKnown());
    m_textMode->setEnabled(vocabulary.canEncode());
    m_textMode->setToolTip(vocabulary.canEncode() || !vocabulary.isKnown()
                               ? m_textModeTip
                               : tr("Text cannot be typed: its tokens label the rows, but EmbedLab does not "
                                    "encode with this tokenizer (%1)")
                                     .arg(vocabulary.encodingRefusal()));
    {
        const QSignalBlocker quiet(m_textMode);
        m_textMode->setChecked(on);
    }
    m_prefix->setText(on ? QStringLiteral("ids = tokenizer.encode(") : QStringLiteral("ids = torch.tensor("));
    // Text mode adds the ids and the chips to the row: the field gives them room.
    m_edit->setFixedWidth(on ? kFieldWidth * 2 / 3 : kFieldWidth);
    m_edit->setPlaceholderText(on ? tr("text, e.g. Hello world")
                                  : tr("token ids, e.g. 2, 3, 1 or [[2, 3], [1, 0]]"));
    showEntry();
}

void IdsEntry::showTokens()
{
    const Lab *lab = m_document->lab();
    const Vocabulary &vocabulary = lab->vocabulary();
    const QList<qint64> ids = lab->flatIds();
    QList<TokenChip> chips;
    if (vocabulary.isKnown()) {
        chips.reserve(ids.size());
        for (qint64 id : ids)
            chips.append({id, vocabulary.label(id)});
    }
    // Byte pieces that only together make a character are framed under it (#26).
    const QList<CharacterGroup> groups = vocabulary.groupCharacters(ids);
    m_chips->setChips(chips, groups);
    m_chipsArea->setVisible(!chips.isEmpty());
    m_chipsArea->updateGeometry();
    const bool text = m_document->textMode();
    m_tokenIds->setText(text ? shownIds(ids) : QString());
    m_tokenIds->setToolTip(text ? tr("%n token id(s): %1", nullptr, int(ids.size()))
                                      .arg(QStringLiteral("[%1]").arg(Vocabulary::idsText(ids)))
                                : QString());
    m_tokenIds->setCursorPosition(0);
    m_tokenIds->setVisible(text);
}

QString IdsEntry::shownIds(const QList<qint64> &ids) const
{
    // The ids that fit whole, then "…]": cut at "[51, 27083, 7" the box gave no sign that more
    // followed (issue #29 item 5). All of them are in the tooltip and the chips.
    const QString all = QStringLiteral("[%1]").arg(Vocabulary::idsText(ids));
    const QFontMetrics metrics(m_tokenIds->font());
    const QMargins margins = m_tokenIds->textMargins();
    const int room = m_tokenIds->maximumWidth() -
                     2 * m_tokenIds->style()->pixelMetric(QStyle::PM_DefaultFrameWidth) - 4 - margins.left() -
                     margins.right();
    if (metrics.horizontalAdvance(all) <= room)
        return all;
    QString shown = QStringLiteral("[");
    for (qint64 id : ids) {
        const QString next = shown + QString::number(id) + QStringLiteral(", ");
        if (metrics.horizontalAdvance(next + QStringLiteral("\u2026]")) > room)
            break;
        shown = next;
    }
    return shown + QStringLiteral("\u2026]");
}

void IdsEntry::fitTokenIdsWidth()
{
    // Read-only and of fixed width: 200 tokens' ids end in "…" instead of widening the window.
    // Two ids whole ("[15496, 995]"), with the field's frame and text margins, in its own font
    // (projector mode enlarges it).
    m_tokenIds->setFixedWidth(
        QFontMetrics(m_tokenIds->font()).horizontalAdvance(QStringLiteral("[15496, 995]")) +
        m_tokenIds->style()->pixelMetric(QStyle::PM_DefaultFrameWidth) * 2 + 8);
}

bool IdsEntry::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_tokenIds && event->type() == QEvent::FontChange) {
        fitTokenIdsWidth();
        showTokens();
    }
    return QWidget::eventFilter(watched, event);
}

void IdsEntry::showError()
{
    m_error->setText(m_document->lab()->idsErrorMessage());
}

} // namespace embedlab::ui
