// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/TokenizerOffer.h"

#include "ui/model/Document.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/WeightOrigin.h"
#include "ui/window/WindowDialogs.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QToolButton>

namespace embedlab::ui {

TokenizerOffer::TokenizerOffer(Document *document, QWidget *parent)
    : QFrame(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("tokenizerOffer"));
    setFrameShape(QFrame::StyledPanel);
    // An information bar, not an error: the pale blue of a hint.
    setStyleSheet(QStringLiteral("#tokenizerOffer { background: #e8f1fb; border: 1px solid #9bbce0; "
                                 "border-radius: 4px; }"));
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(8, 4, 4, 4);
    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("tokenizerOfferText"));
    m_text->setWordWrap(true);
    m_useBuiltIn = new QPushButton(this);
    m_useBuiltIn->setObjectName(QStringLiteral("useGuessedTokenizer"));
    m_chooseFile = new QPushButton(tr("Choose a tokenizer file\u2026"), this);
    m_chooseFile->setObjectName(QStringLiteral("chooseTokenizerFile"));
    m_chooseFile->setToolTip(tr("A tokenizer.json, a vocab.json (with merges.txt beside it) or a GGUF file"));
    m_close = new QToolButton(this);
    m_close->setObjectName(QStringLiteral("declineTokenizerGuess"));
    m_close->setText(QStringLiteral("\u2715"));
    m_close->setAutoRaise(true);
    m_close->setToolTip(tr("Keep the rows without tokens"));
    row->addWidget(m_text, 1);
    row->addWidget(m_useBuiltIn);
    row->addWidget(m_chooseFile);
    row->addWidget(m_close, 0, Qt::AlignTop);

    connect(m_useBuiltIn, &QPushButton::clicked, this, &TokenizerOffer::useBuiltIn);
    connect(m_chooseFile, &QPushButton::clicked, this, &TokenizerOffer::chooseFile);
    connect(m_close, &QToolButton::clicked, this, [this] {
        m_document->declineTokenizerGuess();
        showOffer();
    });
    const Lab *lab = document->lab();
    connect(lab, &Lab::vocabularyChanged, this, &TokenizerOffer::showOffer);
    connect(lab, &Lab::modelRebuilt, this, &TokenizerOffer::showOffer);
    connect(lab, &Lab::historyChanged, this, &TokenizerOffer::showOffer);
    connect(lab, &Lab::busyChanged, this, &TokenizerOffer::showOffer);
    showOffer();
}

std::optional<core::TokenizerGuess> TokenizerOffer::guess() const
{
    const Lab &lab = *m_document->lab();
    if (lab.vocabulary().isKnown() || lab.isBusy() || m_document->tokenizerGuessDeclined())
        return std::nullopt;
    // Only a matrix opened from a file: sizes typed by hand are no model's vocabulary.
    if (!WeightOrigin::of(lab, QStringLiteral("embedding.weight")).load &&
        !WeightOrigin::of(lab, QStringLiteral("lm_head.weight")).load)
        return std::nullopt;
    return core::guessTokenizerForRows(lab.modelConfig().numEmbeddings);
}

QString TokenizerOffer::text() const
{
    return m_text->text();
}

void TokenizerOffer::showOffer()
{
    const std::optional<core::TokenizerGuess> g = guess();
    setVisible(g.has_value());
    if (!g)
        return;
    // core's reason in English, said again in the reader's language from the same parts.
    const QString name = QString::fromStdString(g->name);
    const QString rows = QLocale().toString(qint64(g->rows));
    m_text->setText(g->builtIn
                        ? tr("%1 rows is the size of %2's vocabulary, so these rows may be %2's tokens. "
                             "This is a guess from the row count alone.")
                              .arg(rows, name)
                        : tr("%1 rows is the size of %2's vocabulary, so these rows may be %2's tokens. "
                             "This is a guess from the row count alone: open its tokenizer file to use "
                             "it.")
                              .arg(rows, name));
    m_useBuiltIn->setText(tr("Use %1's tokenizer").arg(name));
    m_useBuiltIn->setVisible(g->builtIn);
}

void TokenizerOffer::useBuiltIn()
{
    const std::optional<core::TokenizerGuess> g = guess();
    if (!g || !g->builtIn)
        return;
    // GPT-2's is the one tokenizer EmbedLab carries.
    m_document->undo()->setVocabulary(tr("Use %1's tokenizer").arg(QString::fromStdString(g->name)),
                                      Vocabulary::gpt2());
}

void TokenizerOffer::chooseFile()
{
    const Lab &lab = *m_document->lab();
    const std::optional<Lab::Operation> load = WeightOrigin::of(lab, QStringLiteral("embedding.weight")).load;
    const QString folder =
        load ? QFileInfo(load->spec.section(QLatin1Char(':'), 0, -2)).absolutePath() : QString();
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Tokenizer for the rows"), folder,
        tr("Tokenizers (tokenizer.json vocab.json *.gguf);;JSON (*.json);;All files (*)"));
    if (!file.isEmpty())
        useTokenizerFile(file);
}

bool TokenizerOffer::useTokenizerFile(const QString &path)
{
    QString error;
    const Vocabulary vocabulary = Vocabulary::fromSource(path, &error);
    if (!vocabulary.isKnown()) {
        WindowDialogs::showWarning(window(), tr("The tokenizer cannot be used"), error);
        return false;
    }
    m_document->undo()->setVocabulary(tr("Use the tokenizer %1").arg(QFileInfo(path).fileName()), vocabulary);
    const qint64 rows = m_document->lab()->modelConfig().numEmbeddings;
    if (vocabulary.size() != rows)
        Q_EMIT m_document->lab()->notice(
            tr("%1 names %2 tokens for %3 rows: ids past the last row are refused, rows past the last token "
               "have none.")
                .arg(QFileInfo(path).fileName(), QLocale().toString(vocabulary.size()),
                     QLocale().toString(rows)));
    return true;
}

} // namespace embedlab::ui
