// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/CodePanel.h"

#include "core/format/TensorFormat.h"
#include "ui/model/PythonCode.h"
#include "ui/model/WorkerPool.h"
#include "ui/paint/AccessibleNames.h"
#include "ui/paint/TextColors.h"
#include "ui/views/WholeLinesTextEdit.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTextDocument>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace embedlab::ui {

struct CodePanel::Inputs {
    core::ParameterPtr weight;
    core::ParameterPtr weightAfterForward; // set with max_norm only
    bool idsValid = false;
    QString idsError;
    bool hasPaths = false;
    core::Tensor lookup;
    core::Tensor oneHotMm;
    core::Index idsRank = 1;
    bool zeroElements = false; // a size is 0
    QStringList historyOutput; // what the history's lines print, in order (training losses)
};

namespace {

// Formatting more elements than this (a summarised GPT-2 weight) goes off the UI thread.
constexpr core::Index kSynchronousFormat = 1 << 16;

QString matmulGradFn(core::Index inputRank)
{
    // torch.matmul of a [.., V] one-hot with [V, D]: 2-D is one mm; higher ranks fold into an mm
    // and unfold with _unsafe_view; a 1-D vector is unsqueezed then squeezed.
    if (inputRank == 2)
        return QStringLiteral("MmBackward0");
    if (inputRank > 2)
        return QStringLiteral("UnsafeViewBackward0");
    return QStringLiteral("SqueezeBackward4");
}

} // namespace

CodePanel::CodePanel(QWidget *parent)
    : QWidget(parent)
{
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0); // under the dock's title; its frame is margin enough

    auto *header = new QHBoxLayout;
    auto *codeTitle =
        new QLabel(tr("<b>Python</b> &mdash; paste it into Python to get the same numbers"), this);
    codeTitle->setWordWrap(true);
    m_copy = new QPushButton(tr("&Copy code"), this);
    m_copy->setObjectName(QStringLiteral("copyCode"));
    m_copy->setToolTip(tr("Copy the Python code to the clipboard"));
    header->addWidget(codeTitle, 1);
    header->addWidget(m_copy);

    m_code = new WholeLinesTextEdit(this);
    m_code->setObjectName(QStringLiteral("code"));
    m_code->setReadOnly(true);
    m_code->setFont(mono);
    m_code->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_code->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);

    m_outputTitle = new QLabel(tr("<b>Output</b> &mdash; what PyTorch prints"), this);
    m_output = new WholeLinesTextEdit(this);
    m_output->setObjectName(QStringLiteral("output"));
    m_output->setReadOnly(true);
    m_output->setFont(mono);
    m_output->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_output->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    // Each text named after its title ("Python", "Output"), up to the dash that explains it.
    AccessibleNames::nameAfter(m_code,
                               AccessibleNames::plain(codeTitle->text()).section(QChar(0x2014), 0, 0));
    AccessibleNames::nameAfter(m_output,
                               AccessibleNames::plain(m_outputTitle->text()).section(QChar(0x2014), 0, 0));

    // Side by side in a wide dock, stacked in a tall one.
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("codeSplitter"));
    auto *splitter = m_splitter;
    auto *top = new QWidget(splitter);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addLayout(header);
    topLayout->addWidget(m_code);
    auto *bottom = new QWidget(splitter);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    auto *outputHeader = new QHBoxLayout;
    outputHeader->addWidget(m_outputTitle, 1);
    m_verdict = new QLabel(bottom);
    m_verdict->setObjectName(QStringLiteral("codeEqualityVerdict"));
    m_verdict->setTextFormat(Qt::RichText);
    m_verdict->setVisible(false);
    outputHeader->addWidget(m_verdict);
    bottomLayout->addLayout(outputHeader);
    bottomLayout->addWidget(m_output);
    m_badge = new QLabel(bottom);
    m_badge->setObjectName(QStringLiteral("codeEqualityBadge"));
    m_badge->setWordWrap(true);
    m_badge->setTextFormat(Qt::RichText);
    bottomLayout->addWidget(m_badge);
    m_output->installEventFilter(this);
    m_badge->installEventFilter(this);
    m_code->installEventFilter(this);
    holdTwoLines(m_code);
    holdTwoLines(m_output);
    splitter->addWidget(top);
    splitter->addWidget(bottom);
    // The printed tensors are wider than the code.
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    layout->addWidget(splitter);

    connect(m_copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(m_code->toPlainText()); });
}

CodePanel::~CodePanel()
{
    m_format.waitForFinished();
}

void CodePanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateOrientation();
}

int CodePanel::sideBySideWidth() const
{
    const auto paneWidth = [](const QPlainTextEdit *pane) {
        const QFontMetrics metrics(pane->font());
        int widest = 0;
        for (const QString &line : pane->toPlainText().split(QLatin1Char('\n')))
            widest = std::max(widest, metrics.horizontalAdvance(line));
        const int scrollBar = pane->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, pane);
        return widest + scrollBar + 2 * (pane->frameWidth() + int(pane->document()->documentMargin())) + 2;
    };
    const QMargins margins = layout()->contentsMargins();
    return paneWidth(m_code) + paneWidth(m_output) + m_splitter->handleWidth() + margins.left() +
           margins.right();
}

void CodePanel::holdTwoLines(QPlainTextEdit *pane)
{
    // Qt's own minimum for a scroll area is 74 px whatever the font. Two lines of the pane's font
    // let a projected 1024 x 768 window keep the code dock beside whole painted views (#16); the
    // rest scrolls, and F shows the panel alone.
    const int lines = 2 * QFontMetrics(pane->font()).lineSpacing();
    pane->setMinimumHeight(lines + 2 * (pane->frameWidth() + int(pane->document()->documentMargin())));
}

bool CodePanel::eventFilter(QObject *watched, QEvent *event)
{
    if ((watched == m_code || watched == m_output) && event->type() == QEvent::FontChange)
        holdTwoLines(static_cast<QPlainTextEdit *>(watched));
    if ((watched == m_output && event->type() == QEvent::Resize) ||
        (watched == m_badge && event->type() == QEvent::FontChange))
        showBadge();
    return QWidget::eventFilter(watched, event);
}

void CodePanel::showBadge()
{
    // Wrapped under the Output of a projected 1024 x 768 window, the sentence took two of its
    // lines, which showed three and a half (#16). Measured against the Output's width, which does
    // not change with where the verdict goes.
    QTextDocument sentence;
    sentence.setDefaultFont(m_badge->font());
    sentence.setDocumentMargin(0);
    sentence.setHtml(m_badgeSentence);
    const bool fits = sentence.idealWidth() <= m_output->width();
    if (m_badge->text() != m_badgeSentence)
        m_badge->setText(m_badgeSentence);
    m_badge->setVisible(fits && !m_badgeSentence.isEmpty());
    m_verdict->setText(m_badgeShort);
    m_verdict->setToolTip(m_badgeSentence);
    m_verdict->setVisible(!fits && !m_badgeShort.isEmpty());
}

void CodePanel::updateOrientation()
{
    // Side by side only when both panes show their longest lines whole; stacked, each pane has the
    // panel's width (at 1366 x 768 side by side clipped every line, issue #16 item 14).
    const bool sideBySide = width() >= sideBySideWidth() || width() >= height() * 4;
    m_splitter->setOrientation(sideBySide ? Qt::Horizontal : Qt::Vertical);
}

void CodePanel::setLab(const Lab *lab)
{
    if (m_lab)
        disconnect(m_lab, nullptr, this, nullptr);
    m_lab = lab;
    if (!lab)
        return;
    connect(lab, &Lab::pathsChanged, this, &CodePanel::refresh);
    connect(lab, &Lab::modelRebuilt, this, &CodePanel::refresh);
    connect(lab, &Lab::idsError, this, &CodePanel::refresh);
    connect(lab, &Lab::historyChanged, this, &CodePanel::refresh);
    refresh();
}

QString CodePanel::codeText() const
{
    return m_code->toPlainText();
}
QString CodePanel::outputText() const
{
    return m_output->toPlainText();
}

QString CodePanel::renderOutput(const Inputs &in)
{
    const core::TensorDecoration parameter{true, true, {}};
    const bool maxNorm = in.weightAfterForward != nullptr;
    QStringList blocks;
    if (in.zeroElements) {
        // Linear.reset_parameters() runs kaiming_uniform_ on the empty weight, which warns on stderr
        // (once: Python's default filter) and returns, before anything is printed.
        blocks << QStringLiteral("UserWarning: Initializing zero-element tensors is a no-op");
    }
    blocks << in.historyOutput;
    // Read in place: a copy of a Llama 3 sized weight would be 2 GB to print 36 of its numbers.
    blocks << QString::fromStdString(core::formatTensor(*in.weight, parameter));
    if (!in.idsValid) {
        // What Python shows at print(embedding(ids)), after which the script stops.
        blocks << QStringLiteral("Traceback (most recent call last):\n  ...\n%1").arg(in.idsError);
        return blocks.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }
    if (!in.hasPaths) {
        blocks << QCoreApplication::translate("embedlab::ui::CodePanel", "(computing ...)");
        return blocks.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }
    blocks << QString::fromStdString(core::formatTensor(in.lookup, {false, false, "EmbeddingBackward0"}));
    blocks << QString::fromStdString(
        core::formatTensor(in.oneHotMm, {false, false, matmulGradFn(in.idsRank + 1).toStdString()}));
    if (maxNorm) {
        const core::Parameter &after = *in.weightAfterForward;
        blocks << QString::fromStdString(core::formatTensor(after, parameter));
    }
    return blocks.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void CodePanel::refresh()
{
    if (!m_lab)
        return;
    m_code->setPlainText(PythonCode::script(*m_lab));

    Inputs in;
    in.weight = m_lab->embeddingWeight();
    in.weightAfterForward = m_lab->weightAfterForward();
    in.idsValid = m_lab->idsValid();
    in.idsError = m_lab->idsErrorMessage();
    in.hasPaths = m_lab->hasPaths();
    in.idsRank = m_lab->ids().dim();
    in.zeroElements = in.weight->numel() == 0;
    for (const Lab::Operation &op : m_lab->history())
        if (!op.output.isEmpty())
            in.historyOutput << op.output;
    if (in.hasPaths) {
        in.lookup = m_lab->paths().call;
        in.oneHotMm = m_lab->paths().oneHotMm;
    }
    if (in.idsValid && !in.idsError.isEmpty()) {
        // The entry is not valid and the code keeps the last valid ids: the verdict is for those,
        // and a class reading "equal" beside an error would take it for the entry's (#16).
        const QString late = TextColors::outOfDate().name();
        m_badgeSentence = tr("<b style=\"color:%1\">\u26a0 out of date</b>: the code and the "
                             "Output keep ids = %2 until the entry is valid.")
                              .arg(late, PythonCode::list(m_lab->ids()).toHtmlEscaped());
        m_badgeShort = tr("<b style=\"color:%1\">\u26a0 out of date</b>").arg(late);
    } else if (in.idsValid && in.hasPaths) {
        // Computed from the results, never assumed.
        const bool equal = m_lab->paths().allEqual();
        const QString color = (equal ? TextColors::equal() : TextColors::error()).name();
        m_badgeSentence =
            (equal ? tr("<b style=\"color:%1\">\u2713 equal</b>: embedding(ids) and one_hot @ "
                        "embedding.weight printed the same numbers, and are bitwise identical.")
                   : tr("<b style=\"color:%1\">\u2717 differ</b>: the two paths are not bitwise "
                        "identical."))
                .arg(color);
        m_badgeShort = (equal ? tr("<b style=\"color:%1\">\u2713 equal</b>")
                              : tr("<b style=\"color:%1\">\u2717 differ</b>"))
                           .arg(color);
    } else {
        m_badgeSentence.clear();
        m_badgeShort.clear();
    }
    showBadge();
    if (in.weight->numel() <= kSynchronousFormat) {
        m_formatJobs.invalidate(); // a format still running is for an older state, and is dropped
        m_formatting = false;
        m_output->setPlainText(renderOutput(in));
        updateOrientation();
        Q_EMIT outputUpdated();
        return;
    }
    m_formatting = true;
    m_outputTitle->setText(tr("<b>Output</b> &mdash; formatting ..."));
    m_format = m_formatJobs.start(
        this, [in = std::move(in)] { return renderOutput(in); },
        [this](const QString &text) {
            m_formatting = false;
            m_outputTitle->setText(tr("<b>Output</b> &mdash; what PyTorch prints"));
            m_output->setPlainText(text);
            updateOrientation();
            Q_EMIT outputUpdated();
        });
}

} // namespace embedlab::ui
