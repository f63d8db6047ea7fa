// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/FitPanel.h"

#include "ui/model/FitSession.h"
#include "ui/model/Vocabulary.h"
#include "ui/views/DialogComboBox.h"
#include "ui/views/FitMapView.h"
#include "ui/views/FitOptimizerDialog.h"
#include "ui/views/FitWeightsView.h"
#include "ui/views/FlowLayout.h"
#include "ui/views/LossChart.h"
#include "ui/views/OwnTextDialog.h"

#include "core/format/PythonNumber.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace embedlab::ui {

FitPanel::FitPanel(QWidget *parent)
    : QWidget(parent)
    , m_text(new QComboBox(this))
    , m_tokens(new QComboBox(this))
    , m_optimizer(new DialogComboBox(this))
    , m_tied(new QCheckBox(tr("Tie lm_head to the embedding"), this))
    , m_compare(new QCheckBox(tr("&Compare tied and untied"), this))
    , m_run(new QPushButton(tr("Run"), this))
    , m_step(new QPushButton(tr("Step"), this))
    , m_timeline(new QSlider(Qt::Horizontal, this))
    , m_speed(new QSpinBox(this))
    , m_status(new QLabel(this))
    , m_sizes(new QLabel(this))
    , m_chart(new LossChart(this))
    , m_map(new FitMapView(this))
    , m_twinMap(new FitMapView(this))
    , m_showScript(new QPushButton(tr("PyTorch script"), this))
    , m_showWeights(new QPushButton(tr("&Weights"), this))
    , m_weights(new FitWeightsView(this))
    , m_mapOrScript(new QStackedWidget(this))
{
    // The texts are named in their own language, as the language menu names them.
    const QStringList names = {QStringLiteral("English"), QStringLiteral("Tiếng Việt"),
                               QStringLiteral("简体中文")};
    const QStringList codes = FitSession::textCodes();
    for (qsizetype i = 0; i < codes.size(); ++i)
        m_text->addItem(names.value(i, codes[i]), codes[i]);
    m_text->addItem(tr("Your own text..."), QLatin1String(FitSession::kOwnText));
    m_text->setPlaceholderText(tr("Choose a text"));
    auto *textLabel = new QLabel(tr("&Text:"), this);
    textLabel->setBuddy(m_text);
    m_text->setAccessibleName(tr("Text"));
    auto *tokensLabel = new QLabel(tr("T&okens:"), this);
    tokensLabel->setBuddy(m_tokens);
    m_tokens->setAccessibleName(tr("Tokens"));
    // Its choices change with the opened model, and projector mode enlarges its font and frame: the
    // contents' width alone cut "GPT-2" under the arrow there.
    m_tokens->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_tokens->setMinimumContentsLength(10);
    m_tokens->setToolTip(tr("How the text becomes ids: GPT-2's tokenizer, one id per character, or the "
                            "tokenizer of the model you opened"));
    m_optimizer->setObjectName(QStringLiteral("fitOptimizer"));
    m_optimizer->setAccessibleName(tr("Optimiser"));
    auto *optimizerLabel = new QLabel(tr("Optimiser:"), this);
    optimizerLabel->setBuddy(m_optimizer);
    m_optimizer->setToolTip(tr("torch.optim.SGD or Adam for the run, with the Training panel's "
                               "settings: the run starts again from step 0"));
    m_tied->setAccessibleName(m_tied->text());
    m_compare->setAccessibleName(tr("Compare tied and untied"));
    m_compare->setToolTip(tr("Run the same text with the other tying beside this run, step for step: "
                             "both loss curves, both maps"));
    m_step->setAccessibleName(tr("Step"));
    m_speed->setRange(1, FitSession::kMaxStepsPerFrame);
    m_speed->setAccessibleName(tr("Steps per frame"));
    m_speed->setToolTip(tr("How many steps a run takes between two frames (about 30 a second)"));
    auto *speedLabel = new QLabel(tr("S&peed:"), this);
    speedLabel->setBuddy(m_speed);
    m_timeline->setAccessibleName(tr("Timeline: the step shown"));
    m_timeline->setFocusPolicy(Qt::StrongFocus);
    m_timeline->setPageStep(10);
    m_status->setAccessibleName(tr("Step and loss"));
    m_sizes->setWordWrap(true);
    m_sizes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_run->setObjectName(QStringLiteral("fitRun"));
    m_step->setObjectName(QStringLiteral("fitStep"));
    m_timeline->setObjectName(QStringLiteral("fitTimeline"));

    // The choices wrap to a second line where they do not fit one (projected at 1024 x 768), each
    // label with its field.
    const auto labelled = [this](QLabel *label, QWidget *field) {
        auto *pair = new QWidget(this);
        auto *row = new QHBoxLayout(pair);
        row->setContentsMargins(0, 0, 0, 0);
        row->addWidget(label);
        row->addWidget(field);
        return pair;
    };
    auto *choice = new FlowLayout;
    choice->addWidget(labelled(textLabel, m_text));
    choice->addWidget(labelled(tokensLabel, m_tokens));
    choice->addWidget(labelled(optimizerLabel, m_optimizer));
    choice->addWidget(m_tied);
    choice->addWidget(m_compare);
    choice->addWidget(labelled(speedLabel, m_speed));
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_run);
    controls->addWidget(m_step);
    controls->addWidget(m_timeline, 1);
    controls->addWidget(m_status);
    m_showScript->setCheckable(true);
    m_showScript->setObjectName(QStringLiteral("fitScript"));
    m_showScript->setToolTip(tr("Show the whole run as a PyTorch script in place of the map: pasted into "
                                "Python, it prints the losses this panel shows"));
    m_showWeights->setCheckable(true);
    m_showWeights->setObjectName(QStringLiteral("fitWeights"));
    m_showWeights->setToolTip(
        tr("Show emb.weight and head.weight in place of the map as they learn: the rows "
           "the last step changed, and the nearest tokens of a token"));
    controls->addWidget(m_showWeights);
    controls->addWidget(m_showScript);
    m_mapOrScript->addWidget(createMapPage());
    m_mapOrScript->addWidget(createScriptPage());
    m_mapOrScript->addWidget(m_weights);
    showPage();
    auto *views = new QHBoxLayout;
    views->addWidget(m_chart, 1);
    views->addWidget(m_mapOrScript, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(choice);
    layout->addWidget(m_sizes);
    layout->addLayout(controls);
    layout->addLayout(views, 1);

    connect(m_text, &QComboBox::currentIndexChanged, this, [this] {
        if (m_text->currentData().toString() == QLatin1String(FitSession::kOwnText))
            askOwnText();
        else
            restart();
    });
    connect(m_tied, &QCheckBox::toggled, this, &FitPanel::restart);
    // Its list is a dialog: the choice looks and sizes as the text's and the tokens' beside it.
    m_optimizer->setPopup([this] { askOptimizer(); });
    connect(m_tokens, &QComboBox::activated, this, [this] {
        if (m_session)
            m_session->setTokens(m_tokens->currentData().toString());
    });
    connect(m_compare, &QCheckBox::toggled, this, [this](bool on) {
        if (m_session)
            m_session->setCompare(on);
    });
    connect(m_run, &QPushButton::clicked, this, [this] {
        if (!m_session)
            return;
        if (m_session->isRunning())
            m_session->pause();
        else
            m_session->run();
    });
    connect(m_step, &QPushButton::clicked, this, [this] {
        if (m_session)
            m_session->step();
    });
    connect(m_speed, &QSpinBox::valueChanged, this, [this](int steps) {
        if (m_session)
            m_session->setStepsPerFrame(steps);
    });
    // One page at a time in place of the map: pressing one button lets the other go.
    connect(m_showScript, &QPushButton::toggled, this, [this](bool shown) {
        if (shown)
            m_showWeights->setChecked(false);
        showPage();
    });
    connect(m_showWeights, &QPushButton::toggled, this, [this](bool shown) {
        if (shown)
            m_showScript->setChecked(false);
        showPage();
    });
    connect(m_timeline, &QSlider::valueChanged, this, [this](int step) {
        if (m_session)
            m_session->seek(step);
    });
    refresh();
    keepRunButtonWidth();
    m_run->installEventFilter(this);
}

QWidget *FitPanel::createMapPage()
{
    // While comparing, the other tying's map beside this run's, on the same plane.
    auto *page = new QWidget(this);
    auto *layout = new QHBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_map);
    layout->addWidget(m_twinMap);
    m_twinMap->setDotColor(LossChart::kTwinColor);
    m_twinMap->hide();
    return page;
}

QWidget *FitPanel::createScriptPage()
{
    auto *page = new QWidget(this);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_script = new QPlainTextEdit(page);
    m_printed = new QPlainTextEdit(page);
    for (QPlainTextEdit *pane : {m_script, m_printed}) {
        pane->setReadOnly(true);
        pane->setFont(mono);
        pane->setLineWrapMode(QPlainTextEdit::NoWrap);
        pane->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    }
    m_script->setAccessibleName(tr("PyTorch script of the run"));
    m_printed->setAccessibleName(tr("What the script prints"));
    auto *printedTitle = new QLabel(tr("It prints:"), page);
    printedTitle->setBuddy(m_printed);
    auto *copy = new QPushButton(tr("Copy script"), page);
    copy->setToolTip(tr("Copy the script to the clipboard (Edit > Copy Python Code does too while this panel "
                        "is in front)"));
    connect(copy, &QPushButton::clicked, this, [this] {
        if (m_session)
            QApplication::clipboard()->setText(m_session->scriptText());
    });
    auto *side = new QVBoxLayout;
    side->addWidget(printedTitle);
    side->addWidget(m_printed, 1);
    side->addWidget(copy);
    auto *layout = new QHBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_script, 3);
    layout->addLayout(side, 2);
    return page;
}

void FitPanel::showPage()
{
    m_mapOrScript->setCurrentIndex(m_showScript->isChecked() ? 1 : m_showWeights->isChecked() ? 2 : 0);
    // A stack is as tall as its tallest page: the hidden pages ask for nothing.
    for (int i = 0; i < m_mapOrScript->count(); ++i) {
        const auto policy =
            i == m_mapOrScript->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
        m_mapOrScript->widget(i)->setSizePolicy(policy, policy);
    }
    updateGeometry();
    refreshScript();
    if (m_showWeights->isChecked() && m_session)
        m_weights->refresh();
}

void FitPanel::refreshScript()
{
    if (!m_session || !m_showScript->isChecked())
        return;
    const auto show = [](QPlainTextEdit *pane, const QString &text) {
        if (pane->toPlainText() == text)
            return;
        // A run rewrites the script's step count every frame: the reader's place stays.
        const int top = pane->verticalScrollBar()->value();
        pane->setPlainText(text);
        pane->verticalScrollBar()->setValue(top);
    };
    show(m_script, m_session->scriptText());
    show(m_printed, m_session->printedLosses());
}

bool FitPanel::eventFilter(QObject *watched, QEvent *event)
{
    // Projector mode sets every widget's font on its own, the button's after or before the panel's.
    if (watched == m_run && (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange))
        QMetaObject::invokeMethod(this, &FitPanel::keepRunButtonWidth, Qt::QueuedConnection);
    return QWidget::eventFilter(watched, event);
}

void FitPanel::keepRunButtonWidth()
{
    const QString shown = m_run->text();
    int widest = 0;
    for (const QString &text : {tr("Run"), tr("Pause")}) {
        m_run->setText(text);
        widest = std::max(widest, m_run->sizeHint().width());
    }
    m_run->setText(shown);
    m_run->setMinimumWidth(widest);
}

int FitPanel::heightForWidth(int width) const
{
    return layout()->totalMinimumHeightForWidth(width);
}

void FitPanel::setSession(FitSession *session)
{
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    if (m_session)
        connect(m_session, &FitSession::changed, this, &FitPanel::refresh);
    m_weights->setSession(m_session);
    refresh();
}

void FitPanel::setModelTokenizer(const QString &source)
{
    m_modelTokenizer = source;
    showTokens();
}

void FitPanel::showTokens()
{
    // The choices: GPT-2's, characters, the opened model's tokenizer, and the run's own if the
    // window has moved on to another model.
    QStringList sources = {QLatin1String(Vocabulary::kGpt2Source), QLatin1String(FitSession::kCharacters)};
    const QString run = m_session ? m_session->tokens() : QString();
    for (const QString &source : {m_modelTokenizer, run})
        if (!source.isEmpty() && !sources.contains(source))
            sources.append(source);
    const QSignalBlocker block(m_tokens);
    // Rebuilt only when they change: a run refreshes the panel every frame, and an open list must
    // stay open under the mouse.
    QStringList shownSources;
    for (int i = 0; i < m_tokens->count(); ++i)
        shownSources.append(m_tokens->itemData(i).toString());
    if (shownSources != sources) {
        m_tokens->clear();
        for (const QString &source : sources)
            m_tokens->addItem(source == QLatin1String(FitSession::kCharacters)
                                  ? tr("Characters")
                                  : FitSession::tokenizerName(source),
                              source);
    }
    const QString shown = !run.isEmpty() ? run
                          : m_session ? FitSession::defaultTokens(m_session->textCode(), m_session->ownText())
                                      : QString();
    if (m_tokens->currentIndex() != m_tokens->findData(shown))
        m_tokens->setCurrentIndex(m_tokens->findData(shown));
    m_tokens->setEnabled(m_session && !m_session->textCode().isEmpty());
}

void FitPanel::restart()
{
    if (m_session && m_text->currentIndex() >= 0)
        m_session->setup(m_text->currentData().toString(), m_tied->isChecked(), m_session->ownText(),
                         m_session->tokens());
}

void FitPanel::askOwnText()
{
    if (!m_session)
        return;
    OwnTextDialog dialog(m_session->ownText(), this);
    if (dialog.exec() == QDialog::Accepted)
        useOwnText(dialog.text());
    else
        refresh(); // the text chooser shows the run's text again
}

QComboBox *FitPanel::optimizerBox() const
{
    return m_optimizer;
}

void FitPanel::setTrainingOptimizer(std::function<core::OptimizerConfig()> training)
{
    m_trainingOptimizer = std::move(training);
}

void FitPanel::askOptimizer()
{
    if (!m_session)
        return;
    const core::OptimizerConfig training =
        m_trainingOptimizer ? m_trainingOptimizer() : ViewState::defaultOptimizer();
    FitOptimizerDialog dialog(m_session->optimizer(), training, this);
    if (dialog.exec() == QDialog::Accepted)
        useOptimizer(dialog.config());
}

QString FitPanel::useOptimizer(const core::OptimizerConfig &config)
{
    const QString error = FitOptimizerDialog::check(config);
    if (error.isEmpty() && m_session)
        m_session->setOptimizer(config);
    return error;
}

QString FitPanel::useOwnText(const QString &text)
{
    const QString tokens = m_session ? m_session->tokens() : QString();
    const QString error = FitSession::checkOwnText(text, tokens);
    if (error.isEmpty() && m_session)
        m_session->setup(QLatin1String(FitSession::kOwnText), m_tied->isChecked(), text, tokens);
    return error;
}

void FitPanel::refresh()
{
    const bool ready = m_session && m_session->hasRun();
    const bool running = m_session && m_session->isRunning();
    m_run->setText(running ? tr("Pause") : tr("Run"));
    m_run->setAccessibleName(m_run->text());
    m_run->setEnabled(ready);
    m_step->setEnabled(ready);
    m_timeline->setEnabled(ready);
    if (!m_session)
        return;
    {
        const QSignalBlocker blockText(m_text);
        const QSignalBlocker blockTied(m_tied);
        const QSignalBlocker blockTimeline(m_timeline);
        const QSignalBlocker blockSpeed(m_speed);
        m_speed->setValue(m_session->stepsPerFrame());
        // No run (none chosen yet, or a session without one): the placeholder asks for a text.
        m_text->setCurrentIndex(m_text->findData(m_session->textCode()));
        m_tied->setChecked(m_session->tied());
        m_compare->setChecked(m_session->compares());
        showTokens();
        const QString optimizer = QString::fromStdString(m_session->optimizer().shortCall());
        if (m_optimizer->count() != 1 || m_optimizer->itemText(0) != optimizer) {
            m_optimizer->clear();
            m_optimizer->addItem(optimizer);
        }
        // Tying applies to a run: with no text chosen there is none to restart.
        m_tied->setEnabled(!m_session->textCode().isEmpty());
        m_compare->setEnabled(!m_session->textCode().isEmpty());
        // The step asked for: a seek or a restored run that is still being replayed goes there.
        const FitState settings = m_session->settings();
        m_timeline->setRange(0, settings.head);
        // The handle stays where the user drags it while the session catches up.
        if (!m_timeline->isSliderDown())
            m_timeline->setValue(settings.current);
    }
    if (!m_session->error().isEmpty()) {
        m_sizes->setText(tr("The run could not be set up: %1").arg(m_session->error()));
    } else if (m_session->textCode().isEmpty()) {
        m_sizes->setText(tr("Choose a text to train on."));
    } else if (!ready) {
        m_sizes->setText(tr("Reading the text ..."));
    } else {
        const QString tokens = m_session->tokens();
        const QString count = QString::number(m_session->tokenCount());
        const QString distinct = QString::number(m_session->vocabSize());
        const QString uniform = QString::number(m_session->uniformLoss(), 'f', 3);
        m_sizes->setText(
            FitSession::usesCharacters(m_session->textCode(), m_session->ownText(), tokens)
                ? tr("%1 characters, %2 distinct: the model has V = %2 rows; ln V = %3")
                      .arg(count, distinct, uniform)
                : tr("%1 tokens of %4, %2 distinct of its %5: the model has V = %2 rows; ln V = %3")
                      .arg(count, distinct, uniform, FitSession::tokenizerName(tokens),
                           QLocale().toString(FitSession::tokenizerFor(tokens).size())));
    }
    const std::int64_t k = m_session->current();
    m_status->setText(k == 0 ? tr("Step 0 of %1").arg(m_session->head())
                             : tr("Step %1 of %2, loss %3")
                                   .arg(k)
                                   .arg(m_session->head())
                                   .arg(QString::fromStdString(
                                       core::pythonFloat(double(m_session->losses()[std::size_t(k - 1)])))));
    refreshViews();
    refreshScript();
}

void FitPanel::refreshViews()
{
    const bool comparing = m_session->compares();
    const QString tied = tr("tied");
    const QString untied = tr("untied");
    LossChart::Comparison comparison;
    if (comparing) {
        comparison.losses = m_session->twinLosses();
        comparison.ownName = tr("loss, %1").arg(m_session->tied() ? tied : untied);
        comparison.name = tr("loss, %1").arg(m_session->tied() ? untied : tied);
    }
    m_chart->setLosses(m_session->losses(), m_session->uniformLoss(), m_session->current(), comparison);
    m_map->setPoints(m_session->mapLabels(), m_session->mapPositions());
    m_map->setTrail(m_session->mapTrail());
    m_map->setTitle(comparing ? (m_session->tied() ? tied : untied) : QString());
    m_twinMap->setVisible(comparing);
    m_twinMap->setPoints(comparing ? m_session->mapLabels() : QStringList(), m_session->twinPositions());
    m_twinMap->setTrail(m_session->twinTrail());
    m_twinMap->setTitle(m_session->tied() ? untied : tied);
    // The heatmaps rebuild for every frame: only while they are shown.
    if (m_showWeights->isChecked())
        m_weights->refresh();
}

} // namespace embedlab::ui
