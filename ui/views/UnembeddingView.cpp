// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/UnembeddingView.h"

#include "core/format/PythonNumber.h"
#include "core/format/TensorFormat.h"
#include "core/init/Generator.h"
#include "core/init/Init.h"
#include "core/nn/Loss.h"
#include "core/nn/TopK.h"
#include "core/tensor/Error.h"
#include "ui/model/PythonCode.h"
#include "ui/model/WorkerPool.h"
#include "ui/paint/AccessibleNames.h"
#include "ui/paint/TextColors.h"
#include "ui/views/TokenBarChart.h"
#include "ui/views/WholeLinesTextEdit.h"

#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace embedlab::ui {

namespace {

// What logits.argmax() raises for num_embeddings = 0 (PyTorch's words, not translated).
const QString kEmptyArgmax =
    QStringLiteral("IndexError: argmax(): Expected reduction dim to be specified for input.numel() == 0.");

} // namespace

UnembeddingView::UnembeddingView(QWidget *parent)
    : QWidget(parent)
{
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    auto *layout = new QVBoxLayout(this);

    m_formula = new QLabel(this);
    m_formula->setObjectName(QStringLiteral("formula"));
    m_formula->setTextFormat(Qt::RichText);
    m_formula->setWordWrap(true);
    layout->addWidget(m_formula);

    auto *hiddenBox = new QGroupBox(tr("Hidden vector h"), this);
    auto *hiddenLayout = new QVBoxLayout(hiddenBox);
    m_hiddenEditor = new QWidget(hiddenBox);
    m_hiddenEditorLayout = new QHBoxLayout(m_hiddenEditor);
    m_hiddenEditorLayout->setContentsMargins(0, 0, 0, 0);
    hiddenLayout->addWidget(m_hiddenEditor);

    auto *sources = new QHBoxLayout;
    m_fromToken = new QPushButton(tr("h = embedding.weight[i]"), hiddenBox);
    m_fromToken->setObjectName(QStringLiteral("fromToken"));
    m_fromToken->setToolTip(tr("Copy the embedding of token i into h"));
    m_token = new QSpinBox(hiddenBox);
    m_token->setObjectName(QStringLiteral("token"));
    m_token->setPrefix(tr("i = "));
    m_random = new QPushButton(tr("h = torch.randn(D)"), hiddenBox);
    m_random->setObjectName(QStringLiteral("random"));
    m_random->setToolTip(tr("torch.manual_seed(seed), then h = torch.randn(embedding_dim)"));
    m_seed = new QSpinBox(hiddenBox);
    m_seed->setObjectName(QStringLiteral("seed"));
    m_seed->setPrefix(tr("seed "));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(7);
    // Named after their prefixes ("i", "seed"), as they read on screen.
    for (QSpinBox *box : {m_token, m_seed})
        AccessibleNames::nameAfter(box, box->prefix());
    sources->addWidget(m_token);
    sources->addWidget(m_fromToken);
    sources->addSpacing(fontMetrics().height());
    sources->addWidget(m_seed);
    sources->addWidget(m_random);
    sources->addStretch(1);
    hiddenLayout->addLayout(sources);
    m_hiddenSource = new QLabel(hiddenBox);
    m_hiddenSource->setObjectName(QStringLiteral("hiddenSource"));
    m_hiddenSource->setFont(mono);
    m_hiddenSource->setTextInteractionFlags(Qt::TextSelectableByMouse);
    hiddenLayout->addWidget(m_hiddenSource);
    layout->addWidget(hiddenBox);

    connect(m_fromToken, &QPushButton::clicked, this, [this] { setHiddenFromToken(m_token->value()); });
    connect(m_random, &QPushButton::clicked, this, [this] {
        // The seed stays: the same seed draws the same h, as in PyTorch; another seed, another h.
        setHiddenRandom(std::uint64_t(m_seed->value()));
    });

    auto *temperatureRow = new QHBoxLayout;
    auto *temperatureLabel = new QLabel(tr("Temperature T:"), this);
    m_temperatureSpin = new QDoubleSpinBox(this);
    m_temperatureSpin->setObjectName(QStringLiteral("temperature"));
    // 0 can be typed on purpose: the view answers with why it is refused.
    m_temperatureSpin->setRange(0.0, 100.0);
    m_temperatureSpin->setDecimals(2);
    m_temperatureSpin->setSingleStep(0.1);
    m_temperatureSpin->setValue(1.0);
    m_temperatureSpin->setKeyboardTracking(false);
    temperatureLabel->setBuddy(m_temperatureSpin);
    m_temperatureSlider = new QSlider(Qt::Horizontal, this);
    m_temperatureSlider->setObjectName(QStringLiteral("temperatureSlider"));
    // log10(T) * 100: 0.01 ... 100, with T = 1 in the middle.
    m_temperatureSlider->setRange(-200, 200);
    m_temperatureSlider->setValue(0);
    m_temperatureSlider->setToolTip(
        tr("Low T sharpens the distribution towards the argmax, high T flattens it"));
    AccessibleNames::nameAfter(m_temperatureSpin, temperatureLabel->text());
    AccessibleNames::nameAfter(m_temperatureSlider, temperatureLabel->text());
    temperatureRow->addWidget(temperatureLabel);
    temperatureRow->addWidget(m_temperatureSpin);
    temperatureRow->addWidget(m_temperatureSlider, 1);
    layout->addLayout(temperatureRow);
    connect(m_temperatureSpin, &QDoubleSpinBox::valueChanged, this, &UnembeddingView::onTemperatureEdited);
    connect(m_temperatureSlider, &QSlider::valueChanged, this, [this](int value) {
        const double t = std::pow(10.0, value / 100.0);
        setTemperature(std::round(t * 100.0) / 100.0);
    });

    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("error"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(
        QStringLiteral("color: %1; font-weight: bold").arg(TextColors::error().name()));
    m_errorLabel->hide();
    layout->addWidget(m_errorLabel);

    m_logitsChart = new TokenBarChart(TokenBarChart::Scale::Signed, this);
    m_logitsChart->setObjectName(QStringLiteral("logitsChart"));
    m_probabilitiesChart = new TokenBarChart(TokenBarChart::Scale::Probability, this);
    m_probabilitiesChart->setObjectName(QStringLiteral("probabilitiesChart"));
    layout->addWidget(m_logitsChart, 1);
    layout->addWidget(m_probabilitiesChart, 1);

    m_argmaxLabel = new QLabel(this);
    m_argmaxLabel->setObjectName(QStringLiteral("argmax"));
    m_argmaxLabel->setWordWrap(true);
    m_argmaxLabel->setTextFormat(Qt::RichText);
    // The transcript below, as a script that continues the code panel's (issue #29 item 6): its
    // ">>>" prompts do not paste.
    m_copyCode = new QPushButton(tr("Copy code"), this);
    m_copyCode->setObjectName(QStringLiteral("copyUnembeddingCode"));
    m_copyCode->setToolTip(tr("Copy the code panel's script followed by these statements, as a script "
                              "that prints what the transcript shows"));
    connect(m_copyCode, &QPushButton::clicked, this, &UnembeddingView::copyCodeRequested);
    auto *argmaxRow = new QHBoxLayout;
    argmaxRow->addWidget(m_argmaxLabel, 1);
    argmaxRow->addWidget(m_copyCode, 0, Qt::AlignTop);
    layout->addLayout(argmaxRow);

    m_printed = new WholeLinesTextEdit(this);
    m_printed->setObjectName(QStringLiteral("printed"));
    m_printed->setAccessibleName(tr("Python transcript"));
    m_printed->setReadOnly(true);
    m_printed->setFont(mono);
    m_printed->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_printed->setMinimumHeight(QFontMetrics(mono).height() * 6);
    layout->addWidget(m_printed, 1);

    rebuildHiddenEditor();
    recompute();
}

UnembeddingView::~UnembeddingView() = default;

void UnembeddingView::setModel(const core::TiedModel *model)
{
    m_model = model;
    const core::Index v = model ? model->embedding().numEmbeddings() : 0;
    const std::size_t dim = model ? std::size_t(model->embedding().embeddingDim()) : 0;
    {
        const QSignalBlocker blocker(m_token);
        m_token->setRange(0, int(std::max<core::Index>(v - 1, 0)));
    }
    m_token->setEnabled(v > 0);
    m_fromToken->setEnabled(v > 0);
    m_random->setEnabled(dim > 0);

    // A new size, or embedding_dim = 0 (h = tensor([]) either way) without a row to come from.
    if (m_hidden.size() != dim || (model && dim == 0 && m_sourceToken < 0)) {
        m_hidden.assign(dim, 0.0f);
        m_sourceToken = -1;
        m_hiddenIsRandom = false;
        if (v > 0) {
            // With embedding_dim = 0 the row is tensor([]), still a valid h.
            const core::Parameter &w = *model->embedding().weight();
            m_hidden.resize(std::size_t(w.cols()));
            w.copyRows(0, 1, m_hidden.data());
            m_sourceToken = 0;
        } else if (model && dim > 0) {
            // num_embeddings = 0 has no row to copy: h = torch.randn(D), reproducible from the seed.
            m_randomSeed = std::uint64_t(m_seed->value());
            core::Generator gen(m_randomSeed);
            core::Tensor h({core::Index(dim)});
            core::init::normal_(h.span(), 0.0, 1.0, gen);
            m_hidden.assign(h.data.begin(), h.data.end());
            m_hiddenIsRandom = true;
        }
        rebuildHiddenEditor();
        showHidden();
        recompute();
        Q_EMIT hiddenChanged();
        return;
    }
    if (m_sourceToken >= v)
        m_sourceToken = -1; // the row is gone; h keeps its values as if typed
    refresh();
}

void UnembeddingView::setVocabulary(const Vocabulary &vocabulary)
{
    m_vocabulary = vocabulary;
    updateCharts();
}

void UnembeddingView::refresh()
{
    if (m_model && m_sourceToken >= 0) {
        std::vector<float> row(std::size_t(m_model->embedding().weight()->cols()));
        m_model->embedding().weight()->copyRows(m_sourceToken, 1, row.data());
        if (m_hidden != row) {
            m_hidden = std::move(row);
            showHidden();
            recompute();
            Q_EMIT hiddenChanged();
            return;
        }
    }
    showHidden(); // tied/untied changes the wording even when h is the same
    recompute();
}

bool UnembeddingView::setHiddenFromToken(int token)
{
    if (!m_model) {
        setError(tr("No model: there is no embedding to copy h from."));
        return false;
    }
    const core::Index v = m_model->embedding().numEmbeddings();
    if (token < 0 || token >= v) {
        setError(tr("IndexError: index %1 is out of bounds for dimension 0 with size %2").arg(token).arg(v));
        return false;
    }
    setError({});
    const core::Parameter &w = *m_model->embedding().weight();
    m_hidden.resize(std::size_t(w.cols()));
    w.copyRows(token, 1, m_hidden.data());
    m_sourceToken = token;
    m_hiddenIsRandom = false;
    {
        const QSignalBlocker blocker(m_token);
        m_token->setValue(token);
    }
    showHidden();
    recompute();
    Q_EMIT hiddenChanged();
    return true;
}

bool UnembeddingView::setHidden(std::vector<float> hidden)
{
    const std::size_t dim = m_model ? std::size_t(m_model->embedding().embeddingDim()) : 0;
    if (!m_model) {
        setError(tr("No model: h needs embedding_dim values, and there is no embedding yet."));
        return false;
    }
    if (hidden.size() != dim) {
        setError(tr("h needs embedding_dim = %1 values, got %2.").arg(dim).arg(hidden.size()));
        return false;
    }
    setError({});
    m_hidden = std::move(hidden);
    m_sourceToken = -1;
    m_hiddenIsRandom = false;
    showHidden();
    recompute();
    Q_EMIT hiddenChanged();
    return true;
}

void UnembeddingView::setHiddenRandom(std::uint64_t seed)
{
    if (!m_model)
        return;
    core::Generator gen(seed);
    core::Tensor h({m_model->embedding().embeddingDim()});
    core::init::normal_(h.span(), 0.0, 1.0, gen);
    setError({});
    m_hidden.assign(h.data.begin(), h.data.end());
    m_sourceToken = -1;
    m_hiddenIsRandom = true;
    m_randomSeed = seed;
    showHidden();
    recompute();
    Q_EMIT hiddenChanged();
}

bool UnembeddingView::setTemperature(double temperature)
{
    if (!std::isfinite(temperature) || temperature <= 0.0) {
        const QString keep =
            tr("Still showing T = %1.").arg(QString::fromStdString(core::pythonFloat(m_temperature)));
        if (temperature == 0.0)
            setError(tr("Temperature 0 is refused: softmax(logits / T) would divide by zero. Use a small T "
                        "such as 0.01 to approach the argmax (T -> 0 puts all probability on it). %1")
                         .arg(keep));
        else
            setError(tr("Temperature must be a finite number greater than 0, got %1. %2")
                         .arg(QString::fromStdString(core::pythonFloat(temperature)), keep));
        return false;
    }
    setError({});
    const bool changed = temperature != m_temperature;
    m_temperature = temperature;
    {
        const QSignalBlocker spinBlocker(m_temperatureSpin);
        const QSignalBlocker sliderBlocker(m_temperatureSlider);
        m_temperatureSpin->setValue(temperature);
        m_temperatureSlider->setValue(int(std::lround(std::log10(temperature) * 100.0)));
    }
    if (changed) {
        recomputeProbabilities();
        Q_EMIT temperatureChanged(temperature);
    }
    return true;
}

QString UnembeddingView::argmaxText() const
{
    if (m_model && m_printedLogits.size() > 0 && m_logits.numel() == 0)
        return kEmptyArgmax;
    if (m_forwardRunning)
        return tr("Computing lm_head(h) on a worker…");
    if (!m_model || m_argmax < 0)
        return tr("No logits yet: the view needs a model.");
    const auto value = [this](int token) {
        return QString::number(double(m_logits.data[std::size_t(token)]), 'f', 4);
    };
    QString text = tr("argmax(logits) = %1").arg(m_argmax);
    if (m_sourceToken < 0)
        return text + tr(" (logits[%1] = %2): the most likely next token for this h.")
                          .arg(m_argmax)
                          .arg(value(m_argmax));
    const int i = m_sourceToken;
    const bool bias = m_model->lmHead().hasBias();
    if (!m_model->isTied())
        return text + tr(" for h = embedding.weight[%1]. Untied: lm_head.weight is a separate matrix, so "
                         "nothing makes token %1 score highest%2.")
                          .arg(i)
                          .arg(m_argmax == i ? tr(" (here it does, by chance)") : QString());
    const QString biasNote = bias ? tr(" + lm_head.bias[j]") : QString();
    if (m_argmax == i)
        return text + tr(" = i: with tied weights, logits[j] = W[j] · W[%1]%2, and token %1's own row "
                         "scores highest (logits[%1] = %3).")
                          .arg(i)
                          .arg(biasNote, value(i));
    return text +
           tr(" ≠ i = %1: with tied weights, logits[j] = W[j] · W[%1]%2, and row %3 beats token "
              "%1's own row: logits[%3] = %4 > logits[%1] = %5. A longer row, or one pointing the same "
              "way%6, can out-score h's own token.")
               .arg(i)
               .arg(biasNote)
               .arg(m_argmax)
               .arg(value(m_argmax), value(i), bias ? tr(", or a larger bias") : QString());
}

void UnembeddingView::rebuildHiddenEditor()
{
    qDeleteAll(m_hiddenSpins);
    m_hiddenSpins.clear();
    delete m_hiddenText;
    m_hiddenText = nullptr;
    while (QLayoutItem *item = m_hiddenEditorLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const int dim = int(m_hidden.size());
    if (dim == 0) {
        m_hiddenEditorLayout->addWidget(
            new QLabel(m_model ? tr("h = tensor([]): embedding_dim = 0, so h has no values to edit.")
                               : tr("No model yet."),
                       m_hiddenEditor));
        return;
    }
    auto *hLabel = new QLabel(tr("h ="), m_hiddenEditor);
    m_hiddenEditorLayout->addWidget(hLabel);
    if (dim <= kMaxSpinBoxes) {
        for (int k = 0; k < dim; ++k) {
            auto *spin = new QDoubleSpinBox(m_hiddenEditor);
            spin->setObjectName(QStringLiteral("h%1").arg(k));
            spin->setRange(-1000.0, 1000.0);
            spin->setDecimals(4);
            spin->setSingleStep(0.1);
            spin->setKeyboardTracking(false);
            spin->setToolTip(tr("h[%1]").arg(k));
            spin->setAccessibleName(spin->toolTip());
            spin->setButtonSymbols(QAbstractSpinBox::PlusMinus);
            m_hiddenEditorLayout->addWidget(spin);
            m_hiddenSpins.append(spin);
            // Only the edited component takes the spin box's 4-decimal value; the others keep
            // their exact float (h = W[i] must stay bit-identical to the row).
            connect(spin, &QDoubleSpinBox::valueChanged, this, [this, k](double value) {
                std::vector<float> h = m_hidden;
                h[std::size_t(k)] = float(value);
                setHidden(std::move(h));
            });
        }
        m_hiddenEditorLayout->addStretch(1);
    } else {
        m_hiddenText = new QLineEdit(m_hiddenEditor);
        m_hiddenText->setObjectName(QStringLiteral("hiddenText"));
        m_hiddenText->setToolTip(tr("%1 comma-separated numbers").arg(dim));
        AccessibleNames::nameAfter(m_hiddenText, hLabel->text());
        m_hiddenEditorLayout->addWidget(m_hiddenText, 1);
        connect(m_hiddenText, &QLineEdit::editingFinished, this, &UnembeddingView::onHiddenTextEdited);
    }
}

void UnembeddingView::showHidden()
{
    for (int k = 0; k < m_hiddenSpins.size() && k < int(m_hidden.size()); ++k) {
        const QSignalBlocker blocker(m_hiddenSpins[k]);
        m_hiddenSpins[k]->setValue(double(m_hidden[std::size_t(k)]));
    }
    if (m_hiddenText) {
        QStringList parts;
        for (float v : m_hidden)
            parts.append(QString::number(double(v), 'g', 8));
        m_hiddenText->setText(parts.join(QStringLiteral(", ")));
        m_hiddenText->setCursorPosition(0);
    }
    m_hiddenSource->setText(hiddenCode());
}

UnembeddingState UnembeddingView::state() const
{
    UnembeddingState state;
    state.temperature = m_temperature;
    if (m_sourceToken >= 0) {
        state.token = m_sourceToken;
    } else if (m_hiddenIsRandom) {
        state.source = UnembeddingState::Source::Random;
        state.seed = m_randomSeed;
    } else {
        state.source = UnembeddingState::Source::Typed;
        QStringList values;
        for (float v : m_hidden)
            values.append(QString::number(double(v), 'g', 9)); // float32 round-trips in 9 digits
        state.typed = values.join(QStringLiteral(", "));
    }
    return state;
}

void UnembeddingView::setState(const UnembeddingState &state)
{
    setTemperature(state.temperature);
    switch (state.source) {
    case UnembeddingState::Source::Token:
        setHiddenFromToken(state.token);
        break;
    case UnembeddingState::Source::Random:
        setHiddenRandom(state.seed);
        break;
    case UnembeddingState::Source::Typed: {
        std::vector<float> h;
        for (const QString &part : state.typed.split(QStringLiteral(", "), Qt::SkipEmptyParts))
            h.push_back(part.toFloat());
        setHidden(std::move(h));
        break;
    }
    }
}

void UnembeddingView::onHiddenTextEdited()
{
    static const QRegularExpression separators(QStringLiteral("[\\s,\\[\\]]+"));
    const QStringList parts = m_hiddenText->text().split(separators, Qt::SkipEmptyParts);
    std::vector<float> h;
    for (const QString &part : parts) {
        bool ok = false;
        const float v = part.toFloat(&ok);
        if (!ok) {
            setError(tr("Cannot read \"%1\" as a number.").arg(part));
            return;
        }
        h.push_back(v);
    }
    if (h != m_hidden)
        setHidden(std::move(h));
}

void UnembeddingView::onTemperatureEdited(double value)
{
    setTemperature(value);
}

QString UnembeddingView::hiddenCode() const
{
    if (!m_model)
        return {};
    if (m_sourceToken >= 0)
        return PythonCode::hiddenFromToken(m_sourceToken);
    if (m_hiddenIsRandom)
        return PythonCode::hiddenRandom(m_randomSeed, m_hidden.size());
    return QStringLiteral("h = torch.tensor([...])  # %1").arg(tr("typed by hand"));
}

QString UnembeddingView::echoedText() const
{
    return m_echoes.isEmpty() ? QString() : m_echoes.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString UnembeddingView::transcriptText() const
{
    return m_printed->toPlainText();
}

QString UnembeddingView::scriptText() const
{
    if (!m_model || m_printedLogits.isEmpty())
        return {};
    // Typed values are written out: "[...]" shortens the transcript, a script needs them.
    const QString hidden =
        m_sourceToken < 0 && !m_hiddenIsRandom ? PythonCode::hiddenTyped(m_hidden) : hiddenCode();
    return PythonCode::statementsScript(PythonCode::unembedding(hidden, m_temperature));
}

void UnembeddingView::recompute()
{
    m_logits = {};
    m_argmax = -1;
    m_shownTokens.clear();
    m_printedLogits.clear();
    // embedding_dim = 0 is a valid model: h = tensor([]) gives logits of zeros (or the bias).
    if (m_model && m_hidden.size() == std::size_t(m_model->embedding().embeddingDim())) {
        if (forwardInBackground()) {
            showComputing();
            return;
        }
        try {
            m_logits = forward();
            core::TensorDecoration decoration;
            decoration.gradFn = m_model->lmHead().gradFnName(1);
            m_printedLogits = QString::fromStdString(core::formatTensor(m_logits, decoration));
        } catch (const core::Error &e) {
            m_logits = {};
            setError(QString::fromStdString(e.pythonText()));
        }
        m_argmax = int(core::argmax(m_logits));
        // All V tokens in order, or torch.topk's largest first (NaN counted as largest).
        m_shownTokens.clear();
        const int v = int(m_logits.numel());
        if (v > kTopK) {
            for (core::Index token : core::topK(m_logits, kTopK))
                m_shownTokens.append(int(token));
        } else {
            for (int token = 0; token < v; ++token)
                m_shownTokens.append(token);
        }
    }
    recomputeProbabilities();
}

bool UnembeddingView::ForwardInputs::matches(const core::Linear &head, const std::vector<float> &h) const
{
    const core::ParameterPtr &b = head.bias();
    return weight.lock() == head.weight() && weightData == head.weight()->storage() &&
           weightVersion == head.weight()->version() && bias.lock() == b &&
           biasVersion == (b ? b->version() : 0) && hidden == h;
}

UnembeddingView::ForwardInputs UnembeddingView::inputsOf(const core::Linear &head,
                                                         const std::vector<float> &h)
{
    const core::ParameterPtr &b = head.bias();
    return ForwardInputs{head.weight(),        b, head.weight()->storage(), head.weight()->version(),
                         b ? b->version() : 0, h};
}

core::Tensor UnembeddingView::forward() const
{
    const core::Linear &head = m_model->lmHead();
    if (m_forwardInputs && m_forwardInputs->matches(head, m_hidden))
        return m_forwardResult;
    m_forwardInputs.reset();
    m_forwardResult = {};
    core::Tensor h({core::Index(m_hidden.size())});
    h.data.assign(m_hidden.begin(), m_hidden.end());
    core::Tensor logits = head.forward(h); // throws before anything is remembered
    m_forwardInputs = inputsOf(head, m_hidden);
    m_forwardResult = logits;
    return logits;
}

bool UnembeddingView::forwardInBackground()
{
    const core::Linear &head = m_model->lmHead();
    if (m_forwardInputs && m_forwardInputs->matches(head, m_hidden))
        return false;
    if (head.inFeatures() * head.outFeatures() < m_backgroundMultiplyAdds)
        return false;
    if (m_forwardRunning)
        return true; // its result is stale when it returns: recompute() then starts the next pass
    // The copy shares lm_head's parameters: a model replaced meanwhile does not free them under the
    // worker. Their versions are taken now, so a write during the pass makes its result stale.
    const core::Linear worker = head;
    ForwardInputs inputs = inputsOf(head, m_hidden);
    core::Tensor h({core::Index(m_hidden.size())});
    h.data.assign(m_hidden.begin(), m_hidden.end());
    m_forwardRunning = true;
    setComputing(true);
    struct Outcome {
        core::Tensor logits;
        QString error;
    };
    runInBackground(
        this,
        [worker, h = std::move(h)] {
            try {
                return Outcome{worker.forward(h), {}};
            } catch (const core::Error &e) {
                return Outcome{{}, QString::fromStdString(e.pythonText())}; // never across the event loop
            }
        },
        [this, inputs = std::move(inputs)](const Outcome &outcome) mutable {
            m_forwardRunning = false;
            if (outcome.error.isEmpty()) {
                m_forwardInputs = std::move(inputs);
                m_forwardResult = outcome.logits;
                recompute(); // the result when it is still current, else one more pass
            } else {
                setError(outcome.error);
            }
            setComputing(m_forwardRunning);
        });
    return true;
}

void UnembeddingView::setComputing(bool computing)
{
    if (std::exchange(m_computing, computing) != computing)
        Q_EMIT computingChanged(computing);
}

void UnembeddingView::showComputing()
{
    const core::Linear &head = m_model->lmHead();
    const QString waiting = tr("Computing lm_head(h) on a worker: %1 dot products of length %2…")
                                .arg(head.outFeatures())
                                .arg(head.inFeatures());
    m_logitsChart->setContent(tr("logits = lm_head(h)   [%1]").arg(head.outFeatures()), {}, {}, -1, -1,
                              waiting);
    m_probabilitiesChart->setContent(tr("probs = softmax(logits / T), T = %1")
                                         .arg(QString::fromStdString(core::pythonFloat(m_temperature))),
                                     {}, {}, -1, -1, waiting);
    m_argmaxLabel->setText(argmaxText().toHtmlEscaped());
    m_probabilities = {};
    m_printedProbabilities.clear();
    m_echoes.clear();
    m_printed->setPlainText({});
}

void UnembeddingView::recomputeProbabilities()
{
    m_probabilities = {};
    m_printedProbabilities.clear();
    if (!m_printedLogits.isEmpty()) {
        // Whenever lm_head(h) ran: softmax of num_embeddings = 0 logits is tensor([]) as well.
        m_probabilities = core::softmax(m_logits, m_temperature);
        core::TensorDecoration decoration;
        decoration.gradFn = "SoftmaxBackward0";
        m_printedProbabilities = QString::fromStdString(core::formatTensor(m_probabilities, decoration));
    }
    updateCharts();
}

void UnembeddingView::updateCharts()
{
    const bool tied = m_model && m_model->isTied();
    const bool bias = m_model && m_model->lmHead().hasBias();
    QString formula = tr("<b>Unembedding:</b> <code>logits = h @ lm_head.weight.T%1</code>, then "
                         "<code>probs = softmax(logits / T)</code>.")
                          .arg(bias ? QStringLiteral(" + lm_head.bias") : QString());
    if (m_model)
        formula +=
            QLatin1Char(' ') +
            (tied ? tr("Tied: lm_head.weight <i>is</i> embedding.weight, so logits[j] = h · W[j], one dot "
                       "product per row of the embedding.")
                  : tr("Untied: lm_head.weight is its own [V, D] matrix."));
    m_formula->setText(formula);

    const int v = int(m_logits.numel());
    QString note;
    if (v > kTopK)
        note = tr("showing the top %1 of %2 tokens by logit (torch.topk(logits, %1)); values as printed by "
                  "torch.topk")
                   .arg(kTopK)
                   .arg(v);
    if (v > kTopK && m_sourceToken >= 0 && m_sourceToken < v && !m_shownTokens.contains(m_sourceToken)) {
        // Say where h's own token is when its bar is not among the ones shown.
        const float own = m_logits.data[std::size_t(m_sourceToken)];
        const auto above =
            std::count_if(m_logits.data.begin(), m_logits.data.end(), [own](float x) { return x > own; });
        note += tr("; token %1 (h's own) is not shown: rank %2, logit %3")
                    .arg(m_sourceToken)
                    .arg(above + 1)
                    .arg(QString::number(double(own), 'f', 4));
    }
    const auto barsFor = [this](const core::Tensor &t) {
        core::Tensor shown({core::Index(m_shownTokens.size())});
        for (int k = 0; k < m_shownTokens.size(); ++k)
            shown.data[std::size_t(k)] = t.data[std::size_t(m_shownTokens[k])];
        const std::vector<std::string> labels = core::formatElements(shown);
        QList<TokenBar> bars;
        for (int k = 0; k < m_shownTokens.size(); ++k)
            bars.append({m_shownTokens[k], shown.data[std::size_t(k)],
                         QString::fromStdString(labels[std::size_t(k)]),
                         m_vocabulary.label(m_shownTokens[k])});
        return bars;
    };
    const bool computed = !m_printedLogits.isEmpty();
    const QString emptyText =
        computed ? tr("num_embeddings = 0: no tokens, so no bars") : tr("No model yet.");
    m_logitsChart->setContent(tr("logits = lm_head(h)   [%1]").arg(v), note,
                              v > 0 ? barsFor(m_logits) : QList<TokenBar>{}, m_argmax, m_sourceToken,
                              emptyText);
    m_probabilitiesChart->setContent(tr("probs = softmax(logits / T), T = %1")
                                         .arg(QString::fromStdString(core::pythonFloat(m_temperature))),
                                     note, v > 0 ? barsFor(m_probabilities) : QList<TokenBar>{}, m_argmax,
                                     m_sourceToken, emptyText);

    QString argmax = argmaxText().toHtmlEscaped();
    if (m_sourceToken >= 0 && m_argmax >= 0 && tied) {
        const QString color = (m_argmax == m_sourceToken ? TextColors::equal() : TextColors::error()).name();
        argmax = QStringLiteral("<span style=\"color:%1\"><b>%2</b></span>").arg(color, argmax);
    } else {
        argmax = QStringLiteral("<b>%1</b>").arg(argmax);
    }
    m_argmaxLabel->setText(argmax);

    m_echoes.clear();
    if (computed) {
        core::Tensor h({core::Index(m_hidden.size())});
        h.data.assign(m_hidden.begin(), m_hidden.end());
        m_echoes = QStringList{
            QString::fromStdString(core::formatTensor(h)), m_printedLogits, m_printedProbabilities,
            v > 0 ? QString::number(m_argmax)
                  : QStringLiteral("Traceback (most recent call last):\n  ...\n") + kEmptyArgmax};
    }
    const QString printed =
        computed ? PythonCode::transcript(PythonCode::unembedding(hiddenCode(), m_temperature), m_echoes)
                 : QString();
    m_printed->setPlainText(printed);
}

void UnembeddingView::setError(const QString &message)
{
    m_error = message;
    m_errorLabel->setText(message);
    m_errorLabel->setVisible(!message.isEmpty());
}

} // namespace embedlab::ui
